/// One scenario's `summary.csv`, read back: its column names and rows of text fields.
public struct ScenarioSummary: Sendable, Equatable {
    /// The scenario's name: its directory's name.
    public var name: String
    /// The path of the file, for messages.
    public var path: String
    /// Column names, in file order.
    public var header: [String]
    /// Data rows, each as wide as ``header``.
    public var rows: [[String]]
    /// What the scenario's columns are (its `columns.csv`): roles and directions for compare.
    public var columns: ResultColumns
    /// The scenario's kind, from its `scenario.yaml` (nil when the directory has none).
    public var kind: String? = nil
    /// The scenario's settings as run (its `scenario.yaml`, flattened); nil when the directory
    /// has none or it cannot be read as settings.
    public var settings: ScenarioSettings? = nil
    /// The run's metadata (`run.json`), when the directory has it.
    public var run: RunMetadata? = nil
    /// Each run's measured values per repetition, by column, from `repetitions.csv` (empty
    /// without repetitions).
    public var repetitions: [RowKey: [String: [Double]]] = [:]
    /// With workload seeds (a `seed` column in `repetitions.csv`), each run's measured values per
    /// repetition by column, then by seed: the strata of ``Significance/init(bySeed:_:alpha:)``
    /// (empty without seeds).
    public var repetitionsBySeed: [RowKey: [String: [String: [Double]]]] = [:]

    /// Reads the text of a `repetitions.csv` into ``repetitions``: every measured column's
    /// numbers, run by run, in repetition order.
    ///
    /// - Throws: ``CompareError/malformedSummary(path:reason:)`` when the text is not CSV,
    ///   ``CompareError/notANumber(path:line:column:name:value:)`` for a measured value that is
    ///   neither empty nor a finite number.
    public mutating func readRepetitions(text: String, path: String) throws {
        let parsed: (header: [String], rows: [[String]], lines: [Int])
        do {
            parsed = try CSVTable.parseWithLines(text)
        } catch let error as ReportError {
            throw CompareError.malformedSummary(path: path, reason: error.description)
        }
        try CompareError.checkNumbers(parsed, columns: columns, file: .repetitions, path: path)
        repetitions = [:]
        repetitionsBySeed = [:]
        let seeded = parsed.header.contains(SharedColumns.seed.name)
        for row in parsed.rows {
            var record: [String: String] = [:]
            for (column, value) in zip(parsed.header, row) { record[column] = value }
            let key = RowKey(scenario: name, record: record)
            for column in parsed.header where role(of: column) == .measured {
                if let value = record[column].flatMap({ Double($0) }) {
                    repetitions[key, default: [:]][column, default: []].append(value)
                    if seeded, let seed = record[SharedColumns.seed.name] {
                        repetitionsBySeed[key, default: [:]][column, default: [:]][seed, default: []].append(value)
                    }
                }
            }
        }
    }

    /// A summary from parts already parsed.
    public init(name: String, path: String, header: [String], rows: [[String]], columns: ResultColumns) {
        self.name = name
        self.path = path
        self.header = header
        self.rows = rows
        self.columns = columns
    }

    /// The role of summary column `name`; an undescribed column is not compared (identity).
    public func role(of name: String) -> MetricRole {
        columns.role(of: name) ?? .identity
    }

    /// Columns every summary file has: the run's policy and in-use mode.
    public static let requiredColumns = ["policy", "in_use"]

    /// Parses the text of the summary file at `path` for scenario `name`.
    ///
    /// - Throws: ``CompareError/malformedSummary(path:reason:)`` when the text is not RFC 4180
    ///   CSV, lacks a ``requiredColumns`` column, or names a column twice;
    ///   ``CompareError/notANumber(path:line:column:name:value:)`` for a metric value that is
    ///   neither empty nor a finite number (`nan`, `inf`, text): a gate never passes on garbage.
    public init(name: String, path: String, text: String, columns: ResultColumns) throws {
        let parsed: (header: [String], rows: [[String]], lines: [Int])
        do {
            parsed = try CSVTable.parseWithLines(text)
        } catch let error as ReportError {
            throw CompareError.malformedSummary(path: path, reason: error.description)
        }
        for column in Self.requiredColumns where !parsed.header.contains(column) {
            throw CompareError.malformedSummary(path: path, reason: "no '\(column)' column")
        }
        var seen: Set<String> = []
        for column in parsed.header where !seen.insert(column).inserted {
            throw CompareError.malformedSummary(path: path, reason: "column '\(column)' appears more than once")
        }
        try CompareError.checkNumbers(parsed, columns: columns, file: .summary, path: path)
        self.init(name: name, path: path, header: parsed.header, rows: parsed.rows, columns: columns)
    }

    /// Each row as column name → value.
    public var records: [[String: String]] {
        rows.map { row in
            var record: [String: String] = [:]
            for (column, value) in zip(header, row) {
                record[column] = value
            }
            return record
        }
    }
}
