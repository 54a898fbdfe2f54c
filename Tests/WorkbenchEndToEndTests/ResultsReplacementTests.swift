import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `run --out`: a scenario's results directory is replaced whole, one process at a time.
@Suite("run: results replaced whole")
struct ResultsReplacementTests {
    @Test("plots of an earlier run do not survive: the scenario directory is replaced whole")
    func staleFilesDoNotSurvive() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("tiny.yaml", Fixture.yaml())
        let out = temp.path("out")
        let first = cli.run(["run", file.path, "--out", out.path, "-q", "--no-plots"])
        #expect(first.status == 0, "\(transcript(first))")
        try Data("stale".utf8).write(to: out.appendingPathComponent("tiny/sweep.png"))

        let second = cli.run(["run", file.path, "--out", out.path, "-q", "--no-plots", "--seed", "8"])
        #expect(second.status == 0, "\(transcript(second))")
        #expect(!temp.exists("out/tiny/sweep.png"), "the earlier run's plot is gone")
        let index = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(!index.contains("sweep.png"))
        let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny/summary.csv"))
        #expect(summary.column("seed")?.allSatisfy { $0 == "8" } == true)
        #expect(allEntries(under: out).allSatisfy { !$0.contains(".staging-") && !$0.contains(".tmp") })
    }

    @Test("a lock on --out refuses a second process with an error naming the holder's pid, and writes nothing")
    func lockRefusesSecondProcess() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("tiny.yaml", Fixture.yaml())
        let out = temp.path("out")
        try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
        // This test process holds the lock, as a running workbench would.
        let descriptor = open(out.appendingPathComponent(".workbench.lock").path, O_RDWR | O_CREAT | O_CLOEXEC, 0o644)
        #expect(descriptor >= 0)
        defer { close(descriptor) }
        #expect(flock(descriptor, LOCK_EX | LOCK_NB) == 0)
        let pid = Array("\(getpid())\n".utf8)
        _ = pid.withUnsafeBytes { write(descriptor, $0.baseAddress, $0.count) }

        let result = cli.run(["run", file.path, "--out", out.path, "-q", "--no-plots"])
        #expect(result.status == 1, "\(transcript(result))")
        #expect(result.stderr.contains("in use by another workbench process (pid \(getpid()))"), "\(transcript(result))")
        #expect(allEntries(under: out) == [".workbench.lock"])
    }

    @Test("--out '' is refused")
    func emptyOutRefused() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("tiny.yaml", Fixture.yaml())
        let result = cli.run(["run", file.path, "--out", "", "-q", "--no-plots"], cwd: temp.url)
        #expect(result.status == 1, "\(transcript(result))")
        #expect(result.stderr.contains("--out: must not be empty"), "\(transcript(result))")
        #expect(allEntries(under: temp.url) == ["tiny.yaml"])
    }

    @Test(
        "a full disk left a new summary.csv beside the previous run's timeseries.csv: now the previous results stay intact and the error says what failed"
    )
    func fullDiskLeavesPreviousResults() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("tiny.yaml", Fixture.yaml())
        let out = temp.path("out")
        let first = cli.run(["run", file.path, "--out", out.path, "-q", "--no-plots"])
        #expect(first.status == 0, "\(transcript(first))")
        let before = try Self.contents(of: out.appendingPathComponent("tiny"))

        // The injected failure: files may grow to 600 bytes only (RLIMIT_FSIZE), so writing
        // fails part-way with EFBIG, as a full disk fails with ENOSPC.
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c",
            """
            import os, resource, signal, sys
            signal.signal(signal.SIGXFSZ, signal.SIG_IGN)
            resource.setrlimit(resource.RLIMIT_FSIZE, (600, 600))
            os.execv(sys.argv[1], sys.argv[1:])
            """,
            cli.executable.path, "run", file.path, "--out", out.path, "-q", "--no-plots", "--seed", "8",
        ]
        let errors = Pipe()
        process.standardError = errors
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        #expect(process.terminationStatus == 1, "\(stderr)")
        #expect(stderr.contains("cannot write results of 'tiny'"), "\(stderr)")
        #expect(stderr.contains("File too large"), "\(stderr)")
        #expect(try Self.contents(of: out.appendingPathComponent("tiny")) == before, "the previous results, byte for byte")
        #expect(allEntries(under: out).allSatisfy { !$0.contains(".staging-") && !$0.contains(".tmp") })
    }

    /// Each file of `directory` with its bytes.
    static func contents(of directory: URL) throws -> [String: Data] {
        var files: [String: Data] = [:]
        for name in try FileManager.default.contentsOfDirectory(atPath: directory.path) {
            files[name] = try Data(contentsOf: directory.appendingPathComponent(name))
        }
        return files
    }
}

/// `--memory-limit`: `run` and `validate` refuse the same files, before anything runs.
@Suite("run and validate: --memory-limit")
struct MemoryLimitTests {
    @Test("validate reports the same memory refusal as run, and run writes nothing")
    func validateAndRunRefuseAlike() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("tiny.yaml", Fixture.yaml())
        let out = temp.path("out")
        let validate = cli.run(["validate", file.path, "--memory-limit", "100KB"])
        let run = cli.run(["run", file.path, "--memory-limit", "100KB", "--out", out.path, "-q", "--no-plots"])
        #expect(validate.status == 1, "\(transcript(validate))")
        #expect(run.status == 1, "\(transcript(run))")
        #expect(validate.stderr.contains("tiny.yaml:1:1: error: 'tiny' needs about "), "\(transcript(validate))")
        #expect(validate.stderr.contains("limit 100.0 KB"), "\(transcript(validate))")
        #expect(run.stderr == validate.stderr)
        #expect(!FileManager.default.fileExists(atPath: out.path))
        let accepted = cli.run(["validate", file.path, "--memory-limit", "1GB"])
        #expect(accepted.status == 0, "\(transcript(accepted))")
    }
}
