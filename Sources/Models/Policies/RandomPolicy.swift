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
/// instead of redrawing (as ``HashBucketSampler`` does for the sampling policies; `random` keeps
/// its own copy, specialised to the fixed 2^16-bucket table: the shared one, with its doubling and
/// word bitmap, cost it 6-10% at 1000 and 5000 objects). The same seed evicts the same entries.
/// Unlike the reference, the table never grows (it would past 2^16 entries).
public final class RandomPolicy: RegisteredPolicy {
    static let bucketBits = 16
    private static let bucketCount = 1 << bucketBits
    private static let multiplier: UInt64 = 6_364_136_223_846_793_005
    private static let increment: UInt64 = 1_442_695_040_888_963_407

    /// Where each bucket comes in the generator's cycle of low 16 bits, the cycle starting at 0.
    private static let cyclePosition: [UInt16] = {
        var position = [UInt16](repeating: 0, count: bucketCount)
        var bucket: UInt64 = 0
        for step in 0..<bucketCount {
            position[Int(bucket)] = UInt16(step)
            bucket = (bucket &* multiplier &+ increment) & UInt64(bucketCount - 1)
        }
        return position
    }()

    /// The newest slot of the bucket at each cycle position, or -1; allocated at the first insertion.
    @exclusivity(unchecked) private var heads: [Int32] = []
    /// One bit per cycle position: whether that bucket holds an entry.
    @exclusivity(unchecked) private var occupied: [UInt64] = []
    /// The next (older) slot in the same bucket, or -1, by slot.
    @exclusivity(unchecked) private var nextInBucket: [Int32] = []
    /// The cycle position of each tracked slot's bucket, or -1.
    @exclusivity(unchecked) private var positionOf: [Int32] = []
    @exclusivity(unchecked) private var tracked = 0
    /// The cycle position of the last bucket drawn.
    @exclusivity(unchecked) private var hand: Int
    @exclusivity(unchecked) private var incoming: UInt64?

    /// Creates the policy; `seed` is the generator's initial state.
    public init(seed: UInt64) {
        hand = Int(Self.cyclePosition[Int(seed & UInt64(Self.bucketCount - 1))])
    }

    public static let policyName: PolicyName = .random
    public static let summary = "A random entry goes first (NSCache makes no promise of order), drawn as the reference simulator draws it."
    public static let reference = "libCacheSim Random.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [2.87, 17.24, 39.55], peakRSSMiB: 36)
    public convenience init(_ context: PolicyContext) { self.init(seed: context.seed) }

    public func willInsert(identity: UInt64) { incoming = identity }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        if heads.isEmpty {
            heads = Array(repeating: -1, count: Self.bucketCount)
            occupied = Array(repeating: 0, count: Self.bucketCount / 64)
        }
        growSlots(&nextInBucket, toHold: slot, with: -1)
        growSlots(&positionOf, toHold: slot, with: -1)
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        incoming = nil
        guard positionOf[slot] < 0 else { return }
        let position = Int(Self.cyclePosition[Int(Self.hash(identity) & UInt64(Self.bucketCount - 1))])
        positionOf[slot] = Int32(position)
        nextInBucket[slot] = heads[position]
        heads[position] = Int32(slot)
        occupied[position >> 6] |= 1 << UInt64(position & 63)
        tracked += 1
    }

    public func didAccess(_ slot: Int) {}

    /// - Complexity: O(*k*) for a bucket of *k* entries (almost always 1).
    public func didRemove(_ slot: Int) {
        guard slot < positionOf.count, positionOf[slot] >= 0 else { return }
        let position = Int(positionOf[slot])
        positionOf[slot] = -1
        tracked -= 1
        if heads[position] == Int32(slot) {
            heads[position] = nextInBucket[slot]
            if heads[position] < 0 { occupied[position >> 6] &= ~(1 << UInt64(position & 63)) }
            return
        }
        var previous = Int(heads[position])
        while previous >= 0, nextInBucket[previous] != Int32(slot) { previous = Int(nextInBucket[previous]) }
        if previous >= 0 { nextInBucket[previous] = nextInBucket[slot] }
    }

    public func didRemoveAll() {
        for slot in positionOf.indices { positionOf[slot] = -1 }
        for position in heads.indices { heads[position] = -1 }
        for word in occupied.indices { occupied[word] = 0 }
        tracked = 0
    }

    /// The next non-empty bucket after the hand, in cycle order, and its newest entry not skipped;
    /// after a full cycle every entry was skipped.
    /// - Complexity: O(2^16 / 64 / *n*) words expected for *n* entries, O(1024) at most per bucket tried.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        guard tracked > 0 else { return nil }
        var visited = 0
        while visited < Self.bucketCount {
            guard let position = nextOccupied(after: hand) else { return nil }
            visited += (position - hand + Self.bucketCount - 1) % Self.bucketCount + 1
            hand = position
            var slot = Int(heads[position])
            while slot >= 0 {
                if !skip(slot) { return slot }
                slot = Int(nextInBucket[slot])
            }
        }
        return nil
    }

    /// The first occupied cycle position after `position`, wrapping around (`position` itself last).
    @inline(__always)
    private func nextOccupied(after position: Int) -> Int? {
        occupied.withUnsafeBufferPointer { words in
            let start = (position + 1) & (Self.bucketCount - 1)
            var index = start >> 6
            var word = words[index] & (~0 << UInt64(start & 63))
            for _ in 0...words.count {
                if word != 0 { return index << 6 | word.trailingZeroBitCount }
                index = (index + 1) & (words.count - 1)
                word = words[index]
            }
            return nil
        }
    }

    /// Bytes of policy state per tracked entry (the 264 KiB bucket table and bitmap come on top, once).
    public static let bytesPerEntry = 2 * MemoryLayout<Int32>.stride

    /// XXH3 (64-bit, seed 0, default secret) of the 8 little-endian bytes of `value`.
    @inline(__always)
    package static func hash(_ value: UInt64) -> UInt64 {
        // Bytes 8..<24 of XXH3's default secret, read as two little-endian words.
        let bitflip: UInt64 = 0x1CAD_21F7_2C81_017C ^ 0xDB97_9083_E96D_D4DE
        let input = (value >> 32) | (value << 32)  // the high word, plus the low word shifted up
        var h = input ^ bitflip
        h ^= (h << 49 | h >> 15) ^ (h << 24 | h >> 40)
        h &*= 0x9FB2_1C65_1E98_DF25
        h ^= (h >> 35) &+ 8
        h &*= 0x9FB2_1C65_1E98_DF25
        return h ^ (h >> 28)
    }
}

extension PolicyName {
    /// A random entry goes first (`RandomPolicy`).
    public static let random: PolicyName = "random"
}
