import Foundation

/// Writes one scenario's results as CSV files under a results directory.
///
/// On-disk layout, for `ResultsWriter(directory: results)`:
///
/// ```text
/// results/                      ← directory
/// └── <scenario>/               ← one directory per scenario name
///     ├── columns.csv           ← what every column of the files below means (``ResultColumns``)
///     ├── scenario.yaml         ← the scenario as it ran, defaults resolved
///     ├── plots.csv             ← the plots its kind declares (``PlotView``)
///     ├── summary.csv           ← summary rows: one per run/configuration
///     ├── timeseries.csv        ← timeseries rows: one per sample over time
///     ├── latency.csv           ← latency rows: e.g. one per percentile of a spectrum
///     ├── repetitions.csv       ← with repetitions: one row per run per repetition
///     ├── seeds.csv             ← with several workload seeds: one row per run per seed
///     └── views.csv             ← a kind's per-view breakdown: one row per run per view type
/// ```
///
/// Each file is RFC 4180 CSV (see ``CSVTable``): a header of the rows' column names, then one
/// record per row. A file whose row list is empty is not written, and a file left from an
/// earlier run is then not touched either. Every file is replaced atomically
/// (``AtomicFile``).
public struct ResultsWriter: Sendable {
    /// File name of the summary rows.
    public static let summaryFileName = "summary.csv"
    /// File name of the timeseries rows.
    public static let timeseriesFileName = "timeseries.csv"
    /// File name of the latency rows.
    public static let latencyFileName = "latency.csv"
    /// File name of the scenario as it ran.
    public static let scenarioFileName = "scenario.yaml"

    /// The results directory; scenario directories go inside it.
    public let directory: URL

    /// A writer into `directory`, which is created when first written to.
    public init(directory: URL) {
        self.directory = directory
    }

    /// The directory a scenario's files go to: `<directory>/<scenario>`.
    public func scenarioDirectory(_ scenario: String) -> URL {
        directory.appendingPathComponent(scenario, isDirectory: true)
    }

    /// Writes the scenario's non-empty row lists and returns the URLs written, in the order
    /// summary, timeseries, latency, repetitions, seeds, views.
    ///
    /// Every table is checked before any file is written, so a rejected row leaves all files
    /// as they were. With `columns`, each file's header must be the columns it declares for that
    /// file, in order, a row may override a declared role only as ``checkOverrides(of:declared:file:)``
    /// allows, and `columns.csv` is written, and `plots.csv` with `plots` (without them,
    /// the plots ``PlotView/defaults(for:)`` derives from the columns); with `scenarioYAML`,
    /// `scenario.yaml`.
    ///
    /// - Throws: ``ReportError/invalidScenarioName(_:)`` for an empty name, one containing
    ///   `/` or NUL, or one starting with `.`;
    ///   ``ReportError/columnMismatch(file:row:expected:found:)`` when a row's column names
    ///   differ from the file's first row's; ``ReportError/duplicateColumn(file:column:)``;
    ///   ``ReportError/undescribedColumn(file:column:)`` when a header differs from `columns`;
    ///   ``ReportError/undeclaredRole(file:column:role:declared:)`` when a row overrides a role
    ///   `columns` do not let it;
    ///   ``ReportError/writeFailed(path:reason:)`` when writing fails (files written before
    ///   the failing one stay written).
    @discardableResult
    public func write(
        scenario: String,
        summary: [ResultRow],
        timeseries: some Collection<ResultRow>,
        latency: [ResultRow],
        repetitions: [ResultRow] = [],
        seeds: [ResultRow] = [],
        views: [ResultRow] = [],
        columns: ResultColumns? = nil,
        scenarioYAML: String? = nil,
        plots: [PlotView]? = nil
    ) throws -> [URL] {
        try Self.checkName(scenario)
        var contents: [(name: String, content: Content)] = []
        for (file, rows) in [(ResultFile.summary, summary), (.latency, latency), (.repetitions, repetitions), (.seeds, seeds), (.views, views)]
        where !rows.isEmpty {
            let table = try Self.table(file: file.fileName, rows: rows, declared: columns?.columns(of: file))
            contents.append((file.fileName, .table(table)))
        }
        if !timeseries.isEmpty {
            // Streamed: the rows may be many (a long run's samples, spooled on disk).
            let header = try Self.header(file: Self.timeseriesFileName, rows: timeseries, declared: columns?.timeseries)
            contents.insert((Self.timeseriesFileName, .rows(header, AnyCollection(timeseries))), at: summary.isEmpty ? 0 : 1)
        }
        if let columns {
            for (name, content) in contents {
                guard let file = ResultFile.allCases.first(where: { $0.fileName == name }), let header = content.header else { continue }
                try Self.check(header, against: columns.columns(of: file).map(\.name), file: name)
            }
            contents.insert((ResultColumns.fileName, .text(columns.render())), at: 0)
            contents.insert((PlotView.fileName, .text(PlotView.render(plots ?? PlotView.defaults(for: columns)))), at: 1)
        }
        if let scenarioYAML {
            contents.insert((Self.scenarioFileName, .text(scenarioYAML)), at: columns == nil ? 0 : 1)
        }
        let folder = scenarioDirectory(scenario)
        var written: [URL] = []
        for (name, content) in contents {
            let url = folder.appendingPathComponent(name, isDirectory: false)
            switch content {
            case .text(let text):
                try AtomicFile.write(text, to: url)
            case .table(let table):
                try AtomicFile.write(table.render(), to: url)
            case .rows(let header, let rows):
                try AtomicFile.write(to: url) { emit in
                    var chunk = ""
                    CSVTable.appendRecord(header, to: &chunk)
                    for row in rows {
                        CSVTable.appendRecord(row.values.map(\.text), to: &chunk)
                        if chunk.utf8.count >= 1 << 16 {
                            try emit(chunk)
                            chunk = ""
                        }
                    }
                    try emit(chunk)
                }
            }
            written.append(url)
        }
        return written
    }

    /// A file's content: text, a table, or a header and rows rendered as they are written.
    private enum Content {
        case text(String)
        case table(CSVTable)
        case rows([String], AnyCollection<ResultRow>)

        /// The CSV header of a table or rows.
        var header: [String]? {
            switch self {
            case .text: nil
            case .table(let table): table.header
            case .rows(let header, _): header
            }
        }
    }

    /// Throws ``ReportError/invalidScenarioName(_:)`` unless `scenario` is a single directory
    /// name: not empty, without `/` or NUL, not starting with `.`.
    public static func checkName(_ scenario: String) throws {
        guard !scenario.isEmpty, !scenario.hasPrefix("."), !scenario.contains("/"), !scenario.contains("\0") else {
            throw ReportError.invalidScenarioName(scenario)
        }
    }

    /// Throws ``ReportError/undescribedColumn(file:column:)`` naming the first column of
    /// `header` that differs from `declared` (or the first declared one it lacks).
    static func check(_ header: [String], against declared: [String], file: String) throws {
        guard header != declared else {
            return
        }
        let common = Swift.min(header.count, declared.count)
        let position = (0..<common).first { header[$0] != declared[$0] } ?? common
        let column = position < header.count ? header[position] : "(missing \(declared[position]))"
        throw ReportError.undescribedColumn(file: file, column: column)
    }

    /// Throws ``ReportError/undeclaredRole(file:column:role:declared:)`` for the first role
    /// override of `row` that `declared` (the columns of the row's file) does not allow. A row
    /// may only move a declared count or measured figure between these two roles (a count this
    /// run measured); identity and tail columns keep their declared role.
    public static func checkOverrides(of row: ResultRow, declared: [Column], file: String) throws {
        for (name, role) in row.roleOverrides.sorted(by: { $0.key < $1.key }) {
            let column = declared.first { $0.name == name }
            guard let column, column.role.isCompared, role.isCompared else {
                throw ReportError.undeclaredRole(file: file, column: name, role: role, declared: column?.role)
            }
        }
    }

    /// The CSV table for one file's rows, whose columns must all match the first row's (and,
    /// with `declared`, whose role overrides it must allow: ``checkOverrides(of:declared:file:)``).
    ///
    /// - Parameter file: The file name, for error messages.
    public static func table(file: String, rows: [ResultRow], declared: [Column]? = nil) throws -> CSVTable {
        var table = CSVTable(header: try header(file: file, rows: rows, declared: declared))
        for row in rows {
            try table.append(row.values)
        }
        return table
    }

    /// The header of `rows`: the first row's column names, once every row is checked to have
    /// the same, in the same order, and (with `declared`) only the role overrides `declared`
    /// allows (empty for no rows).
    ///
    /// - Throws: ``ReportError/duplicateColumn(file:column:)``,
    ///   ``ReportError/columnMismatch(file:row:expected:found:)``,
    ///   ``ReportError/undeclaredRole(file:column:role:declared:)``.
    static func header(file: String, rows: some Sequence<ResultRow>, declared: [Column]? = nil) throws -> [String] {
        var iterator = rows.makeIterator()
        guard let first = iterator.next() else {
            return []
        }
        if let declared { try checkOverrides(of: first, declared: declared, file: file) }
        let header = first.names
        var seen = Set<String>()
        for name in header where !seen.insert(name).inserted {
            throw ReportError.duplicateColumn(file: file, column: name)
        }
        var index = 0
        while let row = iterator.next() {
            index += 1
            if let declared { try checkOverrides(of: row, declared: declared, file: file) }
            let names = row.names
            if names != header {
                let common = Swift.min(header.count, names.count)
                let position = (0..<common).first { header[$0] != names[$0] } ?? common
                throw ReportError.columnMismatch(
                    file: file,
                    row: index,
                    expected: position < header.count ? header[position] : nil,
                    found: position < names.count ? names[position] : nil
                )
            }
        }
        return header
    }
}
