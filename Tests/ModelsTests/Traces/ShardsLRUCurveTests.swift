import Models
import Testing
import TestSupport

@Suite("SHARDS: LRU's miss-ratio curve from a spatial sample")
struct ShardsLRUCurveTests {
    /// Capacities 50, 100, …, 10,000 objects: the curve trace A's working set spans.
    static let capacities = Array(stride(from: 50, through: 10_000, by: 50))

    /// The mean absolute error of an estimate of LRU's miss ratio (fed by `record`, read by
    /// `missRatio`) against the exact curve on trace A.
    static func meanAbsoluteError(record: (UInt64) -> Void, missRatio: (Int) -> Double) -> Double {
        let requests = ReferenceTrace.a.requests
        var exact = LRUStackDistances()
        for key in requests {
            exact.record(UInt64(key))
            record(UInt64(key))
        }
        let total = Double(requests.count)
        let errors = capacities.map { abs(missRatio($0) - Double(exact.misses(capacity: $0)) / total) }
        return errors.reduce(0, +) / Double(errors.count)
    }

    /// The mean absolute error of SHARDS at `rate` against the exact curve on trace A.
    static func meanAbsoluteError(rate: Double, adjusted: Bool) -> Double {
        var sampled = ShardsLRUCurve(rate: rate, adjusted: adjusted)
        return meanAbsoluteError(record: { sampled.record($0) }, missRatio: { sampled.missRatio(capacity: $0) })
    }

    @Test("shards at rate 1 samples every key and equals the exact curve")
    func shardsRateOneIsExact() {
        var exact = LRUStackDistances()
        var sampled = ShardsLRUCurve(rate: 1)
        for key in ReferenceTrace.a.requests.prefix(100_000) {
            exact.record(UInt64(key))
            sampled.record(UInt64(key))
        }
        #expect(sampled.sampledRequests == 100_000)
        for capacity in [1, 10, 100, 1000, 5000] {
            #expect(sampled.missRatio(capacity: capacity) == Double(exact.misses(capacity: capacity)) / 100_000)
        }
    }

    @Test("shards samples a key by its hash modulo 2^24 below R·2^24: about a fraction R of the keys, always the same ones")
    func shardsSamplesByHash() {
        var sampled = ShardsLRUCurve(rate: 0.1)
        for key in UInt64(0)..<100_000 { sampled.record(key) }
        #expect(sampled.requests == 100_000)
        #expect(abs(sampled.sampledRequests - 10_000) < 500)
        #expect(ShardsLRUCurve.hash(1) == 0x5692_161D_100B_05E5, "the SplitMix64 finaliser")
        let chosen = (UInt64(0)..<1000).filter { ShardsLRUCurve.hash($0) % ShardsLRUCurve.modulus < 1_677_722 }
        var again = ShardsLRUCurve(rate: 0.1)
        for key in chosen { again.record(key) }
        #expect(again.sampledRequests == chosen.count)
    }

    @Test(
        "shards' mean absolute error against the exact curve on trace A is below 0.01 at rates 0.1 and 0.01 (0.06 at 0.001: ten keys of 10,000)",
        arguments: [(0.1, 0.01), (0.01, 0.01), (0.001, 0.06)])
    func shardsMeanAbsoluteErrorBounded(rate: Double, bound: Double) {
        let error = Self.meanAbsoluteError(rate: rate, adjusted: true)
        print("shards rate \(rate): MAE \(error) (unadjusted \(Self.meanAbsoluteError(rate: rate, adjusted: false)))")
        #expect(error < bound, "rate \(rate): MAE \(error)")
    }

    /// The mean absolute error of fixed-size SHARDS keeping `maxKeys` keys on trace A, its final
    /// rate, and the most keys it held.
    static func fixedSizeError(maxKeys: Int, adjusted: Bool = true) -> (error: Double, rate: Double, held: Int) {
        var sampled = ShardsFixedSizeLRUCurve(maxKeys: maxKeys, adjusted: adjusted)
        var held = 0
        let error = meanAbsoluteError(
            record: {
                sampled.record($0)
                held = max(held, sampled.sampledKeys)
            }, missRatio: { sampled.missRatio(capacity: $0) })
        return (error, sampled.rate, held)
    }

    @Test("fixed-size shards never keeps more than its keys and equals the exact curve while every key fits")
    func shardsFixedSizeBoundsKeys() {
        var exact = LRUStackDistances()
        var sampled = ShardsFixedSizeLRUCurve(maxKeys: 20_000)
        for key in ReferenceTrace.a.requests.prefix(200_000) {
            exact.record(UInt64(key))
            sampled.record(UInt64(key))
        }
        #expect(sampled.rate == 1)
        for capacity in [1, 10, 100, 1000, 5000] {
            #expect(abs(sampled.missRatio(capacity: capacity) - Double(exact.misses(capacity: capacity)) / 200_000) < 1e-12)
        }
        var small = ShardsFixedSizeLRUCurve(maxKeys: 50)
        for key in UInt64(0)..<10_000 {
            small.record(key)
            #expect(small.sampledKeys <= 50)
        }
        #expect(small.rate < 0.01 && small.rate > 0.002, "about 50 of 10,000 keys: \(small.rate)")
    }

    @Test("fixed-size shards' mean absolute error on trace A is below 0.01 with 1,000 and 100 keys", arguments: [1000, 100])
    func shardsFixedSizeMeanAbsoluteErrorBounded(maxKeys: Int) {
        let (error, rate, held) = Self.fixedSizeError(maxKeys: maxKeys)
        #expect(held <= maxKeys)
        print("shards fixed size \(maxKeys) keys: final rate \(rate), MAE \(error) (unadjusted \(Self.fixedSizeError(maxKeys: maxKeys, adjusted: false).error))")
        #expect(error < 0.01, "\(maxKeys) keys: MAE \(error)")
    }
}
