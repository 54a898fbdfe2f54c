/// What the repetitions of a run add to its result files: a median and a confidence interval
/// per measured column in `summary.csv`, and one row per repetition in `repetitions.csv`.
///
/// ```text
/// summary.csv       counts as one repetition has them (identical in every one), each measured
///                   column as the median over the repetitions, followed by
///                   <column>_ci_low, <column>_ci_high  (the 95% interval of the median, ``MedianInterval``),
///                   each <percentile>_tail_samples as the sum over the repetitions (``TailSamples``)
/// repetitions.csv   scenario,policy,in_use,run,sweep_key,sweep_value,repetition,<every measured column>
/// ```
///
/// The columns are declared from the kind's own (``columns(_:)``), so `columns.csv` describes
/// them like any other.
public enum Repetitions {
    /// The file name of the per-repetition rows.
    public static let fileName = "repetitions.csv"
    /// The suffix of a measured column's lower confidence bound.
    public static let lowSuffix = "_ci_low"
    /// The suffix of a measured column's upper confidence bound.
    public static let highSuffix = "_ci_high"

    /// The repetition's number, 1 to N, in the order it ran.
    public static let repetition = Column.identity(
        "repetition", .number, "the repetition, 1 to N (repetition 1 of every run ran first, then repetition 2, ...)")

    /// The lower bound of `column`'s confidence interval.
    public static func low(_ column: Column) -> Column {
        Column(
            column.name + lowSuffix, column.unit, .measured, .neutral,
            "lower end of the 95% confidence interval of the median of \(column.name) (order statistics)")
    }

    /// The upper bound of `column`'s confidence interval.
    public static func high(_ column: Column) -> Column {
        Column(
            column.name + highSuffix, column.unit, .measured, .neutral,
            "upper end of the 95% confidence interval of the median of \(column.name) (order statistics)")
    }

    /// The columns of a result with repetitions: each measured summary column followed by its
    /// interval bounds, and `repetitions.csv` as the identity, ``repetition`` and every measured
    /// summary column.
    public static func columns(_ columns: ResultColumns) -> ResultColumns {
        var result = columns
        result.summary = columns.summary.flatMap { $0.role == .measured ? [$0, low($0), high($0)] : [$0] }
        result.repetitions = SharedColumns.identity + [repetition] + columns.summary.filter { $0.role == .measured }
        return result
    }

    /// The summary row of one run from its repetitions' rows (in repetition order, all with the
    /// same columns): identity and count columns from the first, a measured column (role from
    /// `columns`) as its median, then the interval's bounds, and a ``MetricRole/tail`` column
    /// as the sum over the repetitions (the samples beyond the percentile in their merged
    /// histogram, each counted against its own repetition's value). A count the run itself measured
    /// (the first row overrides its role as ``MetricRole/measured``) is its median too, without
    /// bounds, and keeps that override. A value that is not a number in some repetition leaves the
    /// median and bounds empty.
    public static func summary(_ rows: [ResultRow], columns: ResultColumns) -> ResultRow {
        guard let first = rows.first else { return ResultRow() }
        var row = ResultRow()
        for (name, value) in first.columns {
            let role = columns.role(of: name) ?? .identity
            if role == .tail {
                // The samples beyond the percentile in all repetitions together.
                let values = rows.compactMap { $0[name]?.number }
                row.append(name, values.count == rows.count ? .double(values.reduce(0, +)) : .empty)
                continue
            }
            let override = first.roleOverrides[name]
            guard role == .measured || (role == .count && override == .measured) else {
                row.append(name, value, overridingRole: override)
                continue
            }
            let values = rows.compactMap { $0[name]?.number }
            let interval = values.count == rows.count ? MedianInterval(values) : nil
            row.append(name, interval.map { .double($0.median) } ?? .empty, overridingRole: override)
            if role == .measured {
                row.append(name + lowSuffix, interval.map { .double($0.low) } ?? .empty)
                row.append(name + highSuffix, interval.map { .double($0.high) } ?? .empty)
            }
        }
        return row
    }

    /// The `repetitions.csv` row of repetition `repetition` (1-based) of a run: its identity
    /// columns, the repetition and its measured columns.
    public static func row(_ row: ResultRow, repetition: Int, columns: ResultColumns) -> ResultRow {
        var line = ResultRow()
        for column in SharedColumns.identity {
            line.append(column.name, row[column.name] ?? .empty)
        }
        line.append(Self.repetition.name, .int(repetition))
        for column in columns.summary where column.role == .measured {
            line.append(column.name, row[column.name] ?? .empty)
        }
        return line
    }

    /// A count that differs between two repetitions of one run.
    public struct CountDifference: Sendable, Equatable {
        /// The column.
        public var column: String
        /// The repetition (1-based) whose value differs from the first's.
        public var repetition: Int
        /// The first repetition's value.
        public var first: String
        /// The other repetition's value.
        public var other: String

        /// A difference of `column` between repetition 1 (`first`) and `repetition` (`other`).
        public init(column: String, repetition: Int, first: String, other: String) {
            self.column = column
            self.repetition = repetition
            self.first = first
            self.other = other
        }
    }

    /// The first count column (role count in `columns`, not overridden as measured by any
    /// repetition) whose value differs from the first repetition's, or nil when every count
    /// agrees.
    public static func firstCountDifference(_ rows: [ResultRow], columns: ResultColumns) -> CountDifference? {
        guard let first = rows.first else { return nil }
        let declared = columns.summary
        for (index, row) in rows.enumerated().dropFirst() {
            for (name, value) in first.columns where columns.role(of: name) == .count {
                guard first.role(of: name, declaredBy: declared) == .count, row.role(of: name, declaredBy: declared) == .count else {
                    continue
                }
                let other = row[name] ?? .empty
                if other != value {
                    return CountDifference(column: name, repetition: index + 1, first: value.text, other: other.text)
                }
            }
        }
        return nil
    }

    /// The interval bounds among `header`: `<column>_ci_low` and `_ci_high` of a `<column>` in
    /// `header` (compare judges the column itself, not its bounds).
    public static func boundColumns(_ header: [String]) -> Set<String> {
        let names = Set(header)
        var bounds: Set<String> = []
        for name in header {
            for suffix in [lowSuffix, highSuffix] where name.hasSuffix(suffix) && names.contains(String(name.dropLast(suffix.count))) {
                bounds.insert(name)
            }
        }
        return bounds
    }
}
