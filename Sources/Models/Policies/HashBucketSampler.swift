/// Entries in the reference simulator's chained hash table, and its draws of a random entry: the
/// machinery `random`, `random-two`, `hyperbolic` and `random-lru` sample their candidates with.
///
/// The reference keeps its entries in 2^*p* buckets by the low *p* bits of a hash of their identity
/// (XXH3), each bucket a chain with the newest entry first. A draw takes the low *p* bits of a
/// 64-bit linear congruential generator (Knuth's MMIX constants) as a bucket, redraws while that
/// bucket is empty, and returns the bucket's first entry. The table doubles (rehashing every chain
/// in bucket order, each pushed onto its new bucket's front, which reverses it) when an insertion
/// finds more entries in it than buckets.
///
/// The low *p* bits of that generator run through every value once per 2^*p* steps, whatever the
/// high bits, so a draw is a hand stepping through the buckets in a fixed scrambled order. The
/// sampler keeps the buckets in that order with a bitmap of the non-empty ones, and finds the next
/// non-empty bucket a word of 64 at a time instead of redrawing: the same entries come out, in the
/// same order, as the reference's draws from the same seed, at a cost that does not grow as the
/// table empties. Unlike the reference, the table stops doubling at 2^16 buckets.
final class HashBucketSampler {
    /// The largest table: 2^16 buckets.
    static let maximumPower = 16
    private static let multiplier: UInt64 = 6_364_136_223_846_793_005
    private static let increment: UInt64 = 1_442_695_040_888_963_407

    /// The step, counted from state 0, at which the generator's low 16 bits first take each value.
    /// The low *p* bits at step *t* depend on *t* mod 2^*p* alone, so bucket *b* of a 2^*p* table
    /// comes at steps ≡ `cycleStep[b]` (mod 2^*p*).
    private static let cycleStep: [UInt16] = {
        let count = 1 << maximumPower
        var step = [UInt16](repeating: 0, count: count)
        var state: UInt64 = 0
        for index in 0..<count {
            step[Int(state)] = UInt16(index)
            state = (state &* multiplier &+ increment) & UInt64(count - 1)
        }
        return step
    }()

    /// The table's power at the start and after ``removeAll()``.
    private let initialPower: Int
    /// The table has 2^`power` buckets.
    @exclusivity(unchecked) private var power: Int
    /// The newest slot of the bucket at each position in the cycle (mod 2^`power`), or -1;
    /// allocated at the first insertion.
    @exclusivity(unchecked) private var heads: [Int32] = []
    /// One bit per cycle position: whether that bucket holds an entry.
    @exclusivity(unchecked) private var occupied: [UInt64] = []
    /// One bit per word of `occupied`: whether that word has a bit set.
    @exclusivity(unchecked) private var occupiedWords: [UInt64] = []
    /// The next (older) slot in the same bucket, or -1, by slot.
    @exclusivity(unchecked) private var nextInBucket: [Int32] = []
    /// Each tracked slot's step in the 2^16 cycle (`cycleStep` of its hash's low 16 bits), or -1:
    /// its cycle position in a 2^*p* table is that step's low *p* bits (the low *p* bits of the
    /// generator run their own cycle of 2^*p* steps), so neither a removal nor a doubling looks the
    /// step up again.
    @exclusivity(unchecked) private var stepOf: [Int32] = []
    /// The entries held.
    @exclusivity(unchecked) private(set) var count = 0
    /// The generator's step (mod 2^16) at the last draw: its state has the low bits the cycle has there.
    @exclusivity(unchecked) private var hand: Int

    /// A table of 2^`power` buckets (at least 2^6, at most 2^16) and a generator whose state is `seed`.
    init(seed: UInt64, power: Int) {
        initialPower = min(max(power, 6), Self.maximumPower)
        self.power = initialPower
        hand = Int(Self.cycleStep[Int(seed & 0xFFFF)])
    }

    /// The mask of a cycle position (or bucket) in the table as it is now.
    @inline(__always) private var mask: Int { (1 << power) - 1 }

    /// The cycle position, in the table as it is now, of the bucket of an entry at `step` of the
    /// 2^16 cycle (`cycleStep[h & mask] == cycleStep[h] & mask` for every 16-bit `h`).
    @inline(__always)
    private func position(ofStep step: Int) -> Int { step & mask }

    /// Whether `slot` is held.
    func contains(_ slot: Int) -> Bool { slot < stepOf.count && stepOf[slot] >= 0 }

    /// Adds `slot`, known by `identity`, at the front of its bucket (doubling the table first if it
    /// holds more entries than buckets). Nothing happens if it is held already.
    /// - Complexity: O(1) amortised; O(*n* + 2^*p*) when the table doubles.
    /// Inlined into each policy's insertion, as the code was when it was `random`'s own.
    @inline(__always)
    func insert(_ slot: Int, identity: UInt64) {
        if heads.isEmpty { allocate() }
        if slot >= stepOf.count {
            growSlots(&nextInBucket, toHold: slot, with: -1)
            growSlots(&stepOf, toHold: slot, with: -1)
        }
        guard stepOf[slot] < 0 else { return }
        if power < Self.maximumPower, count > 1 << power { double() }
        stepOf[slot] = Int32(Self.cycleStep[Int(Self.hash(identity) & 0xFFFF)])
        push(slot)
        count += 1
    }

    /// Removes `slot` from its bucket; nothing happens if it is not held.
    /// - Complexity: O(*k*) for a bucket of *k* entries (almost always 1).
    @inline(__always)
    func remove(_ slot: Int) {
        guard contains(slot) else { return }
        let position = position(ofStep: Int(stepOf[slot]))
        stepOf[slot] = -1
        count -= 1
        if heads[position] == Int32(slot) {
            heads[position] = nextInBucket[slot]
            if heads[position] < 0 { markEmpty(position) }
            return
        }
        var previous = Int(heads[position])
        while previous >= 0, nextInBucket[previous] != Int32(slot) { previous = Int(nextInBucket[previous]) }
        if previous >= 0 { nextInBucket[previous] = nextInBucket[slot] }
    }

    /// Removes every entry; the table returns to its first size (the generator goes on).
    func removeAll() {
        for slot in stepOf.indices { stepOf[slot] = -1 }
        count = 0
        power = initialPower
        if !heads.isEmpty { allocate() }
    }

    /// One draw: the generator steps to the next non-empty bucket, whose newest entry comes out
    /// (`nil` if nothing is held).
    /// - Complexity: O(1): at most 2^*p* / 4096 + 2 words looked at.
    @inline(__always)
    func draw() -> Int? {
        guard count > 0, let position = nextOccupied(after: hand & mask) else { return nil }
        hand = (hand + ((position - hand - 1) & mask) + 1) & 0xFFFF
        return Int(heads[position])
    }

    /// Draws until an entry not skipped comes out, looking past a drawn bucket's newest entry to
    /// its older ones when the newest is skipped; `nil` once the draws went a full cycle of the
    /// buckets.
    /// - Complexity: as ``draw()``, times the buckets whose entries are all skipped.
    @inline(__always)
    func draw(skipping skip: (Int) -> Bool) -> Int? {
        let before = hand
        guard let slot = draw() else { return nil }
        return skip(slot) ? drawPast(slot, visited: advance(since: before), skipping: skip) : slot
    }

    /// The generator's steps since it was at `before`, one draw ago (2^16 for a full turn).
    @inline(__always)
    private func advance(since before: Int) -> Int {
        let steps = (hand - before) & 0xFFFF
        return steps == 0 ? 1 << 16 : steps
    }

    /// ``draw(skipping:)`` once the newest entry of the bucket drawn, `slot`, was skipped, the
    /// draws having gone `visited` steps.
    private func drawPast(_ slot: Int, visited: Int, skipping skip: (Int) -> Bool) -> Int? {
        var visited = visited
        var candidate = Int(nextInBucket[slot])
        while true {
            while candidate >= 0 {
                if !skip(candidate) { return candidate }
                candidate = Int(nextInBucket[candidate])
            }
            guard visited < 1 << power else { return nil }
            let before = hand
            guard let next = draw() else { return nil }
            visited += advance(since: before)
            candidate = next
        }
    }

    private func allocate() {
        heads = Array(repeating: -1, count: 1 << power)
        occupied = Array(repeating: 0, count: max(1, (1 << power) / 64))
        occupiedWords = Array(repeating: 0, count: max(1, occupied.count / 64))
    }

    @inline(__always)
    private func markOccupied(_ position: Int) {
        occupied[position >> 6] |= 1 << UInt64(position & 63)
        occupiedWords[position >> 12] |= 1 << UInt64((position >> 6) & 63)
    }

    @inline(__always)
    private func markEmpty(_ position: Int) {
        occupied[position >> 6] &= ~(1 << UInt64(position & 63))
        if occupied[position >> 6] == 0 { occupiedWords[position >> 12] &= ~(1 << UInt64((position >> 6) & 63)) }
    }

    /// Puts `slot` (its step set) at the front of its bucket.
    @inline(__always)
    private func push(_ slot: Int) {
        let position = position(ofStep: Int(stepOf[slot]))
        nextInBucket[slot] = heads[position]
        heads[position] = Int32(slot)
        markOccupied(position)
    }

    /// Doubles the table as the reference does: the old buckets in order of their number, each
    /// chain from its newest entry, every entry pushed onto its new bucket's front.
    private func double() {
        let oldHeads = heads
        let oldMask = mask
        power += 1
        allocate()
        for bucket in 0...oldMask {
            var slot = Int(oldHeads[Int(Self.cycleStep[bucket]) & oldMask])
            while slot >= 0 {
                let older = Int(nextInBucket[slot])
                push(slot)
                slot = older
            }
        }
    }

    /// The first occupied cycle position after `position`, wrapping around (`position` itself last):
    /// the rest of its word, else the first occupied word after it by the word bitmap.
    @inline(__always)
    private func nextOccupied(after position: Int) -> Int? {
        occupied.withUnsafeBufferPointer { words in
            let start = (position + 1) & mask
            let word = words[start >> 6] & (~0 << UInt64(start & 63))
            if word != 0 { return start & ~63 | word.trailingZeroBitCount }
            return occupiedWords.withUnsafeBufferPointer { summary in
                let after = ((start >> 6) + 1) & (words.count - 1)
                var index = after >> 6
                var bits = summary[index] & (~0 << UInt64(after & 63))
                for _ in 0...summary.count {
                    if bits != 0 {
                        let found = index << 6 | bits.trailingZeroBitCount
                        return found << 6 | words[found].trailingZeroBitCount
                    }
                    index = (index + 1) & (summary.count - 1)
                    bits = summary[index]
                }
                return nil
            }
        }
    }

    /// Bytes per tracked entry (the bucket table and bitmap, up to 264 KiB, come on top, once).
    static let bytesPerEntry = 2 * MemoryLayout<Int32>.stride

    /// XXH3 (64-bit, seed 0, default secret) of the 8 little-endian bytes of `value`: the hash the
    /// reference gives an identity.
    @inline(__always)
    static func hash(_ value: UInt64) -> UInt64 {
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
