/// A random victim, drawn the way the reference simulator draws it (NSCache promises no order
/// either): entries sit in a table of 2^16 buckets by a hash of their identity (XXH3), newest first
/// in each bucket; a draw takes the low 16 bits of a 64-bit linear congruential generator seeded
/// with the run's seed, redraws while the bucket is empty, and evicts the bucket's newest entry.
///
/// The low 16 bits of that generator depend on nothing else and cycle through every bucket once per
/// 2^16 draws, so the draw is not uniform over entries: it is a hand sweeping the buckets in a fixed
/// scrambled order (the seed sets where it starts), and it misses a few points less than uniform
/// random eviction on a skewed stream. This policy keeps the buckets in that cycle's order with a
/// bitmap of the non-empty ones, so a draw finds the next non-empty bucket a word of 64 at a time
/// instead of redrawing (``HashBucketSampler``). The same seed evicts the same entries. Unlike the
/// reference, the table never grows (it would past 2^16 entries).
public final class RandomPolicy: RegisteredPolicy {
    private let buckets: HashBucketSampler
    @exclusivity(unchecked) private var incoming: UInt64?

    /// Creates the policy; `seed` is the generator's initial state.
    public init(seed: UInt64) {
        buckets = HashBucketSampler(seed: seed, power: HashBucketSampler.maximumPower)
    }

    public static let policyName: PolicyName = .random
    public static let summary = "A random entry goes first (NSCache makes no promise of order), drawn as the reference simulator draws it."
    public static let reference = "libCacheSim Random.c"
    /// libCacheSim aa0fc40 (`random`), release build, this project's 2-core machine, 2026-11-29: in-memory
    /// replay of trace A at 100 / 1000 / 5000 objects, M requests/s of thread CPU time (the machine was
    /// shared; wall-clock rates measured its load), median of its runs (interleaved rounds of 3); peak RSS
    /// of its process (trace arrays included). docs/measured.md.
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [2.79, 16.28, 34.47], peakRSSMiB: 36)
    public convenience init(_ context: PolicyContext) { self.init(seed: context.seed) }

    public func willInsert(identity: UInt64) { incoming = identity }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        incoming = nil
        buckets.insert(slot, identity: identity)
    }

    public func didAccess(_ slot: Int) {}

    /// - Complexity: O(*k*) for a bucket of *k* entries (almost always 1).
    public func didRemove(_ slot: Int) { buckets.remove(slot) }

    public func didRemoveAll() { buckets.removeAll() }

    /// The next non-empty bucket after the hand, in cycle order, and its newest entry not skipped;
    /// after a full cycle every entry was skipped.
    /// - Complexity: O(2^16 / 64 / *n*) words expected for *n* entries, O(1024) at most per bucket tried.
    public func victim(skipping skip: (Int) -> Bool) -> Int? { buckets.draw(skipping: skip) }

    /// Bytes of policy state per tracked entry (the 264 KiB bucket table and bitmap come on top, once).
    public static let bytesPerEntry = HashBucketSampler.bytesPerEntry

    /// XXH3 (64-bit, seed 0, default secret) of the 8 little-endian bytes of `value`.
    @inline(__always)
    package static func hash(_ value: UInt64) -> UInt64 { HashBucketSampler.hash(value) }
}

extension PolicyName {
    /// A random entry goes first (`RandomPolicy`).
    public static let random: PolicyName = "random"
}
