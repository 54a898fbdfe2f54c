import ArgumentParser
import Models
import Report

/// What `workbench bench` measures.
enum BenchSuite: String, CaseIterable, ExpressibleByArgument {
    case all, hits, drawing, readers, policies
}

/// `workbench bench`: the cost of a hit on ControllerCache and on ReusePool, of a cached drawing
/// against a fresh one, and the read throughput of ReaderWriterStore's designs (``ReadersBench``).
///
/// Not a test: it prints figures. Build with `-c release` before quoting them.
struct Bench: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Measure a cache hit (allocations, latency per hit) and a reader-writer store's read throughput.",
        discussion: """
            Runs N hits on a warmed ControllerCache (lru, repopulate) and on a ReusePool, in \
            batches. Allocations are jemalloc's thread.allocated bytes and its request counters' \
            count over all N hits; latency is each batch's time divided by its size (the clock read \
            is amortised), recorded in an HdrHistogram. The readers suite runs a 95% read / 5% write \
            zipfian mix on ReaderWriterStore, per design, at 1 and 2 threads (and the core count, with more than two cores), for --seconds per run \
            (5 runs, median), against an unsynchronised dictionary, and prints the load average and the \
            core-to-core latency (a cache line passed between two threads) before and after. The policies suite replays trace A \
            (1 M requests, generated in memory) through every eviction policy at 100, 1000 and 5000 \
            objects (--repetitions runs, median; --policies to choose them), timed by the wall clock \
            and by the thread's CPU clock, beside libCacheSim's figures (measured separately; \
            docs/measured.md). Measure on a release build.
            """
    )

    @Option(help: "Hits to measure per target.")
    var iterations: Int = 1_000_000

    @Option(help: "Hits per timed batch.")
    var batch: Int = 1_000

    @Option(
        help: """
            What to measure: hits (ControllerCache, ReusePool), drawing (a cached drawing against a fresh one), \
            readers (ReaderWriterStore read throughput per design), policies (trace A through every eviction \
            policy), or all.
            """)
    var suite: BenchSuite = .all

    @Option(help: "readers suite: measured seconds per run (each configuration runs 5 times, after a 0.2 s warm-up).")
    var seconds: Double = 1

    @Option(
        help: "readers suite: the store designs to measure, comma-separated (default: every built-in design); the unsynchronised dictionary always runs beside them.")
    var designs: String?

    @Option(
        help: "policies suite: the eviction policies to replay, comma-separated, in that order (default: every registered policy).")
    var policies: String?

    @Option(help: "policies suite: timed replays per policy and capacity (the median is reported).")
    var repetitions: Int = 5

    /// The policies `--policies` names, in the order given; every registered policy without it.
    func benchPolicies() throws -> [PolicyName] {
        guard let policies else { return PolicyRegistry.names }
        let names = policies.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { !$0.isWhitespace }) }
        let chosen = try names.map { name in
            guard PolicyRegistry.descriptor(named: PolicyName(name)) != nil else {
                let known = PolicyRegistry.names.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--policies: unknown eviction policy '\(name)' (expected one of: \(known))")
            }
            return PolicyName(name)
        }
        guard !chosen.isEmpty else { throw ValidationError("--policies: name at least one eviction policy") }
        return chosen
    }

    /// The designs `--designs` names, in the order given; every built-in design without it.
    func readersDesigns() throws -> [StoreDesignName] {
        guard let designs else { return StoreDesignName.allCases }
        let names = designs.split(separator: ",", omittingEmptySubsequences: false).map { String($0.filter { !$0.isWhitespace }) }
        let chosen = try names.map { name in
            guard let design = StoreDesignName(rawValue: name) else {
                let known = StoreDesignName.allCases.map(\.rawValue).joined(separator: ", ")
                throw ValidationError("--designs: unknown store design '\(name)' (expected one of: \(known))")
            }
            return design
        }
        guard !chosen.isEmpty else { throw ValidationError("--designs: name at least one store design") }
        return chosen
    }

    func validate() throws {
        guard iterations > 0, batch > 0, iterations >= batch else {
            throw ValidationError("--iterations and --batch must be > 0, and --iterations >= --batch")
        }
        _ = try readersDesigns()
        _ = try benchPolicies()
        guard repetitions > 0, repetitions <= 1_000 else {
            throw ValidationError("--repetitions must be > 0 and at most 1000")
        }
        guard seconds.isFinite, seconds > 0, seconds <= 3_600 else {
            throw ValidationError("--seconds must be > 0 and at most 3600")
        }
    }

    func run() throws {
        AllocationProbe.install()
        if suite == .all || suite == .hits {
            let results = [benchControllerCache(), benchReusePool()]
            print("target            hits      allocated_bytes  allocations  median_ns  p90_ns  p99_ns")
            for result in results {
                print(result.line)
            }
        }
        if suite == .all || suite == .drawing {
            if suite == .all { print("") }
            print(try DrawingBench.run().report)
        }
        if suite == .all || suite == .readers {
            if suite == .all { print("") }
            print(try ReadersBench.run(seconds: seconds, designs: readersDesigns()).report)
        }
        if suite == .all || suite == .policies {
            if suite == .all { print("") }
            print(PoliciesBench.run(policies: try benchPolicies(), repetitions: repetitions))
        }
        #if DEBUG
            print("note: this is a debug build; quote figures from `swift build -c release` only")
        #endif
    }

    struct Result {
        var target: String
        var hits: Int
        var allocation: AllocationSnapshot
        var latency: LatencySummary

        var line: String {
            func pad(_ text: String, _ width: Int) -> String {
                text + String(repeating: " ", count: max(1, width - text.count))
            }
            return pad(target, 18) + pad("\(hits)", 10) + pad("\(allocation.bytes)", 17)
                + pad("\(allocation.count)", 13) + pad("\(latency.p50)", 11) + pad("\(latency.p90)", 8)
                + "\(latency.p99)"
        }
    }

    /// Hits on a ControllerCache holding 8 types: no controller is put into use, so every request
    /// returns the type's cached instance again (a reuse, with `willBeReused`).
    func benchControllerCache() -> Result {
        let runLoop = RunLoop(refreshRate: 60)
        let cache = ControllerCache(
            configuration: .init(capacity: 64, policy: PolicyRegistry.defaultPolicy, inUseMode: .repopulate), runLoop: runLoop)
        let types = (0..<8).map { ControllerType(name: "cell\($0)", nib: NibDescription(viewCount: 10, depth: 3, labelText: "Cell")) }
        for type in types { _ = cache.controller(for: type) }
        // Rotate over the types, so every hit also moves a different entry in the LRU order.
        var next = 0
        return measure(target: "ControllerCache") {
            _ = cache.controller(for: types[next])
            next = next == types.count - 1 ? 0 : next + 1
        } check: {
            cache.statistics.hits
        }
    }

    /// Hits on a ReusePool: three headers registered, two on screen; dequeue finds the third.
    func benchReusePool() -> Result {
        let pool = ReusePool()
        let screen = View()
        let headers = (0..<3).map { _ in ViewController(nib: NibDescription(viewCount: 24, depth: 3, labelText: "Header")) }
        for header in headers { pool.register(header, reuseIdentifier: "header") }
        screen.addSubview(headers[0].view)
        screen.addSubview(headers[1].view)
        _ = headers[2].view
        return measure(target: "ReusePool") {
            _ = pool.dequeue(reuseIdentifier: "header")
        } check: {
            pool.statistics.hits
        }
    }

    private func measure(target: String, _ hit: () -> Void, check hits: () -> Int) -> Result {
        let batches = iterations / batch
        var latency = LatencyRecorder()
        // Warm up the code path and the histogram's storage outside the measured window.
        for _ in 0..<batch { hit() }
        latency.record(nanoseconds: 1)
        latency.reset()
        let hitsBefore = hits()
        var allocation = AllocationSnapshot.zero
        let requestsBefore = AllocationProbe.requests()
        for _ in 0..<batches {
            let before = AllocationProbe.snapshot()
            let start = MonotonicClock.now()
            var remaining = batch
            while remaining > 0 {
                hit()
                remaining -= 1
            }
            let elapsed = MonotonicClock.now() - start
            let after = AllocationProbe.snapshot()
            let delta = after.since(before)
            allocation.bytes += delta.bytes
            latency.record(nanoseconds: (elapsed + UInt64(batch) / 2) / UInt64(batch))
        }
        allocation.count = AllocationProbe.requests() &- requestsBefore
        return Result(target: target, hits: hits() - hitsBefore, allocation: allocation, latency: latency.summary)
    }
}
