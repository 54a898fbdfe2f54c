/// 2Q (Johnson & Shasha), full version with the reference simulator's shares: first-time entries
/// go to a FIFO (A1in, 25% of the capacity); when evicted from there their identities go to a ghost
/// FIFO (A1out, 50% of the capacity); an entry whose identity is in A1out enters the LRU (Am).
/// Hits in A1in change nothing; hits in Am move the entry to Am's back. The victim is A1in's front
/// while A1in is over its share (or Am is empty), else Am's least recently used entry.
public final class TwoQueuePolicy: EvictionPolicy {
    private static let fifo = 0
    private static let lru = 1
    /// A1in's share of the capacity.
    public static let inRatio = 0.25
    /// A1out's size as a share of the capacity.
    public static let outRatio = 0.50

    private let queues = SlotQueues(queues: 2)
    private let ghost = GhostQueue()
    private var identityOf: [UInt64] = []
    private var capacity: LearntCapacity
    private var incoming: UInt64?
    private var incomingWasGhost = false

    /// Creates the policy for a store of `capacity` entries (0: learnt at the first eviction).
    public init(capacity: Int) {
        self.capacity = LearntCapacity(capacity)
    }

    public var name: EvictionPolicyName { .twoQ }

    /// Whether the entry in `slot` is in the LRU (Am).
    public func isInLRU(_ slot: Int) -> Bool { queues.queue(of: slot) == Self.lru }

    public func willInsert(identity: UInt64) {
        incoming = identity
        incomingWasGhost = ghost.remove(identity)
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&identityOf, toHold: slot, with: 0)
        identityOf[slot] = incoming ?? (UInt64(slot) | 1 << 63)
        queues.pushBack(slot, to: incomingWasGhost ? Self.lru : Self.fifo)
        incoming = nil
        incomingWasGhost = false
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if queues.queue(of: slot) == Self.lru { queues.move(slot, toBackOf: Self.lru) }
    }

    public func didRemove(_ slot: Int) { queues.remove(slot) }

    /// An entry evicted from A1in leaves its identity in A1out.
    public func didEvict(_ slot: Int) {
        if queues.queue(of: slot) == Self.fifo {
            let outCapacity = max(1, Int(Double(capacity.value) * Self.outRatio))
            if ghost.count >= outCapacity { ghost.popFront() }
            ghost.pushBack(identityOf[slot])
        }
        queues.remove(slot)
    }

    public func didRemoveAll() {
        queues.removeAll()
        ghost.removeAll()
    }

    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        _ = capacity.learn(resident: queues.total)
        let inCapacity = max(1, Int(Double(capacity.value) * Self.inRatio))
        let first = queues.count(Self.fifo) > inCapacity || queues.count(Self.lru) == 0 ? Self.fifo : Self.lru
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
