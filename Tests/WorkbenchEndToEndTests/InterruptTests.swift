import Foundation
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// `run` and SIGINT/SIGTERM: the first signal stops any run in every kind and phase, keeping
/// partial results marked `complete=false`, and exits 4.
///
/// Each test starts the built executable, waits until it has installed its handlers (read from
/// `/proc/<pid>/status`), lets it reach the phase under test, signals it and waits at most
/// ``InterruptedRun/exitBound`` seconds for it to exit. That bound is a correctness check (the
/// process stops at all, instead of running its 1000 s scenario to the end), not a speed figure;
/// it leaves room for a machine busy with the rest of the suite.
@Suite("run: interrupts")
struct InterruptTests {
    @Test("an interrupt while loading stops the run: exit 4, and nothing half-written")
    func interruptWhileLoading() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("long.yaml", Self.table(duration: "1000000s", warmup: "0s"))
        let run = try InterruptedRun(args: [file.path], in: temp, signal: SIGINT, after: 0)
        #expect(run.status == 4, "\(run.transcript)")
        try run.expectIncompleteOrAbsent(scenario: "long")
    }

    @Test("an interrupt during the warm-up (SIGTERM) keeps the run, marked complete=false")
    func interruptDuringWarmup() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("long.yaml", Self.table(duration: "1s", warmup: "1000000s"))
        let run = try InterruptedRun(args: [file.path], in: temp, signal: SIGTERM, after: 1)
        #expect(run.status == 4, "\(run.transcript)")
        try run.expectIncomplete(scenario: "long")
    }

    @Test("an interrupt during a long drawing stops between draws, not at the end of the frame")
    func interruptDuringLongDrawing() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        // Every frame draws 1,000 views of 2048×2048 pixels with shadows: one frame takes minutes.
        let file = try temp.write(
            "huge.yaml",
            """
            name: huge
            kind: drawing
            duration: 1000s
            warmup: 0s
            views:
              - name: poster
                count: 1000
                size: [2048, 2048]
                effects: {gradient: true, corner_radius: 12, shadow: 16, text: true}
                content: every_frame
            cache: {policies: [none]}

            """)
        let run = try InterruptedRun(args: [file.path], in: temp, signal: SIGINT, after: 1)
        #expect(run.status == 4, "\(run.transcript)")
        try run.expectIncomplete(scenario: "huge")
    }

    @Test("an interrupt during a flood of memory-pressure events stops the run")
    func interruptDuringEventFlood() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        // The navigation fixture, 900 s long with a warning every millisecond (900,000 events).
        var yaml = EndToEnd.NavigationRun.yaml
        for (old, new) in [
            ("name: tiny-nav", "name: flood"), ("duration: 20s", "duration: 900s"), ("warmup: 2s", "warmup: 0s"),
            ("sample_interval: 5s", "sample_interval: 1s"), ("{every: 6s, level: warning}", "{every: 1ms, level: warning}"),
        ] {
            #expect(yaml.contains(old))
            yaml = yaml.replacingOccurrences(of: old, with: new)
        }
        let file = try temp.write("flood.yaml", yaml)
        let run = try InterruptedRun(args: [file.path], in: temp, signal: SIGINT, after: 1)
        #expect(run.status == 4, "\(run.transcript)")
        // A fast machine may finish a run or two before the signal (`forever` gets through its
        // 900,000 events in well under a second): those stay complete; the interrupted run is
        // kept, marked incomplete, and the runs after it never start.
        let summary = try CSVFile(contentsOf: run.out.appendingPathComponent("flood/summary.csv"))
        let complete = try #require(summary.column("complete"))
        #expect(complete.last == "false", "\(summary.raw)")
        #expect(complete.dropLast().allSatisfy { $0 == "true" }, "\(summary.raw)")
    }

    @Test("an interrupt (SIGTERM) stops parallel readers' threads and keeps what they measured")
    func interruptParallelReaders() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write(
            "readers.yaml",
            """
            name: readers
            kind: parallel-readers
            duration: 1000s
            warmup: 100ms
            sample_interval: 100ms
            store: {designs: [rwlock, mutex]}
            keys: 200
            readers: {threads: 2, mix: {get: 100}}
            writers: {threads: 1, mix: {set: 100}, rate: 1000}

            """)
        let run = try InterruptedRun(args: [file.path], in: temp, signal: SIGTERM, after: 1)
        #expect(run.status == 4, "\(run.transcript)")
        try run.expectIncomplete(scenario: "readers")
    }

    @Test("a process started with SIGINT and SIGTERM blocked still stops at the first SIGINT")
    func interruptWhenInheritedBlocked() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("long.yaml", Self.table(duration: "1000000s", warmup: "0s"))
        let run = try InterruptedRun(args: [file.path], in: temp, signal: SIGINT, after: 1, inherited: .blocked)
        #expect(run.status == 4, "\(run.transcript)")
        try run.expectIncomplete(scenario: "long")
    }

    @Test("a process started with SIGINT and SIGTERM ignored still stops at the first SIGINT")
    func interruptWhenInheritedIgnored() throws {
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("long.yaml", Self.table(duration: "1000000s", warmup: "0s"))
        let run = try InterruptedRun(args: [file.path], in: temp, signal: SIGINT, after: 1, inherited: .ignored)
        #expect(run.status == 4, "\(run.transcript)")
        try run.expectIncomplete(scenario: "long")
    }

    /// The fixture's scrolling table named `long`, with the given duration and warm-up (virtual
    /// time: a million seconds take far longer than the test waits).
    static func table(duration: String, warmup: String) -> String {
        var lines = Fixture.lines(name: "long")
        lines[4] = "duration: \(duration)"
        lines[5] = "warmup: \(warmup)"
        lines[6] = "sample_interval: 1000s"
        lines[21] = "  policies: [lru]"
        return Fixture.text(lines)
    }
}

/// One `workbench run ... --out <temp>/out -q --no-plots` signalled once, and how it ended.
struct InterruptedRun {
    /// How the child inherits SIGINT and SIGTERM from whoever starts it.
    enum Inherited: String {
        /// Unblocked, default action: as an interactive shell starts it.
        case cleared
        /// Blocked in its signal mask (the test runner's threads block some signals).
        case blocked
        /// Ignored (a background job of a non-interactive shell).
        case ignored
    }

    /// Seconds the process has to exit after the signal before the test gives up and kills it.
    /// Generous: the whole suite runs its tests side by side on few cores, valgrind's among them.
    static let exitBound: TimeInterval = 30

    let status: Int32
    let timedOut: Bool
    let stderr: String
    let out: URL

    /// Starts the run (through Python, which sets the inherited signal state and then execs the
    /// executable in the same process), waits for its handlers, waits `after` seconds more,
    /// sends `signal`, and waits for the exit.
    init(args: [String], in temp: TempDir, signal number: Int32, after delay: TimeInterval, inherited: Inherited = .cleared)
        throws
    {
        let cli = try workbench()
        out = temp.path("out")
        let errors = temp.path("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                """
                import os, signal, sys
                both = [signal.SIGINT, signal.SIGTERM]
                signal.pthread_sigmask(signal.SIG_SETMASK, both if sys.argv[1] == "blocked" else [])
                for s in both: signal.signal(s, signal.SIG_IGN if sys.argv[1] == "ignored" else signal.SIG_DFL)
                os.execv(sys.argv[2], sys.argv[2:])
                """,
                inherited.rawValue, cli.executable.path, "run",
            ] + args + ["--out", out.path, "-q", "--no-plots"]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = try FileHandle(forWritingTo: errors)
        try process.run()
        let pid = process.processIdentifier

        let readyBy = Date().addingTimeInterval(60)
        while process.isRunning, !Self.handlesInterrupts(pid), Date() < readyBy { Thread.sleep(forTimeInterval: 0.01) }
        if delay > 0 { Thread.sleep(forTimeInterval: delay) }
        kill(pid, number)
        let exitBy = Date().addingTimeInterval(Self.exitBound)
        while process.isRunning, Date() < exitBy { Thread.sleep(forTimeInterval: 0.02) }
        timedOut = process.isRunning
        if timedOut { kill(pid, SIGKILL) }
        process.waitUntilExit()
        status = process.terminationStatus
        stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
    }

    /// Whether `pid` is the workbench executable and catches both SIGINT and SIGTERM, unblocked
    /// (`SigCgt`/`SigBlk` in `/proc/<pid>/status` are hexadecimal masks, bit n-1 for signal n).
    static func handlesInterrupts(_ pid: Int32) -> Bool {
        guard let status = try? String(contentsOfFile: "/proc/\(pid)/status", encoding: .utf8) else { return false }
        var fields: [String: String] = [:]
        for line in status.split(separator: "\n") {
            let parts = line.split(separator: ":", maxSplits: 1)
            if parts.count == 2 { fields[String(parts[0])] = parts[1].trimmingCharacters(in: .whitespaces) }
        }
        guard fields["Name"] == "workbench", let caught = fields["SigCgt"].flatMap({ UInt64($0, radix: 16) }),
            let blocked = fields["SigBlk"].flatMap({ UInt64($0, radix: 16) })
        else { return false }
        let mask: UInt64 = 1 << (UInt64(SIGINT) - 1) | 1 << (UInt64(SIGTERM) - 1)
        return caught & mask == mask && blocked & mask == 0
    }

    var transcript: String {
        "exit \(status)\(timedOut ? " (still running \(Self.exitBound) s after the signal: killed)" : "")\n--- stderr\n\(stderr)"
    }

    /// The scenario's summary: at least one row, every one `complete=false`.
    func expectIncomplete(scenario: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let summary = try CSVFile(contentsOf: out.appendingPathComponent("\(scenario)/summary.csv"))
        #expect(!summary.rows.isEmpty, "\(transcript)", sourceLocation: sourceLocation)
        #expect(summary.column("complete")?.allSatisfy { $0 == "false" } == true, "\(summary.raw)", sourceLocation: sourceLocation)
    }

    /// No results for the scenario, or results marked `complete=false`.
    func expectIncompleteOrAbsent(scenario: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let file = out.appendingPathComponent("\(scenario)/summary.csv")
        guard FileManager.default.fileExists(atPath: file.path) else { return }
        try expectIncomplete(scenario: scenario, sourceLocation: sourceLocation)
    }
}
