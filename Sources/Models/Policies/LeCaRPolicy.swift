import Foundation

/// LeCaR (Vietri et al., HotStorage 2018) as the reference simulator implements it (`LeCaR.c`): two
/// experts, LRU and LFU, each proposing a victim, and a weight per expert learnt from regret.
///
/// A hit moves the entry to the LRU end of most recent use and adds one to its count (the LFU
/// expert's order: lowest count first, among equal counts the entry that reached it first). To evict:
/// if both experts propose the same entry it goes, and joins no history; otherwise a draw
/// `r = (next() mod 100) / 100` from the reference's 64-bit linear congruential generator (the
/// one `set_rand_seed` seeds; here the run's seed) picks the LRU expert's victim if `r < w_lru`,
/// else the LFU expert's, and the victim's identity joins that expert's history (a FIFO bounded by
/// half the capacity, its oldest identities dropped until it fits) with the request number of its
/// eviction. A miss whose identity is in a history penalises that history's expert: with `t` the
/// requests since the eviction and `d = 0.005^(1/capacity)`, its weight becomes
/// `w·e^(−0.45·d^t) + 10⁻¹⁰`, then both weights are renormalised (`w / (w + w' + 2·10⁻¹⁰)`, the
/// other `(w' + 10⁻¹⁰) / (w + w' + 2·10⁻¹⁰)`), and the identity leaves the history. Every miss then
/// inserts the entry with count 1.
///
/// Sized (a capacity in bytes), the histories are bounded in bytes (each identity weighs the size
/// of the entry it stands for) and `d` is taken over the capacity in bytes, as the reference does;
/// unsized, every entry weighs 1. One draw is made per eviction in which the experts disagree, so
/// with the same seed the evictions are the reference's. Deviation: a history's request numbers are
/// kept modulo 2^31, so a history hit more than 2^31 requests after its eviction sees a wrong `t`
/// (the reference keeps 64 bits).
public final class LeCaRPolicy: RegisteredPolicy {
    /// Which expert's proposal an eviction followed.
    private enum Expert {
        case lru, lfu, both
    }

    /// Most recent use, oldest at the front: the LRU expert's order.
    private let recency: SlotQueues
    /// The LFU expert's order.
    private let frequency = LFUPolicy()
    /// The identities the LRU and LFU experts evicted, oldest first.
    @exclusivity(unchecked) private var lruHistory: GhostQueue
    @exclusivity(unchecked) private var lfuHistory: GhostQueue
    /// The request number (modulo 2^31) at which each identity in a history was evicted.
    private let evictedAt = IdentityTable()
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let sized: Bool
    /// Whether a history hit changes the weights.
    private let updatesWeights: Bool
    @exclusivity(unchecked) private var lruWeight: Double
    @exclusivity(unchecked) private var lfuWeight: Double
    /// The learning rate and the discount rate of the regret.
    private let learningRate = 0.45
    @exclusivity(unchecked) private var discountRate = 1.0
    /// Each history's bound (half the capacity).
    @exclusivity(unchecked) private var historyCapacity = 0
    /// Requests seen (hits and misses), the reference's `n_req`.
    @exclusivity(unchecked) private var requests = 0
    /// The generator's state.
    @exclusivity(unchecked) private var state: UInt64
    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var incomingSize = 1
    /// The expert the last victim came from.
    @exclusivity(unchecked) private var chosen = Expert.both

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized`.
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - seed: the generator's initial state.
    ///   - lruWeight: the LRU expert's initial weight (the LFU expert's is 0.5, as in the reference,
    ///     which sets only this one).
    ///   - updatesWeights: whether history hits change the weights.
    public init(capacity: Int, sized: Bool = false, seed: UInt64 = 0, lruWeight: Double = 0.5, updatesWeights: Bool = true) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        self.updatesWeights = updatesWeights
        self.lruWeight = lruWeight
        lfuWeight = 0.5
        state = seed
        recency = SlotQueues(queues: 1, weighted: sized)
        lruHistory = GhostQueue(weighted: sized)
        lfuHistory = GhostQueue(weighted: sized)
        if self.capacity.isKnown { size() }
    }

    public static let policyName: PolicyName = .lecar
    public static let summary =
        "LeCaR: an LRU and an LFU expert propose victims; a random draw weighted by their learnt regret picks one."
    public static let reference = "Vietri et al., HotStorage 2018; libCacheSim LeCaR.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [6.91, 6.76, 7.41], peakRSSMiB: 76)
    public static let parameters = [
        PolicyParameter(
            "update_weight", "Whether a hit in an expert's history lowers that expert's weight (1) or the weights stay fixed (0).",
            kind: .integer(0...1), default: .integer(1)),
        PolicyParameter("lru_weight", "The LRU expert's initial weight (the LFU expert's is 0.5).", kind: .share, default: .number(0.5)),
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(
            capacity: context.capacity, sized: context.sized, seed: context.seed,
            lruWeight: context.settings.number("lru_weight", or: 0.5),
            updatesWeights: context.settings.integer("update_weight", or: 1) == 1)
    }

    /// The two experts' weights now.
    public var weights: (lru: Double, lfu: Double) { (lruWeight, lfuWeight) }

    /// The number of identities in the LRU and LFU experts' histories.
    public var historySizes: (lru: Int, lfu: Int) { (lruHistory.count, lfuHistory.count) }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    /// A miss whose identity is in a history penalises that history's expert.
    /// - Complexity: O(1) expected (hash lookups).
    public func willInsert(identity: UInt64, size: Int) {
        requests &+= 1
        incoming = identity
        incomingSize = sized ? size : 1
        guard let evicted = evictedAt.value(for: identity) else { return }
        let age = Double((requests - Int(evicted)) & Int(Int32.max))
        if lruHistory.remove(identity) {
            penalise(&lruWeight, other: &lfuWeight, age: age)
        } else if lfuHistory.remove(identity) {
            penalise(&lfuWeight, other: &lruWeight, age: age)
        }
        evictedAt.removeValue(for: identity)
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        identityOf[slot] = incoming ?? (UInt64(slot) | 1 << 63)
        recency.setWeight(incomingSize, of: slot)
        recency.pushBack(slot, to: 0)
        frequency.didInsert(slot)
        incoming = nil
        incomingSize = 1
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        requests &+= 1
        guard recency.contains(slot) else { return }
        recency.move(slot, toBackOf: 0)
        frequency.didAccess(slot)
    }

    public func didRemove(_ slot: Int) {
        recency.remove(slot)
        frequency.didRemove(slot)
    }

    /// The victim's identity joins the history of the expert that proposed it (of neither if both did).
    public func didEvict(_ slot: Int) {
        if recency.contains(slot), chosen != .both {
            let weight = recency.weight(of: slot)
            let identity = identityOf[slot]
            let history = chosen == .lru ? lruHistory : lfuHistory
            history.append(identity, weight: weight)
            evictedAt.set(Int32(truncatingIfNeeded: requests & Int(Int32.max)), for: identity)
            while history.weight > historyCapacity, let dropped = history.popFront() {
                evictedAt.removeValue(for: dropped)
            }
        }
        chosen = .both
        didRemove(slot)
    }

    public func didRemoveAll() {
        recency.removeAll()
        frequency.didRemoveAll()
        lruHistory.removeAll()
        lfuHistory.removeAll()
        evictedAt.removeAll()
    }

    /// The LRU expert's victim or the LFU expert's, by a weighted draw when they differ.
    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: recency.weight(0)) { size() }
        guard let lru = recency.front(0), let lfu = frequency.victim(skipping: { _ in false }) else { return nil }
        let pick: Int
        if lru == lfu {
            chosen = .both
            pick = lru
        } else {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            let r = Double(state % 100) / 100.0
            chosen = r < lruWeight ? .lru : .lfu
            pick = chosen == .lru ? lru : lfu
        }
        guard skip(pick) else { return pick }
        // A pinned proposal: the oldest entry not skipped, with no history.
        chosen = .both
        var slot = recency.front(0)
        while let candidate = slot, skip(candidate) { slot = recency.newer(candidate) }
        return slot
    }

    /// Bytes of policy state per tracked entry, the histories' share (up to one identity) included.
    public static let bytesPerEntry =
        SlotQueues.bytesPerSlot + LFUPolicy.bytesPerEntry + MemoryLayout<UInt64>.stride + GhostQueue.bytesPerIdentity
        + 3 * (MemoryLayout<UInt64>.stride + MemoryLayout<Int32>.stride)

    /// The reference's weight update after a hit in the history of the expert whose weight is `weight`.
    private func penalise(_ weight: inout Double, other: inout Double, age: Double) {
        guard updatesWeights else { return }
        let regret = pow(discountRate, age)
        weight = weight * exp(-learningRate * regret) + 1e-10
        let sum = weight + other + 2e-10
        weight = weight / sum
        other = (other + 1e-10) / sum
    }

    private func size() {
        let c = capacity.value
        discountRate = pow(0.005, 1.0 / Double(c))
        historyCapacity = c / 2
    }
}

extension PolicyName {
    /// LeCaR (`LeCaRPolicy`).
    public static let lecar: PolicyName = "lecar"
}
