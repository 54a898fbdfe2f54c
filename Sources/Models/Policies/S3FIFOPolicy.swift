/// S3-FIFO (Yang et al., SOSP'23), with the reference simulator's defaults: a small FIFO of 10% of
/// the capacity, a main FIFO of the rest and a ghost FIFO of 90% of the capacity in identities.
///
/// A miss enters the small FIFO, or the main FIFO if its identity is in the ghost. A hit adds one to
/// the entry's count. To evict: if main holds more than its share or small is empty, main's front
/// goes back to main with its count min(count, 3) − 1 while the count is at least 1, else it is
/// evicted; otherwise small's front moves to main (count reset) if it had at least two hits, else it
/// is evicted and its identity joins the ghost.
public final class S3FIFOPolicy: EvictionPolicy {
    private static let small = 0
    private static let main = 1
    /// Hits in the small FIFO that earn a move to main.
    public static let promotionThreshold = 2
    /// The ghost FIFO's size as a share of the capacity.
    public static let ghostRatio = 0.90

    private let queues = SlotQueues(queues: 2)
    private var ghost = GhostQueue()
    private var hits: [Int32] = []
    private var identityOf: [UInt64] = []
    private var capacity: LearntCapacity
    private var incoming: UInt64?
    private var incomingWasGhost = false
    private let smallRatio: Double
    private var mainTarget = 0
    private var ghostCapacity = 0

    /// Creates the policy for a store of `capacity` entries (0: learnt at the first eviction).
    /// - Parameter smallRatio: the small FIFO's share of the capacity, in (0, 1).
    public init(capacity: Int, smallRatio: Double = EvictionParameters().smallRatio) {
        self.capacity = LearntCapacity(capacity)
        self.smallRatio = smallRatio
        if self.capacity.isKnown { size() }
    }

    public var name: EvictionPolicyName { .s3fifo }

    /// The number of entries in the small and main FIFOs and of identities in the ghost.
    public var sizes: (small: Int, main: Int, ghost: Int) {
        (queues.count(Self.small), queues.count(Self.main), ghost.count)
    }

    /// Whether the entry in `slot` is in the main FIFO.
    public func isInMain(_ slot: Int) -> Bool { queues.queue(of: slot) == Self.main }

    /// - Complexity: O(1) expected (a hash lookup).
    public func willInsert(identity: UInt64) {
        incoming = identity
        incomingWasGhost = ghost.remove(identity)
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&hits, toHold: slot, with: 0)
        growSlots(&identityOf, toHold: slot, with: 0)
        hits[slot] = 0
        identityOf[slot] = incoming ?? (UInt64(slot) | 1 << 63)
        queues.pushBack(slot, to: incomingWasGhost ? Self.main : Self.small)
        incoming = nil
        incomingWasGhost = false
    }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if queues.contains(slot) { hits[slot] &+= 1 }
    }

    public func didRemove(_ slot: Int) { queues.remove(slot) }

    /// An entry evicted from the small FIFO leaves its identity in the ghost.
    public func didEvict(_ slot: Int) {
        if queues.queue(of: slot) == Self.small {
            if ghost.count >= ghostCapacity { ghost.popFront() }
            if ghostCapacity > 0 { ghost.pushBack(identityOf[slot]) }
        }
        queues.remove(slot)
    }

    public func didRemoveAll() {
        queues.removeAll()
        ghost.removeAll()
    }

    /// - Complexity: O(1) amortised; each entry is moved at most a few times per stay.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: queues.count(Self.small) + queues.count(Self.main)) { size() }
        var budget = 8 * (queues.count(Self.small) + queues.count(Self.main)) + 8
        while budget > 0 {
            if queues.count(Self.main) > mainTarget || queues.count(Self.small) == 0 {
                guard queues.count(Self.main) > 0 else { return nil }
                while budget > 0, let slot = queues.front(Self.main) {
                    budget -= 1
                    if hits[slot] >= 1 {
                        hits[slot] = min(hits[slot], 3) - 1
                        queues.move(slot, toBackOf: Self.main)
                    } else if skip(slot) {
                        queues.move(slot, toBackOf: Self.main)
                    } else {
                        return slot
                    }
                }
            } else {
                while budget > 0, let slot = queues.front(Self.small) {
                    budget -= 1
                    if hits[slot] >= Self.promotionThreshold {
                        hits[slot] = 0
                        queues.move(slot, toBackOf: Self.main)
                    } else if skip(slot) {
                        queues.move(slot, toBackOf: Self.main)
                    } else {
                        return slot
                    }
                }
            }
        }
        return nil
    }

    /// Bytes of policy state per tracked entry, the ghost's share (0.9 identities) included.
    public static let bytesPerEntry =
        SlotQueues.bytesPerSlot + MemoryLayout<Int32>.stride + MemoryLayout<UInt64>.stride
        + GhostQueue.bytesPerIdentity * 9 / 10

    private func size() {
        let c = capacity.value
        let small = Int(Double(c) * smallRatio)
        mainTarget = c - small
        ghostCapacity = Int(Double(c) * Self.ghostRatio)
        ghost = GhostQueue(capacity: ghostCapacity)
    }
}
