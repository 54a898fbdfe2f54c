import Models
import Testing
import TestSupport

@Suite("LRU's miss-ratio curve from stack distances")
struct LRUStackDistancesTests {
    /// A small random stream: `count` requests over `objects` keys, uniform or skewed by the seed.
    static func smallTrace(seed: UInt64) -> [UInt32] {
        var generator = SeededGenerator(seed: seed)
        let objects = 1 + generator.next(below: 40)
        let count = generator.next(below: 400)
        let skewed = generator.next(below: 2) == 0
        return (0..<count).map { _ in
            let draw = generator.next(below: objects)
            return UInt32(1 + (skewed ? draw * generator.next(below: objects) / objects : draw))
        }
    }

    @Test("one pass of stack distances misses exactly as separate lru runs at every capacity (random small traces)")
    func stackDistancesEqualSeparateLRURuns() {
        for seed in UInt64(0)..<300 {
            let trace = Self.smallTrace(seed: seed)
            var curve = LRUStackDistances()
            for key in trace { curve.record(UInt64(key)) }
            #expect(curve.requests == trace.count)
            let whole = curve.missCurve()
            for capacity in 0...(curve.distinctKeys + 2) {
                let separate = CacheReplay.misses(of: .lru, capacity: capacity, requests: trace)
                #expect(curve.misses(capacity: capacity) == separate, "seed \(seed), C=\(capacity), trace \(trace)")
                #expect(whole[min(capacity, whole.count - 1)] == separate, "seed \(seed), C=\(capacity)")
                if curve.misses(capacity: capacity) != separate { return }
            }
        }
    }

    @Test("one pass of stack distances misses exactly as separate lru runs on trace A (and as the reference)")
    func stackDistancesEqualLRUOnTraceA() throws {
        let requests = ReferenceTrace.a.requests
        var curve = LRUStackDistances()
        for key in requests { curve.record(UInt64(key)) }
        #expect(curve.requests == requests.count)
        #expect(ReferenceTrace.capacities.map { curve.misses(capacity: $0) } == ReferenceTrace.misses[.lru])
        let whole = curve.missCurve()
        for capacity in [1, 2, 3, 10, 50, 100, 333, 1000, 2500, 5000, 9000, curve.distinctKeys] {
            let separate = CacheReplay.misses(of: .lru, capacity: capacity, requests: requests)
            #expect(curve.misses(capacity: capacity) == separate, "C=\(capacity)")
            #expect(whole[capacity] == separate, "C=\(capacity)")
        }
    }

    @Test("the time axis is compacted: a long stream over few keys keeps the curve exact")
    func compactionKeepsDistances() {
        var curve = LRUStackDistances()
        var trace: [UInt32] = []
        for index in 0..<50_000 { trace.append(UInt32(index % 7 == 0 ? 100 + index % 13 : index % 5)) }
        for key in trace { curve.record(UInt64(key)) }
        #expect(curve.distinctKeys == 18)
        for capacity in 0...19 {
            #expect(curve.misses(capacity: capacity) == CacheReplay.misses(of: .lru, capacity: capacity, requests: trace))
        }
    }
}
