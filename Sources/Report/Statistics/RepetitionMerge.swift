import Foundation

/// Combines results directories of single repetitions (one `run` each, as `workbench ab` makes
/// them) into one results directory with repetitions, as `run --repeat N` writes it.
///
/// ```text
/// runs/baseline-1/<scenario>/...    ┐
/// runs/baseline-2/<scenario>/...    ├──► baseline/<scenario>/summary.csv      medians and intervals
/// ...                               ┘                       repetitions.csv  every repetition
///                                                           columns.csv, scenario.yaml, run.json,
///                                                           timeseries.csv, latency.csv: repetition 1's
/// ```
public enum RepetitionMerge {
    /// Combines every scenario of `directories[0]` over all `directories` (in repetition order)
    /// into `output`, and returns the first count that differs between repetitions, if any
    /// (then nothing is written for that scenario).
    ///
    /// - Throws: ``ReportError`` when a directory's files cannot be read or written.
    @discardableResult
    public static func combine(_ directories: [URL], into output: URL) throws -> (
        scenario: String, run: String, difference: Repetitions.CountDifference
    )? {
        guard let first = directories.first else { return nil }
        let manager = FileManager.default
        let scenarios = ((try? manager.contentsOfDirectory(atPath: first.path)) ?? []).filter { name in
            manager.fileExists(atPath: first.appendingPathComponent(name).appendingPathComponent(ResultsWriter.summaryFileName).path)
        }.sorted()
        for scenario in scenarios {
            let source = first.appendingPathComponent(scenario, isDirectory: true)
            let columns = try ResultColumns.load(scenarioDirectory: source)
            var perRun: [[ResultRow]] = []
            for directory in directories {
                let rows = try Self.rows(directory.appendingPathComponent(scenario).appendingPathComponent(ResultsWriter.summaryFileName))
                for (index, row) in rows.enumerated() {
                    if index == perRun.count { perRun.append([]) }
                    perRun[index].append(row)
                }
            }
            var summary: [ResultRow] = []
            var repetitions: [ResultRow] = []
            for rows in perRun {
                if let difference = Repetitions.firstCountDifference(rows, columns: columns) {
                    let key = RowKey(
                        scenario: scenario, record: Dictionary(uniqueKeysWithValues: rows[0].columns.map { ($0.name, $0.value.text) }))
                    return (scenario, key.run, difference)
                }
                summary.append(Repetitions.summary(rows, columns: columns))
                repetitions += rows.enumerated().map { Repetitions.row($1, repetition: $0 + 1, columns: columns) }
            }
            let timeseries = try Self.rows(source.appendingPathComponent(ResultsWriter.timeseriesFileName))
            let latency = try Self.rows(source.appendingPathComponent(ResultsWriter.latencyFileName))
            let yaml = try? String(contentsOf: source.appendingPathComponent(ResultsWriter.scenarioFileName), encoding: .utf8)
            let writer = ResultsWriter(directory: output)
            try writer.write(
                scenario: scenario, summary: summary, timeseries: timeseries, latency: latency, repetitions: repetitions,
                columns: Repetitions.columns(columns), scenarioYAML: yaml)
            if let run = try? String(contentsOf: source.appendingPathComponent(RunMetadata.fileName), encoding: .utf8) {
                try AtomicFile.write(run, to: writer.scenarioDirectory(scenario).appendingPathComponent(RunMetadata.fileName))
            }
        }
        return nil
    }

    /// The rows of a result file (none when it does not exist), each value as text. Each column's
    /// role is the one `columns.csv` declares: a file keeps no run's role override.
    static func rows(_ url: URL) throws -> [ResultRow] {
        guard FileManager.default.fileExists(atPath: url.path) else { return [] }
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw ReportError.writeFailed(path: url.path, reason: "cannot read: \(error.localizedDescription)")
        }
        let parsed = try CSVTable.parse(text)
        return parsed.rows.map { fields in
            var row = ResultRow()
            for (name, field) in zip(parsed.header, fields) {
                row.append(name, .string(field))
            }
            return row
        }
    }
}
