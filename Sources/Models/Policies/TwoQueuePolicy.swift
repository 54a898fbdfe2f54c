/// 2Q (Johnson & Shasha), full version with the reference simulator's shares: first-time entries
/// go to a FIFO (A1in, 25% of the capacity); when evicted from there their identities go to a ghost
/// FIFO (A1out, 50% of the capacity); an entry whose identity is in A1out enters the LRU (Am, the
/// rest of the capacity), which first sheds its least recently used entries until the entry fits in
/// Am's share. Hits in A1in change nothing; hits in Am move the entry to Am's back. The victim is
/// A1in's front while A1in is over its share (or Am is empty), else Am's least recently used entry.
///
/// Sized (a capacity in bytes), the shares are bytes, A1out remembers each identity's size, and an
/// entry larger than A1in's share is never cached, as the reference does (`TwoQ.c`); unsized,
/// every entry weighs 1 and each share is at least one entry.
public final class TwoQueuePolicy: RegisteredPolicy {
    private static let fifo = 0
    private static let lru = 1
    /// A1in's share of the capacity.
    private let inRatio: Double
    /// A1out's size as a share of the capacity.
    private let outRatio: Double

    private let queues: SlotQueues
    private let ghost: GhostQueue
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var capacity: LearntCapacity
    private let sized: Bool
    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var incomingSize = 1
    @exclusivity(unchecked) private var incomingWasGhost = false
    @exclusivity(unchecked) private var sheds = ShedList()

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - inRatio: A1in's share of the capacity, in (0, 1).
    ///   - outRatio: A1out's size as a share of the capacity, in (0, 1).
    public init(capacity: Int, sized: Bool = false, inRatio: Double = 0.25, outRatio: Double = 0.50) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        self.inRatio = inRatio
        self.outRatio = outRatio
        queues = SlotQueues(queues: 2, weighted: sized)
        ghost = GhostQueue(weighted: sized)
    }

    public static let policyName: PolicyName = .twoQ
    public static let summary = "2Q: a FIFO for first-time entries, an LRU for re-referenced ones, a ghost FIFO between them."
    public static let reference = "Johnson & Shasha, VLDB 1994; libCacheSim TwoQ.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [5.34, 4.89, 5.56], peakRSSMiB: 137)
    public static let parameters = [
        PolicyParameter("ain_ratio", "A1in's (the FIFO's) share of the capacity.", kind: .share, default: .number(0.25)),
        PolicyParameter("aout_ratio", "A1out's (the ghost's) size as a share of the capacity.", kind: .share, default: .number(0.50)),
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(
            capacity: context.capacity, sized: context.sized, inRatio: context.settings.number("ain_ratio", or: 0.25),
            outRatio: context.settings.number("aout_ratio", or: 0.50))
    }

    /// Whether the entry in `slot` is in the LRU (Am).
    public func isInLRU(_ slot: Int) -> Bool { queues.queue(of: slot) == Self.lru }

    /// A1in's share: bytes when sized (truncated), else entries (at least one).
    private var inCapacity: Int {
        let share = Int(saturating: Double(capacity.value) * inRatio)
        return sized ? share : max(1, share)
    }

    /// A1out's size: bytes when sized (truncated), else identities (at least one).
    private var outCapacity: Int {
        let share = Int(saturating: Double(capacity.value) * outRatio)
        return sized ? share : max(1, share)
    }

    /// Sized, an entry must fit in A1in's share.
    @inline(__always)
    public func admits(size: Int) -> Bool { !sized || !capacity.isKnown || size <= inCapacity }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    public func willInsert(identity: UInt64, size: Int) {
        incoming = identity
        incomingSize = sized ? size : 1
        incomingWasGhost = ghost.remove(identity)
    }

    /// A ghost hit enters Am, which first sheds its least recently used entries (no ghost) until
    /// the entry fits in Am's share.
    /// - Complexity: O(1) amortised, plus O(*k*) for *k* entries shed.
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        identityOf[slot] = incoming ?? (UInt64(slot) | 1 << 63)
        queues.setWeight(incomingSize, of: slot)
        if incomingWasGhost, capacity.isKnown {
            let lruCapacity = capacity.value - inCapacity
            var weight = queues.weight(Self.lru)
            var next = queues.front(Self.lru)
            while weight + incomingSize > lruCapacity, let candidate = next {
                next = queues.newer(candidate)
                weight -= queues.weight(of: candidate)
                sheds.append(candidate)  // leaves Am when the store evicts it
            }
        }
        queues.pushBack(slot, to: incomingWasGhost ? Self.lru : Self.fifo)
        incoming = nil
        incomingSize = 1
        incomingWasGhost = false
    }

    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? { sheds.isEmpty ? nil : sheds.take() }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if queues.queue(of: slot) == Self.lru { queues.move(slot, toBackOf: Self.lru) }
    }

    public func didRemove(_ slot: Int) {
        sheds.forget(slot)
        queues.remove(slot)
    }

    /// An entry evicted from A1in leaves its identity in A1out, which forgets its oldest
    /// identities until the new one fits.
    public func didEvict(_ slot: Int) {
        if queues.queue(of: slot) == Self.fifo {
            let weight = queues.weight(of: slot)
            let outCapacity = outCapacity
            while ghost.weight + weight > outCapacity, ghost.popFront() != nil {}
            if weight <= outCapacity { ghost.pushBack(identityOf[slot], weight: weight) }
        }
        queues.remove(slot)
    }

    public func didRemoveAll() {
        queues.removeAll()
        ghost.removeAll()
        sheds.removeAll()
    }

    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        _ = capacity.learn(resident: queues.weight(Self.fifo) + queues.weight(Self.lru))
        let first = queues.weight(Self.fifo) > inCapacity || queues.count(Self.lru) == 0 ? Self.fifo : Self.lru
        for step in 0..<2 {
            let queue = step == 0 ? first : 1 - first
            var slot = queues.front(queue)
            while let candidate = slot {
                if !skip(candidate) { return candidate }
                slot = queues.newer(candidate)
            }
        }
        return nil
    }

    /// Bytes of policy state per tracked entry, the ghost's share (0.5 identities) included.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot + MemoryLayout<UInt64>.stride + GhostQueue.bytesPerIdentity / 2
}

extension PolicyName {
    /// 2Q (`TwoQueuePolicy`).
    public static let twoQ: PolicyName = "2q"
}
