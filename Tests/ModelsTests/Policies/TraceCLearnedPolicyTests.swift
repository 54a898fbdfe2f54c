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

    static func replay(
        _ policy: PolicyName, _ capacity: ReplayCapacity, parameters: PolicyParameters = PolicyParameters()
    ) -> ReplayCounts {
        let cache = TraceReplay.make(policy: policy, capacity: capacity, seed: 0, parameters: parameters)
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

    /// The initial learning rate of the reference's cacheus at each capacity, 0.001 + k / 1000.
    /// The reference draws it (k = next() mod 1000) when it makes the cache, before the run seeds
    /// the generator with 0; it made the four caches of a unit one after the other in one thread,
    /// so each drew where the previous run had left the generator (the first, from seed 0: 407).
    static func cacheusRate(_ draw: Int) -> PolicyParameters {
        PolicyParameters([.cacheus: ["learning_rate": .number(0.001 + Double(draw) / 1000)]])
    }

    @Test("cacheus: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects (its initial learning rates given)")
    func cacheus() {
        let bytes = zip(Self.byteCapacities, [407, 593, 687, 692]).map { capacity, draw in
            Self.replay(.cacheus, .bytes(capacity), parameters: Self.cacheusRate(draw))
        }
        #expect(bytes.map(\.misses) == [1_628_613, 1_262_217, 933_609, 762_841])
        #expect(bytes.map(\.missedBytes) == [260_281_936_640, 202_072_008_960, 150_018_631_680, 122_659_995_648])
        let objects = zip(Self.objectCapacities, [407, 166, 399, 689]).map { capacity, draw in
            Self.replay(.cacheus, .objects(capacity), parameters: Self.cacheusRate(draw))
        }
        #expect(objects.map(\.misses) == [1_604_511, 1_194_113, 866_945, 707_735])
        #expect(Self.replay(.cacheus, .bytes(Self.byteCapacities[0])).misses == 1_628_613, "0.408 is the default")
    }

    @Test("lhd: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func lhd() {
        let bytes = Self.byteCapacities.map { Self.replay(.lhd, .bytes($0)) }
        #expect(bytes.map(\.misses) == [1_449_923, 858_799, 502_886, 373_010])
        #expect(bytes.map(\.missedBytes) == [278_693_660_928, 245_658_605_824, 196_520_541_696, 164_265_185_536])
        let objects = Self.objectCapacities.map { Self.replay(.lhd, .objects($0)) }
        #expect(objects.map(\.misses) == [1_592_545, 1_313_994, 999_668, 802_311])
    }
}
