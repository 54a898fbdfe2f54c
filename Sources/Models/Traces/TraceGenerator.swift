import Foundation

/// A synthetic request stream, generated in chunks: the reference generator's bounded Zipf (the
/// same requests, so its CSV is byte-for-byte the generator's; see ``ZipfTrace``), or a uniform,
/// hotspot or latest popularity over the same ranks.
///
/// Every distribution draws SplitMix64 uniforms from `seed` (output *i* for request *i*; the
/// latest distribution two per request) and turns them into 1-based ranks; rank 1 is the most
/// popular object. Request *i* (from 1) has time *i* and size 1, or with ``Sizes/pow2`` its
/// object's own size.
public struct TraceGenerator: Sendable {
    /// The size each request carries.
    public enum Sizes: String, CaseIterable, Sendable {
        /// Every request's size is 1 (a capacity counts objects).
        case unit
        /// Object *k* has one fixed size in bytes, 256 · 2^(h mod 13) (256 B to 1 MiB), h the first
        /// SplitMix64 output for the state `seed XOR (k · 0x9E3779B97F4A7C15)`: the reference
        /// generator's `--sizes pow2` (trace C).
        case pow2

        /// The size of object `key` under `seed`.
        @inline(__always)
        public func size(of key: UInt64, seed: UInt64) -> UInt32 {
            switch self {
            case .unit: return 1
            case .pow2:
                let golden: UInt64 = 0x9E37_79B9_7F4A_7C15
                var z = (seed ^ (key &* golden)) &+ golden
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                z ^= z >> 31
                return 256 << UInt32(z % 13)
            }
        }
    }

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
    public let sizes: Sizes

    private var generator: SeededGenerator
    private var prefix: [Double] = []
    private var total = 0.0
    private var hotCount = 0
    private var newest: UInt64
    /// Requests generated so far.
    public private(set) var produced = 0

    /// A generator of `requests` requests over `objects` ranks (both > 0).
    /// - Complexity: O(*objects*) for the Zipf prefix sums.
    public init(distribution: Distribution, objects: Int, requests: Int, seed: UInt64, sizes: Sizes = .unit) {
        self.distribution = distribution
        self.sizes = sizes
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
            hotCount = min(self.objects, max(1, Int(saturating: (fraction * Double(self.objects)).rounded(.up))))
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
            let key = nextKey()
            buffer[index] = TraceRequest(time: Double(produced), key: key, size: sizes.size(of: key, seed: seed))
        }
        return count
    }

    @inline(__always)
    private mutating func nextKey() -> UInt64 {
        switch distribution {
        case .zipf:
            return UInt64(zipfRank(generator.nextUnit()))
        case .uniform:
            return UInt64(min(Int(saturating: generator.nextUnit() * Double(objects)), objects - 1) + 1)
        case .hotspot(_, let share):
            let u = generator.nextUnit()
            if u < share || hotCount == objects {
                return UInt64(min(Int(saturating: u / share * Double(hotCount)), hotCount - 1) + 1)
            }
            let cold = objects - hotCount
            return UInt64(hotCount + min(Int(saturating: (u - share) / (1 - share) * Double(cold)), cold - 1) + 1)
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
