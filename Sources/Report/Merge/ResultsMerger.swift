import Foundation

/// Combines results directories written by shards of one study into one results directory.
///
/// Every input must carry its ``StudyRecord`` (`study.json`): the shards must be of one study
/// (same scenario files by content, same options and shard count), each K must appear once, and
/// every shard of 1...N must be there and complete, unless `partial`, which merges what is there
/// and marks the merged record incomplete. Every input is read and checked before anything is
/// written, so a refused merge leaves `--out` as it was.
///
/// For each scenario directory found in any input, the rows of `summary.csv`, `timeseries.csv`,
/// `latency.csv`, `repetitions.csv` (with repetitions), `seeds.csv` (with several workload
/// seeds) and `views.csv` (a kind's per-view breakdown) are concatenated and put back in run order (the `run` column, the run's index in its
/// scenario), keeping each run's rows in the order they were written (a run's seeds, a seed's
/// repetitions). A merged
/// directory is therefore the same as the one an unsharded run writes, row for row. Each
/// scenario's `columns.csv`, `scenario.yaml` and `plots.csv` are carried over; every shard must have
/// written the same ones (and the same kind), and `plots.csv` must hold plot views alone (read as
/// strictly as the plotter reads it: ``PlotView/parse(_:path:)``). Their `expectations.csv` are combined
/// (``mergeExpectations(_:)``). Files are written atomically.
public enum ResultsMerger {
    /// What went wrong, naming the file or the shard and what to re-run.
    public enum MergeError: Error, Equatable, CustomStringConvertible {
        case unreadable(path: String, reason: String)
        case noResults(inputs: [String])
        case headerMismatch(file: String, other: String)
        case missingRunColumn(file: String)
        case duplicateRun(scenario: String, run: String, first: String, second: String)
        case noStudy(path: String)
        case differentStudy(shard: String, directory: String, other: String, otherDirectory: String, difference: String)
        case duplicateShard(shard: String, first: String, second: String)
        case incompleteShard(shard: String, directory: String, rerun: String)
        case missingShards(shards: [String], count: Int, rerun: [String])
        case differentKinds(scenario: String, directory: String, kind: String, otherDirectory: String, otherKind: String)
        case badShard(path: String, reason: String)
        case missingRuns(shard: String, directory: String, found: Int, expected: Int, rerun: String)
        /// A shard's file holds something other than results (a `plots.csv` with gnuplot
        /// source or a script path), as a message naming the file and line.
        case refused(String)
        /// A shard's result file holds a count or measured value that is neither empty nor a
        /// finite number (`nan`, `inf`, text): `line` and `column` are 1-based.
        case notANumber(path: String, line: Int, column: Int, name: String, value: String)

        public var description: String {
            switch self {
            case .unreadable(let path, let reason): "cannot read \(path): \(reason)"
            case .noResults(let inputs): "no scenario results (directories with summary.csv) in \(inputs.joined(separator: ", "))"
            case .headerMismatch(let file, let other): "\(file) has different columns from \(other); were they written by the same version?"
            case .missingRunColumn(let file): "\(file) has no 'run' column"
            case .duplicateRun(let scenario, let run, let first, let second):
                "run \(run) of '\(scenario)' is in both \(first) and \(second); were the shards overlapping?"
            case .noStudy(let path):
                "\(path): no such file: these results do not say which study and shard they are (not written by `run`, or by an older workbench); run the shard again"
            case .differentStudy(let shard, let directory, let other, let otherDirectory, let difference):
                "shard \(shard) (\(directory)) is of a different study than shard \(other) (\(otherDirectory)): \(difference); run every shard with the same files and options (re-run shard \(shard), or the others)"
            case .duplicateShard(let shard, let first, let second):
                "shard \(shard) is given twice: \(first) and \(second); merge one of them"
            case .incompleteShard(let shard, let directory, let rerun):
                "shard \(shard) (\(directory)) is incomplete (complete=false: interrupted, killed or cut short by a time limit); re-run it: \(rerun) (or merge with --partial)"
            case .missingShards(let shards, let count, let rerun):
                "\(shards.count) of \(count) shards missing (\(shards.joined(separator: ", "))); re-run "
                    + (shards.count == 1 ? "it" : "them") + ": " + rerun.joined(separator: "; ") + " (or merge with --partial)"
            case .differentKinds(let scenario, let directory, let kind, let otherDirectory, let otherKind):
                "scenario '\(scenario)' is of kind \(kind) in \(directory) but of kind \(otherKind) in \(otherDirectory); results of different kinds cannot be merged"
            case .badShard(let path, let reason):
                "\(path): \(reason); this record was not written by `run` (or was edited): run the shard again"
            case .missingRuns(let shard, let directory, let found, let expected, let rerun):
                "shard \(shard) (\(directory)) has the rows of \(found) of its \(expected) runs (files removed or cut short?); re-run it: \(rerun) (or merge with --partial)"
            case .notANumber(let path, let line, let column, let name, let value):
                "\(path):\(line):\(column): \(ReportError.notANumberReason(name: name, value: value)); run the shard again"
            case .refused(let message):
                "\(message); results are data, never code or paths: this shard was not written by `run` as it is (or was edited): run the shard again"
            }
        }
    }

    /// A merge, checked and ready to write (or written).
    public struct Outcome: Sendable {
        /// The scenario directories of the merged results.
        public var scenarios: [URL]
        /// The merged results' record: complete unless shards were missing or incomplete.
        public var record: StudyRecord
        /// With `partial`: the shards left out or incomplete (K values).
        public var missing: [Int]
        /// N, the study's shard count.
        public var shardCount: Int
    }

    /// The files merged row by row (a shard writes only its runs' rows in each).
    static let files = [
        ResultsWriter.summaryFileName, ResultsWriter.timeseriesFileName, ResultsWriter.latencyFileName, Repetitions.fileName,
        Seeds.fileName, ResultFile.views.fileName,
    ]

    /// Merges `inputs` into `output` (each scenario's files, then `study.json`) and says what was
    /// merged. Nothing is written when any input is refused. As `run` writes, `output` is locked
    /// (``DirectoryLock``: refused while another process writes there) and each scenario's
    /// directory is built in a staged sibling and swapped in whole (``StagedDirectory``), so no
    /// file of an earlier run (its `repetitions.csv`, `run.json`, recorded traces) stays beside
    /// the merged ones; a write that fails part-way leaves the scenarios swapped in before it.
    ///
    /// - Parameter finish: Called with each scenario's staged directory once its merged files are
    ///   there and before it is swapped in, and with whether every shard was merged complete:
    ///   what `run` writes beside the results of a complete scenario (`decision.csv`,
    ///   `grid.csv`) is written here, under the same lock.
    @discardableResult
    public static func merge(
        _ inputs: [URL], into output: URL, partial: Bool = false, command: String = "",
        finish: (_ stagedScenario: URL, _ complete: Bool) -> Void = { _, _ in }
    ) throws -> Outcome {
        let (outcome, contents) = try prepare(inputs, into: output, partial: partial, command: command)
        let lock = try DirectoryLock(output)
        defer { withExtendedLifetime(lock) {} }
        StagedDirectory.removeStale(in: output)
        var directories: [URL] = []
        var files: [URL: [(name: String, text: String)]] = [:]
        for (url, text) in contents {
            let directory = url.deletingLastPathComponent()
            if files[directory] == nil { directories.append(directory) }
            files[directory, default: []].append((url.lastPathComponent, text))
        }
        for directory in directories {
            let staged = try StagedDirectory(replacing: directory)
            do {
                for file in files[directory, default: []] {
                    try AtomicFile.write(file.text, to: staged.directory.appendingPathComponent(file.name))
                }
                finish(staged.directory, outcome.record.complete)
                try staged.commit()
            } catch {
                staged.discard()
                throw error
            }
        }
        try outcome.record.write(into: output)
        return outcome
    }

    /// Reads and checks every input; returns the outcome and every file to write, in order.
    static func prepare(
        _ inputs: [URL], into output: URL, partial: Bool, command: String
    ) throws -> (Outcome, [(URL, String)]) {
        let manager = FileManager.default
        let records = try studies(inputs, partial: partial)
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
        var contents: [(URL, String)] = []
        var written: [URL] = []
        for scenario in scenarios.keys.sorted() {
            let target = output.appendingPathComponent(scenario)
            let directories = scenarios[scenario, default: []]
            try checkKinds(scenario, directories)
            // Every count and measured figure must be a number (or empty), as in any result a
            // gate reads: a shard holding nan, inf or text there is refused.
            let columns = try directories.lazy.map { $0.appendingPathComponent(ResultColumns.fileName) }
                .first { manager.fileExists(atPath: $0.path) }
                .map { url in
                    do {
                        return try ResultColumns(text: try read(url), path: url.path)
                    } catch let error as ReportError {
                        throw MergeError.unreadable(path: url.path, reason: error.description)
                    }
                }
            for name in files {
                let parts = directories.map { $0.appendingPathComponent(name) }.filter { manager.fileExists(atPath: $0.path) }
                guard !parts.isEmpty else { continue }
                let text = try mergeFile(
                    parts, scenario: scenario, checkDuplicates: name == ResultsWriter.summaryFileName, columns: columns,
                    file: ResultFile(rawValue: String(name.dropLast(".csv".count))))
                contents.append((target.appendingPathComponent(name), text))
            }
            for name in [ResultColumns.fileName, ResultsWriter.scenarioFileName, PlotView.fileName] {
                let parts = directories.map { $0.appendingPathComponent(name) }.filter { manager.fileExists(atPath: $0.path) }
                guard let first = parts.first else { continue }
                let text = try read(first)
                // Each shard records its own run (the `# ...` lines at the top of scenario.yaml).
                let body = Self.withoutRecord(text)
                for part in parts.dropFirst() where Self.withoutRecord(try read(part)) != body {
                    throw MergeError.headerMismatch(file: part.path, other: first.path)
                }
                // Shards are often downloaded artifacts: their plots.csv is read as strictly as
                // the plotter reads it, and a shard holding anything but plot views is refused.
                if name == PlotView.fileName {
                    do {
                        _ = try PlotView.parse(text, path: first.path)
                    } catch let error as ReportError {
                        throw MergeError.refused(error.description)
                    }
                }
                contents.append((target.appendingPathComponent(name), text))
            }
            let expectations = directories.map { $0.appendingPathComponent(expectationsFileName) }
            if let text = try mergeExpectations(expectations) {
                contents.append((target.appendingPathComponent(expectationsFileName), text))
            }
            written.append(target)
        }
        var record = records.record
        record.command = command
        return (Outcome(scenarios: written, record: record, missing: records.missing, shardCount: records.count), contents)
    }

    /// Checks the inputs' study records; returns the merged record and the shards left out.
    static func studies(_ inputs: [URL], partial: Bool) throws -> (record: StudyRecord, missing: [Int], count: Int) {
        var shards: [(record: StudyRecord, directory: String)] = []
        for input in inputs {
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: input.path, isDirectory: &isDirectory), isDirectory.boolValue else {
                throw MergeError.unreadable(path: input.path, reason: "no such directory (a shard that never ran?)")
            }
            let url = input.appendingPathComponent(StudyRecord.fileName)
            guard FileManager.default.fileExists(atPath: url.path) else { throw MergeError.noStudy(path: url.path) }
            do {
                shards.append((try StudyRecord(json: try read(url)), input.path))
            } catch let error as MergeError {
                throw error
            } catch {
                throw MergeError.unreadable(path: url.path, reason: "not a study record: \(error)")
            }
        }
        guard let first = shards.first else { throw MergeError.noResults(inputs: []) }
        // Numbers from a file are checked before they count or allocate anything.
        for shard in shards {
            let record = shard.record
            let path = URL(fileURLWithPath: shard.directory).appendingPathComponent(StudyRecord.fileName).path
            guard record.runs >= 0, record.runs <= maxRuns else {
                throw MergeError.badShard(path: path, reason: "a run count of \(record.runs) (expected 0 to \(maxRuns))")
            }
            guard record.shard.count >= 1, record.shard.count <= max(record.runs, 1) else {
                throw MergeError.badShard(
                    path: path, reason: "a shard count of \(record.shard.count) (expected 1 to the study's \(max(record.runs, 1)) runs)")
            }
            guard record.shard.index >= 1, record.shard.index <= record.shard.count else {
                throw MergeError.badShard(
                    path: path, reason: "shard \(record.shard.index) of \(record.shard.count) (expected 1 to \(record.shard.count))")
            }
        }
        let name = { (record: StudyRecord) in "\(record.shard.index)/\(record.shard.count)" }
        var seen: [Int: String] = [:]
        var incomplete: [Int] = []
        for shard in shards {
            if let difference = first.record.difference(from: shard.record) {
                throw MergeError.differentStudy(
                    shard: name(shard.record), directory: shard.directory, other: name(first.record),
                    otherDirectory: first.directory, difference: difference)
            }
            if let other = seen[shard.record.shard.index] {
                throw MergeError.duplicateShard(shard: name(shard.record), first: other, second: shard.directory)
            }
            seen[shard.record.shard.index] = shard.directory
            // Its rows must be those of every run the study gives it (run i of the study is in
            // shard i % N + 1): a shard with runs missing is not complete, whatever it says.
            let expected = runsIn(shard: shard.record.shard.index, of: shard.record.shard.count, runs: shard.record.runs)
            let found = runsWritten(in: URL(fileURLWithPath: shard.directory))
            if found != expected && !partial {
                throw MergeError.missingRuns(
                    shard: name(shard.record), directory: shard.directory, found: found, expected: expected,
                    rerun: first.record.command(forShard: shard.record.shard.index, out: shard.directory))
            }
            if found != expected || !shard.record.complete || hasIncompleteRun(URL(fileURLWithPath: shard.directory)) {
                guard partial else {
                    throw MergeError.incompleteShard(
                        shard: name(shard.record), directory: shard.directory,
                        rerun: first.record.command(forShard: shard.record.shard.index, out: shard.directory))
                }
                incomplete.append(shard.record.shard.index)
            }
        }
        let count = first.record.shard.count
        let absent = (1...count).filter { seen[$0] == nil }
        if !absent.isEmpty && !partial {
            throw MergeError.missingShards(
                shards: absent.map { "\($0)/\(count)" }, count: count,
                rerun: absent.map { first.record.command(forShard: $0, out: "<dir>") })
        }
        var record = first.record
        record.shard = StudyRecord.Slice(index: 1, count: 1)
        record.merged = seen.keys.sorted()
        let missing = (absent + incomplete).sorted()
        record.missing = missing.isEmpty ? nil : missing
        record.complete = missing.isEmpty
        return (record, missing, count)
    }

    /// The most runs a study record may give (a larger count is not one `run` wrote).
    static let maxRuns = 10_000_000

    /// The runs of a study of `runs` runs that shard `index` of `count` makes.
    static func runsIn(shard index: Int, of count: Int, runs: Int) -> Int {
        runs / count + (index - 1 < runs % count ? 1 : 0)
    }

    /// The runs whose rows the `summary.csv` files under `directory` hold (distinct `run` values
    /// per scenario).
    static func runsWritten(in directory: URL) -> Int {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        var total = 0
        for entry in entries where !entry.hasPrefix(".") {
            let url = directory.appendingPathComponent(entry).appendingPathComponent(ResultsWriter.summaryFileName)
            guard let text = try? String(contentsOf: url, encoding: .utf8), let table = try? CSVTable.parse(text),
                let column = table.header.firstIndex(of: "run")
            else { continue }
            total += Set(table.rows.compactMap { $0.indices.contains(column) ? $0[column] : nil }).count
        }
        return total
    }

    /// Whether any `summary.csv` under `directory` has a run with `complete` = false.
    static func hasIncompleteRun(_ directory: URL) -> Bool {
        let entries = (try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []
        for entry in entries {
            let url = directory.appendingPathComponent(entry).appendingPathComponent(ResultsWriter.summaryFileName)
            guard let text = try? String(contentsOf: url, encoding: .utf8), let table = try? CSVTable.parse(text),
                let column = table.header.firstIndex(of: "complete")
            else { continue }
            if table.rows.contains(where: { $0.indices.contains(column) && $0[column] == "false" }) { return true }
        }
        return false
    }

    /// Refuses a scenario name whose directories were written by different kinds.
    static func checkKinds(_ scenario: String, _ directories: [URL]) throws {
        var first: (kind: String, directory: URL)?
        for directory in directories {
            guard let kind = try? ResultsDescription.load(scenarioDirectory: directory).kind else { continue }
            if let first, first.kind != kind {
                throw MergeError.differentKinds(
                    scenario: scenario, directory: first.directory.path, kind: first.kind, otherDirectory: directory.path,
                    otherKind: kind)
            }
            if first == nil { first = (kind, directory) }
        }
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

    /// One merged CSV from the same file of several shards; with `columns` and `file`, each
    /// part's numeric columns are checked (``ResultColumns/checkNumbers(header:rows:lines:file:path:)``).
    static func mergeFile(
        _ parts: [URL], scenario: String, checkDuplicates: Bool, columns: ResultColumns? = nil, file: ResultFile? = nil
    ) throws -> String {
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
            let parsed: (header: [String], rows: [[String]], lines: [Int])
            do {
                parsed = try CSVTable.parseWithLines(text)
            } catch {
                throw MergeError.unreadable(path: part.path, reason: "\(error)")
            }
            if let columns, let file {
                do {
                    try columns.checkNumbers(header: parsed.header, rows: parsed.rows, lines: parsed.lines, file: file, path: part.path)
                } catch let ReportError.notANumber(path, line, column, name, value) {
                    throw MergeError.notANumber(path: path, line: line, column: column, name: name, value: value)
                }
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
