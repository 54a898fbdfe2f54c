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
/// `latency.csv`, `repetitions.csv` (with repetitions) and `seeds.csv` (with several workload
/// seeds) are concatenated and put back in run order (the `run` column, the run's index in its
/// scenario), keeping each run's rows in the order they were written (a run's seeds, a seed's
/// repetitions). A merged
/// directory is therefore the same as the one an unsharded run writes, row for row. Each
/// scenario's `columns.csv`, `scenario.yaml` and `plots.csv` are carried over; every shard must have
/// written the same ones (and the same kind). Their `expectations.csv` are combined
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
        Seeds.fileName,
    ]

    /// Merges `inputs` into `output` (each scenario's files, then `study.json`) and says what was
    /// merged. Nothing is written when any input is refused; a write that fails part-way (a full
    /// disk) leaves the files written before it.
    @discardableResult
    public static func merge(_ inputs: [URL], into output: URL, partial: Bool = false, command: String = "") throws -> Outcome {
        let (outcome, contents) = try prepare(inputs, into: output, partial: partial, command: command)
        for (url, text) in contents {
            try AtomicFile.write(text, to: url)
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
            for name in files {
                let parts = directories.map { $0.appendingPathComponent(name) }.filter { manager.fileExists(atPath: $0.path) }
                guard !parts.isEmpty else { continue }
                let text = try mergeFile(parts, scenario: scenario, checkDuplicates: name == ResultsWriter.summaryFileName)
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
            if !shard.record.complete || hasIncompleteRun(URL(fileURLWithPath: shard.directory)) {
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
