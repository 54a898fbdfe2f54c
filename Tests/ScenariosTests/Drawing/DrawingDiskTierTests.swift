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

        func cleanUp() { try? FileManager.default.removeItem(at: url) }

        /// The names in `directory`, sorted.
        func names(_ directory: URL) -> [String] {
            ((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? []).sorted()
        }

        /// Makes `<root>/workbench-<pid>/`, marked as a tier directory unless `marked` is false.
        @discardableResult
        func makeProcessDirectory(pid: Int32, marked: Bool = true) throws -> URL {
            let directory = DrawingTierDirectory.processDirectory(in: url, pid: pid)
            try FileManager.default.createDirectory(
                at: directory.appendingPathComponent("run-1"), withIntermediateDirectories: true)
            if marked { try Data().write(to: directory.appendingPathComponent(DrawingTierDirectory.markerName)) }
            return directory
        }
    }

    static func scenario(_ yaml: String = yaml) throws -> DrawingScenario {
        guard case .drawing(let scenario) = try ScenarioLoader.load(yaml: yaml, file: "disk.yaml") else {
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
        let process = DrawingTierDirectory.processDirectory(in: root.url)
        var seen: Set<String> = []
        _ = Self.run(try Self.scenario(), root: root.url) { _ in
            for name in root.names(process) where name != DrawingTierDirectory.markerName {
                if root.names(process.appendingPathComponent(name)).contains("index.json") { seen.insert(name) }
            }
        }
        #expect(seen.count == 1, "the run's tier was in <root>/workbench-<pid>/")
        #expect(root.names(process) == [DrawingTierDirectory.markerName], "the run's tier is gone")
        DrawingTierDirectory.removeProcessDirectory(in: root.url)
        #expect(root.names(root.url).isEmpty)
    }

    @Test("at start the tiers of processes that no longer exist are removed")
    func staleTierOfDeadProcessRemoved() throws {
        let root = Root()
        defer { root.cleanUp() }
        let dead = try root.makeProcessDirectory(pid: 4_000_001)
        let removed = DrawingTierDirectory.removeStale(in: root.url) { _ in false }
        #expect(removed.map(\.lastPathComponent) == [dead.lastPathComponent])
        #expect(root.names(root.url).isEmpty)
    }

    @Test("the tiers of live processes, of this process and unmarked directories are left alone")
    func liveTierLeftAlone() throws {
        let root = Root()
        defer { root.cleanUp() }
        let parent = getppid()
        try root.makeProcessDirectory(pid: parent)
        try root.makeProcessDirectory(pid: ProcessInfo.processInfo.processIdentifier)
        try root.makeProcessDirectory(pid: 4_000_002, marked: false)
        let removed = DrawingTierDirectory.removeStale(in: root.url)
        #expect(removed.isEmpty)
        #expect(root.names(root.url).count == 3)
    }

    @Test("a process that has exited no longer exists; this one does")
    func processLiveness() throws {
        let child = Process()
        child.executableURL = URL(fileURLWithPath: "/bin/true")
        try child.run()
        child.waitUntilExit()
        #expect(!DrawingTierDirectory.processExists(child.processIdentifier))
        #expect(DrawingTierDirectory.processExists(ProcessInfo.processInfo.processIdentifier))
    }
}
