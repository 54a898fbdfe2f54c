import Models
import Report
import Testing

@testable import Scenarios

/// Running the parallel-readers kind on real threads: what each run records.
@Suite("Parallel-readers scenarios: runs")
struct ParallelReadersRunTests {
    static func run(_ yaml: String, designs: [PolicyName]? = nil) throws -> ScenarioResult {
        let scenario = try ParallelReadersLoadingTests.load(yaml)
        return ScenarioRunner.run(Scenario(scenario), options: RunOptions(policies: designs))
    }

    static func number(_ row: ResultRow?, _ column: String) -> Double {
        switch row?[column] {
        case .int(let n): Double(n)
        case .uint(let n): Double(n)
        case .double(let d): d
        default: -1
        }
    }

    static func row(_ result: ScenarioResult, _ design: PolicyName) -> ResultRow? {
        result.summary.first { $0["policy"] == .string(design.rawValue) }
    }

    /// No writers, so every key keeps its initial value: what purges and the timer evict is exact.
    static let readOnly = """
        name: read-only
        kind: parallel-readers
        seed: 4
        duration: 200ms
        warmup: 0s
        sample_interval: 50ms
        keys: 300
        readers: {threads: 2, mix: {get: 100}, operations: 2000}

        """

    @Test("the operations count-bound threads issue are the same for a seed, in every design, twice")
    func deterministicOperations() throws {
        let first = try Self.run(ParallelReadersLoadingTests.yaml)
        let second = try Self.run(ParallelReadersLoadingTests.yaml)
        let columns = ["total_ops"] + StoreOperation.allCases.map { "\($0.rawValue)_ops" }
        func counts(_ result: ScenarioResult) -> [[Double]] {
            result.summary.map { row in columns.map { Self.number(row, $0) } }
        }
        #expect(counts(first) == counts(second))
        #expect(Set(counts(first)).count == 1, "every design sees the same operations")
        // 2 readers × 3000 operations, and the writer's 5000/s in 40 ms of every 100 ms for 300 ms:
        // 3 bursts of 200.
        #expect(Self.number(first.summary.first, "total_ops") == 6000 + 600)
        #expect(first.summary.allSatisfy { $0["complete"] == .string("true") })
    }

    @Test("no design serves a stale read while a writer sets, removes and bulk-adds the keys being read", arguments: PolicyName.storeDesigns)
    func noStaleReads(design: PolicyName) throws {
        let result = try Self.run(ParallelReadersLoadingTests.yaml.replacingOccurrences(of: "[gcd-barrier, big-reader]", with: "[\(design.rawValue)]"))
        let row = result.summary.first
        #expect(Self.number(row, "stale_reads") == 0)
        #expect(Self.number(row, "checked_reads") > 5000, "most reads were checked against a published version")
        #expect(Self.number(row, "set_ops") > 0 && Self.number(row, "remove_ops") > 0)
    }

    @Test("a memory warning purges through the decider and evicts everything; moderate pressure only what is too old")
    func pressureMapsToPurge() throws {
        let yaml = Self.readOnly + """
            memory_pressure: [{at: 20ms, level: moderate}, {at: 60ms, level: warning}]
            eviction: {older_than: 1h}
            readers: {threads: 1, mix: {get: 100}, rate: 20000}

            """
        let result = try Self.run(yaml.replacingOccurrences(of: "readers: {threads: 2, mix: {get: 100}, operations: 2000}\n", with: ""), designs: [.rwlock])
        let row = result.summary.first
        #expect(Self.number(row, "memory_pressure_events") == 2)
        #expect(Self.number(row, "pressure_evictions") == 300, "moderate evicts nothing an hour young; warning all 300")
        #expect(Self.number(row, "items_end") == 0)
        #expect(Self.number(row, "get_misses") > 0)
        let levels = result.timeseries.compactMap { row -> String? in
            if case .string(let text) = row["memory_pressure"], !text.isEmpty { return text }
            return nil
        }
        #expect(levels == ["moderate", "warning"])
    }

    @Test("without an eviction rule there is no decider, and a purge does nothing")
    func noDeciderNoPurge() throws {
        let yaml = Self.readOnly + "memory_pressure: [{at: 20ms, level: warning}]\n"
        let row = try Self.run(yaml, designs: [.mutex]).summary.first
        #expect(Self.number(row, "memory_pressure_events") == 1)
        #expect(Self.number(row, "pressure_evictions") == 0)
        #expect(Self.number(row, "items_end") == 300)
        #expect(Self.number(row, "get_misses") == 0)
    }

    @Test("the eviction rule's periodic purge evicts entries older than its age on the store's clock")
    func evictionTimer() throws {
        // The store's clock runs 100× faster: 1 s of age is 10 ms of real time; the timer runs
        // every 2 s on that clock (20 ms).
        let yaml = Self.readOnly + "eviction: {older_than: 1s, every: 2s, time_scale: 100}\n"
        let row = try Self.run(yaml, designs: [.bigReader]).summary.first
        #expect(Self.number(row, "evicted_items") == 300)
        #expect(Self.number(row, "items_end") == 0)
    }

    @Test("writers' changes are posted as coalesced notifications, counted with their sizes")
    func notifications() throws {
        let result = try Self.run(ParallelReadersLoadingTests.yaml, designs: [.gcdBarrier])
        let row = result.summary.first
        #expect(Self.number(row, "notifications") >= 1)
        #expect(Self.number(row, "notified_updates") >= 1)
        #expect(Self.number(row, "notification_batch_max") > 1, "a 50 ms interval coalesces several writes")
        #expect(Self.number(row, "notifications") < Self.number(row, "set_ops"))
    }

    @Test("every operation that ran has its latency spectrum, and a summary with p50 <= p99 <= max")
    func latencyPerOperation() throws {
        let result = try Self.run(ParallelReadersLoadingTests.yaml, designs: [.rwlock])
        let operations = Set(result.latency.compactMap { row -> String? in
            if case .string(let name) = row["operation"] { return name }
            return nil
        })
        #expect(operations == ["get", "all_items", "set", "remove", "bulk_add"])
        let row = result.summary.first
        for name in ["get", "set"] {
            #expect(Self.number(row, "\(name)_p50_ns") > 0)
            #expect(Self.number(row, "\(name)_p50_ns") <= Self.number(row, "\(name)_p99_ns"))
            #expect(Self.number(row, "\(name)_p99_ns") <= Self.number(row, "\(name)_max_ns"))
        }
        #expect(Self.number(row, "purge_p50_ns") == 0, "no purge ran")
    }

    @Test("the timeseries has a row per sample interval with the interval's operations")
    func timeseries() throws {
        let result = try Self.run(Self.readOnly, designs: [.mutex])
        #expect(result.timeseries.count >= 4)
        let gets = result.timeseries.map { Self.number($0, "get_ops") }.reduce(0, +)
        #expect(gets <= 4000 && gets > 0)
    }

    @Test("an interrupt stops every thread and marks the run incomplete")
    func interrupt() throws {
        let yaml = Self.readOnly.replacingOccurrences(of: "operations: 2000", with: "operations: 100000000")
        let scenario = try ParallelReadersLoadingTests.load(yaml)
        let start = MonotonicClock.now()
        let result = ScenarioRunner.run(
            Scenario(scenario),
            options: RunOptions(policies: [.rwlock], isCancelled: { MonotonicClock.now() - start > 300_000_000 }))
        #expect(result.complete == false)
        #expect(result.summary.first?["complete"] == .string("false"))
    }
}

/// The stale-read check itself must be able to fail: a board that says a read missed a write.
@Suite("Parallel-readers: a writer waits for its queued writes")
struct WriteSettlingTests {
    @Test("a writer waits for the store's queue after every 1024th write, so queued writes stay bounded")
    func everyThousandTwentyFourthWrite() {
        var settling = WriteSettling()
        var waits: [Int] = []
        for write in 1...4096 where settling.wrote() { waits.append(write) }
        #expect(waits == [1024, 2048, 3072, 4096])
    }
}

@Suite("Parallel-readers: the stale-read check")
struct VersionBoardTests {
    @Test("a value older than the published version is stale; the published one or newer is not")
    func olderValueIsStale() {
        let board = VersionBoard(keys: 4)
        board.publishAll(version: 1)
        let version = board.beginWrite(2)
        board.publish(2, version: version, isRemoval: false)
        let state = board.publishedState(2)
        #expect(board.judge(2, saw: 1, before: state) == .stale)
        #expect(board.judge(2, saw: 2, before: state) == .fresh)
        #expect(board.judge(2, saw: 3, before: state) == .fresh)
    }

    @Test("nothing after a completed set is stale, unless a later write started or a purge ran since it began")
    func missingValue() {
        let board = VersionBoard(keys: 4)
        board.publishAll(version: 1)
        let state = board.publishedState(0)
        #expect(board.judge(0, saw: nil, before: state) == .stale)
        board.beginPurge()
        #expect(board.judge(0, saw: nil, before: state) == .unjudged, "a purge may have removed it")
        board.endPurge()
        #expect(board.judge(0, saw: nil, before: state) == .unjudged, "a purge did run after the write")
        let stateOne = board.publishedState(1)
        _ = board.beginWrite(1)
        #expect(board.judge(1, saw: nil, before: stateOne) == .unjudged, "a write of it is under way")
    }

    @Test("a set that began while a purge ran may be removed by it: nothing after it is not judged")
    func setDuringPurge() {
        let board = VersionBoard(keys: 2)
        board.publishAll(version: 1)
        board.beginPurge()
        let version = board.beginWrite(0)
        board.publish(0, version: version, isRemoval: false)
        let state = board.publishedState(0)
        board.endPurge()
        #expect(board.judge(0, saw: nil, before: state) == .unjudged)
        // A set after the purge ended is judged again.
        let next = board.beginWrite(0)
        board.publish(0, version: next, isRemoval: false)
        #expect(board.judge(0, saw: nil, before: board.publishedState(0)) == .stale)
        #expect(board.judge(0, saw: version, before: board.publishedState(0)) == .stale)
    }

    @Test("nothing after a completed removal is fresh, an older value after it stale")
    func afterRemoval() {
        let board = VersionBoard(keys: 2)
        board.publishAll(version: 1)
        let version = board.beginWrite(1)
        board.publish(1, version: version, isRemoval: true)
        let state = board.publishedState(1)
        #expect(board.judge(1, saw: nil, before: state) == .fresh)
        #expect(board.judge(1, saw: 1, before: state) == .stale)
    }
}

/// Which keys operations touch.
@Suite("Parallel-readers: key distributions")
struct KeySamplerTests {
    static func histogram(_ distribution: KeyDistributionSpec, keys: Int = 100, draws: Int = 50_000, latest: Int = 0) -> [Int] {
        let sampler = KeySampler(
            keyCount: keys, distribution: distribution, zipf: KeySampler.table(keyCount: keys, distribution: distribution))
        var generator = SeededGenerator(seed: 1)
        var counts = [Int](repeating: 0, count: keys)
        for _ in 0..<draws { counts[sampler.next(&generator, latest: latest)] += 1 }
        return counts
    }

    @Test("uniform touches every key about equally")
    func uniform() {
        let counts = Self.histogram(.uniform)
        #expect(counts.allSatisfy { $0 > 350 && $0 < 650 })
    }

    @Test("zipfian: rank r has probability proportional to 1/(r+1)^alpha")
    func zipfian() {
        let counts = Self.histogram(.zipfian(alpha: 1))
        #expect(counts[0] > counts[1] && counts[1] > counts[2])
        let ratio = Double(counts[0]) / Double(counts[1])
        #expect(ratio > 1.8 && ratio < 2.2, "key 0 twice as likely as key 1 at alpha 1")
        let steep = Self.histogram(.zipfian(alpha: 2))
        #expect(steep[0] > counts[0], "a larger alpha is more skewed")
    }

    @Test("hotspot: the hot fraction of keys gets the hot fraction of operations")
    func hotspot() {
        let counts = Self.histogram(.hotspot(keys: 0.2, operations: 0.9))
        let hot = Double(counts[0..<20].reduce(0, +)) / 50_000
        #expect(hot > 0.88 && hot < 0.92)
    }

    @Test("latest: the key written last is the most likely, then the ones written before it")
    func latest() {
        let counts = Self.histogram(.latest(alpha: 1), latest: 40)
        #expect(counts.firstIndex(of: counts.max() ?? 0) == 40)
        #expect(counts[39] > counts[38] && counts[39] > counts[41])
    }

    @Test("a writer's keys are the ones it owns: k mod writers = its index")
    func ownedKeys() {
        for key in 0..<10 {
            for writer in 0..<3 {
                let owned = KeySampler.owned(key, writer: writer, writers: 3, keyCount: 10)
                #expect(owned % 3 == writer && owned >= 0 && owned < 10)
            }
        }
    }
}
