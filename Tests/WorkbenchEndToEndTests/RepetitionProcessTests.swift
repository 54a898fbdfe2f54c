import Foundation
import Report
import Scenarios
import Testing

/// `run --repeat N` runs each repetition in a process of its own (``RepetitionProcess``), unless
/// `--in-process`.
@Suite("run --repeat: each repetition in a process of its own")
struct RepetitionProcessTests {
    /// A script that logs its arguments to `log`, one line per start, then does `then`.
    static func wrapper(in dir: TempDir, log: URL, then command: String) throws -> URL {
        let script = try dir.write("wrapper-\(UUID().uuidString).sh", "#!/bin/sh\necho \"$@\" >> '\(log.path)'\n\(command)\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    static func lines(_ url: URL) -> [String] {
        ((try? String(contentsOf: url, encoding: .utf8)) ?? "").split(separator: "\n").map(String.init)
    }

    /// The columns of `row` that are counts or identify the run (not measured figures, nor the
    /// samples beyond a measured percentile), as name=value.
    static func counts(_ row: ResultRow, _ columns: ResultColumns) -> [String] {
        row.columns.filter { [.count, .identity].contains(columns.role(of: $0.name)) }.map { "\($0.name)=\($0.value.text)" }
    }

    @Test("each repetition runs in a process of its own (one start per repetition, with its warm-up round), and the counts equal those of all repetitions in one process")
    func eachRepetitionInItsOwnProcess() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let log = dir.path("starts.log")
        let wrapper = try Self.wrapper(in: dir, log: log, then: "exec '\(cli.executable.path)' \"$@\"")
        let plan = try ScenarioLoader.loadPlan(contentsOf: file)

        var options = RunOptions()
        options.repetitions = 3
        options.isolation = RepetitionProcess(executable: wrapper, file: file.path, arguments: ["--seed", "7"])
        let isolated = ScenarioRunner.run(plan, options: options)
        options.isolation = nil
        let inProcess = ScenarioRunner.run(plan, options: options)

        let starts = Self.lines(log)
        #expect(starts.count == 3, "\(starts)")
        for start in starts {
            #expect(start.hasPrefix("run \(file.path) --repetition-record "), "\(start)")
            #expect(start.contains("--repetition-runs 0,1,2,3,4 --warm-up 1 --quiet --no-plots --seed 7"), "\(start)")
        }
        #expect(isolated.complete && isolated.processFailure == nil && isolated.determinismFailure == nil)
        #expect(isolated.summary.count == Fixture.runs.count)
        #expect(isolated.repetitions.count == 3 * Fixture.runs.count)
        let counts = { (row: ResultRow) in Self.counts(row, isolated.columns) }
        #expect(isolated.summary.map(counts).allSatisfy { $0.count > 20 && $0.contains("complete=true") })
        #expect(isolated.summary.map(counts) == inProcess.summary.map(counts))
        #expect(isolated.repetitions.map(counts) == inProcess.repetitions.map(counts))
        #expect(Array(isolated.timeseries).map(counts) == Array(inProcess.timeseries).map(counts))
        #expect(!isolated.latency.isEmpty)
        // The merged spectrum lies within the repetitions' band at every percentile.
        for row in isolated.latency {
            let value = row["latency_ns"]?.text, low = row[SharedColumns.spectrumLow]?.text, high = row[SharedColumns.spectrumHigh]?.text
            let numbers = [low, value, high].compactMap { $0.flatMap(UInt64.init) }
            #expect(numbers.count == 3 && numbers[0] <= numbers[1] && numbers[1] <= numbers[2], "\(row)")
        }
    }

    @Test("a repetition's process that exits or dies without its results stops the scenario with the reason; nothing of it is kept")
    func failedRepetitionProcess() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let log = dir.path("starts.log")
        let plan = try ScenarioLoader.loadPlan(contentsOf: file)
        for (command, reason) in [("exit 3", "exited 3"), ("kill -KILL $$", "was killed by signal 9 (Killed)")] {
            var options = RunOptions()
            options.repetitions = 2
            options.isolation = RepetitionProcess(
                executable: try Self.wrapper(in: dir, log: log, then: command), file: file.path, arguments: [])
            let result = ScenarioRunner.run(plan, options: options)
            let failure = try #require(result.processFailure)
            #expect(failure.contains("repetition 1 ran in a process of its own, which \(reason) without sending back its results"), "\(failure)")
            #expect(!result.complete && result.summary.isEmpty && result.repetitions.isEmpty)
        }
        #expect(Self.lines(log).count == 2, "no second repetition after a failed one")
    }

    @Test("interrupting a run interrupts its repetition's process and starts no other; no failure is reported")
    func interruptStopsRepetitionProcess() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let log = dir.path("starts.log")
        let wrapper = try Self.wrapper(in: dir, log: log, then: "exec '\(cli.executable.path)' \"$@\"")
        let plan = try ScenarioLoader.loadPlan(contentsOf: file)
        var options = RunOptions(isCancelled: { FileManager.default.fileExists(atPath: log.path) })
        options.repetitions = 3
        options.isolation = RepetitionProcess(executable: wrapper, file: file.path, arguments: [])
        let result = ScenarioRunner.run(plan, options: options)
        #expect(!result.complete)
        #expect(result.processFailure == nil, "\(result.processFailure ?? "")")
        #expect(Self.lines(log).count == 1)
    }

    @Test("run --repeat 2 and run --repeat 2 --in-process write the same counts; --help tells --in-process and hides the repetition's own options")
    func inProcessOption() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        var summaries: [CSVFile] = []
        for (name, extra) in [("own", [String]()), ("one", ["--in-process"])] {
            let out = dir.path(name)
            let result = cli.run([file.path, "--out", out.path, "--repeat", "2", "--no-plots", "--quiet"] + extra)
            #expect(result.status == 0, "\(transcript(result))")
            summaries.append(try CSVFile(contentsOf: out.appendingPathComponent("tiny/summary.csv")))
            let repetitions = try CSVFile(contentsOf: out.appendingPathComponent("tiny/repetitions.csv"))
            #expect(repetitions.rows.count == 2 * Fixture.runs.count)
        }
        for column in ["policy", "in_use", "instantiations", "hits", "evictions", "repopulations"] {
            #expect(summaries[0].column(column) != nil && summaries[0].column(column) == summaries[1].column(column), "\(column)")
        }
        let help = cli.run(["run", "--help"])
        #expect(help.stdout.contains("--in-process"), "\(help.stdout)")
        #expect(!help.stdout.contains("--repetition-record") && !help.stdout.contains("--repetition-runs"))
    }
}
