import Foundation
import Report
import Testing

@testable import Scenarios

/// The drawing kind's disk tier: its byte limit in a run, where it lives and its clean-up.
@Suite("Drawing disk tier")
struct DrawingDiskTierTests {
    /// Every frame a new drawing: the disk tier grows until its limit. Line numbers fixed.
    static let yaml = """
        name: disk-bound
        kind: drawing
        seed: 3
        duration: 2s
        warmup: 0s
        views:
          - name: ticker
            size: [64, 32]
            content: every_frame
        cache: {policies: [disk], disk_capacity: 64KB}

        """

    /// A fresh directory to hold tiers, removed by `cleanUp()`.
    struct Root {
        let url = FileManager.default.temporaryDirectory
            .appendingPathComponent("drawing-tiers-\(UUID().uuidString)", isDirectory: true)

        func cleanUp() {
            DrawingTierDirectory.removeProcessDirectory(in: url)
            try? FileManager.default.removeItem(at: url)
        }

        /// The names in `directory`, sorted.
        func names(_ directory: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        }

        /// Makes `<root>/workbench-<name>/` with a run's tier in it and, unless `marked` is false,
        /// the lock file (unlocked: its process has exited).
        @discardableResult
        func makeProcessDirectory(_ name: String, marked: Bool = true, marker: String = DrawingTierDirectory.markerName) throws -> URL {
            let directory = url.appendingPathComponent(DrawingTierDirectory.prefix + name, isDirectory: true)
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("run-1"), withIntermediateDirectories: true)
            if marked { try Data().write(to: directory.appendingPathComponent(marker)) }
            return directory
        }
    }

    static func scenario(_ yaml: String = yaml) throws -> DrawingScenario {
        guard let scenario = (try ScenarioLoader.load(yaml: yaml, file: "disk.yaml")).as(DrawingScenario.self) else {
            throw CancellationError()
        }
        return scenario
    }

    static func run(_ scenario: DrawingScenario, root: URL, progress: (Double) -> Void = { _ in }) -> RunOutput {
        let configuration = RunConfiguration(policy: .disk, inUseMode: nil, seed: scenario.header.seed)
        return DrawingDriver(scenario: scenario, configuration: configuration, cacheRoot: root)
            .run(isCancelled: { false }, progress: progress)
    }

    static func int(_ row: ResultRow, _ column: String) -> Int {
        switch row[column] {
        case .int(let n): n
        case .uint(let n): Int(n)
        default: -1
        }
    }

    @Test("disk_capacity bounds the disk tier in a run; its evictions are counted in the summary")
    func diskCapacityHonoured() throws {
        let root = Root()
        defer { root.cleanUp() }
        let bounded = Self.run(try Self.scenario(), root: root.url).summary
        #expect(Self.int(bounded, "disk_capacity_bytes") == 65_536)
        #expect(Self.int(bounded, "disk_evictions") > 0)
        #expect(Self.int(bounded, "disk_bytes_max") <= 65_536)
        #expect(Self.int(bounded, "disk_evictions") + Self.int(bounded, "disk_write_failures") <= Self.int(bounded, "fresh_draws"))
        let roomy = Self.run(
            try Self.scenario(Self.yaml.replacingOccurrences(of: "disk_capacity: 64KB", with: "disk_capacity: 64MB")),
            root: root.url
        ).summary
        #expect(Self.int(roomy, "disk_evictions") == 0)
        #expect(Self.int(roomy, "disk_bytes_max") > 65_536)
    }

    @Test("disk_capacity defaults to 64 MiB")
    func diskCapacityDefault() throws {
        let scenario = try Self.scenario(Self.yaml.replacingOccurrences(of: ", disk_capacity: 64KB", with: ""))
        #expect(scenario.cache.diskCapacityBytes == 64 << 20)
    }

    @Test("a disk_capacity outside 64KB...1024GB or not a byte count is refused at its key")
    func badDiskCapacityRefused() {
        for (value, message) in [
            ("1KB", "must be between 64KB"), ("0", "must be between 64KB"), ("2048GB", "must be between 64KB"),
            ("-5", "must be between 64KB"), ("lots", "cannot read byte count 'lots'"),
        ] {
            do {
                _ = try Self.scenario(Self.yaml.replacingOccurrences(of: "disk_capacity: 64KB", with: "disk_capacity: \(value)"))
                Issue.record("disk_capacity: \(value) was accepted")
            } catch let error as ScenarioError {
                #expect(error.keyPath == "cache.disk_capacity", "\(value)")
                #expect(error.line == 10, "\(value)")
                #expect(error.message.contains(message), "\(value): \(error.message)")
            } catch {
                Issue.record("disk_capacity: \(value): \(error)")
            }
        }
    }

    @Test("a run's disk tier lives under the cache directory and is removed at the run's end")
    func tierUnderCacheDirectoryRemovedAtEnd() throws {
        let root = Root()
        defer { root.cleanUp() }
        let process = try DrawingTierDirectory.processDirectory(in: root.url)
        var seen: Set<String> = []
        _ = Self.run(try Self.scenario(), root: root.url) { _ in
            for name in root.names(process) where name != DrawingTierDirectory.markerName {
                if root.names(process.appendingPathComponent(name)).contains("index.json") { seen.insert(name) }
            }
        }
        #expect(seen.count == 1, "the run's tier was in <root>/workbench-XXXXXX/")
        #expect(process.lastPathComponent.hasPrefix("workbench-") && process.lastPathComponent.count == "workbench-".count + 6)
        let mode = try FileManager.default.attributesOfItem(atPath: process.path)[.posixPermissions] as? Int
        #expect(mode == 0o700, "a private directory")
        #expect(root.names(process) == [DrawingTierDirectory.markerName], "the run's tier is gone")
        DrawingTierDirectory.removeProcessDirectory(in: root.url)
        #expect(root.names(root.url).isEmpty)
    }

    @Test("at start the tiers whose lock nobody holds (their process has exited) are removed")
    func staleTierOfDeadProcessRemoved() throws {
        let root = Root()
        defer { root.cleanUp() }
        let dead = try root.makeProcessDirectory("Ab3dEf")
        let removed = DrawingTierDirectory.removeStale(in: root.url)
        #expect(removed.map(\.lastPathComponent) == [dead.lastPathComponent])
        #expect(root.names(root.url).isEmpty)
    }

    /// Starts a process (Python, after `prefix`) holding an exclusive `flock` on `file`; returns
    /// once the lock is held, or nil when it cannot be.
    static func holdLock(_ file: URL, prefix: [String] = []) throws -> Process? {
        let holder = Process()
        holder.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        holder.arguments =
            prefix + [
                "python3", "-c", "import fcntl, sys, time; f = open(sys.argv[1]); fcntl.flock(f, fcntl.LOCK_EX); time.sleep(60)",
                file.path,
            ]
        try holder.run()
        // Held once a try of our own fails.
        let deadline = Date().addingTimeInterval(10)
        while Date() < deadline {
            let descriptor = open(file.path, O_RDONLY)
            defer { close(descriptor) }
            if flock(descriptor, LOCK_EX | LOCK_NB) != 0 { return holder }
            flock(descriptor, LOCK_UN)
            Thread.sleep(forTimeInterval: 0.02)
        }
        kill(holder.processIdentifier, SIGKILL)
        return nil
    }

    @Test("the tiers of live processes, of this process, unmarked directories and an earlier version's workbench-<pid> are left alone")
    func liveTierLeftAlone() throws {
        let root = Root()
        defer { root.cleanUp() }
        let own = try DrawingTierDirectory.processDirectory(in: root.url)
        let live = try root.makeProcessDirectory("Live01")
        let holder = try Self.holdLock(live.appendingPathComponent(DrawingTierDirectory.markerName))
        defer { if let holder { kill(holder.processIdentifier, SIGKILL) } }
        try root.makeProcessDirectory("Unmark", marked: false)
        try root.makeProcessDirectory("4000002", marker: ".workbench-drawing-tiers")
        let removed = DrawingTierDirectory.removeStale(in: root.url)
        #expect(removed.isEmpty || holder == nil)
        #expect(root.names(root.url).contains(own.lastPathComponent))
        #expect(root.names(root.url).count == (holder == nil ? 3 : 4))
    }

    @Test("a tier whose process lives in another pid namespace is left alone, and removed once that process has exited")
    func liveTierInAnotherPidNamespace() throws {
        let root = Root()
        defer { root.cleanUp() }
        // Its process is pid 1 in its namespace: a process id says nothing here, the lock does.
        let directory = try root.makeProcessDirectory("Ns0001")
        let marker = directory.appendingPathComponent(DrawingTierDirectory.markerName)
        let probe = Process()
        probe.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        probe.arguments = ["unshare", "--pid", "--fork", "true"]
        probe.standardError = FileHandle.nullDevice
        guard (try? probe.run()) != nil else { return }
        probe.waitUntilExit()
        guard probe.terminationStatus == 0,
            let holder = try Self.holdLock(marker, prefix: ["unshare", "--pid", "--fork", "--kill-child"])
        else {
            return  // no pid namespaces here (the lock test above covers the rest)
        }
        #expect(DrawingTierDirectory.removeStale(in: root.url).isEmpty)
        #expect(FileManager.default.fileExists(atPath: directory.path), "a live tier in another pid namespace is kept")
        // SIGKILL: the test runner's threads block SIGTERM, and children inherit the mask.
        kill(holder.processIdentifier, SIGKILL)
        holder.waitUntilExit()
        // unshare is gone, and its child in the namespace with it (--kill-child).
        let deadline = Date().addingTimeInterval(10)
        var removed: [URL] = []
        while removed.isEmpty, Date() < deadline {
            removed = DrawingTierDirectory.removeStale(in: root.url)
            if removed.isEmpty { Thread.sleep(forTimeInterval: 0.05) }
        }
        #expect(removed.map(\.lastPathComponent) == [directory.lastPathComponent])
    }
}
