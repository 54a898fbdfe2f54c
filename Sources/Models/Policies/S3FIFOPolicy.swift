/// S3-FIFO (Yang et al., SOSP'23), with the reference simulator's defaults: a small FIFO of 10% of
/// the capacity, a main FIFO of the rest and a ghost FIFO of 90% of the capacity in identities.
///
/// A miss enters the small FIFO, or the main FIFO if its identity is in the ghost. A hit adds one to
/// the entry's count. To evict: if main holds more than its share or small is empty, main's front
/// goes back to main with its count min(count, 3) − 1 while the count is at least 1, else it is
/// evicted; otherwise small's front moves to main (count reset) if it had at least two hits, else it
/// is evicted and its identity joins the ghost.
///
/// Sized (a capacity in bytes), the three FIFOs are bounded in bytes, the ghost remembering each
/// identity's size, and an entry larger than the small FIFO is never cached (one of exactly its
/// size is refused after the room was made), as the reference does (`S3FIFO.c`); unsized, every
/// entry weighs 1.
public final class S3FIFOPolicy: RegisteredPolicy {
    private static let small = 0
    private static let main = 1

    private let queues: SlotQueues
    @exclusivity(unchecked) private var ghost: GhostQueue
    @exclusivity(unchecked) private var hits: [Int32] = []
    @exclusivity(unchecked) private var identityOf: [UInt64] = []
    @exclusivity(unchecked) private var capacity: LearntCapacity
    @exclusivity(unchecked) private var incoming: UInt64?
    @exclusivity(unchecked) private var incomingWasGhost = false
    @exclusivity(unchecked) private var incomingSize = 1
    private let sized: Bool
    private let smallRatio: Double
    /// The ghost FIFO's size as a share of the capacity.
    private let ghostRatio: Double
    /// Hits in the small FIFO that earn a move to main.
    private let moveThreshold: Int32
    @exclusivity(unchecked) private var smallTarget = Int.max
    @exclusivity(unchecked) private var mainTarget = 0
    @exclusivity(unchecked) private var ghostCapacity = 0
    /// The entry of exactly the small FIFO's size the last insertion let in, which leaves at once.
    @exclusivity(unchecked) private var sheds = ShedList()
    @exclusivity(unchecked) private var refusedOnArrival = -1

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    /// - Parameters:
    ///   - capacity: the store's capacity (0: learnt at the first eviction).
    ///   - sized: whether the capacity is in bytes (entries weigh their sizes) or entries.
    ///   - smallRatio: the small FIFO's share of the capacity, in (0, 1).
    ///   - ghostRatio: the ghost FIFO's size as a share of the capacity, in (0, 1).
    ///   - moveThreshold: the hits in the small FIFO that move an entry to main.
    public init(
        capacity: Int, sized: Bool = false, smallRatio: Double = 0.10, ghostRatio: Double = 0.90, moveThreshold: Int = 2
    ) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        self.smallRatio = smallRatio
        self.ghostRatio = ghostRatio
        self.moveThreshold = Int32(clamping: moveThreshold)
        queues = SlotQueues(queues: 2, weighted: sized)
        ghost = GhostQueue(weighted: sized)
        if self.capacity.isKnown { size() }
    }

    public static let policyName: PolicyName = .s3fifo
    public static let summary = "S3-FIFO: a small probationary FIFO, a main FIFO and a ghost FIFO."
    public static let reference = "Yang et al., SOSP 2023; libCacheSim S3FIFO.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [5.09, 4.78, 5.56], peakRSSMiB: 133)
    public static let parameters = [
        PolicyParameter("small_ratio", "The small FIFO's share of the capacity.", kind: .share, default: .number(0.10)),
        PolicyParameter("ghost_ratio", "The ghost FIFO's size as a share of the capacity.", kind: .share, default: .number(0.90)),
        PolicyParameter(
            "move_threshold", "Hits in the small FIFO that move an entry to main when it reaches the front.",
            kind: .integer(1...3), default: .integer(2)),
    ]
    public convenience init(_ context: PolicyContext) {
        self.init(
            capacity: context.capacity, sized: context.sized, smallRatio: context.settings.number("small_ratio", or: 0.10),
            ghostRatio: context.settings.number("ghost_ratio", or: 0.90), moveThreshold: context.settings.integer("move_threshold", or: 2))
    }

    /// The number of entries in the small and main FIFOs and of identities in the ghost.
    public var sizes: (small: Int, main: Int, ghost: Int) {
        (queues.count(Self.small), queues.count(Self.main), ghost.count)
    }

    /// The bytes (sized) or entries of the small and main FIFOs and of the ghost.
    public var weights: (small: Int, main: Int, ghost: Int) {
        (queues.weight(Self.small), queues.weight(Self.main), ghost.weight)
    }

    /// Sized, an entry must fit in the small FIFO.
    @inline(__always)
    public func admits(size: Int) -> Bool { !sized || size <= smallTarget }

    /// Whether the entry in `slot` is in the main FIFO.
    public func isInMain(_ slot: Int) -> Bool { queues.queue(of: slot) == Self.main }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    /// - Complexity: O(1) expected (a hash lookup).
    public func willInsert(identity: UInt64, size: Int) {
        incoming = identity
        incomingSize = sized ? size : 1
        incomingWasGhost = ghost.remove(identity)
    }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        growSlots(&hits, toHold: slot, with: 0)
        growSlots(&identityOf, toHold: slot, with: 0)
        hits[slot] = 0
        identityOf[slot] = incoming ?? (UInt64(slot) | 1 << 63)
        queues.setWeight(incomingSize, of: slot)
        queues.pushBack(slot, to: incomingWasGhost ? Self.main : Self.small)
        if sized, !incomingWasGhost, incomingSize >= smallTarget {
            // The reference makes room for it, then does not insert it into small.
            refusedOnArrival = slot
            sheds.append(slot)
        }
        incoming = nil
        incomingSize = 1
        incomingWasGhost = false
    }

    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? { sheds.isEmpty ? nil : sheds.take() }

    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) {
        if queues.contains(slot) { hits[slot] &+= 1 }
    }

    public func didRemove(_ slot: Int) {
        if slot == refusedOnArrival {
            refusedOnArrival = -1
            sheds.forget(slot)
        }
        queues.remove(slot)
    }

    /// An entry evicted from the small FIFO leaves its identity in the ghost, which forgets its
    /// oldest identities until the new one fits.
    public func didEvict(_ slot: Int) {
        if slot == refusedOnArrival {
            refusedOnArrival = -1
        } else if queues.queue(of: slot) == Self.small {
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
        refusedOnArrival = -1
    }

    /// - Complexity: O(1) amortised; each entry is moved at most a few times per stay.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: queues.weight(Self.small) + queues.weight(Self.main)) { size() }
        var budget = 8 * (queues.count(Self.small) + queues.count(Self.main)) + 8
        while budget > 0 {
            if queues.weight(Self.main) > mainTarget || queues.count(Self.small) == 0 {
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
                    if hits[slot] >= moveThreshold {
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
        let small = Int(saturating: Double(c) * smallRatio)
        smallTarget = small
        mainTarget = c - small
        ghostCapacity = Int(saturating: Double(c) * ghostRatio)
        // Grown as identities arrive, not reserved for the capacity: a capacity far above the
        // trace's distinct keys must not allocate for identities that never come.
        ghost = GhostQueue(weighted: sized)
    }
}

extension PolicyName {
    /// S3-FIFO (`S3FIFOPolicy`).
    public static let s3fifo: PolicyName = "s3-fifo"
}
