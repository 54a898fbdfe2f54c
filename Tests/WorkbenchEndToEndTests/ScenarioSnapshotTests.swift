import Foundation
import Report
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// What a run runs and writes is what it loaded: repetitions' processes refuse a scenario file
/// edited since, a write beyond `ulimit -f` is a failed write (not a SIGXFSZ death), and a study
/// of which nothing ran leaves the previous study record as it was.
@Suite("run: the scenario as loaded")
struct ScenarioSnapshotTests {
    @Test("a scenario file edited during --repeat is refused by the later repetitions' processes: nothing mixed is written, exit 1")
    func editedDuringRepeatRefused() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        var lines = Fixture.lines(name: "edited")
        lines[4] = "duration: 300s"  // a second or so per repetition
        lines[6] = "sample_interval: 10s"
        let file = try dir.write("edited.yaml", Fixture.text(lines))
        let out = dir.path("out")
        let parent = try ProcessTreeTests.start(
            cli, ["run", file.path, "--out", out.path, "--repeat", "3", "--no-plots", "-q"], in: dir)
        let child = ProcessTreeTests.workbenchChild(of: parent.processIdentifier)
        defer { ProcessTreeTests.reap(child) }
        #expect(child != nil)
        lines[20] = "  capacity: 5"
        try Fixture.text(lines).write(to: file, atomically: false, encoding: .utf8)
        if !ProcessTable.wait(upTo: 120, for: { !parent.isRunning }) { parent.terminate() }
        parent.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.path("stderr.txt"), encoding: .utf8)) ?? ""
        #expect(parent.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("the scenario file changed since the run started"), "\(stderr)")
        #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("edited/summary.csv").path), "nothing of it written")
    }

    @Test("a repetition's process given another SHA-256 than its file's refuses to run it and writes no record")
    func repetitionRefusesOtherDigest() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let record = dir.path("r.record")
        let arguments = ["run", file.path, "--out", dir.path("out").path, "--repetition-record", record.path, "--repetition-runs", "0"]
        let refused = cli.run(arguments + ["--repetition-sha256", String(repeating: "0", count: 64)])
        #expect(refused.status == 1, "\(transcript(refused))")
        #expect(
            refused.stderr.contains("\(file.path):1:1: error: the scenario file changed since the run started"), "\(transcript(refused))")
        #expect(!FileManager.default.fileExists(atPath: record.path))
        let digest = StudyRecord.sha256(try Data(contentsOf: file))
        let accepted = cli.run(arguments + ["--repetition-sha256", digest])
        #expect(accepted.status == 0, "\(transcript(accepted))")
        #expect(FileManager.default.fileExists(atPath: record.path))
    }

    @Test("SIGXFSZ is ignored: a write beyond ulimit -f fails with exit 1 and the previous results intact")
    func fileSizeLimitIsAWriteError() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let out = dir.path("out")
        let first = cli.run([file.path, "--out", out.path, "-q", "--no-plots"])
        #expect(first.status == 0, "\(transcript(first))")
        let summary = out.appendingPathComponent("tiny/summary.csv")
        let before = try String(contentsOf: summary, encoding: .utf8)
        let study = try String(contentsOf: out.appendingPathComponent("study.json"), encoding: .utf8)
        // 4 blocks of 512 bytes: the results (columns.csv alone is larger) cannot be written.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/bin/sh")
        process.arguments = [
            "-c", "ulimit -f 4; exec \"$0\" \"$@\"", cli.executable.path, "run", file.path, "--out", out.path, "--seed", "8", "-q",
            "--no-plots",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        process.waitUntilExit()
        #expect(process.terminationReason == .exit && process.terminationStatus == 1, "\(process.terminationStatus)")
        #expect(try String(contentsOf: summary, encoding: .utf8) == before, "the previous results are intact")
        #expect(try String(contentsOf: out.appendingPathComponent("study.json"), encoding: .utf8) == study, "and their study record")
    }

    @Test("an interrupt while the only file loads writes no study record: the previous study.json stays complete")
    func interruptWhileLoadingKeepsStudyRecord() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let out = temp.path("out")
        let previous = cli.run([try temp.write("tiny.yaml", Fixture.yaml()).path, "--out", out.path, "-q", "--no-plots"])
        #expect(previous.status == 0, "\(transcript(previous))")
        let record = out.appendingPathComponent("study.json")
        let before = try String(contentsOf: record, encoding: .utf8)
        #expect(before.contains("\"complete\" : true"))
        // 300 sweep points: a second or more of loading, during which the interrupt arrives.
        var lines = Fixture.lines(name: "slow")
        lines[4] = "duration: 100000s"
        lines[6] = "sample_interval: 1000s"
        let slow = try temp.write("slow.yaml", Fixture.text(lines + ["sweep: {key: cache.capacity, from: 1, to: 300, step: 1}"]))
        let run = try InterruptedRun(args: [slow.path], in: temp, signal: SIGINT, after: 0.2)
        #expect(run.status == 4, "\(run.transcript)")
        #expect(try String(contentsOf: record, encoding: .utf8) == before, "\(run.transcript)")
    }
}
