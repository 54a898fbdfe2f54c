import Foundation

/// Writes one scenario's results as CSV files under a results directory.
///
/// On-disk layout, for `ResultsWriter(directory: results)`:
///
/// ```text
/// results/                      ← directory
/// └── <scenario>/               ← one directory per scenario name
///     ├── summary.csv           ← summary rows: one per run/configuration
///     ├── timeseries.csv        ← timeseries rows: one per sample over time
///     └── latency.csv           ← latency rows: e.g. one per percentile of a spectrum
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
    /// summary, timeseries, latency.
    ///
    /// Every table is checked before any file is written, so a rejected row leaves all files
    /// as they were.
    ///
    /// - Throws: ``ReportError/invalidScenarioName(_:)`` for an empty name, one containing
    ///   `/` or NUL, or one starting with `.`;
    ///   ``ReportError/columnMismatch(file:row:expected:found:)`` when a row's column names
    ///   differ from the file's first row's; ``ReportError/duplicateColumn(file:column:)``;
    ///   ``ReportError/writeFailed(path:reason:)`` when writing fails (files written before
    ///   the failing one stay written).
    @discardableResult
    public func write(
        scenario: String,
        summary: [ResultRow],
        timeseries: [ResultRow],
        latency: [ResultRow]
    ) throws -> [URL] {
        guard !scenario.isEmpty, !scenario.hasPrefix("."), !scenario.contains("/"),
            !scenario.contains("\0")
        else {
            throw ReportError.invalidScenarioName(scenario)
        }
        let files = [
            (Self.summaryFileName, summary),
            (Self.timeseriesFileName, timeseries),
            (Self.latencyFileName, latency),
        ]
        var tables: [(name: String, table: CSVTable)] = []
        for (name, rows) in files where !rows.isEmpty {
            tables.append((name, try Self.table(file: name, rows: rows)))
        }
        let folder = scenarioDirectory(scenario)
        var written: [URL] = []
        for (name, table) in tables {
            let url = folder.appendingPathComponent(name, isDirectory: false)
            try AtomicFile.write(table.render(), to: url)
            written.append(url)
        }
        return written
    }

    /// The CSV table for one file's rows, whose columns must all match the first row's.
    ///
    /// - Parameter file: The file name, for error messages.
    public static func table(file: String, rows: [ResultRow]) throws -> CSVTable {
        guard let first = rows.first else {
            return CSVTable(header: [])
        }
        let header = first.names
        var seen = Set<String>()
        for name in header where !seen.insert(name).inserted {
            throw ReportError.duplicateColumn(file: file, column: name)
        }
        var table = CSVTable(header: header)
        for (index, row) in rows.enumerated() {
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
            try table.append(row.values)
        }
        return table
    }
}
