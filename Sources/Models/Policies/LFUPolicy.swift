/// Least frequently used first. An entry enters with count 1 and each access adds 1; counts are
/// forgotten when an entry leaves (no ageing). Among the entries with the lowest count the victim is
/// the one that reached that count first.
///
/// Entries with the same count sit in a bucket's FIFO; buckets form a list in increasing count, so
/// an access and an eviction are O(1). Buckets are recycled: steady state allocates nothing.
public final class LFUPolicy: RegisteredPolicy {
    // Per slot.
    @exclusivity(unchecked) private var countOf: [Int] = []
    @exclusivity(unchecked) private var bucketOf: [Int32] = []
    @exclusivity(unchecked) private var previous: [Int32] = []
    @exclusivity(unchecked) private var next: [Int32] = []
    // Per bucket.
    @exclusivity(unchecked) private var bucketCount: [Int] = []
    @exclusivity(unchecked) private var bucketFront: [Int32] = []
    @exclusivity(unchecked) private var bucketBack: [Int32] = []
    @exclusivity(unchecked) private var bucketLower: [Int32] = []
    @exclusivity(unchecked) private var bucketHigher: [Int32] = []
    @exclusivity(unchecked) private var freeBuckets: [Int32] = []
    @exclusivity(unchecked) private var lowest: Int32 = -1
    /// Among the entries with the lowest count, whether the victim is the one that reached the
    /// count last (else first).
    private let newestFirst: Bool

    /// - Parameter newestFirst: among the entries with the lowest count, evict the one that
    ///   reached it last rather than first.
    public init(newestFirst: Bool = false) { self.newestFirst = newestFirst }

    public static let policyName: PolicyName = .lfu
    public static let summary =
        "Least frequently used goes first (counts forgotten on eviction); ties go to the entry that reached the count first."
    public static let reference = "libCacheSim LFU.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [6.15, 5.65, 5.61], peakRSSMiB: 69)
    public static let parameters = [
        PolicyParameter(
            "ties", "Among the entries with the lowest count, evict the one that reached it first (oldest) or last (newest).",
            kind: .word(["oldest", "newest"]), default: .word("oldest"))
    ]
    public convenience init(_ context: PolicyContext) { self.init(newestFirst: context.settings.word("ties", or: "oldest") == "newest") }

    /// The access count of the entry in `slot`.
    public func frequency(of slot: Int) -> Int? {
        slot < bucketOf.count && bucketOf[slot] >= 0 ? countOf[slot] : nil
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        if slot >= bucketOf.count {
            growSlots(&countOf, toHold: slot, with: 0)
            growSlots(&bucketOf, toHold: slot, with: -1)
            growSlots(&previous, toHold: slot, with: -1)
            growSlots(&next, toHold: slot, with: -1)
            // There is never more than a bucket per entry, plus one being made: reserving that
            // here keeps bucket storage from growing after the slots stop growing.
            let buckets = bucketOf.count + 1
            bucketCount.reserveCapacity(buckets)
            bucketFront.reserveCapacity(buckets)
            bucketBack.reserveCapacity(buckets)
            bucketLower.reserveCapacity(buckets)
            bucketHigher.reserveCapacity(buckets)
            freeBuckets.reserveCapacity(buckets)
        }
        guard bucketOf[slot] < 0 else { return }
        let bucket = lowest >= 0 && bucketCount[Int(lowest)] == 1 ? lowest : makeBucket(count: 1, above: -1)
        countOf[slot] = 1
        append(slot, to: bucket)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        guard slot < bucketOf.count else { return }
        let bucket = bucketOf[slot]
        guard bucket >= 0 else { return }
        let count = countOf[slot] + 1
        let higher = bucketHigher[Int(bucket)]
        let target = higher >= 0 && bucketCount[Int(higher)] == count ? higher : makeBucket(count: count, above: bucket)
        unlink(slot)
        countOf[slot] = count
        append(slot, to: target)
    }

    public func didRemove(_ slot: Int) {
        guard slot < bucketOf.count, bucketOf[slot] >= 0 else { return }
        unlink(slot)
    }

    public func didRemoveAll() {
        for index in bucketOf.indices { bucketOf[index] = -1 }
        bucketCount.removeAll(keepingCapacity: true)
        bucketFront.removeAll(keepingCapacity: true)
        bucketBack.removeAll(keepingCapacity: true)
        bucketLower.removeAll(keepingCapacity: true)
        bucketHigher.removeAll(keepingCapacity: true)
        freeBuckets.removeAll(keepingCapacity: true)
        lowest = -1
    }

    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        var bucket = lowest
        while bucket >= 0 {
            var slot = newestFirst ? bucketBack[Int(bucket)] : bucketFront[Int(bucket)]
            while slot >= 0 {
                if !skip(Int(slot)) { return Int(slot) }
                slot = newestFirst ? previous[Int(slot)] : next[Int(slot)]
            }
            bucket = bucketHigher[Int(bucket)]
        }
        return nil
    }

    /// Bytes of policy state per tracked entry (a bucket per entry at worst).
    public static let bytesPerEntry =
        MemoryLayout<Int>.stride + 3 * MemoryLayout<Int32>.stride
        + MemoryLayout<Int>.stride + 4 * MemoryLayout<Int32>.stride

    /// A new empty bucket for `count`, linked just above `lower` (-1: at the bottom).
    private func makeBucket(count: Int, above lower: Int32) -> Int32 {
        let bucket: Int32
        if let free = freeBuckets.popLast() {
            bucket = free
        } else {
            bucket = Int32(truncatingIfNeeded: bucketCount.count)
            bucketCount.append(0)
            bucketFront.append(-1)
            bucketBack.append(-1)
            bucketLower.append(-1)
            bucketHigher.append(-1)
        }
        let index = Int(bucket)
        bucketCount[index] = count
        bucketFront[index] = -1
        bucketBack[index] = -1
        let higher = lower >= 0 ? bucketHigher[Int(lower)] : lowest
        bucketLower[index] = lower
        bucketHigher[index] = higher
        if lower >= 0 { bucketHigher[Int(lower)] = bucket } else { lowest = bucket }
        if higher >= 0 { bucketLower[Int(higher)] = bucket }
        return bucket
    }

    private func append(_ slot: Int, to bucket: Int32) {
        let index = Int(bucket)
        let back = bucketBack[index]
        bucketOf[slot] = bucket
        previous[slot] = back
        next[slot] = -1
        if back >= 0 { next[Int(back)] = Int32(truncatingIfNeeded: slot) } else { bucketFront[index] = Int32(truncatingIfNeeded: slot) }
        bucketBack[index] = Int32(truncatingIfNeeded: slot)
    }

    /// Takes `slot` out of its bucket, dropping the bucket if it empties.
    private func unlink(_ slot: Int) {
        let bucket = bucketOf[slot]
        let index = Int(bucket)
        let before = previous[slot]
        let after = next[slot]
        if before >= 0 { next[Int(before)] = after } else { bucketFront[index] = after }
        if after >= 0 { previous[Int(after)] = before } else { bucketBack[index] = before }
        bucketOf[slot] = -1
        guard bucketFront[index] < 0 else { return }
        let lower = bucketLower[index]
        let higher = bucketHigher[index]
        if lower >= 0 { bucketHigher[Int(lower)] = higher } else { lowest = higher }
        if higher >= 0 { bucketLower[Int(higher)] = lower }
        freeBuckets.append(bucket)
    }
}

extension PolicyName {
    /// Least frequently used (`LFUPolicy`).
    public static let lfu: PolicyName = "lfu"
}
