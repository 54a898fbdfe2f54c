import Models
import Testing
import TestSupport

/// Trace C: objects of 13 sizes from 256 B to 1 MiB. With the capacity in bytes every policy sizes
/// its queues, segments, ghost lists (and ARC's target) in bytes and refuses an object larger than
/// the part of the cache it must enter, as the reference does; with the capacity in objects it
/// counts entries.
@Suite("Agreement with the reference simulator on trace C (variable sizes)")
struct TraceCAgreementTests {
    /// The policies whose counts the reference gives exactly (`slru`: two segments, 20/80).
    static let exactPolicies: [PolicyName] = [.lru, .fifo, .clock, .lfu, .arc, .s3fifo, .sieve, .twoQ, .slru, .optimal]

    static func replay(
        _ policy: PolicyName, _ capacity: ReplayCapacity, parameters: PolicyParameters = PolicyParameters()
    ) -> ReplayCounts {
        let requests = ReferenceTraceC.requests
        let future = policy == .optimal ? requests.map(\.key) : []
        let cache = TraceReplay.make(policy: policy, capacity: capacity, parameters: parameters, future: future)
        requests.withUnsafeBufferPointer { cache.replay($0, counted: true) }
        return cache.counts
    }

    @Test("the Swift generator gives trace C's sizes (the reference's self-check, working set and requested bytes)")
    func traceIsTheReference() {
        let sizes = (1...8).map { TraceGenerator.Sizes.pow2.size(of: UInt64($0), seed: 0) }
        #expect(sizes == [256, 512, 1_048_576, 4096, 2048, 262_144, 65_536, 524_288])
        var counts = [Int](repeating: 0, count: 20_001)
        var seen = [Bool](repeating: false, count: 20_001)
        var workingSet = 0
        var requested = 0
        for request in ReferenceTraceC.requests {
            counts[Int(request.key)] += 1
            requested += Int(request.size)
            if !seen[Int(request.key)] {
                seen[Int(request.key)] = true
                workingSet += Int(request.size)
            }
        }
        #expect(Array(counts[1...3]) == [114_874, 61_006, 42_501])
        #expect(ReferenceTraceC.requests[0...2].allSatisfy { $0.size >= 256 })
        #expect(workingSet == ReferenceTraceC.workingSetBytes)
        #expect(requested == ReferenceTraceC.requestedBytes)
    }

    @Test("the Swift generator writes trace C byte for byte (the sha256 of gen_trace.py --sizes pow2's csv)")
    func traceCsvIsTheReference() throws {
        var text = "time,obj_id,obj_size\n"
        text.reserveCapacity(35_000_000)
        for (index, request) in ReferenceTraceC.requests.enumerated() {
            text += "\(index + 1),\(request.key),\(request.size)\n"
        }
        #expect(try ReferenceTrace.sha256(of: text) == ReferenceTraceC.sha256)
    }

    @Test(
        "every policy sizes its queues, segments and ghost lists in bytes when the capacity is in bytes: exact misses and byte misses at every byte capacity",
        arguments: exactPolicies)
    func byteTruePolicies(policy: PolicyName) throws {
        let misses = try #require(ReferenceTraceC.byteCapacityMisses[policy])
        let byteMisses = try #require(ReferenceTraceC.byteCapacityByteMisses[policy])
        let counts = ReferenceTraceC.byteCapacities.map { Self.replay(policy, .bytes($0)) }
        #expect(counts.map(\.misses) == misses)
        #expect(counts.map(\.missedBytes) == byteMisses)
        #expect(counts.allSatisfy { $0.requests == 2_000_000 && $0.requestedBytes == ReferenceTraceC.requestedBytes })
    }

    @Test(
        "every policy sizes what it holds in entries when the capacity is in objects: exact misses at every object capacity",
        arguments: exactPolicies)
    func entryTruePolicies(policy: PolicyName) throws {
        let misses = try #require(ReferenceTraceC.objectCapacityMisses[policy])
        let counts = ReferenceTraceC.objectCapacities.map { Self.replay(policy, .objects($0)) }
        #expect(counts.map(\.misses) == misses)
        let ids = ReferenceTraceC.ids.requests
        #expect(ReferenceTraceC.objectCapacities.map { CacheReplay.misses(of: policy, capacity: $0, requests: ids) } == misses)
    }

    @Test("slru with segments [1, 1, 1, 1] is the reference's default S4LRU: exact misses and byte misses at every capacity")
    func slruSegmentsParameter() {
        let s4 = PolicyParameters([.slru: ["segments": .weights([1, 1, 1, 1])]])
        let bytes = ReferenceTraceC.byteCapacities.map { Self.replay(.slru, .bytes($0), parameters: s4) }
        #expect(bytes.map(\.misses) == ReferenceTraceC.s4lruByteCapacityMisses)
        #expect(bytes.map(\.missedBytes) == ReferenceTraceC.s4lruByteCapacityByteMisses)
        let objects = ReferenceTraceC.objectCapacities.map { Self.replay(.slru, .objects($0), parameters: s4) }
        #expect(objects.map(\.misses) == ReferenceTraceC.s4lruObjectCapacityMisses)
    }

    /// The published rule (one window candidate against one main victim per eviction) with a
    /// sketch sized for the entries the cache held at its first eviction: close to libCacheSim
    /// patched to stop after one admission, whose sketch is sized for main's bytes.
    @Test("w-tinylfu in bytes follows the published rule: within 2% of the patched reference's misses")
    func wTinyLFUInBytes() {
        for (index, capacity) in ReferenceTraceC.byteCapacities.enumerated() {
            let counts = Self.replay(.wTinyLFU, .bytes(capacity))
            let expected = ReferenceTraceC.wTinyLFUPatchedMisses[index]
            let relative = abs(Double(counts.misses) - Double(expected)) / Double(expected)
            #expect(relative < 0.02, "C=\(capacity): \(counts.misses) misses, patched reference \(expected)")
        }
    }
}
