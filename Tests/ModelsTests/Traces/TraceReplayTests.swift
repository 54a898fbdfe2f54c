import Models
import Testing
import TestSupport

@Suite("Trace replay")
struct TraceReplayTests {
    static let trace = ZipfTrace(count: 30_000, objects: 2_000, alpha: 0.9, seed: 11)

    static func replay(
        _ policy: PolicyName, _ capacity: ReplayCapacity, _ requests: [TraceRequest], warmup: Int = 0
    ) -> ReplayCounts {
        let future = policy.needsFuture ? requests.map(\.key) : []
        let cache = TraceReplay.make(policy: policy, capacity: capacity, future: future)
        requests.withUnsafeBufferPointer { all in
            cache.replay(UnsafeBufferPointer(rebasing: all[0..<warmup]), counted: false)
            // Odd chunk sizes: a replay is the same whatever the chunks.
            var start = warmup
            while start < all.count {
                let end = min(all.count, start + 997)
                cache.replay(UnsafeBufferPointer(rebasing: all[start..<end]), counted: true)
                start = end
            }
        }
        return cache.counts
    }

    @Test(
        "a replay in objects misses exactly as often as CacheReplay, for every policy",
        arguments: PolicyRegistry.builtIn.map(\.name))
    func agreesWithCacheReplay(policy: PolicyName) {
        let requests = Self.trace.requests.enumerated().map { TraceRequest(time: Double($0.offset + 1), key: UInt64($0.element)) }
        for capacity in [1, 50, 400] {
            let counts = Self.replay(policy, .objects(capacity), requests)
            #expect(counts.misses == CacheReplay.misses(of: policy, capacity: capacity, requests: Self.trace.requests), "C=\(capacity)")
            #expect(counts.requests == requests.count)
        }
    }

    @Test(
        "a replay of dense object ids counts exactly as the replay of their keys, for every policy, in objects and bytes",
        arguments: PolicyRegistry.builtIn.map(\.name))
    func denseIdsAgreeWithKeys(policy: PolicyName) {
        // Keys far from the ids (as a real trace's are), ids in order of first request.
        var idOf: [UInt64: UInt64] = [:]
        var keys: [UInt64] = []
        var byKey: [TraceRequest] = []
        var byId: [TraceRequest] = []
        for (index, object) in Self.trace.requests.enumerated() {
            let key = UInt64(object) &* 0x9E37_79B9_7F4A_7C15 | 1 << 40
            let id = idOf[key] ?? UInt64(keys.count)
            if idOf[key] == nil {
                idOf[key] = id
                keys.append(key)
            }
            let size = UInt32(1 + object % 7)
            byKey.append(TraceRequest(time: Double(index), key: key, size: size))
            byId.append(TraceRequest(time: Double(index), key: id, size: size))
        }
        let future = policy.needsFuture ? byKey.map(\.key) : []
        for capacity in [ReplayCapacity.objects(1), .objects(50), .objects(400), .bytes(900)] {
            let dense = TraceReplay.make(policy: policy, capacity: capacity, future: future, denseKeys: keys)
            let keyed = TraceReplay.make(policy: policy, capacity: capacity, future: future)
            for (cache, requests) in [(dense, byId), (keyed, byKey)] {
                requests.withUnsafeBufferPointer { all in
                    cache.replay(UnsafeBufferPointer(rebasing: all[0..<500]), counted: false)
                    cache.replay(UnsafeBufferPointer(rebasing: all[500...]), counted: true)
                }
            }
            #expect(dense.counts == keyed.counts, "\(capacity)")
            #expect(dense.residentObjects == keyed.residentObjects, "\(capacity)")
        }
    }

    @Test("misses(of:capacities:) gives one replay's misses per capacity")
    func missesPerCapacity() {
        let requests = Self.trace.requests.map { TraceRequest(time: 0, key: UInt64($0)) }
        let misses = TraceReplay.misses(of: .lru, capacities: [.objects(10), .objects(100)]) { body in
            requests.withUnsafeBufferPointer { body($0) }
        }
        #expect(misses == [10, 100].map { CacheReplay.misses(of: .lru, capacity: $0, requests: Self.trace.requests) })
    }

    @Test("a capacity in bytes holds objects by their sizes; an object larger than the cache is a miss not inserted")
    func bytesHonourSizes() {
        let requests = [
            TraceRequest(time: 1, key: 1, size: 60), TraceRequest(time: 2, key: 2, size: 50),  // 2 evicts 1
            TraceRequest(time: 3, key: 1, size: 60),  // miss, evicts 2
            TraceRequest(time: 4, key: 3, size: 40),  // fits beside 1
            TraceRequest(time: 5, key: 1, size: 60), TraceRequest(time: 6, key: 3, size: 40),  // hits
            TraceRequest(time: 7, key: 9, size: 500),  // larger than the cache
            TraceRequest(time: 8, key: 9, size: 500),
        ]
        let counts = Self.replay(.lru, .bytes(100), requests)
        #expect(counts.requests == 8)
        #expect(counts.misses == 6)
        #expect(counts.evictions == 2)
        #expect(counts.requestedBytes == 1310)
        #expect(counts.missedBytes == 1210)
        #expect(abs(counts.byteMissRatio - 1210.0 / 1310.0) < 1e-12)
    }

    @Test("warm-up requests fill the cache but are not counted")
    func warmupNotCounted() {
        let requests = (0..<20).map { TraceRequest(time: Double($0), key: UInt64($0 % 5)) }
        let counts = Self.replay(.lru, .objects(5), requests, warmup: 5)
        #expect(counts.requests == 15)
        #expect(counts.misses == 0)
        #expect(counts.evictions == 0)
    }
}
