import Foundation

/// Combines results directories written by shards of one study into one results directory.
///
/// For each scenario directory found in any input, the rows of `summary.csv`, `timeseries.csv`
/// and `latency.csv` are concatenated and put back in run order (the `run` column, the run's
/// index in its scenario), keeping each run's rows in the order they were written. A merged
/// directory is therefore the same as the one an unsharded run writes, row for row. Each
/// scenario's `columns.csv`, `scenario.yaml` and `plots.csv` are carried over; every shard must have written
/// the same ones. Their `expectations.csv` are combined (``mergeExpectations(_:)``). Files are
/// written atomically.
public enum ResultsMerger {
    /// What went wrong, naming the file.
    public enum MergeError: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case noResults(inputs: [String])
        case headerMismatch(file: String, other: String)
        case missingRunColumn(file: String)
        case duplicateRun(scenario: String, run: String, first: String, second: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .noResults(let inputs): "no scenario results (directories with summary.csv) in \(inputs.joined(separator: ", "))"
            case .headerMismatch(let file, let other): "\(file) has different columns from \(other); were they written by the same version?"
            case .missingRunColumn(let file): "\(file) has no 'run' column"
            case .duplicateRun(let scenario, let run, let first, let second):
                "run \(run) of '\(scenario)' is in both \(first) and \(second); were the shards overlapping?"
            }
        }
    }

    static let files = [ResultsWriter.summaryFileName, ResultsWriter.timeseriesFileName, ResultsWriter.latencyFileName]

    /// Merges `inputs` into `output`; returns the scenario directories written.
    public static func merge(_ inputs: [URL], into output: URL) throws -> [URL] {
        let manager = FileManager.default
        var scenarios: [String: [URL]] = [:]
        for input in inputs {
            let entries: [String]
            do {
                entries = try manager.contentsOfDirectory(atPath: input.path)
            } catch {
                throw MergeError.unreadable(path: input.path, reason: error.localizedDescription)
            }
            for entry in entries.sorted() {
                let directory = input.appendingPathComponent(entry)
                if manager.fileExists(atPath: directory.appendingPathComponent(ResultsWriter.summaryFileName).path) {
                    scenarios[entry, default: []].append(directory)
                }
            }
        }
        guard !scenarios.isEmpty else { throw MergeError.noResults(inputs: inputs.map(\.path)) }
        var written: [URL] = []
        for scenario in scenarios.keys.sorted() {
            let target = output.appendingPathComponent(scenario)
            for name in files {
                let parts = scenarios[scenario, default: []].map { $0.appendingPathComponent(name) }
                    .filter { manager.fileExists(atPath: $0.path) }
                guard !parts.isEmpty else { continue }
                let text = try mergeFile(parts, scenario: scenario, checkDuplicates: name == ResultsWriter.summaryFileName)
                try AtomicFile.write(text, to: target.appendingPathComponent(name))
            }
            for name in [ResultColumns.fileName, ResultsWriter.scenarioFileName, PlotView.fileName] {
                let parts = scenarios[scenario, default: []].map { $0.appendingPathComponent(name) }
                    .filter { manager.fileExists(atPath: $0.path) }
                guard let first = parts.first else { continue }
                let text = try read(first)
                // Each shard records its own run (the `# ...` lines at the top of scenario.yaml).
                let body = Self.withoutRecord(text)
                for part in parts.dropFirst() where Self.withoutRecord(try read(part)) != body {
                    throw MergeError.headerMismatch(file: part.path, other: first.path)
                }
                try AtomicFile.write(text, to: target.appendingPathComponent(name))
            }
            let expectations = scenarios[scenario, default: []].map { $0.appendingPathComponent(expectationsFileName) }
            if let text = try mergeExpectations(expectations) {
                try AtomicFile.write(text, to: target.appendingPathComponent(expectationsFileName))
            }
            written.append(target)
        }
        return written
    }

    /// `text` without its leading comment lines.
    static func withoutRecord(_ text: String) -> Substring {
        var rest = Substring(text)
        while rest.hasPrefix("#"), let end = rest.firstIndex(of: "\n") {
            rest = rest[rest.index(after: end)...]
        }
        return rest
    }

    private static func read(_ url: URL) throws -> String {
        do {
            return try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw MergeError.unreadable(path: url.path, reason: error.localizedDescription)
        }
    }

    /// One merged CSV from the same file of several shards.
    static func mergeFile(_ parts: [URL], scenario: String, checkDuplicates: Bool) throws -> String {
        var header: [String]?
        var headerSource = ""
        var rows: [(run: Int, order: Int, fields: [String])] = []
        var runSource: [String: String] = [:]
        for part in parts {
            let text: String
            do {
                text = try String(contentsOf: part, encoding: .utf8)
            } catch {
                throw MergeError.unreadable(path: part.path, reason: error.localizedDescription)
            }
            let parsed: (header: [String], rows: [[String]])
            do {
                parsed = try CSVTable.parse(text)
            } catch {
                throw MergeError.unreadable(path: part.path, reason: "\(error)")
            }
            if let header, header != parsed.header {
                throw MergeError.headerMismatch(file: part.path, other: headerSource)
            }
            if header == nil {
                header = parsed.header
                headerSource = part.path
            }
            guard let runColumn = parsed.header.firstIndex(of: "run") else {
                throw MergeError.missingRunColumn(file: part.path)
            }
            for fields in parsed.rows {
                let run = fields[runColumn]
                if checkDuplicates {
                    if let first = runSource[run] {
                        throw MergeError.duplicateRun(scenario: scenario, run: run, first: first, second: part.path)
                    }
                    runSource[run] = part.path
                }
                rows.append((Int(run) ?? Int.max, rows.count, fields))
            }
        }
        var table = CSVTable(header: header ?? [])
        for row in rows.sorted(by: { ($0.run, $0.order) < ($1.run, $1.order) }) {
            try table.append(row.fields.map { $0.isEmpty ? CSVValue.empty : .string($0) })
        }
        return table.render()
    }
}
