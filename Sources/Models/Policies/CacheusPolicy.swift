import Foundation

/// Cacheus (Rodriguez et al., FAST 2021) as the reference simulator implements it (`Cacheus.c`,
/// `SR_LRU.c`, `CR_LFU.c`): a scan-resistant LRU expert (SR-LRU) and a churn-resistant LFU expert
/// (CR-LFU) over the same entries, a weighted draw between their victims, and a learning rate that
/// adapts by hill climbing.
///
/// SR-LRU splits the cache into SR, where new entries enter, and R, each of half the capacity, and
/// keeps a history H (bounded by the capacity) of what left them. A hit in R moves the entry to R's
/// most recent end; a hit in SR moves it there too, R's least recent entries moving to SR's most
/// recent end while R is over its size. A miss whose identity is in H enters R (R's overflow going to
/// SR as on a hit), any other enters SR; then, while SR is over its size, SR's least recent entry
/// leaves the cache for H. The reference also resizes SR and R when a demoted or new entry is seen
/// again, but it reads those marks on the fresh copy it has just made in R, where they are always
/// clear, so the split stays half and half. CR-LFU counts hits; an entry enters with count 1, or one
/// more than the count H kept for its identity; its victim is, among the entries with the lowest
/// count, the one that reached it last. Whatever leaves the cache joins H's newest end with its
/// count, H forgetting its oldest identities while it holds at least the capacity.
///
/// To evict, a draw `r = (next() mod 100) / 100` from the reference's 64-bit linear congruential
/// generator (the one `set_rand_seed` seeds; here the run's seed) is made every time; SR-LRU's victim
/// is SR's least recent entry (R's if SR is empty). If both experts propose the same entry it goes;
/// else LRU's if `r < w_lru`, its identity joining LRU's history, or LFU's, joining LFU's (two FIFOs of
/// half the capacity). A miss whose identity is in one of them multiplies that expert's weight by
/// `e^(−lr)`; every miss then renormalises `w_lru = w_lru / (w_lru + w_lfu)`, `w_lfu = 1 − w_lru` and
/// forgets the identity from both. Every capacity's worth of requests, the learning rate moves by
/// `±|lr · Δlr|` (the sign of Δhit-rate/Δlr; the hit rate is the reference's integer quotient hits /
/// interval, 0 or 1), floored at 0.0001; once it stops moving, an interval whose hit rate rose after
/// at least ten that did not draws it again as `0.001 + (next() mod 1000) / 1000`. It starts at the
/// `learning_rate` parameter: the reference draws it so when the cache is made, before the run seeds
/// the generator (`set_rand_seed(0)`), so it depends on what ran before in that thread; 0.408 is its
/// draw from seed 0, the state a fresh thread starts in. The eviction draws come from the run's seed.
///
/// Sized (a capacity in bytes), SR, R, H and the histories are bounded in bytes and the learning
/// rate's interval is the capacity in bytes (longer than trace C, so the rate never moves there), as
/// the reference does; an entry larger than half the capacity is refused after room was made for it.
/// Unsized, every entry weighs 1.
public final class CacheusPolicy: RegisteredPolicy {
    private static let sr = 0
    private static let r = 1
    /// Which expert's proposal an eviction followed.
    private enum Expert {
        case lru, lfu, both
    }

    /// SR and R, oldest (least recent) at the front.
    private let queues: SlotQueues
    /// SR-LRU's history of what left the cache, with the CR-LFU count each identity had.
    @exclusivity(unchecked) private var history: GhostQueue
    private let historyCount = IdentityTable()
    /// The identities each expert evicted, oldest first.
    @exclusivity(unchecked) private var lruHistory: GhostQueue
    @exclusivity(unchecked) private var lfuHistory: GhostQueue
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    // CR-LFU: a count per slot and a FIFO per count (entries in the order they reached it).
    @exclusivity(unchecked) private var countOf: [Int32] = []
    @exclusivity(unchecked) private var previousOf: [Int32] = []
    @exclusivity(unchecked) private var nextOf: [Int32] = []
    /// The bucket holding each count's FIFO (counts with no entry have none), and each bucket's ends.
    private let bucketOfCount = IdentityTable()
    @exclusivity(unchecked) private var bucketFirst: [Int32] = []
    @exclusivity(unchecked) private var bucketLast: [Int32] = []
    @exclusivity(unchecked) private var freeBuckets: [Int32] = []
    /// The lowest count held (-1 when none), as the reference tracks it, and the highest ever.
    @exclusivity(unchecked) private var lowestCount = 1
    @exclusivity(unchecked) private var highestCount = 1

    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let sized: Bool
    @exclusivity(unchecked) private var srSize = Int.max
    @exclusivity(unchecked) private var rSize = Int.max
    @exclusivity(unchecked) private var historyCapacity = Int.max
    @exclusivity(unchecked) private var expertHistoryCapacity = Int.max
    @exclusivity(unchecked) private var interval = Int.max

    @exclusivity(unchecked) private var lruWeight = 0.5
    @exclusivity(unchecked) private var lfuWeight = 0.5
    @exclusivity(unchecked) private var learningRate: Double
    @exclusivity(unchecked) private var previousLearningRate = 0.0
    @exclusivity(unchecked) private var previousHitRate = 0.0
    @exclusivity(unchecked) private var idleIntervals = 0
    @exclusivity(unchecked) private var hits = 0
    @exclusivity(unchecked) private var requests = 0
    @exclusivity(unchecked) private var state: UInt64

    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var incomingSize = 1
    @exclusivity(unchecked) private var chosen = Expert.both
    @exclusivity(unchecked) private var sheds = ShedList()

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized`.
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - seed: the generator's initial state.
    ///   - learningRate: the initial learning rate, in [0.001, 1].
    public init(capacity: Int, sized: Bool = false, seed: UInt64 = 0, learningRate: Double = 0.408) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        queues = SlotQueues(queues: 2, weighted: sized)
        history = GhostQueue(weighted: sized)
        lruHistory = GhostQueue(weighted: sized)
        lfuHistory = GhostQueue(weighted: sized)
        state = seed
        self.learningRate = learningRate
        if self.capacity.isKnown { size() }
    }

    public static let policyName: PolicyName = .cacheus
    public static let summary =
        "Cacheus: a scan-resistant LRU and a churn-resistant LFU expert; a random draw weighted by their learnt regret picks the victim."
    public static let reference = "Rodriguez et al., FAST 2021; libCacheSim Cacheus.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [1.96, 1.98, 2.23], peakRSSMiB: 212)
    public static let parameters = [
        PolicyParameter(
            "learning_rate",
            "The initial learning rate (the reference draws it as the cache is made, 0.001 + (next() mod 1000) / 1000: 0.408 from seed 0).",
            kind: .number(0.001...1.0), default: .number(0.408))
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(
            capacity: context.capacity, sized: context.sized, seed: context.seed,
            learningRate: context.settings.number("learning_rate", or: 0.408))
    }

    /// The two experts' weights and the learning rate now.
    public var weights: (lru: Double, lfu: Double, learningRate: Double) { (lruWeight, lfuWeight, learningRate) }

    /// The number of entries in SR and R, and of identities in H and the two experts' histories.
    public var sizes: (sr: Int, r: Int, history: Int, lruHistory: Int, lfuHistory: Int) {
        (queues.count(Self.sr), queues.count(Self.r), history.count, lruHistory.count, lfuHistory.count)
    }

    /// The CR-LFU count of the entry in `slot`.
    public func frequency(of slot: Int) -> Int? {
        queues.contains(slot) ? Int(countOf[slot]) : nil
    }

    /// Whether the entry in `slot` is in R (else SR).
    public func isInR(_ slot: Int) -> Bool { queues.queue(of: slot) == Self.r }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    /// A miss: the weights learn from the experts' histories, which forget the identity.
    /// - Complexity: O(1) expected (hash lookups).
    public func willInsert(identity: UInt64, size: Int) {
        beginRequest()
        incoming = identity
        incomingSize = sized ? size : 1
        if lruHistory.remove(identity) {
            lruWeight *= exp(-learningRate)
        } else if lfuHistory.remove(identity) {
            lfuWeight *= exp(-learningRate)
        }
        lruWeight = lruWeight / (lruWeight + lfuWeight)
        lfuWeight = 1 - lruWeight
    }

    /// - Complexity: O(1) amortised, plus what SR sheds.
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        growSlots(&countOf, toHold: slot, with: 0)
        growSlots(&previousOf, toHold: slot, with: -1)
        growSlots(&nextOf, toHold: slot, with: -1)
        if slot >= bucketFirst.capacity {
            // A bucket per entry at most, plus one being made: no growth once the slots stop growing.
            bucketFirst.reserveCapacity(countOf.count + 1)
            bucketLast.reserveCapacity(countOf.count + 1)
            freeBuckets.reserveCapacity(countOf.count + 1)
        }
        let identity = incoming ?? (UInt64(slot) | 1 << 63)
        let size = incomingSize
        incoming = nil
        incomingSize = 1
        identityOf[slot] = identity
        let remembered = historyCount.value(for: identity)
        guard size <= (remembered != nil ? rSize : srSize) else {
            // The reference made room for it, then refuses it.
            sheds.append(slot)
            return
        }
        countInsert(slot, count: remembered.map { Int($0) + 1 } ?? 1)
        queues.setWeight(size, of: slot)
        if remembered != nil {
            history.remove(identity)
            historyCount.removeValue(for: identity)
            demoteOverflow(incoming: size)
            queues.pushBack(slot, to: Self.r)
        } else {
            queues.pushBack(slot, to: Self.sr)
        }
        while queues.weight(Self.sr) > srSize, let oldest = queues.front(Self.sr) {
            remember(oldest)
            countRemove(oldest)
            queues.remove(oldest)
            sheds.append(oldest)
        }
        trimHistory()
    }

    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? { sheds.isEmpty ? nil : sheds.take() }

    /// - Complexity: O(1) amortised; O(*k*) when the lowest count empties and the next *k* counts are empty.
    public func didAccess(_ slot: Int) {
        beginRequest()
        guard queues.contains(slot) else { return }
        hits += 1
        if queues.queue(of: slot) == Self.r {
            queues.move(slot, toBackOf: Self.r)
        } else {
            queues.move(slot, toBackOf: Self.r)
            demoteOverflow(incoming: 0)
        }
        countHit(slot)
    }

    public func didRemove(_ slot: Int) {
        guard queues.contains(slot) else { return }
        countRemove(slot)
        queues.remove(slot)
    }

    /// The victim joins H with its count, and its identity the history of the expert that chose it.
    public func didEvict(_ slot: Int) {
        guard queues.contains(slot) else { return }
        let weight = queues.weight(of: slot)
        remember(slot)
        trimHistory()
        countRemove(slot)
        queues.remove(slot)
        if chosen != .both {
            let expertHistory = chosen == .lru ? lruHistory : lfuHistory
            if weight <= expertHistoryCapacity {
                while expertHistory.weight + weight > expertHistoryCapacity, expertHistory.popFront() != nil {}
                expertHistory.append(identityOf[slot], weight: weight)
            }
        }
        chosen = .both
    }

    public func didRemoveAll() {
        queues.removeAll()
        history.removeAll()
        historyCount.removeAll()
        lruHistory.removeAll()
        lfuHistory.removeAll()
        sheds.removeAll()
        bucketOfCount.removeAll()
        bucketFirst.removeAll(keepingCapacity: true)
        bucketLast.removeAll(keepingCapacity: true)
        freeBuckets.removeAll(keepingCapacity: true)
        lowestCount = 1
    }

    /// SR-LRU's victim or CR-LFU's, by a weighted draw.
    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: queues.weight(Self.sr) + queues.weight(Self.r)) { size() }
        guard let lru = queues.front(queues.weight(Self.sr) > 0 ? Self.sr : Self.r) else { return nil }
        let lfu = countVictim ?? lru
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        let r = Double(state % 100) / 100.0
        let pick: Int
        if lru == lfu {
            chosen = .both
            pick = lru
        } else {
            chosen = r < lruWeight ? .lru : .lfu
            pick = chosen == .lru ? lru : lfu
        }
        guard skip(pick) else { return pick }
        // A pinned proposal: the oldest entry not skipped, into no expert's history.
        chosen = .both
        for queue in [Self.sr, Self.r] {
            var slot = queues.front(queue)
            while let candidate = slot, skip(candidate) { slot = queues.newer(candidate) }
            if let slot { return slot }
        }
        return nil
    }

    /// Bytes of policy state per tracked entry, H's share (up to one identity and its count) and
    /// the experts' histories' (half an identity each) included.
    public static let bytesPerEntry =
        SlotQueues.bytesPerSlot + MemoryLayout<UInt64>.stride + 3 * MemoryLayout<Int32>.stride
        + 2 * GhostQueue.bytesPerIdentity + 3 * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)

    /// Counts a request; a capacity's worth of them ends a learning interval (the reference adapts
    /// the rate at the end of the request that completes it, before the next request).
    @inline(__always)
    private func beginRequest() {
        if requests > 0, requests % interval == 0 { adaptLearningRate() }
        requests += 1
    }

    /// R's least recent entries move to SR's most recent end while R (with `incoming` more) is over its size.
    private func demoteOverflow(incoming: Int) {
        while queues.weight(Self.r) + incoming > rSize, let oldest = queues.front(Self.r) {
            queues.move(oldest, toBackOf: Self.sr)
        }
    }

    /// Puts the entry in `slot`, leaving the cache, at H's newest end with its count.
    private func remember(_ slot: Int) {
        let identity = identityOf[slot]
        history.append(identity, weight: queues.weight(of: slot))
        historyCount.set(countOf[slot], for: identity)
    }

    /// H forgets its oldest identities while it holds at least the capacity.
    private func trimHistory() {
        while history.weight >= historyCapacity, let oldest = history.popFront() {
            historyCount.removeValue(for: oldest)
        }
    }

    /// A learning rate drawn as the reference draws one.
    private func drawLearningRate() -> Double {
        state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        return 0.001 + Double(state % 1000) / 1000
    }

    /// The reference's hill climbing of the learning rate, at the end of each interval.
    private func adaptLearningRate() {
        let hitRate = Double(hits / interval)
        let hitRateChange = hitRate - previousHitRate
        let rateChange = learningRate - previousLearningRate
        previousLearningRate = learningRate
        previousHitRate = hitRate
        if rateChange != 0 {
            let sign: Double = hitRateChange / rateChange > 0 ? 1 : -1
            let moved = learningRate + sign * abs(learningRate * rateChange)
            learningRate = moved > 0.001 ? moved : 0.0001
            idleIntervals = 0
        } else if hitRate == 0 || hitRateChange <= 0 {
            idleIntervals += 1
        } else if idleIntervals >= 10 {
            idleIntervals = 0
            learningRate = drawLearningRate()
        }
        hits = 0
    }

    // MARK: CR-LFU

    /// The bucket of entries with `count`, if any holds it.
    @inline(__always)
    private func bucket(of count: Int) -> Int? { bucketOfCount.value(for: UInt64(count)).map { Int($0) } }

    private func append(_ slot: Int, toCount count: Int) {
        let bucket: Int
        if let existing = self.bucket(of: count) {
            bucket = existing
        } else if let free = freeBuckets.popLast() {
            bucket = Int(free)
            bucketOfCount.set(free, for: UInt64(count))
        } else {
            bucket = bucketFirst.count
            bucketFirst.append(-1)
            bucketLast.append(-1)
            bucketOfCount.set(Int32(truncatingIfNeeded: bucket), for: UInt64(count))
        }
        let last = bucketLast[bucket]
        previousOf[slot] = last
        nextOf[slot] = -1
        if last >= 0 { nextOf[Int(last)] = Int32(truncatingIfNeeded: slot) } else { bucketFirst[bucket] = Int32(truncatingIfNeeded: slot) }
        bucketLast[bucket] = Int32(truncatingIfNeeded: slot)
        countOf[slot] = Int32(truncatingIfNeeded: count)
    }

    /// Takes `slot` out of its count's FIFO, dropping the bucket if it empties.
    private func unlink(_ slot: Int) {
        let count = Int(countOf[slot])
        guard let bucket = bucket(of: count) else { return }
        let before = previousOf[slot]
        let after = nextOf[slot]
        if before >= 0 { nextOf[Int(before)] = after } else { bucketFirst[bucket] = after }
        if after >= 0 { previousOf[Int(after)] = before } else { bucketLast[bucket] = before }
        if bucketFirst[bucket] < 0 {
            bucketOfCount.removeValue(for: UInt64(count))
            freeBuckets.append(Int32(truncatingIfNeeded: bucket))
        }
    }

    /// CR-LFU's victim: the entry that reached the lowest count last.
    private var countVictim: Int? {
        guard lowestCount >= 0, let bucket = bucket(of: lowestCount) else { return nil }
        let slot = bucketLast[bucket]
        return slot >= 0 ? Int(slot) : nil
    }

    /// The lowest count above the current lowest that holds an entry, if any, scanned one count at
    /// a time as the reference scans.
    private func nextLowestCount() -> Int? {
        guard lowestCount >= 0, lowestCount < highestCount else { return nil }
        for count in (lowestCount + 1)...highestCount where bucket(of: count) != nil { return count }
        return nil
    }

    private func countInsert(_ slot: Int, count: Int) {
        append(slot, toCount: count)
        highestCount = max(highestCount, count)
        if count == 1 || lowestCount > count || lowestCount == -1 { lowestCount = count }
    }

    private func countHit(_ slot: Int) {
        let old = Int(countOf[slot])
        unlink(slot)
        append(slot, toCount: old + 1)
        highestCount = max(highestCount, old + 1)
        if lowestCount == old, bucket(of: old) == nil, let next = nextLowestCount() { lowestCount = next }
    }

    /// Takes `slot` out of CR-LFU, as an eviction (it was the victim) or a removal does.
    private func countRemove(_ slot: Int) {
        let wasVictim = countVictim == slot
        unlink(slot)
        guard lowestCount >= 0, bucket(of: lowestCount) == nil else { return }
        if let next = nextLowestCount() {
            lowestCount = next
        } else if wasVictim {
            lowestCount = -1
        }
    }

    private func size() {
        let c = capacity.value
        srSize = c / 2
        rSize = c / 2
        historyCapacity = c
        expertHistoryCapacity = Int(Double(c) / 2 * 1.0)
        interval = max(1, c)
    }
}

extension PolicyName {
    /// Cacheus (`CacheusPolicy`).
    public static let cacheus: PolicyName = "cacheus"
}
