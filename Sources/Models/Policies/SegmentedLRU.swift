/// A segmented LRU over queues 1 (probation) and 2 (protected) of a ``SlotQueues``, with the
/// reference simulator's rules: an entry enters the lowest segment with room (during warm-up that
/// can be the protected one); a hit moves it one segment up, or to the back of the protected
/// segment, and a protected segment over its share sends its oldest entry to the back of probation;
/// the victim is the oldest entry of the lowest non-empty segment. Queue 0 is left to the caller
/// (W-TinyLFU's window).
struct SegmentedLRU {
    static let probation = 1
    static let protected = 2

    let queues = SlotQueues(queues: 3)
    private(set) var probationCapacity = 0
    private(set) var protectedCapacity = 0
    /// The entries both segments hold together (the shares are truncated, so it can exceed their sum).
    private(set) var capacity = 0

    /// Sizes the segments for `capacity` entries: 20% probation, 80% protected, each truncated.
    mutating func size(capacity: Int) {
        self.capacity = capacity
        probationCapacity = max(1, Int(Double(capacity) * 0.2))
        protectedCapacity = Int(Double(capacity) * 0.8)
    }

    /// Entries in both segments.
    var count: Int { queues.count(Self.probation) + queues.count(Self.protected) }

    func contains(_ slot: Int) -> Bool {
        let queue = queues.queue(of: slot)
        return queue == Self.probation || queue == Self.protected
    }

    mutating func insert(_ slot: Int) {
        if queues.contains(slot) { queues.remove(slot) }
        let segment =
            queues.count(Self.probation) >= probationCapacity && queues.count(Self.protected) < protectedCapacity
            ? Self.protected : Self.probation
        queues.pushBack(slot, to: segment)
    }

    /// Moves `slot` up to the protected segment; an overflowing protected segment sends its oldest
    /// entry to the back of probation. Returns probation's oldest entry when probation is then over
    /// its share (it can be after an insertion found both segments full, when the truncated shares
    /// add up to less than `capacity`): the reference sheds that entry from the cache on the spot.
    @discardableResult
    mutating func hit(_ slot: Int) -> Int? {
        queues.move(slot, toBackOf: Self.protected)
        guard queues.count(Self.protected) > protectedCapacity, let oldest = queues.front(Self.protected) else {
            return nil
        }
        queues.move(oldest, toBackOf: Self.probation)
        return queues.count(Self.probation) > probationCapacity ? queues.front(Self.probation) : nil
    }

    func victim(skipping skip: (Int) -> Bool) -> Int? {
        for segment in Self.probation...Self.protected {
            var slot = queues.front(segment)
            while let candidate = slot {
                if !skip(candidate) { return candidate }
                slot = queues.newer(candidate)
            }
        }
        return nil
    }
}

/// Segmented LRU: a probationary segment (20% of the capacity) for entries seen once and a
/// protected one (80%) for entries hit since; the victim is probation's least recently used.
public final class SLRUPolicy: EvictionPolicy {
    private var segments = SegmentedLRU()
    private var capacity: LearntCapacity

    /// Creates the policy for a store of `capacity` entries (0: learnt at the first eviction).
    public init(capacity: Int) {
        self.capacity = LearntCapacity(capacity)
        segments.size(capacity: capacity > 0 ? capacity : Int.max / 2)
    }

    public var name: EvictionPolicyName { .slru }

    /// Whether the entry in `slot` is in the protected segment.
    public func isProtected(_ slot: Int) -> Bool { segments.queues.queue(of: slot) == SegmentedLRU.protected }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) { segments.insert(slot) }
    /// - Complexity: O(1)
    public func didAccess(_ slot: Int) { if segments.contains(slot) { segments.hit(slot) } }
    public func didRemove(_ slot: Int) { segments.queues.remove(slot) }
    public func didRemoveAll() { segments.queues.removeAll() }

    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: segments.count) { segments.size(capacity: capacity.value) }
        return segments.victim(skipping: skip)
    }

    /// Bytes of policy state per tracked entry.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot
}
