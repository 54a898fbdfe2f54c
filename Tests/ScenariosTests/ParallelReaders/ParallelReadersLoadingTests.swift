import Testing
import Models

@testable import Scenarios

/// The parallel-readers kind: what a file says, its defaults, and every bad input as a
/// `file:line:column` error naming the key.
@Suite("Parallel-readers scenarios: loading")
struct ParallelReadersLoadingTests {
    /// Line numbers are fixed: tests point at them.
    static let yaml = """
        name: ticker
        kind: parallel-readers
        seed: 9
        duration: 300ms
        warmup: 100ms
        sample_interval: 100ms
        store: {designs: [gcd-barrier, big-reader]}
        keys: 500
        value_size: 32
        distribution: {zipfian: 0.99}
        readers:
          threads: 2
          mix: {get: 98, all_items: 2}
          operations: 3000
        writers:
          threads: 1
          mix: {set: 80, remove: 10, bulk_add: 10}
          rate: 5000
          bursts: {every: 100ms, length: 40ms}
          batch: 8
        eviction: {older_than: 5m, every: 1m, time_scale: 60}
        notification_interval: 50ms

        """

    static func load(_ yaml: String) throws -> ParallelReadersScenario {
        guard let scenario = (try ScenarioLoader.load(yaml: yaml, file: "readers.yaml")).as(ParallelReadersScenario.self) else {
            throw LoadFailure()
        }
        return scenario
    }

    struct LoadFailure: Error {}

    static func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "readers.yaml")
            return nil
        } catch {
            return error
        }
    }

    static func replacing(_ old: String, _ new: String) -> String {
        precondition(yaml.contains(old), "fixture lacks \(old)")
        return yaml.replacingOccurrences(of: old, with: new)
    }

    @Test("a parallel-readers file loads its roles, mix, rate, bursts, distribution, eviction rule and designs")
    func loads() throws {
        let scenario = try Self.load(Self.yaml)
        #expect(scenario.designs == [.gcdBarrier, .bigReader])
        #expect(scenario.keyCount == 500 && scenario.valueSize == 32)
        #expect(scenario.distribution == .zipfian(alpha: 0.99))
        #expect(scenario.readers.count == 1 && scenario.readers[0].name == nil)
        #expect(scenario.readers[0].threads == 2 && scenario.readers[0].operations == 3000)
        #expect(scenario.readers[0].mix == [.get: 98, .allItems: 2])
        #expect(scenario.writers.first?.rate == 5000 && scenario.writers.first?.batch == 8)
        #expect(scenario.writers.first?.bursts == Bursts(every: .milliseconds(100), length: .milliseconds(40)))
        #expect(scenario.eviction == EvictionRule(olderThan: .minutes(5), every: .minutes(1), timeScale: 60))
        #expect(scenario.notificationInterval == .milliseconds(50))
        #expect(ScenarioRunner.runs(for: Scenario(scenario)).map(\.description) == ["gcd-barrier", "big-reader"])
    }

    @Test("defaults: every design, 64-byte values, uniform keys, one reader thread, no writers, no eviction, no notifications")
    func defaults() throws {
        let scenario = try Self.load(
            """
            name: minimal
            kind: parallel-readers
            duration: 1s
            keys: 10
            readers: {mix: {get: 100}}
            """)
        // Every built-in design, then any a test registered (the registry is the process's).
        #expect(Array(scenario.designs.prefix(6)) == [.gcdBarrier, .rwlock, .mutex, .bigReader, .leftRight, .replicated])
        #expect(scenario.designs == PolicyName.storeDesigns)
        #expect(scenario.valueSize == 64)
        #expect(scenario.distribution == .uniform)
        #expect(scenario.readers.count == 1)
        #expect(scenario.readers[0].threads == 1 && scenario.readers[0].rate == nil && scenario.readers[0].operations == nil)
        #expect(scenario.writers.isEmpty && scenario.eviction == nil)
        #expect(scenario.notificationInterval == .zero)
    }

    @Test("zero threads is an error at the role's threads key")
    func zeroThreads() {
        let readers = Self.error(Self.replacing("threads: 2", "threads: 0"))
        #expect(readers?.keyPath == "readers.threads")
        #expect(readers?.line == 12 && readers?.column == 12)
        #expect(readers?.message.contains("must be between 1 and 256") == true)
        let writers = Self.error(Self.replacing("threads: 1", "threads: 0"))
        #expect(writers?.keyPath == "writers.threads")
        #expect(writers?.line == 16)
    }

    @Test("a zipfian or latest alpha <= 0 is an error naming the distribution key")
    func alphaMustBePositive() {
        let zero = Self.error(Self.replacing("{zipfian: 0.99}", "{zipfian: 0}"))
        #expect(zero?.keyPath == "distribution.zipfian")
        #expect(zero?.line == 10)
        #expect(zero?.message.contains("alpha must be > 0") == true)
        let negative = Self.error(Self.replacing("{zipfian: 0.99}", "{latest: -1}"))
        #expect(negative?.keyPath == "distribution.latest")
    }

    @Test("a mix that does not sum to 100% is an error at the mix, saying what it sums to")
    func mixMustSumTo100() {
        let error = Self.error(Self.replacing("{get: 98, all_items: 2}", "{get: 90, all_items: 2}"))
        #expect(error?.keyPath == "readers.mix")
        #expect(error?.line == 13)
        #expect(error?.message.contains("sum to 92%, not 100%") == true)
        let writers = Self.error(Self.replacing("{set: 80, remove: 10, bulk_add: 10}", "{set: 80, remove: 30}"))
        #expect(writers?.keyPath == "writers.mix")
        #expect(writers?.message.contains("sum to 110%") == true)
    }

    @Test("readers only read: a write operation in the readers' mix is an error at that operation")
    func readersOnlyRead() {
        let error = Self.error(Self.replacing("{get: 98, all_items: 2}", "{get: 98, set: 2}"))
        #expect(error?.keyPath == "readers.mix.set")
        #expect(error?.message.contains("readers only read") == true)
    }

    @Test("an unknown operation in a mix is an error listing the operations")
    func unknownOperation() {
        let error = Self.error(Self.replacing("remove: 10,", "delete: 10,"))
        #expect(error?.keyPath == "writers.mix.delete")
        #expect(error?.message.contains("unknown operation 'delete'") == true)
    }

    @Test("a target rate the scenario cannot express is an error naming the rate")
    func inexpressibleRate() {
        // Too slow: one operation every 100 ms does not fit in 40 ms bursts.
        let slow = Self.error(Self.replacing("rate: 5000", "rate: 10"))
        #expect(slow?.keyPath == "writers.rate")
        #expect(slow?.line == 18)
        #expect(slow?.message.contains("cannot be expressed") == true)
        #expect(slow?.message.contains("does not fit in its 0.04s bursts") == true)
        let short = Self.error(Self.replacing("bursts: {every: 100ms, length: 40ms}", "# steady").replacingOccurrences(of: "rate: 5000", with: "rate: 2"))
        #expect(short?.message.contains("does not fit in the 0.3s duration") == true)
        // Too fast: intended starts closer than the clock's nanosecond.
        let fast = Self.error(Self.replacing("rate: 5000", "rate: 2e9"))
        #expect(fast?.keyPath == "writers.rate")
        #expect(fast?.message.contains("under the clock's 1 ns") == true)
        let zero = Self.error(Self.replacing("rate: 5000", "rate: 0"))
        #expect(zero?.keyPath == "writers.rate")
    }

    @Test("rate (open loop) and operations (closed loop) together are an error")
    func rateOrOperations() {
        let error = Self.error(Self.replacing("operations: 3000", "operations: 3000\n  rate: 100"))
        #expect(error?.keyPath == "readers.operations")
        #expect(error?.message.contains("not both") == true)
    }

    @Test("parallel-readers operations has an upper bound: 2^31 operations per thread is refused, naming the range")
    func operationsBounded() {
        let error = Self.error(Self.replacing("operations: 3000", "operations: 2147483648"))
        #expect(error?.keyPath == "readers.operations")
        #expect(error?.message.contains("must be between 1 and 100000000") == true, "\(String(describing: error))")
        #expect(Self.error(Self.replacing("operations: 3000", "operations: 100000000")) == nil)
        #expect(Self.error(Self.replacing("operations: 3000", "operations: 0"))?.keyPath == "readers.operations")
    }

    @Test(
        "an eviction timer longer than 1e9 s of real time (every / time_scale) is refused at every, as one shorter than 1 ms is",
        arguments: ["0.000001", "1e-300", "5e-324"])
    func evictionTimerInRealTimeBounded(timeScale: String) throws {
        let yaml = Self.replacing(
            "eviction: {older_than: 5m, every: 1m, time_scale: 60}", "eviction: {older_than: 5m, every: 1w, time_scale: \(timeScale)}")
        let error = try #require(Self.error(yaml))
        #expect(error.keyPath == "eviction.every")
        #expect(error.line == 21 && error.column == 35)
        #expect(error.message.hasPrefix("eviction.every must be at most 1000000000 s of real time (every / time_scale is "), "\(error)")
        #expect(Self.error(Self.replacing("time_scale: 60", "time_scale: 0.001")) == nil)
        #expect(Self.error(Self.replacing("time_scale: 60", "time_scale: 100000"))?.message.contains("at least 1 ms of real time") == true)
    }

    @Test("a burst as long as its period is an error")
    func burstShorterThanPeriod() {
        let error = Self.error(Self.replacing("length: 40ms", "length: 100ms"))
        #expect(error?.keyPath == "writers.bursts.length")
    }

    @Test("only store designs are accepted, and other kinds refuse them")
    func designsOnly() {
        let lru = Self.error(Self.replacing("[gcd-barrier, big-reader]", "[gcd-barrier, lru]"))
        #expect(lru?.keyPath == "store.designs[1]")
        #expect(lru?.message.contains("is not a store design") == true)
        let unknown = Self.error(Self.replacing("[gcd-barrier, big-reader]", "[seqlock]"))
        #expect(unknown?.keyPath == "store.designs[0]")
        let table = """
            name: t
            kind: scrolling-table
            duration: 1s
            table: {sections: 1, rows_per_section: 2, cells: [{type: a, height: 44, nib: {views: 1, depth: 1}}]}
            scroll: [pause: 1s]
            cache: {capacity: 2, policies: [lru, rwlock]}
            """
        #expect(Self.error(table)?.keyPath == "cache.policies[1]")
    }

    @Test("more writers than keys is an error: each writer owns keys")
    func writersNeedKeys() {
        let error = Self.error(Self.replacing("keys: 500", "keys: 1").replacingOccurrences(of: "threads: 1", with: "threads: 2"))
        #expect(error?.keyPath == "writers.threads")
    }

    @Test("hotspot fractions must be fractions, and a distribution names exactly one shape")
    func hotspotAndShapes() throws {
        let hot = try Self.load(Self.replacing("{zipfian: 0.99}", "{hotspot: {keys: 0.1, operations: 0.9}}"))
        #expect(hot.distribution == .hotspot(keys: 0.1, operations: 0.9))
        let bad = Self.error(Self.replacing("{zipfian: 0.99}", "{hotspot: {keys: 1.5, operations: 0.9}}"))
        #expect(bad?.keyPath == "distribution.hotspot.keys")
        let two = Self.error(Self.replacing("{zipfian: 0.99}", "{zipfian: 0.9, latest: 0.9}"))
        #expect(two?.message == "distribution: a distribution must have exactly one key, found 2 (zipfian, latest)")
        #expect(two?.keyPath == "distribution.latest")
        let word = Self.error(Self.replacing("{zipfian: 0.99}", "gaussian"))
        #expect(word?.message.contains("unknown distribution 'gaussian'") == true)
    }

    @Test("expect lines are checked against this kind's metrics and designs")
    func expectations() {
        let unknownMetric = Self.error(Self.yaml + "expect:\n  big-reader: {hit_rate: \">= 1\"}\n")
        #expect(unknownMetric?.keyPath == "expect.big-reader.hit_rate")
        let notRun = Self.error(Self.yaml + "expect:\n  mutex: {stale_reads: \"== 0\"}\n")
        #expect(notRun?.message.contains("is not run by this scenario") == true)
        #expect(Self.error(Self.yaml + "expect:\n  big-reader: {stale_reads: \"== 0\"}\n") == nil)
    }

    @Test("open loop: a thread issues rate × duration operations, counting only the bursts")
    func intendedOperations() {
        let steady = ThreadRole(threads: 1, mix: [.get: 100], rate: 1000)
        #expect(steady.intendedOperations(duration: 2.5) == 2500)
        let bursty = ThreadRole(
            threads: 1, mix: [.set: 100], rate: 1000, bursts: Bursts(every: .seconds(1), length: .milliseconds(100)))
        #expect(bursty.intendedOperations(duration: 2.05) == 250, "two whole bursts of 100 and half of the third")
        #expect(bursty.intendedOperations(duration: 3) == 300)
    }
}
