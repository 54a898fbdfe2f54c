/// Sampled LRU: to evict, entries are drawn at random and the least recently used of them goes.
///
/// A hit or an insertion stamps the entry with the request's number; an eviction draws
/// `n_samples` entries (the same entry may come more than once) and evicts the one with the
/// oldest stamp. Sized, an eviction removes one entry whatever its size and the fit is tested
/// again; no entry is refused but one larger than the whole capacity. With `n_samples` 2 this is
/// `random-two`; as it grows it comes closer to LRU.
///
/// The draws are the reference simulator's (``HashBucketSampler``: a table of 2^16 buckets, hash
/// power 24 − 8, that never grows here as it would past 65,536 entries, and its generator seeded
/// with the run's seed). The reference (`RandomLRU.c`)
/// reads an `n-samples` parameter (16 by default, shown in its cache name `RandomLRU-16`) but its
/// eviction always draws 64 entries whatever it is set to; the default here is the 64 it draws,
/// so that the default evicts what it evicts. The reference takes minutes per capacity on trace C
/// (a draw redraws through the mostly empty table), so there are no reference counts to compare
/// with; the tests check the draws against a plain re-implementation of the reference's loop, and
/// `n_samples` 2 against the reference's `random-two` counts.
public final class RandomLRUPolicy: RegisteredPolicy {
    private let buckets: HashBucketSampler
    /// The number of the request that last touched each slot's entry.
    @exclusivity(unchecked) private var lastAccess: [Int] = []
    @exclusivity(unchecked) private var requests = 0
    @exclusivity(unchecked) private var incoming: UInt64?
    private let samples: Int

    /// Creates the policy.
    /// - Parameters:
    ///   - seed: the generator's initial state.
    ///   - samples: the entries drawn per eviction.
    public init(seed: UInt64, samples: Int = 64) {
        buckets = HashBucketSampler(seed: seed, power: HashBucketSampler.maximumPower)
        self.samples = max(1, samples)
    }

    public static let policyName: PolicyName = .randomLRU
    public static let summary = "Of a random sample of entries, the least recently used goes first."
    public static let reference = "libCacheSim RandomLRU.c"
    /// libCacheSim's figure at 100 objects is over the trace's first 200,000 requests only (docs/measured.md).
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [0.03, 0.33, 1.87], peakRSSMiB: 36)
    public static let parameters = [
        PolicyParameter(
            "n_samples", "Entries drawn at random per eviction (the reference draws 64 whatever its n-samples says).",
            kind: .integer(1...1024), default: .integer(64))
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(seed: context.seed, samples: context.settings.integer("n_samples", or: 64))
    }

    public func willInsert(identity: UInt64) {
        requests += 1
        incoming = identity
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        if slot >= lastAccess.count { growSlots(&lastAccess, toHold: slot, with: 0) }
        lastAccess[slot] = requests
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        incoming = nil
        buckets.insert(slot, identity: identity)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        requests += 1
        if slot < lastAccess.count { lastAccess[slot] = requests }
    }

    /// - Complexity: O(*k*) for a bucket of *k* entries (almost always 1).
    public func didRemove(_ slot: Int) { buckets.remove(slot) }

    public func didRemoveAll() { buckets.removeAll() }

    /// The least recently used of `n_samples` draws; skipped entries are drawn past.
    /// - Complexity: `n_samples` draws of ``HashBucketSampler``.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard var best = buckets.draw(skipping: skip) else { return nil }
        for _ in 1..<samples {
            guard let slot = buckets.draw(skipping: skip) else { return nil }
            if lastAccess[slot] < lastAccess[best] { best = slot }
        }
        return best
    }

    /// Bytes of policy state per tracked entry (the 264 KiB bucket table and bitmap come on top, once).
    public static let bytesPerEntry = HashBucketSampler.bytesPerEntry + MemoryLayout<Int>.stride
}

extension PolicyName {
    /// Sampled LRU (`RandomLRUPolicy`).
    public static let randomLRU: PolicyName = "random-lru"
}
