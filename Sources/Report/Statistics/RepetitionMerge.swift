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
///
/// Directories of a scenario replicated over seeds (`seeds.csv`; ``Seeds``) already hold each
/// run's median and interval over its seeds: combined, the counts (and `seeds.csv`) are the
/// first directory's, checked identical in every other, and each measured column's median and
/// interval are taken again over every directory's `repetitions.csv` values (every seed of every
/// repetition), as `run --seeds N --repeat M` would.
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
            if !columns.seeds.isEmpty {
                if let difference = try combineSeeded(scenario, directories, columns: columns, into: output) { return difference }
                continue
            }
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

    /// Combines one scenario replicated over seeds (see the type's discussion); the first count
    /// of `seeds.csv` that differs from the first directory's, if any (then nothing is written).
    static func combineSeeded(
        _ scenario: String, _ directories: [URL], columns: ResultColumns, into output: URL
    ) throws -> (scenario: String, run: String, difference: Repetitions.CountDifference)? {
        let sources = directories.map { $0.appendingPathComponent(scenario, isDirectory: true) }
        let file = { (index: Int, name: String) in sources[index].appendingPathComponent(name) }
        let seeds = try sources.indices.map { try Self.rows(file($0, Seeds.fileName)) }
        for (repetition, rows) in seeds.enumerated().dropFirst() {
            for (row, firstRow) in zip(rows, seeds[0]) {
                for (name, value) in firstRow.columns where columns.role(of: name) == .count && row[name] != value {
                    let record = Dictionary(uniqueKeysWithValues: firstRow.columns.map { ($0.name, $0.value.text) })
                    let difference = Repetitions.CountDifference(
                        column: name, repetition: repetition + 1, first: value.text, other: row[name]?.text ?? "")
                    return (scenario, RowKey(scenario: scenario, record: record).run, difference)
                }
            }
        }
        // Every directory's rows of one run and seed, in directory order, numbered as repetitions.
        let perDirectory = try sources.indices.map { try Self.rows(file($0, Repetitions.fileName)) }
        var repetitions: [ResultRow] = []
        for position in perDirectory[0].indices {
            for (index, rows) in perDirectory.enumerated() where position < rows.count {
                var row = ResultRow()
                for (name, value) in rows[position].columns {
                    row.append(name, name == Repetitions.repetition.name ? .int(index + 1) : value)
                }
                repetitions.append(row)
            }
        }
        let identity = SharedColumns.identity.map(\.name)
        let summaries = try sources.indices.map { try Self.rows(file($0, ResultsWriter.summaryFileName)) }
        var summary: [ResultRow] = []
        for (position, first) in summaries[0].enumerated() {
            let samples = repetitions.filter { line in identity.allSatisfy { line[$0]?.text == first[$0]?.text } }
            var row = ResultRow()
            var skip: Set<String> = []
            for (name, value) in first.columns where !skip.contains(name) {
                switch columns.role(of: name) {
                case .measured where columns.repetitions.contains(where: { $0.name == name }):
                    let values = samples.compactMap { $0[name]?.number }
                    let interval = values.count == samples.count ? MedianInterval(values) : nil
                    row.append(name, interval.map { .double($0.median) } ?? .empty)
                    row.append(name + Repetitions.lowSuffix, interval.map { .double($0.low) } ?? .empty)
                    row.append(name + Repetitions.highSuffix, interval.map { .double($0.high) } ?? .empty)
                    skip.formUnion([name + Repetitions.lowSuffix, name + Repetitions.highSuffix])
                case .tail:
                    let values = summaries.compactMap { $0.indices.contains(position) ? $0[position][name]?.number : nil }
                    row.append(name, values.count == summaries.count ? .double(values.reduce(0, +)) : .empty)
                default:
                    row.append(name, value)
                }
            }
            summary.append(row)
        }
        let source = sources[0]
        let yaml = try? String(contentsOf: source.appendingPathComponent(ResultsWriter.scenarioFileName), encoding: .utf8)
        let writer = ResultsWriter(directory: output)
        try writer.write(
            scenario: scenario, summary: summary, timeseries: try Self.rows(file(0, ResultsWriter.timeseriesFileName)),
            latency: try Self.rows(file(0, ResultsWriter.latencyFileName)), repetitions: repetitions, seeds: seeds[0],
            columns: columns, scenarioYAML: yaml)
        if let run = try? String(contentsOf: source.appendingPathComponent(RunMetadata.fileName), encoding: .utf8) {
            try AtomicFile.write(run, to: writer.scenarioDirectory(scenario).appendingPathComponent(RunMetadata.fileName))
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
