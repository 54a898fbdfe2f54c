import Foundation
import Scenarios
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Children die with their parent, `ab` forwards an interrupt to the build it runs and exits 4,
/// and a stopped or unresponsive child is killed after a grace period.
@Suite("process tree discipline")
struct ProcessTreeTests {
    /// A scrolling-table scenario that runs for hours unless interrupted.
    static let long: String = {
        var lines = Fixture.lines(name: "long")
        lines[4] = "duration: 100000s"
        lines[6] = "sample_interval: 1000s"
        return Fixture.text(lines)
    }()

    /// Starts `workbench arguments` (stdout discarded, stderr to `<dir>/stderr.txt`) with
    /// SIGINT/SIGTERM cleared as a shell would start it (the test runner's threads block them).
    static func start(_ cli: CLI, _ arguments: [String], in dir: TempDir) throws -> Process {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments =
            [
                "python3", "-c",
                "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
                cli.executable.path,
            ] + arguments
        var environment = ProcessInfo.processInfo.environment
        environment["WORKBENCH_SKIP_LOAD_CHECK"] = "1"
        process.environment = environment
        let errors = dir.path("stderr.txt")
        _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
        process.standardError = try FileHandle(forWritingTo: errors)
        process.standardOutput = FileHandle.nullDevice
        try process.run()
        return process
    }

    /// The first child of `pid` that is a workbench handling interrupts (so past its start-up,
    /// where it asked to die with its parent), waited for up to a minute.
    static func workbenchChild(of pid: Int32) -> Int32? {
        var found: Int32?
        ProcessTable.wait(upTo: 60) {
            found = ProcessTable.children(of: pid).first(where: InterruptedRun.handlesInterrupts)
            return found != nil
        }
        if found != nil { Thread.sleep(forTimeInterval: 0.3) }
        return found
    }

    /// Ends `pid` if it still runs (a failed test leaves nothing behind).
    static func reap(_ pid: Int32?) {
        if let pid, ProcessTable.isRunning(pid) { kill(pid, SIGKILL) }
    }

    @Test("SIGKILL of run --repeat's parent leaves no repetition process running and no record behind")
    func killedParentLeavesNoChild() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("long.yaml", Self.long)
        let out = dir.path("out")
        let parent = try Self.start(cli, ["run", file.path, "--out", out.path, "--repeat", "3", "-q", "--no-plots"], in: dir)
        let pid = parent.processIdentifier
        let child = Self.workbenchChild(of: pid)
        defer { Self.reap(child) }
        #expect(child != nil, "a repetition's process started")
        kill(pid, SIGKILL)
        parent.waitUntilExit()
        if let child {
            #expect(ProcessTable.wait(upTo: 10) { !ProcessTable.isRunning(child) }, "the repetition's process died with its parent")
        }
        let inOut = FileManager.default.enumerator(atPath: out.path)?.compactMap { $0 as? String } ?? []
        #expect(!inOut.contains { $0.hasSuffix(".record") }, "\(inOut)")
        let inTemp = (try? FileManager.default.contentsOfDirectory(atPath: FileManager.default.temporaryDirectory.path)) ?? []
        #expect(!inTemp.contains { $0.hasPrefix("workbench-repetition-\(pid)-") }, "no record in the temporary directory")
    }

    @Test("a workbench told a parent pid that is not its parent's stops at start (its parent died before it could ask to die with it)")
    func parentCheckedAtStart() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        // The parent here is a shell; the pid given is one that has exited.
        let gone = Process()
        gone.executableURL = URL(fileURLWithPath: "/bin/true")
        try gone.run()
        gone.waitUntilExit()
        let output = cli.run(
            [
                "run", file.path, "--out", dir.path("out").path, "-q", "--no-plots",
            ], environment: [ChildProcessWatch.parentVariable: "\(gone.processIdentifier)"])
        #expect(output.status == 4, "\(transcript(output))")
        #expect(output.stderr.contains("the process that started this run has exited; nothing was run"), "\(transcript(output))")
        #expect(!FileManager.default.fileExists(atPath: dir.path("out").path))
    }

    @Test("Ctrl-C (SIGINT) on ab is forwarded to the build it runs: ab exits 4 and leaves no orphan")
    func interruptedABExits4() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("long.yaml", Self.long)
        let binary = cli.executable.path
        let ab = try Self.start(cli, ["ab", binary, binary, file.path, "--repeat", "2", "--out", dir.path("ab").path], in: dir)
        let child = Self.workbenchChild(of: ab.processIdentifier)
        defer { Self.reap(child) }
        #expect(child != nil, "ab started a build")
        kill(ab.processIdentifier, SIGINT)
        let exited = ProcessTable.wait(upTo: 20) { !ab.isRunning }
        if !exited { kill(ab.processIdentifier, SIGKILL) }
        ab.waitUntilExit()
        let stderr = (try? String(contentsOf: dir.path("stderr.txt"), encoding: .utf8)) ?? ""
        #expect(exited && ab.terminationReason == .exit && ab.terminationStatus == 4, "\(ab.terminationStatus)\n\(stderr)")
        if let child { #expect(!ProcessTable.isRunning(child), "the build's run is not left running") }
    }

    @Test("ab reports a build killed by a signal as a signal, not as an exit status")
    func abReportsSignalDeath() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let crasher = try dir.write("crash.sh", "#!/bin/sh\nkill -SEGV $$\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: crasher.path)
        let output = cli.run(["ab", crasher.path, cli.executable.path, file.path, "--repeat", "1", "--out", dir.path("ab").path])
        #expect(output.status == 1, "\(transcript(output))")
        #expect(output.stderr.contains("was killed by signal 11"), "\(transcript(output))")
        #expect(!output.stderr.contains("exited 11"), "\(transcript(output))")
    }

    @Test("a stopped repetition process does not make the parent ignore SIGINT: it is woken, stopped, and the run exits 4")
    func stoppedChildDoesNotBlockInterrupt() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("long.yaml", Self.long)
        let parent = try Self.start(cli, ["run", file.path, "--out", dir.path("out").path, "--repeat", "3", "-q", "--no-plots"], in: dir)
        let child = Self.workbenchChild(of: parent.processIdentifier)
        defer { Self.reap(child) }
        let stopped = try #require(child)
        kill(stopped, SIGSTOP)
        kill(parent.processIdentifier, SIGINT)
        let exited = ProcessTable.wait(upTo: 20) { !parent.isRunning }
        if !exited { kill(parent.processIdentifier, SIGKILL) }
        parent.waitUntilExit()
        #expect(exited && parent.terminationStatus == 4, "\(parent.terminationStatus)")
        #expect(!ProcessTable.isRunning(stopped))
    }

    @Test("a repetition process that ignores the interrupt is killed after the grace period")
    func unresponsiveChildKilledAfterGrace() throws {
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let stubborn = try dir.write("stubborn.sh", "#!/bin/sh\ntrap '' INT TERM\nexec sleep 60\n")
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: stubborn.path)
        var process = RepetitionProcess(executable: stubborn, file: file.path, arguments: [])
        process.watch.gracePeriod = 0.5
        let started = Date()
        let result = process.run(repetition: 0, runs: [0], warmUpRounds: 0, recordTrace: false, isCancelled: { true })
        #expect(Date().timeIntervalSince(started) < 10)
        guard case .failure(let failure) = result else {
            Issue.record("a process that sent nothing back succeeded")
            return
        }
        #expect(failure.description.contains("was killed by signal 9"), "\(failure)")
    }
}
