import Foundation

/// One scenario directory's results as a decision reads them: its runs (`policy/in_use`), its
/// sweep values, each configuration's `summary.csv` row and, with seeds, its `seeds.csv` rows.
///
/// ```text
/// <scenario>/summary.csv   one row per run and sweep value (with seeds: medians over them)
/// <scenario>/seeds.csv     with seeds: one row per run, sweep value and seed (the counts)
/// <scenario>/repetitions.csv  with repetitions: one row per run, sweep value (seed) and repetition (measured)
/// <scenario>/columns.csv   which way each column is better
/// <scenario>/plots.csv     the kind's plots: the first metric one names ranks runs without a goal
/// ```
struct DecisionData {
    /// One run: a policy and its in-use mode, whatever the sweep value.
    struct Run: Hashable, Sendable {
        var policy: String
        var inUse: String

        /// `policy/in_use`, as the plots and grid.csv name it.
        var key: String { "\(policy)/\(inUse)" }
        /// The key without `/-` when the run has no in-use mode.
        var name: String { inUse == "-" ? policy : key }
    }

    /// A run at a sweep value: indices into ``runs`` and ``values``.
    struct Configuration: Hashable {
        var run: Int
        var value: Int
    }

    /// The seeds file's name.
    static let seedsFileName = "seeds.csv"

    /// The directory's name: the scenario's.
    let scenario: String
    /// The results' columns.
    let columns: ResultColumns
    /// The first metric a plot view names (`plots.csv`), or nil.
    let plotMetric: String?
    /// The swept parameter's path (`cache.capacity`), or nil without a sweep.
    let sweepKey: String?
    /// The runs, in order of first appearance in `summary.csv`.
    let runs: [Run]
    /// The sweep values as written, in increasing numeric order (text after numbers); one empty
    /// value without a sweep.
    let values: [String]
    /// Each configuration's summary row, column name → field.
    let summary: [Configuration: [String: String]]
    /// Each configuration's rows in `seeds.csv`, by seed, in order of first appearance; empty
    /// without seeds.
    let seeds: [Configuration: [(seed: String, record: [String: String])]]
    /// The columns of `seeds.csv` (empty without it).
    let seedColumns: Set<String>
    /// Each configuration's rows in `repetitions.csv`, by seed ("" without seeds), in file
    /// order; empty without repetitions.
    var repetitions: [Configuration: [(seed: String, record: [String: String])]] = [:]

    /// Reads `summary.csv`, `columns.csv`, `plots.csv` (when present) and `seeds.csv` (when
    /// present) in `directory`.
    ///
    /// - Throws: ``DecisionError/missingFile(path:)`` without `summary.csv` or `columns.csv`;
    ///   ``DecisionError/unreadableFile(path:reason:)``; ``ReportError/notANumber(path:line:column:name:value:)``
    ///   for a count or measured value of `summary.csv` or `seeds.csv` that is neither empty nor
    ///   a finite number.
    init(scenarioDirectory directory: URL) throws {
        scenario = directory.lastPathComponent
        let summaryURL = directory.appendingPathComponent(ResultsWriter.summaryFileName, isDirectory: false)
        let summaryTable = try Self.table(summaryURL, required: true) ?? ([], [], [])
        do {
            columns = try ResultColumns.load(scenarioDirectory: directory)
        } catch ReportError.missingColumns(let path) {
            throw DecisionError.missingFile(path: path)
        } catch {
            throw DecisionError.unreadableFile(path: directory.appendingPathComponent(ResultColumns.fileName).path, reason: "\(error)")
        }
        // A decision is never drawn from garbage: every count and measured figure is a number
        // (or empty, where there was nothing to measure).
        try columns.checkNumbers(
            header: summaryTable.header, rows: summaryTable.rows, lines: summaryTable.lines, file: .summary, path: summaryURL.path)
        plotMetric = (try? PlotView.load(scenarioDirectory: directory))?.lazy.compactMap(\.metric).first

        let records = Self.records(summaryTable)
        sweepKey = records.lazy.compactMap { $0["sweep_key"] }.first { !$0.isEmpty }
        var runs: [Run] = []
        var valueTexts: [String] = []
        for record in records {
            let run = Run(policy: record["policy"] ?? "", inUse: record["in_use"] ?? "")
            if !runs.contains(run) { runs.append(run) }
            let value = sweepKey == nil ? "" : record["sweep_value"] ?? ""
            if !valueTexts.contains(value) { valueTexts.append(value) }
        }
        let values = Self.sortedNumerically(valueTexts)
        var summary: [Configuration: [String: String]] = [:]
        for record in records {
            guard let key = Self.configuration(record, runs: runs, values: values, swept: sweepKey != nil) else { continue }
            summary[key] = summary[key] ?? record
        }

        var seeds: [Configuration: [(seed: String, record: [String: String])]] = [:]
        var seedColumns: Set<String> = []
        let seedsURL = directory.appendingPathComponent(Self.seedsFileName, isDirectory: false)
        if let seedsTable = try Self.table(seedsURL, required: false) {
            try columns.checkNumbers(
                header: seedsTable.header, rows: seedsTable.rows, lines: seedsTable.lines, file: .seeds, path: seedsURL.path)
            seedColumns = Set(seedsTable.header)
            for record in Self.records(seedsTable) {
                guard let key = Self.configuration(record, runs: runs, values: values, swept: sweepKey != nil) else { continue }
                seeds[key, default: []].append((record["seed"] ?? "", record))
            }
        }
        var repetitions: [Configuration: [(seed: String, record: [String: String])]] = [:]
        let repetitionsURL = directory.appendingPathComponent(Repetitions.fileName, isDirectory: false)
        if let table = try Self.table(repetitionsURL, required: false) {
            for record in Self.records(table) {
                guard let key = Self.configuration(record, runs: runs, values: values, swept: sweepKey != nil) else { continue }
                repetitions[key, default: []].append((record["seed"] ?? "", record))
            }
        }
        self.runs = runs
        self.values = values
        self.summary = summary
        self.seeds = seeds
        self.seedColumns = seedColumns
        self.repetitions = repetitions
    }

    /// Results already read, for tests.
    init(
        scenario: String, columns: ResultColumns, plotMetric: String? = nil, sweepKey: String?, runs: [Run], values: [String],
        summary: [Configuration: [String: String]], seeds: [Configuration: [(seed: String, record: [String: String])]] = [:]
    ) {
        self.scenario = scenario
        self.columns = columns
        self.plotMetric = plotMetric
        self.sweepKey = sweepKey
        self.runs = runs
        self.values = values
        self.summary = summary
        self.seeds = seeds
        self.seedColumns = Set(seeds.values.flatMap { $0.flatMap(\.record.keys) })
    }

    /// Whether the results have more than one seed per configuration.
    var hasSeeds: Bool { seeds.values.contains { $0.count > 1 } }

    /// The most seeds any configuration has (1 without seeds).
    var seedCount: Int { max(1, seeds.values.map(\.count).max() ?? 1) }

    /// The numeric value of summary column `column` of a configuration, or nil.
    func number(_ column: String, _ configuration: Configuration) -> Double? {
        summary[configuration]?[column].flatMap { Double($0) }.flatMap { $0.isNaN ? nil : $0 }
    }

    /// The field of summary column `column` of a configuration as written, or "".
    func text(_ column: String, _ configuration: Configuration) -> String {
        summary[configuration]?[column] ?? ""
    }

    /// The value of `column` in each seed of a configuration, by seed; nil without seeds or when
    /// `seeds.csv` lacks the column.
    func seedNumbers(_ column: String, _ configuration: Configuration) -> [String: Double]? {
        guard seedColumns.contains(column), let rows = seeds[configuration], !rows.isEmpty else { return nil }
        var numbers: [String: Double] = [:]
        for row in rows {
            if let value = row.record[column].flatMap({ Double($0) }), !value.isNaN { numbers[row.seed] = value }
        }
        return numbers
    }

    /// Whether `column` is measured (its values vary from repetition to repetition).
    func isMeasured(_ column: String) -> Bool {
        columns.role(of: column) == .measured
    }

    /// What the tie rule (``Contest``) compares for `column` of a configuration, by seed ("" with
    /// one seed): a measured column's repetitions in each seed (`repetitions.csv`; the summary's
    /// one value without it); a count's value in each seed (`seeds.csv`); nil for a count with
    /// one seed (exact) or a configuration without a value.
    func samples(_ column: String, _ configuration: Configuration) -> [String: [Double]]? {
        guard let value = number(column, configuration) else { return nil }
        if isMeasured(column) {
            var bySeed: [String: [Double]] = [:]
            for row in repetitions[configuration] ?? [] {
                if let number = row.record[column].flatMap({ Double($0) }), !number.isNaN { bySeed[row.seed, default: []].append(number) }
            }
            return bySeed.isEmpty ? ["": [value]] : bySeed
        }
        guard hasSeeds, let numbers = seedNumbers(column, configuration), !numbers.isEmpty else { return nil }
        return numbers.mapValues { [$0] }
    }

    /// The numeric summary columns a goal or `minimize` may name: counts and measured figures.
    var numericColumns: [String] {
        columns.summary.filter { $0.role.isCompared && $0.unit != .text && $0.unit != .flag }.map(\.name)
    }

    /// The sweep value of value index `index` as a number, or nil (no sweep, or not a number).
    func sweepNumber(_ index: Int) -> Double? {
        Double(values[index])
    }

    // MARK: - Reading

    private static func table(_ url: URL, required: Bool) throws -> (header: [String], rows: [[String]], lines: [Int])? {
        guard FileManager.default.fileExists(atPath: url.path) else {
            if required { throw DecisionError.missingFile(path: url.path) }
            return nil
        }
        do {
            return try CSVTable.parseWithLines(try String(contentsOf: url, encoding: .utf8))
        } catch {
            throw DecisionError.unreadableFile(path: url.path, reason: "\(error)")
        }
    }

    private static func records(_ table: (header: [String], rows: [[String]], lines: [Int])) -> [[String: String]] {
        table.rows.map { row in
            var record: [String: String] = [:]
            for (name, field) in zip(table.header, row) where record[name] == nil { record[name] = field }
            return record
        }
    }

    private static func configuration(_ record: [String: String], runs: [Run], values: [String], swept: Bool) -> Configuration? {
        let run = Run(policy: record["policy"] ?? "", inUse: record["in_use"] ?? "")
        let value = swept ? record["sweep_value"] ?? "" : ""
        guard let runIndex = runs.firstIndex(of: run), let valueIndex = values.firstIndex(of: value) else { return nil }
        return Configuration(run: runIndex, value: valueIndex)
    }

    /// `texts` in increasing numeric order, those that are not numbers after them in their order.
    static func sortedNumerically(_ texts: [String]) -> [String] {
        let numbers = texts.compactMap { text in Double(text).map { (text, $0) } }.sorted { $0.1 < $1.1 }.map(\.0)
        return numbers + texts.filter { Double($0) == nil }
    }
}
