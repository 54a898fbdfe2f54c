import Foundation
import Testing

/// `run --cache-dir`: where the drawing kind's disk tiers live, and their clean-up by the command.
@Suite("run --cache-dir")
struct DrawingCacheDirTests {
    static func yaml(duration: String) -> String {
        """
        name: tiers
        kind: drawing
        seed: 3
        duration: \(duration)
        warmup: 0s
        views:
          - name: ticker
            size: [64, 32]
            content: every_frame
        cache: {policies: [disk], disk_capacity: 64KB}

        """
    }

    /// Makes `<dir>/workbench-<name>/` holding a run's tier and `marker` (the lock file, free:
    /// its process has exited).
    @discardableResult
    static func makeTier(in dir: URL, name: String, marker: String = ".workbench-drawing-tiers.lock") throws -> URL {
        let process = dir.appendingPathComponent("workbench-\(name)")
        try FileManager.default.createDirectory(at: process.appendingPathComponent("old-run"), withIntermediateDirectories: true)
        try Data().write(to: process.appendingPathComponent(marker))
        return process
    }

    static func names(_ dir: URL) -> [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: dir.path)) ?? []).sorted()
    }

    @Test(
        "--cache-dir is honoured: tiers whose lock is free are removed at start, live ones (lock held) and unjudgeable ones kept, and the run leaves nothing"
    )
    func cacheDirHonoured() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("tiers.yaml", Self.yaml(duration: "1s"))
        let cacheDir = temp.path("cache")
        try Self.makeTier(in: cacheDir, name: "Dead01")
        let live = try Self.makeTier(in: cacheDir, name: "Live01")
        let holder = ProcessTable.holdLock(live.appendingPathComponent(".workbench-drawing-tiers.lock"))
        defer { if let holder { kill(holder.processIdentifier, SIGKILL) } }
        // An earlier version's directory, named by a pid that may live in another namespace.
        try Self.makeTier(in: cacheDir, name: "4000003", marker: ".workbench-drawing-tiers")
        let output = cli.run(["run", file.path, "--out", temp.path("out").path, "--cache-dir", cacheDir.path, "-q"])
        #expect(output.status == 0, "\(transcript(output))")
        let kept = holder == nil ? ["workbench-4000003"] : ["workbench-4000003", "workbench-Live01"]
        #expect(Self.names(cacheDir) == kept, "the dead process's tier is gone; the live one's and the unjudgeable one stay")
        let summary = try String(contentsOf: temp.path("out/tiers/summary.csv"), encoding: .utf8)
        #expect(summary.contains("disk_evictions"))
    }

    @Test("an interrupted run (SIGTERM) removes its tiers and exits 4")
    func interruptRemovesTiers() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let file = try temp.write("tiers.yaml", Self.yaml(duration: "1000s"))
        let cacheDir = temp.path("cache")
        let process = Process()
        // The test runner's threads block SIGTERM and a child inherits that mask: exec workbench
        // through Python with the mask cleared, as a shell would start it.
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = [
            "python3", "-c", "import os, signal, sys; signal.pthread_sigmask(signal.SIG_SETMASK, []); os.execv(sys.argv[1], sys.argv[1:])",
            cli.executable.path, "run", file.path, "--out", temp.path("out").path, "--cache-dir", cacheDir.path, "-q", "--no-plots",
        ]
        process.standardOutput = FileHandle.nullDevice
        process.standardError = FileHandle.nullDevice
        try process.run()
        // The process's directory (workbench-XXXXXX: its lock file and the run's tier).
        let tier = { Self.names(cacheDir).first.map { cacheDir.appendingPathComponent($0) } ?? cacheDir }
        let deadline = Date().addingTimeInterval(60)
        while Self.names(tier()).count < 2, Date() < deadline { Thread.sleep(forTimeInterval: 0.05) }
        #expect(Self.names(tier()).count == 2, "the run's tier appeared under --cache-dir")
        process.terminate()  // SIGTERM, handled as SIGINT is
        let stopBy = Date().addingTimeInterval(30)
        while process.isRunning, Date() < stopBy { Thread.sleep(forTimeInterval: 0.05) }
        if process.isRunning { kill(process.processIdentifier, SIGKILL) }
        process.waitUntilExit()
        #expect(process.terminationStatus == 4)
        #expect(Self.names(cacheDir).isEmpty, "the tier directory is removed")
    }
}
