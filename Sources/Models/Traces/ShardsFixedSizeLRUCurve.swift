/// LRU's miss-ratio curve estimated from a spatial sample of bounded size (SHARDS's fixed-size
/// version, Waldspurger et al., FAST '15, section 4.2): memory stays bounded whatever the trace.
///
/// Keys are sampled by the same hash as ``ShardsLRUCurve`` (the SplitMix64 finaliser, modulo
/// P = 2^24), below a threshold T that starts at P (every key). When more than `maxKeys` keys are
/// sampled, T drops to the largest sampled hash and the keys at or above it are removed, so the
/// rate R = T / P falls as the trace reveals more keys. Each sampled request's stack distance is
/// scaled by 1/R at the time of the request, and when R falls the histogram recorded so far is
/// rescaled by R_new / R_old, so that every bucket estimates requests at the current rate.
public struct ShardsFixedSizeLRUCurve: Sendable {
    /// The most keys kept in the sample.
    public let maxKeys: Int
    /// The sampling threshold T (keys whose hash modulo P is below it are sampled).
    public private(set) var threshold: UInt64 = ShardsLRUCurve.modulus
    private var sample = LRUStackDistances()
    /// The sampled keys' hashes modulo P.
    private var hashOf: [UInt64: UInt64] = [:]
    /// Weighted sampled requests by scaled distance (index: ⌈d / R⌉), and first requests.
    private var histogram: [Double] = []
    private var cold = 0.0
    /// All the requests seen, sampled or not.
    public private(set) var requests = 0

    /// Whether the count correction of SHARDS_adj applies (see ``ShardsLRUCurve``).
    public let adjusted: Bool

    /// Creates an empty estimate keeping at most `maxKeys` (at least 1) keys.
    public init(maxKeys: Int, adjusted: Bool = true) {
        self.maxKeys = max(1, maxKeys)
        self.adjusted = adjusted
    }

    /// The current sampling rate R = T / P.
    public var rate: Double { Double(threshold) / Double(ShardsLRUCurve.modulus) }

    /// The keys in the sample now.
    public var sampledKeys: Int { hashOf.count }

    /// Records one request of `key`.
    /// - Complexity: O(log *s*) amortised for a sampled key, *s* = `maxKeys`, plus O(*s*) when the
    ///   threshold falls; O(1) otherwise.
    public mutating func record(_ key: UInt64) {
        requests += 1
        let hash = ShardsLRUCurve.hash(key) % ShardsLRUCurve.modulus
        guard hash < threshold else { return }
        let scale = 1 / rate
        if let distance = sample.record(key) {
            let bucket = Int(saturating: (Double(distance) * scale).rounded(.up))
            if bucket >= histogram.count { histogram.append(contentsOf: repeatElement(0, count: bucket - histogram.count + 1)) }
            histogram[bucket] += 1
        } else {
            cold += 1
            hashOf[key] = hash
            if hashOf.count > maxKeys { lowerThreshold() }
        }
    }

    /// The estimated miss ratio of an LRU cache of `capacity` objects, in [0, 1].
    /// - Complexity: O(*b*) for *b* histogram buckets.
    public func missRatio(capacity: Int) -> Double {
        // SHARDS_adj: the weighted count is replaced by its expectation at the current rate, the
        // difference taken as hits at the smallest distance.
        let total = adjusted ? Double(requests) * rate : histogram.reduce(cold, +)
        guard capacity > 0, total > 0 else { return requests > 0 ? 1 : 0 }
        var misses = cold
        var bucket = histogram.count - 1
        while bucket > capacity {
            misses += histogram[bucket]
            bucket -= 1
        }
        return min(1, max(0, misses / total))
    }

    /// Drops the keys with the largest hash, setting T to that hash, and rescales the histogram.
    /// - Complexity: O(*s*); it happens about *s* · ln(*K* / *s*) times over a trace of *K* keys.
    private mutating func lowerThreshold() {
        guard let newThreshold = hashOf.values.max() else { return }
        for (key, hash) in hashOf where hash >= newThreshold {
            hashOf.removeValue(forKey: key)
            sample.remove(key)
        }
        let ratio = Double(newThreshold) / Double(threshold)
        threshold = newThreshold
        for index in histogram.indices { histogram[index] *= ratio }
        cold *= ratio
    }
}
