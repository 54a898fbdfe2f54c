import Models
import Testing

/// The policies that draw their candidates at random from the reference's hash table, on trace C
/// (2,000,000 requests over 20,000 objects of 256 B to 1 MiB): they draw as libCacheSim does, its
/// hash table and generator reproduced, so with seed 0 their counts are its counts exactly.
/// libCacheSim's figures (commit aa0fc40, `set_rand_seed(0)`, cold start, every request counted)
/// are literals here: misses and byte misses at 0.1, 1, 5 and 10% of the working set in bytes,
/// and misses at the same shares of the 20,000 objects (sizes ignored).
@Suite("Sampled policies against libCacheSim on trace C")
struct TraceCSampledPolicyTests {
    /// Trace C: Zipf α = 0.9 over 20,000 objects, seed 11, object *k* of the size `--sizes pow2`
    /// gives it; request *i* at time *i*.
    static let requests: [TraceRequest] = ZipfTrace(count: 2_000_000, objects: 20_000, alpha: 0.9, seed: 11).requests
        .enumerated().map { index, id in
            TraceRequest(time: Double(index + 1), key: UInt64(id), size: TraceGenerator.Sizes.pow2.size(of: UInt64(id), seed: 11))
        }

    static let byteCapacities = [3_241_196, 32_411_962, 162_059_814, 324_119_628]
    static let objectCapacities = [20, 200, 1000, 2000]

    /// libCacheSim `randomTwo` (RandomTwo.c).
    static let randomTwoMisses = [1_814_411, 1_432_389, 1_064_351, 872_875]
    static let randomTwoByteMisses = [276_287_333_120, 226_031_628_288, 170_113_267_968, 139_909_783_296]
    static let randomTwoObjectMisses = [1_827_250, 1_442_607, 1_070_881, 878_809]

    /// libCacheSim `hyperbolic` (Hyperbolic.c, `n-sample=64`).
    static let hyperbolicMisses = [1_793_068, 1_365_686, 993_405, 804_938]
    static let hyperbolicByteMisses = [275_019_863_552, 215_390_265_088, 159_212_582_400, 129_461_673_728]
    static let hyperbolicObjectMisses = [1_774_130, 1_368_153, 998_191, 810_301]

    static func replay(
        _ policy: PolicyName, _ capacity: ReplayCapacity, parameters: PolicyParameters = PolicyParameters(),
        requests: ArraySlice<TraceRequest> = requests[...]
    ) -> ReplayCounts {
        let cache = TraceReplay.make(policy: policy, capacity: capacity, parameters: parameters)
        requests.withUnsafeBufferPointer { cache.replay($0, counted: true) }
        return cache.counts
    }

    @Test("random-two: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func randomTwo() {
        let bytes = Self.byteCapacities.map { Self.replay(.randomTwo, .bytes($0)) }
        #expect(bytes.map(\.misses) == Self.randomTwoMisses)
        #expect(bytes.map(\.missedBytes) == Self.randomTwoByteMisses)
        let objects = Self.objectCapacities.map { Self.replay(.randomTwo, .objects($0)) }
        #expect(objects.map(\.misses) == Self.randomTwoObjectMisses)
    }

    @Test("hyperbolic: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func hyperbolic() {
        let bytes = Self.byteCapacities.map { Self.replay(.hyperbolic, .bytes($0)) }
        #expect(bytes.map(\.misses) == Self.hyperbolicMisses)
        #expect(bytes.map(\.missedBytes) == Self.hyperbolicByteMisses)
        let objects = Self.objectCapacities.map { Self.replay(.hyperbolic, .objects($0)) }
        #expect(objects.map(\.misses) == Self.hyperbolicObjectMisses)
    }

    /// libCacheSim's RandomLRU did not finish trace C (each of its 64 draws per eviction redraws
    /// through a table of 2^16 mostly empty buckets), so there are no reference counts for it. Its
    /// rule with 2 draws is RandomTwo's, whose counts the reference gives.
    @Test("random-lru: with n_samples 2 its misses and byte misses equal libCacheSim's random-two on trace C, in bytes and in objects")
    func randomLRUOfTwo() {
        let two = PolicyParameters([.randomLRU: ["n_samples": .integer(2)]])
        let bytes = Self.byteCapacities.map { Self.replay(.randomLRU, .bytes($0), parameters: two) }
        #expect(bytes.map(\.misses) == Self.randomTwoMisses)
        #expect(bytes.map(\.missedBytes) == Self.randomTwoByteMisses)
        let objects = Self.objectCapacities.map { Self.replay(.randomLRU, .objects($0), parameters: two) }
        #expect(objects.map(\.misses) == Self.randomTwoObjectMisses)
    }

    /// No reference counts (see above): libCacheSim's loop, written plainly in
    /// ``LibCacheSimSampledCache`` (64 draws, redrawing through the buckets as it does), is the
    /// reference on a prefix of trace C short enough for it.
    @Test(
        "random-lru: misses and byte misses equal a plain re-implementation of libCacheSim's RandomLRU.c on trace C's first 200,000 requests, in bytes and in objects",
        arguments: [ReplayCapacity.bytes(162_059_814), .bytes(324_119_628), .objects(1000), .objects(2000)])
    func randomLRUOnAPrefix(capacity: ReplayCapacity) {
        let prefix = Self.requests[..<200_000]
        let reference: LibCacheSimSampledCache
        switch capacity {
        case .bytes(let bytes): reference = LibCacheSimSampledCache(.leastRecentOf(draws: 64), capacity: bytes, sized: true, power: 16)
        case .objects(let objects): reference = LibCacheSimSampledCache(.leastRecentOf(draws: 64), capacity: objects, power: 16)
        }
        for request in prefix { reference.get(request.key, size: Int(request.size)) }
        let counts = Self.replay(.randomLRU, capacity, requests: prefix)
        #expect(counts.misses == reference.misses)
        #expect(counts.missedBytes == reference.missedBytes)
        #expect(counts.evictions == reference.evicted.count)
    }
}
