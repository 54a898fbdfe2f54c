/// Two random choices: to evict, two entries are drawn at random and the one used less recently
/// goes (if both draws give the same entry, it goes).
///
/// A hit or an insertion stamps the entry with the request's number; a miss draws, evicts the
/// older-stamped of the two and draws again while the new entry does not fit. Sized, an eviction
/// removes one entry whatever its size and the fit is tested again, as for every policy here; no
/// entry is refused but one larger than the whole capacity.
///
/// The draws are the reference simulator's (``HashBucketSampler``: a hash table of 2^16 buckets,
/// since it is made with hash power 24 − 8 as `random`'s is, and its generator seeded with the
/// run's seed), so with seed 0 the counts are libCacheSim's exactly. Unlike the reference, the
/// table never grows (it would past 65,536 entries).
public final class RandomTwoPolicy: RegisteredPolicy {
    private let buckets: HashBucketSampler
    /// The number of the request that last touched each slot's entry.
    @exclusivity(unchecked) private var lastAccess: [Int] = []
    @exclusivity(unchecked) private var requests = 0
    @exclusivity(unchecked) private var incoming: UInt64?

    /// Creates the policy; `seed` is the generator's initial state.
    public init(seed: UInt64) {
        buckets = HashBucketSampler(seed: seed, power: HashBucketSampler.maximumPower)
    }

    public static let policyName: PolicyName = .randomTwo
    public static let summary = "Of two entries drawn at random, the one used less recently goes first."
    public static let reference = "libCacheSim RandomTwo.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [1.15, 10.98, 33.66], peakRSSMiB: 36)
    public convenience init(_ context: PolicyContext) { self.init(seed: context.seed) }

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

    /// The less recently used of two draws; skipped entries are drawn past.
    /// - Complexity: two draws of ``HashBucketSampler``.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard let first = buckets.draw(skipping: skip), let second = buckets.draw(skipping: skip) else { return nil }
        return lastAccess[first] < lastAccess[second] ? first : second
    }

    /// Bytes of policy state per tracked entry (the 264 KiB bucket table and bitmap come on top, once).
    public static let bytesPerEntry = HashBucketSampler.bytesPerEntry + MemoryLayout<Int>.stride
}

extension PolicyName {
    /// Two random choices, the less recently used goes (`RandomTwoPolicy`).
    public static let randomTwo: PolicyName = "random-two"
}
