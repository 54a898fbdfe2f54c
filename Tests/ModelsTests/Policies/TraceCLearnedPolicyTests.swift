import Models
import Testing

/// The learning policies (`lecar`, `cacheus`, `lhd`) against the reference simulator's counts on
/// trace C: misses and byte misses at four capacities in bytes (sizes honoured) and misses at four
/// in objects (sizes ignored). The reference ran each cache after `set_rand_seed(0)`; a replay's
/// seed 0 is that seed.
@Suite("Learning policies against the reference simulator on trace C")
struct TraceCLearnedPolicyTests {
    /// 2,000,000 requests over 20,000 objects, Zipf α = 0.9, seed 11, sizes `pow2` (256 B to 1 MiB).
    static let requests: [TraceRequest] = ZipfTrace(count: 2_000_000, objects: 20_000, alpha: 0.9, seed: 11).requests
        .enumerated().map { index, id in
            TraceRequest(time: Double(index + 1), key: UInt64(id), size: TraceGenerator.Sizes.pow2.size(of: UInt64(id), seed: 11))
        }

    /// 0.1, 1, 5 and 10% of the working set, in bytes and in objects.
    static let byteCapacities = [3_241_196, 32_411_962, 162_059_814, 324_119_628]
    static let objectCapacities = [20, 200, 1000, 2000]

    static func replay(_ policy: PolicyName, _ capacity: ReplayCapacity) -> ReplayCounts {
        let cache = TraceReplay.make(policy: policy, capacity: capacity, seed: 0)
        requests.withUnsafeBufferPointer { cache.replay($0, counted: true) }
        return cache.counts
    }

    @Test("lecar: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func lecar() {
        let bytes = Self.byteCapacities.map { Self.replay(.lecar, .bytes($0)) }
        #expect(bytes.map(\.misses) == [1_599_794, 1_252_542, 937_840, 772_008])
        #expect(bytes.map(\.missedBytes) == [254_543_423_232, 200_468_974_848, 150_608_838_656, 124_116_333_312])
        let objects = Self.objectCapacities.map { Self.replay(.lecar, .objects($0)) }
        #expect(objects.map(\.misses) == [1_782_445, 1_408_122, 1_041_092, 847_641])
    }
}
