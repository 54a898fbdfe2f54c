import Models
import Testing

/// LIRS and the policies added beside it (`qdlp`, `fifo-merge`) against the reference simulator's
/// counts on trace C (2,000,000 requests over 20,000 objects of 256 B to 1 MiB): misses and byte
/// misses at four capacities in bytes (sizes honoured), misses at four in objects (sizes ignored).
@Suite("LIRS family: agreement with the reference simulator on trace C")
struct TraceCLIRSFamilyTests {
    /// Trace C's object ids, and its requests built once: object *k* has the size `--sizes pow2` gives it.
    static let ids = ZipfTrace(count: 2_000_000, objects: 20_000, alpha: 0.9, seed: 11).requests
    static let requests: [TraceRequest] = ids.enumerated().map { index, id in
        TraceRequest(time: Double(index + 1), key: UInt64(id), size: TraceGenerator.Sizes.pow2.size(of: UInt64(id), seed: 11))
    }
    static let byteCapacities = [3_241_196, 32_411_962, 162_059_814, 324_119_628]
    static let objectCapacities = [20, 200, 1000, 2000]

    /// The reference's counts: misses and byte misses in bytes, misses in objects.
    struct Reference {
        let byteMisses: [Int]
        let missedBytes: [Int]
        let objectMisses: [Int]
    }

    static let lirs = Reference(
        byteMisses: [1_400_301, 1_023_072, 807_822, 656_594],
        missedBytes: [289_245_106_176, 256_224_181_504, 143_787_171_840, 118_954_827_520],
        objectMisses: [1_577_742, 1_192_893, 874_873, 722_946])

    static let qdlp = Reference(
        byteMisses: [1_416_324, 1_168_469, 853_110, 696_219],
        missedBytes: [271_411_730_688, 187_292_216_576, 136_665_631_488, 112_060_512_768],
        objectMisses: [1_568_867, 1_183_748, 859_006, 703_258])

    static let fifoMerge = Reference(
        byteMisses: [1_827_385, 1_125_453, 671_406, 507_570],
        missedBytes: [277_336_052_992, 219_798_190_336, 159_499_940_096, 130_735_747_072],
        objectMisses: [1_841_561, 1_289_161, 1_011_197, 825_965])

    static func replay(_ policy: PolicyName, _ capacity: ReplayCapacity) -> ReplayCounts {
        let cache = TraceReplay.make(policy: policy, capacity: capacity)
        requests.withUnsafeBufferPointer { cache.replay($0, counted: true) }
        return cache.counts
    }

    static func check(_ policy: PolicyName, _ reference: Reference) {
        let bytes = byteCapacities.map { replay(policy, .bytes($0)) }
        #expect(bytes.map(\.misses) == reference.byteMisses)
        #expect(bytes.map(\.missedBytes) == reference.missedBytes)
        #expect(bytes.allSatisfy { $0.requests == 2_000_000 && $0.requestedBytes == 292_714_875_904 })
        let objects = objectCapacities.map { replay(policy, .objects($0)) }
        #expect(objects.map(\.misses) == reference.objectMisses)
        #expect(objectCapacities.map { CacheReplay.misses(of: policy, capacity: $0, requests: ids) } == reference.objectMisses)
    }

    @Test("lirs: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func lirsAgrees() {
        Self.check(.lirs, Self.lirs)
    }

    @Test("qdlp: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func qdlpAgrees() {
        Self.check(.qdlp, Self.qdlp)
    }

    @Test("fifo-merge: misses and byte misses equal libCacheSim's on trace C, in bytes and in objects")
    func fifoMergeAgrees() {
        Self.check(.fifoMerge, Self.fifoMerge)
    }
}
