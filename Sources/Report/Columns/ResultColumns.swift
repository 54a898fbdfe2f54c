import Foundation

/// The columns of one scenario's result files, as `columns.csv` records them.
///
/// ```text
/// <scenario>/columns.csv   file,name,unit,role,direction,description,views
///                          summary,hits,count,count,higher_is_better,requests answered ...,table
/// ```
///
/// One row per column of `summary.csv`, `timeseries.csv`, `latency.csv`, (with repetitions)
/// `repetitions.csv`, (with more than one workload seed) `seeds.csv` and (a kind with a
/// per-view breakdown) `views.csv`, in file order.
/// `file` and `views` go beyond the five properties every column has: a name can mean a total
/// in the summary and a per-interval figure in the timeseries, and `views` says which tables
/// and plots show it.
public struct ResultColumns: Sendable, Equatable {
    /// The file name, `columns.csv`.
    public static let fileName = "columns.csv"
    /// The header of `columns.csv`.
    public static let header = ["file", "name", "unit", "role", "direction", "description", "views"]

    /// The columns of `summary.csv`, in order.
    public var summary: [Column]
    /// The columns of `timeseries.csv`, in order.
    public var timeseries: [Column]
    /// The columns of `latency.csv`, in order.
    public var latency: [Column]
    /// The columns of `repetitions.csv`, in order (none without repetitions; see ``Repetitions``).
    public var repetitions: [Column] = []
    /// The columns of `seeds.csv`, in order (none with one seed; see ``Seeds``).
    public var seeds: [Column] = []
    /// The columns of `views.csv`, in order (none for a kind without a per-view breakdown).
    public var views: [Column] = []

    /// Column descriptions per file.
    public init(summary: [Column], timeseries: [Column] = [], latency: [Column] = []) {
        self.summary = summary
        self.timeseries = timeseries
        self.latency = latency
    }

    /// The columns of `file`.
    public func columns(of file: ResultFile) -> [Column] {
        switch file {
        case .summary: summary
        case .timeseries: timeseries
        case .latency: latency
        case .repetitions: repetitions
        case .seeds: seeds
        case .views: views
        }
    }

    /// The column of `file` called `name`, or nil.
    public func column(_ name: String, in file: ResultFile = .summary) -> Column? {
        columns(of: file).first { $0.name == name }
    }

    /// The role of a summary column; nil when no column has that name.
    public func role(of name: String) -> MetricRole? {
        column(name)?.role
    }

    /// The columns of `file` shown in `view`, in order.
    public func columns(of file: ResultFile, shownIn view: ColumnView) -> [Column] {
        columns(of: file).filter { $0.views.contains(view) }
    }

    /// The text of `columns.csv`.
    public func render() -> String {
        var table = CSVTable(header: Self.header)
        for file in ResultFile.allCases {
            for column in columns(of: file) {
                // Every row has the header's width: append cannot fail.
                try? table.append(
                    [
                        file.rawValue, column.name, column.unit.rawValue, column.role.rawValue, column.direction.rawValue,
                        column.description, column.views.map(\.rawValue).joined(separator: " "),
                    ].map { CSVValue.string($0) })
            }
        }
        return table.render()
    }

    /// Parses the text of a `columns.csv` file.
    ///
    /// - Throws: ``ReportError/malformedColumns(path:reason:)`` naming what is wrong.
    public init(text: String, path: String) throws {
        let parsed: (header: [String], rows: [[String]])
        do {
            parsed = try CSVTable.parse(text)
        } catch {
            throw ReportError.malformedColumns(path: path, reason: "\(error)")
        }
        var index: [String: Int] = [:]
        for name in Self.header {
            guard let position = parsed.header.firstIndex(of: name) else {
                throw ReportError.malformedColumns(path: path, reason: "no '\(name)' column")
            }
            index[name] = position
        }
        func field(_ row: [String], _ name: String) -> String { index[name].map { row[$0] } ?? "" }
        self.init(summary: [])
        for (number, row) in parsed.rows.enumerated() {
            let line = number + 2
            guard let file = ResultFile(rawValue: field(row, "file")) else {
                throw ReportError.malformedColumns(path: path, reason: "line \(line): unknown file '\(field(row, "file"))'")
            }
            guard let unit = ColumnUnit(rawValue: field(row, "unit")) else {
                throw ReportError.malformedColumns(path: path, reason: "line \(line): unknown unit '\(field(row, "unit"))'")
            }
            guard let role = MetricRole(rawValue: field(row, "role")) else {
                throw ReportError.malformedColumns(path: path, reason: "line \(line): unknown role '\(field(row, "role"))'")
            }
            guard let direction = Direction(rawValue: field(row, "direction")) else {
                throw ReportError.malformedColumns(
                    path: path, reason: "line \(line): unknown direction '\(field(row, "direction"))'")
            }
            // Views a later version adds are skipped: an older reader draws what it knows.
            let shown = field(row, "views").split(separator: " ").compactMap { ColumnView(rawValue: String($0)) }
            let column = Column(field(row, "name"), unit, role, direction, field(row, "description"), views: shown)
            switch file {
            case .summary: summary.append(column)
            case .timeseries: timeseries.append(column)
            case .latency: latency.append(column)
            case .repetitions: repetitions.append(column)
            case .seeds: seeds.append(column)
            case .views: self.views.append(column)
            }
        }
    }

    /// Reads `<scenarioDirectory>/columns.csv`.
    ///
    /// - Throws: ``ReportError/missingColumns(path:)`` when the file is missing (results written
    ///   before result directories described their columns), ``ReportError/malformedColumns(path:reason:)``
    ///   when it cannot be read or parsed.
    public static func load(scenarioDirectory: URL) throws -> ResultColumns {
        let url = scenarioDirectory.appendingPathComponent(fileName, isDirectory: false)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ReportError.missingColumns(path: url.path)
        }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ReportError.malformedColumns(path: url.path, reason: error.localizedDescription)
        }
        return try ResultColumns(text: text, path: url.path)
    }

    /// The names in `header` that `file` does not describe, in order.
    public func undescribed(_ header: [String], in file: ResultFile) -> [String] {
        let known = Set(columns(of: file).map(\.name))
        return header.filter { !known.contains($0) }
    }
}
