/// What replicating every run over workload seeds adds to its result files: each count's median
/// and range over the seeds in `summary.csv`, and one row per run per seed in `seeds.csv`.
///
/// ```text
/// summary.csv       one row per run: identity as the first seed's (seed = the first seed),
///                   each count column as the median over the seeds, followed by
///                   <count>_seed_min, <count>_seed_max  (the smallest and largest seed's value),
///                   each measured column over every seed's repetitions together (``Repetitions``)
/// seeds.csv         one row per run per seed: the summary's identity columns (seed = that row's
///                   seed) and its count columns, in summary order; nothing measured
/// repetitions.csv   with seeds: scenario,...,sweep_value,seed,repetition,<every measured column>
/// ```
///
/// Seeds and repetitions are two spreads kept apart: a seed is another workload (other counts),
/// a repetition the same workload timed again (the same counts). The counts of one seed are
/// exact, so their spread over the seeds is the workload's; the pairwise verdicts between runs
/// rest on it (``PairedVerdict``). The columns are declared from the kind's own (``columns(_:)``),
/// so `columns.csv` describes them like any other.
public enum Seeds {
    /// The file name of the per-seed rows.
    public static let fileName = "seeds.csv"
    /// The suffix of a count's smallest value over the seeds.
    public static let minSuffix = "_seed_min"
    /// The suffix of a count's largest value over the seeds.
    public static let maxSuffix = "_seed_max"

    /// The smallest value of count `column` over the seeds.
    public static func min(_ column: Column) -> Column {
        Column(
            column.name + minSuffix, column.unit, .count, .neutral,
            "smallest value of \(column.name) over the workload seeds (\(column.name) is their median)")
    }

    /// The largest value of count `column` over the seeds.
    public static func max(_ column: Column) -> Column {
        Column(
            column.name + maxSuffix, column.unit, .count, .neutral,
            "largest value of \(column.name) over the workload seeds (\(column.name) is their median)")
    }

    /// The columns of a result replicated over seeds, from `columns` (the kind's, or those
    /// ``Repetitions/columns(_:)`` made): each summary count followed by its range, `seeds.csv`
    /// as the summary's identity and count columns, and ``SharedColumns/seed`` after the
    /// identity in `repetitions.csv`, when there is one.
    public static func columns(_ columns: ResultColumns) -> ResultColumns {
        var result = columns
        result.summary = columns.summary.flatMap { $0.role == .count ? [$0, min($0), max($0)] : [$0] }
        result.seeds = columns.summary.filter { $0.role == .identity || $0.role == .count }
        if !columns.repetitions.isEmpty {
            let identity = SharedColumns.identity.count
            result.repetitions.insert(SharedColumns.seed, at: Swift.min(identity, result.repetitions.count))
        }
        return result
    }

    /// The `seeds.csv` row of one seed's run: `row`'s identity and count columns (roles from
    /// `columns`, the kind's), in order. A count the run measured (its row overrides the role as
    /// ``MetricRole/measured``) is left empty: nothing measured goes in this file.
    public static func row(_ row: ResultRow, columns: ResultColumns) -> ResultRow {
        var line = ResultRow()
        for (name, value) in row.columns {
            switch columns.role(of: name) {
            case .identity: line.append(name, value)
            case .count: line.append(name, row.roleOverrides[name] == .measured ? .empty : value)
            default: continue
            }
        }
        return line
    }

    /// The `repetitions.csv` row of one repetition of one seed's run: ``Repetitions/row(_:repetition:columns:)``
    /// with the row's seed after the identity columns.
    public static func repetitionRow(_ row: ResultRow, repetition: Int, columns: ResultColumns) -> ResultRow {
        let plain = Repetitions.row(row, repetition: repetition, columns: columns)
        var line = ResultRow()
        for (index, column) in plain.columns.enumerated() {
            if index == SharedColumns.identity.count { line.append(SharedColumns.seed.name, row[SharedColumns.seed.name] ?? .empty) }
            line.append(column.name, column.value)
        }
        return line
    }

    /// The summary row of one run replicated over seeds.
    ///
    /// - Parameters:
    ///   - perSeed: One row per seed, in seed order (a repetition's row: counts agree across a
    ///     seed's repetitions).
    ///   - pooled: The row every other column comes from: identity (the first seed's), measured
    ///     and tail columns over all the seeds' repetitions (``Repetitions/summary(_:columns:)``
    ///     of them all, or the one row there is).
    ///   - columns: The kind's columns (their roles).
    /// - Returns: `pooled` with each count column (declared count, not overridden as measured by
    ///   the first seed's row) replaced by the median of `perSeed`'s values and followed by their
    ///   minimum and maximum (empty when a seed has no number); a count the run measured keeps
    ///   `pooled`'s value and gets its range too, marked measured. `complete` is false when any
    ///   seed's run was incomplete.
    public static func summary(perSeed: [ResultRow], pooled: ResultRow, columns: ResultColumns) -> ResultRow {
        var row = ResultRow()
        for (name, value) in pooled.columns {
            let override = pooled.roleOverrides[name]
            if name == SharedColumns.complete.name, perSeed.contains(where: { $0[name]?.text == "false" }) {
                row.append(name, .string("false"), overridingRole: override)
                continue
            }
            guard columns.role(of: name) == .count else {
                row.append(name, value, overridingRole: override)
                continue
            }
            let values = perSeed.compactMap { $0[name]?.number }
            let whole = values.count == perSeed.count && !values.isEmpty
            let measured = override == .measured || perSeed.contains { $0.roleOverrides[name] == .measured }
            let median = whole ? Self.median(values) : nil
            row.append(name, measured ? value : median.map { Self.value($0, like: perSeed[0][name]) } ?? .empty, overridingRole: override)
            let low = whole ? values.min() : nil
            let high = whole ? values.max() : nil
            row.append(
                name + minSuffix, low.map { Self.value($0, like: perSeed[0][name]) } ?? .empty, overridingRole: measured ? .measured : nil)
            row.append(
                name + maxSuffix, high.map { Self.value($0, like: perSeed[0][name]) } ?? .empty, overridingRole: measured ? .measured : nil)
        }
        return row
    }

    /// The median of `values` (not empty): the middle value, or the mean of the two middle ones.
    static func median(_ values: [Double]) -> Double {
        let sorted = values.sorted()
        let middle = sorted.count / 2
        return sorted.count % 2 == 1 ? sorted[middle] : (sorted[middle - 1] + sorted[middle]) / 2
    }

    /// `number` as a value of the kind `example` is: a whole number stays an `.int` or a `.uint`
    /// as the seeds' values were (a median between two counts may not be whole: a double).
    static func value(_ number: Double, like example: CSVValue?) -> CSVValue {
        let whole = number == number.rounded() && abs(number) < 9e15
        switch example {
        case .int where whole: return .int(Int(number))
        case .uint where whole && number >= 0: return .uint(UInt64(number))
        default: return .double(number)
        }
    }
}
