import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `workbench run --jobs N`: the results directory of `--jobs 2` is that of `--jobs 1` (every
/// file, every row in order; only the measured values, the record of when and how it ran, and
/// `run.json` differ); runs that measure stay alone without `--jobs-measured`; `run.json` records
/// the jobs; `--jobs 0` and below are refused.
@Suite("run --jobs")
struct RunJobsTests {
    /// A trace study: six policies at three capacities (18 runs), warm-up and windows.
    static let trace = """
        name: jobs-trace
        kind: trace
        generate: {objects: 2000, requests: 200000, alpha: 0.8, seed: 9}
        cache: {policies: [lru, fifo, clock, arc, s3-fifo, optimal], capacities: [50, 200, 800]}
        warmup_requests: 1000
        window: 20000
        expect:
          lru@50: {misses: "> 0"}
        """

    /// Every file of `directory` (recursively), as path → contents, with what differs between
    /// any two runs of the same study blanked: the measured columns' values (named by
    /// `columns.csv`), a latency spectrum's percentile levels (where the measured histogram has
    /// samples: only its runs and operations, in order, are kept), the `# ...` lines recording
    /// when and by what command `scenario.yaml` was made, the index pages (the summary with its
    /// measured columns, and the command line), and `run.json` (returned apart).
    static func contents(of directory: URL) throws -> (files: [String: String], runs: [String: [String: Any]]) {
        var files: [String: String] = [:]
        var runs: [String: [String: Any]] = [:]
        let paths = FileManager.default.enumerator(atPath: directory.path)?.compactMap { $0 as? String } ?? []
        for path in paths.sorted() {
            let url = directory.appendingPathComponent(path)
            var isDirectory: ObjCBool = false
            guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory), !isDirectory.boolValue else { continue }
            let text = String(decoding: try Data(contentsOf: url), as: UTF8.self)
            let name = url.lastPathComponent
            if name == "run.json" {
                runs[url.deletingLastPathComponent().lastPathComponent] =
                    try JSONSerialization.jsonObject(with: Data(text.utf8)) as? [String: Any] ?? [:]
            } else if ["study.json", ".workbench.lock", "index.html", "index.md"].contains(name) {
                continue
            } else if name == "scenario.yaml" {
                files[path] = text.split(separator: "\n", omittingEmptySubsequences: false).filter { !$0.hasPrefix("# ") }
                    .joined(separator: "\n")
            } else if name.hasSuffix(".csv"), name != "columns.csv" {
                let columns = try CSVFile(contentsOf: url.deletingLastPathComponent().appendingPathComponent("columns.csv"))
                let file = name.replacingOccurrences(of: ".csv", with: "")
                let measured = Set(
                    columns.records.filter { $0["file"] == file && ($0["role"] == "measured" || $0["role"] == "tail") }
                        .compactMap { $0["name"] })
                let csv = try CSVFile(contentsOf: url)
                let kept = csv.header.map { !measured.contains($0) && !(file == "latency" && $0 == "percentile") }
                var lines = ([csv.header] + csv.rows).map { row in
                    zip(row, kept).map { $1 ? $0 : "<measured>" }.joined(separator: ",")
                }
                if file == "latency" {
                    lines = lines.enumerated().filter { $0.offset == 0 || $0.element != lines[$0.offset - 1] }.map(\.element)
                }
                files[path] = lines.joined(separator: "\n")
            } else {
                files[path] = text
            }
        }
        return (files, runs)
    }

    /// Runs `files` with `arguments` into `<dir>/<out>`; its contents.
    static func run(
        _ cli: CLI, _ files: [String], out: URL, _ arguments: [String]
    ) throws -> (files: [String: String], runs: [String: [String: Any]]) {
        let output = cli.run(["run"] + files + ["--out", out.path, "-q", "--no-plots"] + arguments)
        #expect(output.status == 0, "\(transcript(output))")
        return try contents(of: out)
    }

    @Test("--jobs 2 writes the results directory of --jobs 1: a trace study, and a study mixing a trace with a measured kind")
    func jobsTwoIsByteIdenticalToJobsOne() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let trace = try dir.write("trace.yaml", Self.trace).path
        let table = try dir.write("tiny.yaml", Fixture.yaml()).path
        for (name, files) in [("trace", [trace]), ("mixed", [table, trace])] {
            let one = try Self.run(cli, files, out: dir.path("\(name)-1"), ["--jobs", "1"])
            let two = try Self.run(cli, files, out: dir.path("\(name)-2"), ["--jobs", "2"])
            #expect(!one.files.isEmpty)
            #expect(one.files.keys.sorted() == two.files.keys.sorted(), "\(name)")
            for (path, text) in one.files {
                #expect(two.files[path] == text, "\(name): \(path) differs between --jobs 1 and --jobs 2")
            }
            let parallel = two.runs["jobs-trace"]?["parallel"] as? [String: Any]
            #expect((parallel?["most_at_once"] as? Int) == 2, "\(name): \(String(describing: parallel))")
        }
    }

    @Test("runs that measure are not run side by side without --jobs-measured (run.json), and are with it")
    func measuredRunsStayAlone() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let table = try dir.write("tiny.yaml", Fixture.yaml()).path
        let alone = try Self.run(cli, [table], out: dir.path("alone"), ["--jobs", "2"])
        let record = try #require(alone.runs["tiny"]?["parallel"] as? [String: Any])
        #expect(record["alone"] as? [Int] == Array(0..<Fixture.runs.count), "\(record)")
        #expect(record["beside_others"] as? [Int] == [], "\(record)")
        #expect(record["most_at_once"] as? Int == 1, "\(record)")
        #expect(record["jobs_measured"] as? Bool == false, "\(record)")

        let measured = try Self.run(cli, [table], out: dir.path("measured"), ["--jobs", "2", "--jobs-measured"])
        let shared = try #require(measured.runs["tiny"]?["parallel"] as? [String: Any])
        #expect(shared["alone"] as? [Int] == [], "\(shared)")
        #expect(shared["jobs_measured"] as? Bool == true, "\(shared)")
        #expect(shared["most_at_once"] as? Int == 2, "\(shared)")
        // The counts are the same whatever ran beside them.
        #expect(alone.files["tiny/summary.csv"] == measured.files["tiny/summary.csv"])
    }

    @Test("run.json records the jobs: --jobs 3, and by default the machine's cores")
    func runJSONRecordsJobs() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let trace = try dir.write("trace.yaml", Self.trace).path
        let three = try Self.run(cli, [trace], out: dir.path("three"), ["--jobs", "3"])
        let record = try #require(three.runs["jobs-trace"]?["parallel"] as? [String: Any])
        #expect(record["jobs"] as? Int == 3, "\(record)")
        #expect((record["policy"] as? String)?.contains("up to 3 runs at once") == true, "\(record)")
        let byDefault = try Self.run(cli, [trace], out: dir.path("default"), [])
        let cores = ProcessInfo.processInfo.activeProcessorCount
        #expect((byDefault.runs["jobs-trace"]?["parallel"] as? [String: Any])?["jobs"] as? Int == cores)
    }

    @Test("SIGINT during runs side by side: exit 4, the first run's partial row only, nothing half-written")
    func interruptSideBySide() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        // Runs that would replay a billion requests each: only the interrupt ends them.
        let file = try temp.write(
            "long.yaml",
            Self.trace.replacingOccurrences(of: "requests: 200000", with: "requests: 1000000000")
                .replacingOccurrences(of: "[lru, fifo, clock, arc, s3-fifo, optimal]", with: "[lru, fifo, clock]"))
        // Too large to read once into memory under this limit (16 GB): each run reads its own,
        // and the test holds little memory.
        let run = try InterruptedRun(args: [file.path, "--jobs", "2", "--memory-limit", "1GB"], in: temp, signal: SIGINT, after: 3)
        #expect(run.status == 4, "\(run.transcript)")
        try run.expectIncomplete(scenario: "jobs-trace")
        let summary = try CSVFile(contentsOf: run.out.appendingPathComponent("jobs-trace/summary.csv"))
        #expect(summary.column("run") == ["0"], "\(summary.raw)")
        let left = try FileManager.default.contentsOfDirectory(atPath: run.out.path).filter { $0.hasPrefix(".staging") }
        #expect(left.isEmpty, "\(left)")
    }

    @Test("--jobs 0 and --jobs -1 are refused with a clear message (exit 64), nothing run")
    func jobsBelowOneRefused() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let trace = try dir.write("trace.yaml", Self.trace).path
        for value in ["0", "-1"] {
            let output = cli.run(["run", trace, "--out", dir.path("out").path, "--jobs", value])
            #expect(output.status == 64, "\(transcript(output))")
            #expect(
                output.stderr.contains("--jobs: expected a number of runs at once of 1 or more, found \(value)"), "\(transcript(output))")
        }
        #expect(!dir.exists("out"))
    }
}
