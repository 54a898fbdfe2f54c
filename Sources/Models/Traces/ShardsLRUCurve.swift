/// LRU's miss-ratio curve estimated from a spatial sample of the keys (SHARDS, Waldspurger et al.,
/// FAST '15, fixed-rate version).
///
/// A key is sampled when its hash, taken modulo P = 2^24, is below T = R·P for the rate R: every
/// request of a sampled key is recorded, every request of another key is skipped, so about a
/// fraction R of the keys (and, on average, of the requests) is kept. The hash is the SplitMix64
/// finaliser (Stafford's "Mix13": xor-shift 30, multiply by 0xBF58476D1CE4E5B9, xor-shift 27,
/// multiply by 0x94D049BB133111EB, xor-shift 31) of the key, so the sample is the same on every
/// machine. The sample's stack distances, scaled by 1/R, estimate the full stream's: a sampled
/// request hits a cache of `C` objects when its distance `d` satisfies d / R ≤ C.
///
/// With `adjusted` (SHARDS_adj, the default), the difference between the expected number of sampled
/// requests (R times all the requests) and the actual number is counted as hits at the smallest
/// distance, which corrects most of the error a few very popular keys cause by being in or out of
/// the sample.
public struct ShardsLRUCurve: Sendable {
    /// The modulus of the sampling condition.
    public static let modulus: UInt64 = 1 << 24

    /// The sampling rate R (0 < R ≤ 1).
    public let rate: Double
    /// Whether the count correction of SHARDS_adj applies.
    public let adjusted: Bool
    private let threshold: UInt64
    private var sample = LRUStackDistances()
    /// All the requests seen, sampled or not.
    public private(set) var requests = 0

    /// Creates an empty estimate sampling a fraction `rate` of the keys, clamped to (0, 1].
    public init(rate: Double, adjusted: Bool = true) {
        let clamped = rate.isFinite ? min(max(rate, 1.0 / Double(Self.modulus)), 1) : 1
        self.rate = clamped
        self.adjusted = adjusted
        threshold = UInt64(saturating: (clamped * Double(Self.modulus)).rounded())
    }

    /// The requests recorded in the sample.
    public var sampledRequests: Int { sample.requests }

    /// The 64-bit hash that decides whether `key` is sampled (the SplitMix64 finaliser).
    public static func hash(_ key: UInt64) -> UInt64 {
        var z = key
        z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
        z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
        return z ^ (z >> 31)
    }

    /// Records one request of `key` (recorded in the sample only if `key` is sampled).
    /// - Complexity: O(log *m*) amortised for a sampled key, *m* sampled keys; O(1) otherwise.
    public mutating func record(_ key: UInt64) {
        requests += 1
        if Self.hash(key) % Self.modulus < threshold { sample.record(key) }
    }

    /// The estimated miss ratio of an LRU cache of `capacity` objects, in [0, 1].
    /// - Complexity: O(*m*) for *m* sampled keys.
    public func missRatio(capacity: Int) -> Double {
        guard capacity > 0 else { return requests > 0 ? 1 : 0 }
        // d / R ≤ C ⟺ d ≤ ⌊C·R⌋ for integer d.
        let scaled = Int(saturating: (Double(capacity) * rate).rounded(.down))
        let misses = Double(sample.misses(capacity: scaled))
        let counted = adjusted ? Double(requests) * rate : Double(sample.requests)
        guard counted > 0 else { return 0 }
        return min(1, max(0, misses / counted))
    }
}
