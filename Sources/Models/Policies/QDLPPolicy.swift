/// QDLP, quick demotion and lazy promotion (Yang et al., HotOS 2023), as the reference simulator
/// runs it (`QDLP.c`) with its defaults: a probationary FIFO of 10% of the capacity, a ghost FIFO
/// of 90% of the capacity in identities, and a main CLOCK of the rest with 2-bit counters.
///
/// A miss enters the FIFO, or the main CLOCK (counter 0) if its identity is in the ghost, which
/// forgets it. A hit in the FIFO adds one to the entry's hit count; a hit in main adds one to its
/// counter, up to 3. To evict: while the FIFO holds anything, its oldest entry leaves it — to
/// main's newest end (counter 0) if it was hit at least once (the move threshold) while in the
/// FIFO, else out of the cache, its identity joining the ghost (which forgets its oldest
/// identities until it fits); only when the FIFO is empty does main evict, as CLOCK does: its
/// oldest entry goes back to the newest end with its counter lowered by 1 while the counter is
/// above 0, else it is evicted. An entry entering main when main is full first makes main evict
/// until it fits (main's own bound, within the cache's).
///
/// Sized (a capacity in bytes), the FIFO, main and the ghost are bounded in bytes (the ghost
/// remembering each identity's size) and an entry larger than the FIFO's share is never cached;
/// one of exactly that share, unless its identity is in the ghost, has room made for it and is then
/// not inserted, as the reference does. Unsized, every entry weighs 1 and the shares are entries
/// (truncated: below 10 entries nothing is cached, below 20 the FIFO takes nothing).
public final class QDLPPolicy: RegisteredPolicy {
    private static let fifo = 0
    private static let main = 1

    private let queues: SlotQueues
    private let ghost: GhostQueue
    /// Hits in the FIFO, or main's CLOCK counter.
    @exclusivity(unchecked) private var counts: [Int32] = []
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let sized: Bool
    private let fifoRatio: Double
    private let ghostRatio: Double
    private let moveThreshold: Int32
    /// Main's counter ceiling: 2^bits − 1.
    private let maxCount: Int32
    @exclusivity(unchecked) private var fifoTarget = Int.max
    @exclusivity(unchecked) private var mainTarget = Int.max
    @exclusivity(unchecked) private var ghostCapacity = 0

    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var incomingSize = 1
    @exclusivity(unchecked) private var incomingWasGhost = false
    /// Entries main evicted to make room for one entering it, and an entry of exactly the FIFO's
    /// share, which leaves at once.
    @exclusivity(unchecked) private var sheds = ShedList()
    /// The shed slot last handed to the store, until it is evicted (-1: none): if the store asks
    /// again first, it kept the entry, which comes back at main's newest end.
    @exclusivity(unchecked) private var handedOut = -1

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - fifoRatio: the FIFO's share of the capacity, in (0, 1).
    ///   - ghostRatio: the ghost's size as a share of the capacity, in (0, 1).
    ///   - mainBits: main's CLOCK counter bits, 1 to 3.
    ///   - moveThreshold: the hits in the FIFO that move an entry to main.
    public init(
        capacity: Int, sized: Bool = false, fifoRatio: Double = 0.10, ghostRatio: Double = 0.90, mainBits: Int = 2,
        moveThreshold: Int = 1
    ) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        self.fifoRatio = fifoRatio
        self.ghostRatio = ghostRatio
        self.moveThreshold = Int32(clamping: moveThreshold)
        maxCount = Int32((1 << min(3, max(1, mainBits))) - 1)
        queues = SlotQueues(queues: 2, weighted: sized)
        ghost = GhostQueue(weighted: sized)
        if self.capacity.isKnown { setTargets() }
    }

    public static let policyName: PolicyName = .qdlp
    public static let summary =
        "QDLP: a small FIFO demotes quickly (to a ghost) what was not hit there; a main CLOCK promotes lazily."
    public static let reference = "Yang et al., HotOS 2023; libCacheSim QDLP.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [5.37, 5.02, 5.85], peakRSSMiB: 132)
    public static let parameters = [
        PolicyParameter("fifo_ratio", "The probationary FIFO's share of the capacity.", kind: .share, default: .number(0.10)),
        PolicyParameter("ghost_ratio", "The ghost FIFO's size as a share of the capacity.", kind: .share, default: .number(0.90)),
        PolicyParameter(
            "main_cache", "The main cache: CLOCK with 1-, 2- or 3-bit counters.", kind: .word(["clock", "clock2", "clock3"]),
            default: .word("clock2")),
        PolicyParameter(
            "move_threshold", "Hits in the FIFO that move an entry to main when it leaves the FIFO.",
            kind: .integer(1...3), default: .integer(1)),
    ]
    public convenience init(_ context: PolicyContext) {
        let main = context.settings.word("main_cache", or: "clock2")
        self.init(
            capacity: context.capacity, sized: context.sized, fifoRatio: context.settings.number("fifo_ratio", or: 0.10),
            ghostRatio: context.settings.number("ghost_ratio", or: 0.90),
            mainBits: main == "clock" ? 1 : main == "clock3" ? 3 : 2,
            moveThreshold: context.settings.integer("move_threshold", or: 1))
    }

    /// Whether the entry in `slot` is in main (else in the FIFO).
    public func isInMain(_ slot: Int) -> Bool { queues.queue(of: slot) == Self.main }

    /// The number of identities in the ghost.
    public var ghostCount: Int { ghost.count }

    /// An entry must fit in the FIFO's share.
    public func admits(size: Int) -> Bool { !capacity.isKnown || (sized ? size : 1) <= fifoTarget }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    /// - Complexity: O(1) expected (a hash lookup).
    public func willInsert(identity: UInt64, size: Int) {
        if handedOut >= 0 { reclaimKept() }
        incoming = identity
        incomingSize = sized ? size : 1
        incomingWasGhost = ghost.remove(identity)
    }

    /// A ghost hit enters main, which first evicts until it fits; any other entry enters the
    /// FIFO, unless it is as large as the FIFO's share.
    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&counts, toHold: slot, with: 0)
        growSlots(&identityOf, toHold: slot, with: 0)
        counts[slot] = 0
        identityOf[slot] = incoming ?? (UInt64(slot) | 1 << 63)
        queues.setWeight(incomingSize, of: slot)
        if incomingWasGhost {
            enterMain(slot)
        } else if !admits(size: incomingSize) || (capacity.isKnown && incomingSize >= fifoTarget) {
            // Refused (by a store that inserts regardless of `admits`), or as large as the FIFO's
            // share: it enters no queue and leaves at once, leaving no ghost.
            sheds.append(slot)
        } else {
            queues.pushBack(slot, to: Self.fifo)
        }
        incoming = nil
        incomingSize = 1
        incomingWasGhost = false
    }

    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? {
        if handedOut >= 0 { reclaimKept() }
        guard !sheds.isEmpty, let slot = sheds.take() else { return nil }
        handedOut = slot
        return slot
    }

    /// The store kept the shed entry last handed to it: it comes back at main's newest end.
    @inline(never)
    private func reclaimKept() {
        let slot = handedOut
        handedOut = -1
        guard !queues.contains(slot) else { return }
        counts[slot] = 0
        queues.pushBack(slot, to: Self.main)
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if handedOut >= 0 { reclaimKept() }
        switch queues.queue(of: slot) {
        case Self.fifo: counts[slot] &+= 1
        case Self.main: if counts[slot] < maxCount { counts[slot] += 1 }
        default: break
        }
    }

    public func didRemove(_ slot: Int) {
        if slot == handedOut { handedOut = -1 }
        sheds.forget(slot)
        queues.remove(slot)
    }

    /// An entry evicted from the FIFO leaves its identity in the ghost, which forgets its oldest
    /// identities until the new one fits.
    public func didEvict(_ slot: Int) {
        if slot == handedOut { handedOut = -1 }
        if queues.queue(of: slot) == Self.fifo {
            let weight = queues.weight(of: slot)
            while ghost.weight + weight > ghostCapacity, ghost.popFront() != nil {}
            if weight <= ghostCapacity { ghost.pushBack(identityOf[slot], weight: weight) }
        }
        queues.remove(slot)
    }

    public func didRemoveAll() {
        queues.removeAll()
        ghost.removeAll()
        sheds.removeAll()
        handedOut = -1
    }

    /// The FIFO's oldest entry, after moving to main the oldest ones hit there (main evicting to
    /// make room for them); main's CLOCK victim when the FIFO is empty.
    /// - Complexity: O(1) amortised.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if handedOut >= 0 { reclaimKept() }
        if capacity.learn(resident: queues.weight(Self.fifo) + queues.weight(Self.main)) { setTargets() }
        var budget = 8 * (queues.count(Self.fifo) + queues.count(Self.main)) + 8
        while budget > 0 {
            budget -= 1
            if let slot = sheds.take() {
                if !skip(slot) {
                    handedOut = slot
                    return slot
                }
                counts[slot] = 0
                queues.pushBack(slot, to: Self.main)
                continue
            }
            guard let slot = queues.front(Self.fifo) else { return mainVictim(skipping: skip, budget: &budget) }
            if counts[slot] >= moveThreshold || skip(slot) {
                queues.remove(slot)
                enterMain(slot)
            } else {
                return slot
            }
        }
        return nil
    }

    /// Puts `slot` at main's newest end with counter 0, main first evicting (into ``sheds``) until
    /// it fits in main's share.
    private func enterMain(_ slot: Int) {
        let weight = queues.weight(of: slot)
        var budget = 4 * Int(maxCount + 1) * (queues.count(Self.main) + 1)
        while queues.weight(Self.main) + weight > mainTarget, budget > 0,
            let victim = mainVictim(skipping: { _ in false }, budget: &budget)
        {
            queues.remove(victim)
            sheds.append(victim)
        }
        counts[slot] = 0
        queues.pushBack(slot, to: Self.main)
    }

    /// Main's CLOCK victim: its oldest entry goes to the newest end with its counter lowered by 1
    /// while the counter is above 0 (or the entry is skipped).
    private func mainVictim(skipping skip: (Int) -> Bool, budget: inout Int) -> Int? {
        while budget > 0, let slot = queues.front(Self.main) {
            budget -= 1
            if counts[slot] > 0 {
                counts[slot] -= 1
                queues.move(slot, toBackOf: Self.main)
            } else if skip(slot) {
                queues.move(slot, toBackOf: Self.main)
            } else {
                return slot
            }
        }
        return nil
    }

    /// Bytes of policy state per tracked entry, the ghost's share (0.9 identities) included.
    public static let bytesPerEntry =
        SlotQueues.bytesPerSlot + MemoryLayout<Int32>.stride + MemoryLayout<UInt64>.stride
        + GhostQueue.bytesPerIdentity * 9 / 10

    private func setTargets() {
        let c = capacity.value
        fifoTarget = Int(saturating: Double(c) * fifoRatio)
        mainTarget = c - fifoTarget
        ghostCapacity = Int(saturating: Double(c) * ghostRatio)
    }
}

extension PolicyName {
    /// QDLP (`QDLPPolicy`).
    public static let qdlp: PolicyName = "qdlp"
}
