import Models
import Report
import Testing

/// A policy's metadata grows with what is inserted, not with its capacity: a capacity of 10^7
/// on a trace of 5 keys allocates kilobytes, not the hundreds of megabytes a table or sketch
/// sized for the capacity would (s3-fifo's ghost: 400 MB; w-tinylfu's sketch: 575 MB).
@Suite("Policy memory: sized by what is inserted")
struct PolicyMemoryBoundTests {
    /// Bytes this thread allocates while `body` runs (jemalloc's counter).
    static func allocated(_ body: () -> Void) -> UInt64 {
        AllocationProbe.measureBytes(body).1
    }

    static let hugeCapacity = 10_000_000
    /// Far below any structure sized for `hugeCapacity` entries.
    static let bound: UInt64 = 4 << 20

    static var measurable: Bool { Jemalloc.isProcessAllocator && AllocationProbe.install() }

    @Test(
        "s3-fifo's ghost table is sized by what is inserted, not by the capacity (capacity 10^7, 5 keys: under 4 MB)",
        .enabled(if: measurable))
    func s3fifoGhostSizedByInserts() {
        let bytes = Self.allocated {
            let policy = S3FIFOPolicy(capacity: Self.hugeCapacity)
            for slot in 0..<5 {
                policy.willInsert(identity: UInt64(slot))
                policy.didInsert(slot)
            }
        }
        #expect(bytes < Self.bound, "allocated \(bytes) bytes")
    }

    @Test(
        "w-tinylfu's frequency sketch is sized by what is inserted, not by the capacity (capacity 10^7, 5 keys: under 4 MB)",
        .enabled(if: measurable))
    func wTinyLFUSketchSizedByInserts() {
        let bytes = Self.allocated {
            let policy = WTinyLFUPolicy(capacity: Self.hugeCapacity)
            for slot in 0..<5 {
                policy.willInsert(identity: UInt64(slot))
                policy.didInsert(slot)
                policy.didAccess(slot)
            }
        }
        #expect(bytes < Self.bound, "allocated \(bytes) bytes")
    }

    @Test(
        "a trace replay at capacity 10^7 reserves room for the objects the trace can bring, not for the capacity",
        .enabled(if: measurable), arguments: [PolicyName.lru, .s3fifo, .wTinyLFU, .arc, .twoQ, .lfu, .sieve])
    func replaySizedByTrace(policy: PolicyName) {
        let requests = (0..<5).map { TraceRequest(time: Double($0), key: UInt64($0)) }
        let bytes = Self.allocated {
            let cache = TraceReplay.make(policy: policy, capacity: .objects(Self.hugeCapacity), expectedObjects: 5)
            requests.withUnsafeBufferPointer { cache.replay($0, counted: true) }
        }
        #expect(bytes < Self.bound, "\(policy): allocated \(bytes) bytes")
    }

    @Test("w-tinylfu built lazily counts exactly what it counted with its sketch built up front (the counts at a full cache)")
    func wTinyLFUSameCounts() {
        // Every key of a zipf-like stream: the sketch decides admissions once the cache is full.
        var state: UInt64 = 7
        let requests = (0..<50_000).map { index -> TraceRequest in
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let key = (state >> 33) % 2_000
            return TraceRequest(time: Double(index), key: key % 7 == 0 ? key % 50 : key)
        }
        let misses = TraceReplay.misses(of: .wTinyLFU, capacities: [.objects(100), .objects(1_000)]) { feed in
            requests.withUnsafeBufferPointer { feed($0) }
        }
        let reference = requests.map { UInt32(truncatingIfNeeded: $0.key) }
        let replayed = [100, 1_000].map { CacheReplay.misses(of: .wTinyLFU, capacity: $0, requests: reference) }
        #expect(misses == replayed)
    }
}
