/// Hyperbolic caching: each entry's priority is its accesses divided by its time in the cache
/// (in requests), and to evict, a sample of entries drawn at random is compared and the one of
/// lowest priority goes.
///
/// An insertion gives the entry count 1 and stamps it with the request's number; a hit adds 1 to
/// the count. An eviction draws `n_sample` entries at random (the same entry may come more than
/// once) and evicts the first drawn of those with the lowest 10^8 · count / (now − stamp), `now`
/// being the current request's number, as the reference computes it in doubles. The priority
/// decays with time in the cache, so an entry that was popular once loses to newer ones unless
/// it keeps being read. Sized, an eviction removes one entry whatever its size and the fit is
/// tested again; no entry is refused but one larger than the whole capacity.
///
/// The draws are the reference simulator's (``HashBucketSampler``), from the table its cache
/// simulator makes for this policy: 2^12 buckets (hash power 24, lowered to 16 for this policy and
/// then by 8 more), doubling as entries come, and its generator seeded with the run's seed; so
/// with seed 0 the counts are libCacheSim's exactly (up to 2^16 buckets: past 65,536 entries the
/// table stops doubling here).
public final class HyperbolicPolicy: RegisteredPolicy {
    /// The reference's hash table for this policy starts at 2^12 buckets.
    static let initialPower = 12

    private let buckets: HashBucketSampler
    /// Accesses of each slot's entry since it entered.
    @exclusivity(unchecked) private var count: [Int] = []
    /// The number of the request that inserted each slot's entry.
    @exclusivity(unchecked) private var entered: [Int] = []
    @exclusivity(unchecked) private var requests = 0
    @exclusivity(unchecked) private var incoming: UInt64?
    private let samples: Int

    /// Creates the policy.
    /// - Parameters:
    ///   - seed: the generator's initial state.
    ///   - samples: the entries drawn per eviction.
    public init(seed: UInt64, samples: Int = 64) {
        buckets = HashBucketSampler(seed: seed, power: Self.initialPower)
        self.samples = max(1, samples)
    }

    public static let policyName: PolicyName = .hyperbolic
    public static let summary =
        "Of a random sample of entries, the one with the fewest accesses per request spent in the cache goes first."
    public static let reference = "Blankstein et al., USENIX ATC 2017; libCacheSim Hyperbolic.c"
    /// libCacheSim's figure at 100 objects is over the trace's first 200,000 requests only (docs/measured.md).
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [0.44, 3.41, 9.34], peakRSSMiB: 35)
    public static let parameters = [
        PolicyParameter("n_sample", "Entries drawn at random and compared per eviction.", kind: .integer(1...1024), default: .integer(64))
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(seed: context.seed, samples: context.settings.integer("n_sample", or: 64))
    }

    public func willInsert(identity: UInt64) {
        requests += 1
        incoming = identity
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        if slot >= count.count {
            growSlots(&count, toHold: slot, with: 0)
            growSlots(&entered, toHold: slot, with: 0)
        }
        count[slot] = 1
        entered[slot] = requests
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        incoming = nil
        buckets.insert(slot, identity: identity)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        requests += 1
        if slot < count.count { count[slot] += 1 }
    }

    /// - Complexity: O(*k*) for a bucket of *k* entries (almost always 1).
    public func didRemove(_ slot: Int) { buckets.remove(slot) }

    public func didRemoveAll() { buckets.removeAll() }

    /// The lowest-priority entry of `n_sample` draws (the first drawn among equals); skipped
    /// entries are drawn past. An entry inserted by the current request has no time in the cache
    /// and an infinite priority; if every draw is such an entry (a store evicting between
    /// requests), the first drawn goes.
    /// - Complexity: `n_sample` draws of ``HashBucketSampler``.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard let first = buckets.draw(skipping: skip) else { return nil }
        var best = first
        var bestScore = 1.0e16
        var slot = first
        for sample in 0..<samples {
            if sample > 0 {
                guard let next = buckets.draw(skipping: skip) else { return nil }
                slot = next
            }
            let score = 1.0e8 * Double(count[slot]) / Double(requests - entered[slot])
            if bestScore > score {
                best = slot
                bestScore = score
            }
        }
        return best
    }

    /// Bytes of policy state per tracked entry (the bucket table and bitmap, up to 264 KiB, come on top, once).
    public static let bytesPerEntry = HashBucketSampler.bytesPerEntry + 2 * MemoryLayout<Int>.stride
}

extension PolicyName {
    /// Hyperbolic caching (`HyperbolicPolicy`).
    public static let hyperbolic: PolicyName = "hyperbolic"
}
