import Foundation

/// A synthetic request stream, generated in chunks: the reference generator's bounded Zipf (the
/// same requests, so its CSV is byte-for-byte the generator's; see ``ZipfTrace``), or a uniform,
/// hotspot or latest popularity over the same ranks.
///
/// Every distribution draws SplitMix64 uniforms from `seed` (output *i* for request *i*; the
/// latest distribution two per request) and turns them into 1-based ranks; rank 1 is the most
/// popular object. Request *i* (from 1) has time *i* and size 1.
public struct TraceGenerator: Sendable {
    /// How ranks are drawn.
    public enum Distribution: Equatable, Sendable {
        /// Bounded Zipf with exponent α, by inverse CDF over a left-to-right prefix sum of k^−α.
        case zipf(alpha: Double)
        /// Every rank equally likely: ⌊u·N⌋ + 1.
        case uniform
        /// A hot set of the first ⌈`hotFraction`·N⌉ ranks takes `hotShare` of the requests, each
        /// part uniform; one uniform u per request (u < hotShare: hot, scaled to the hot set).
        case hotspot(hotFraction: Double, hotShare: Double)
        /// New objects keep arriving and the newest are the most popular: with probability
        /// `insertShare` a request asks for a new object (the newest key + 1); otherwise for the
        /// key `newest − r + 1` with r drawn from Zipf(α) over N ranks (clamped to 1). The first
        /// draw of a request decides, the second is the Zipf uniform.
        case latest(alpha: Double, insertShare: Double)
    }

    public let distribution: Distribution
    public let objects: Int
    public let requests: Int
    public let seed: UInt64

    private var generator: SeededGenerator
    private var prefix: [Double] = []
    private var total = 0.0
    private var hotCount = 0
    private var newest: UInt64
    /// Requests generated so far.
    public private(set) var produced = 0

    /// A generator of `requests` requests over `objects` ranks (both > 0).
    /// - Complexity: O(*objects*) for the Zipf prefix sums.
    public init(distribution: Distribution, objects: Int, requests: Int, seed: UInt64) {
        self.distribution = distribution
        self.objects = max(1, objects)
        self.requests = max(0, requests)
        self.seed = seed
        generator = SeededGenerator(seed: seed)
        newest = UInt64(self.objects)
        switch distribution {
        case .zipf(let alpha), .latest(let alpha, _):
            var sums = [Double](repeating: 0, count: self.objects)
            var sum = 0.0
            for rank in 1...self.objects {
                sum += pow(Double(rank), -alpha)
                sums[rank - 1] = sum
            }
            prefix = sums
            total = sum
        case .hotspot(let fraction, _):
            hotCount = min(self.objects, max(1, Int((fraction * Double(self.objects)).rounded(.up))))
        case .uniform:
            break
        }
    }

    /// Fills `buffer` with the next requests; returns how many (0 at the end).
    /// - Complexity: O(*k* log *objects*) for *k* requests.
    public mutating func fill(_ buffer: UnsafeMutableBufferPointer<TraceRequest>) -> Int {
        let count = min(buffer.count, requests - produced)
        guard count > 0 else { return 0 }
        for index in 0..<count {
            produced += 1
            buffer[index] = TraceRequest(time: Double(produced), key: nextKey(), size: 1)
        }
        return count
    }

    @inline(__always)
    private mutating func nextKey() -> UInt64 {
        switch distribution {
        case .zipf:
            return UInt64(zipfRank(generator.nextUnit()))
        case .uniform:
            return UInt64(min(Int(generator.nextUnit() * Double(objects)), objects - 1) + 1)
        case .hotspot(_, let share):
            let u = generator.nextUnit()
            if u < share || hotCount == objects {
                return UInt64(min(Int(u / share * Double(hotCount)), hotCount - 1) + 1)
            }
            let cold = objects - hotCount
            return UInt64(hotCount + min(Int((u - share) / (1 - share) * Double(cold)), cold - 1) + 1)
        case .latest(_, let share):
            let decide = generator.nextUnit()
            let u = generator.nextUnit()
            if decide < share {
                newest += 1
                return newest
            }
            let rank = UInt64(zipfRank(u))
            return rank > newest ? 1 : newest - rank + 1
        }
    }

    /// The smallest rank whose prefix sum exceeds u·total, clamped to `objects`.
    @inline(__always)
    private func zipfRank(_ u: Double) -> Int {
        let target = u * total
        return prefix.withUnsafeBufferPointer { sums in
            var low = 0
            var high = sums.count
            while low < high {
                let middle = (low + high) / 2
                if sums[middle] > target { high = middle } else { low = middle + 1 }
            }
            return min(low + 1, objects)
        }
    }
}
