/// A segmented LRU over queues 1 (probation) and 2 (protected) of a ``SlotQueues``, with the
/// reference simulator's rules (`SLRU.c`, two segments `seg-size=1:4`): an entry enters the lowest
/// segment with room for it (during warm-up that can be the protected one), else probation, which
/// may then exceed its share; a hit moves it one segment up, or to the back of the protected
/// segment; while the protected segment is over its share its oldest entry goes to the back of
/// probation, and while probation is then over its share its oldest entry is shed from the cache;
/// the victim is the oldest entry of the lowest non-empty segment. Queue 0 is left to the caller
/// (W-TinyLFU's window); queue 3 holds the entries shed and not yet evicted by the store.
///
/// Weighted queues (a capacity in bytes) make the shares bytes; unweighted, entries.
struct SegmentedLRU {
    static let probation = 1
    static let protected = 2
    /// Entries shed by a hit, until the store evicts them (victims first if the store kept them).
    static let shed = 3

    let queues: SlotQueues
    private(set) var probationCapacity = 0
    private(set) var protectedCapacity = 0
    /// What both segments hold together (the shares are truncated, so it can exceed their sum).
    private(set) var capacity = 0

    init(weighted: Bool) {
        queues = SlotQueues(queues: 4, weighted: weighted)
    }

    /// Sizes the segments for `capacity` (bytes when weighted, else entries): 20% probation, 80%
    /// protected, each truncated (probation at least one entry when unweighted).
    mutating func size(capacity: Int) {
        self.capacity = capacity
        let probation = Int(Double(capacity) * 0.2)
        probationCapacity = queues.weighted ? probation : max(1, probation)
        protectedCapacity = Int(Double(capacity) * 0.8)
    }

    /// Entries in both segments.
    var count: Int { queues.count(Self.probation) + queues.count(Self.protected) }

    /// Bytes (weighted) or entries in both segments.
    var weight: Int { queues.weight(Self.probation) + queues.weight(Self.protected) }

    func contains(_ slot: Int) -> Bool {
        let queue = queues.queue(of: slot)
        return queue == Self.probation || queue == Self.protected
    }

    /// Inserts `slot` (its weight set) into the lowest segment with room for it, else probation.
    mutating func insert(_ slot: Int) {
        if queues.contains(slot) { queues.remove(slot) }
        let weight = queues.weight(of: slot)
        let segment =
            queues.weight(Self.probation) + weight > probationCapacity
                && queues.weight(Self.protected) + weight <= protectedCapacity
            ? Self.protected : Self.probation
        queues.pushBack(slot, to: segment)
    }

    /// Moves `slot` up to the protected segment (or to its back). While the protected segment is
    /// over its share its oldest entry goes to the back of probation, and after each such move,
    /// while probation is over its share, probation's oldest entry is shed: appended to `sheds`
    /// (and held in queue 3) for the store to evict, as the reference evicts it on the spot.
    @inline(__always)
    mutating func hit(_ slot: Int, sheds: inout ShedList) {
        queues.move(slot, toBackOf: Self.protected)
        if queues.weight(Self.protected) > protectedCapacity { cool(sheds: &sheds) }
    }

    /// Moves the protected segment's oldest entries down while it is over its share, shedding
    /// probation's oldest entries while probation is then over its share.
    @inline(never)
    private mutating func cool(sheds: inout ShedList) {
        while queues.weight(Self.protected) > protectedCapacity, let oldest = queues.front(Self.protected) {
            queues.move(oldest, toBackOf: Self.probation)
            while queues.weight(Self.probation) > probationCapacity, let shed = queues.front(Self.probation) {
                queues.move(shed, toBackOf: Self.shed)
                sheds.append(shed)
            }
        }
    }

    /// The oldest entry of the lowest non-empty segment, entries already shed first.
    func victim(skipping skip: (Int) -> Bool) -> Int? {
        for step in 0..<3 {
            var slot = queues.front(step == 0 ? Self.shed : step)
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
///
/// Sized (a capacity in bytes), the segments are bytes and an entry larger than probation is
/// never cached, as the reference does; unsized, every entry weighs 1.
public final class SLRUPolicy: EvictionPolicy {
    private var segments: SegmentedLRU
    private var capacity: LearntCapacity
    private let sized: Bool
    private var incomingSize = 1
    private var sheds = ShedList()

    /// Creates the policy for a store of `capacity` entries, or bytes when `sized` (0: learnt at
    /// the first eviction).
    public init(capacity: Int, sized: Bool = false) {
        self.capacity = LearntCapacity(capacity)
        self.sized = sized
        segments = SegmentedLRU(weighted: sized)
        segments.size(capacity: capacity > 0 ? capacity : Int.max / 2)
    }

    public var name: EvictionPolicyName { .slru }

    /// Whether the entry in `slot` is in the protected segment.
    public func isProtected(_ slot: Int) -> Bool { segments.queues.queue(of: slot) == SegmentedLRU.protected }

    /// Sized, an entry must fit in probation.
    @inline(__always)
    public func admits(size: Int) -> Bool { !sized || size <= segments.probationCapacity }

    public func willInsert(identity: UInt64, size: Int) { incomingSize = sized ? size : 1 }

    /// - Complexity: O(1) amortised.
    public func didInsert(_ slot: Int) {
        segments.queues.setWeight(incomingSize, of: slot)
        incomingSize = 1
        segments.insert(slot)
    }
    /// - Complexity: O(1), plus O(*k*) for *k* entries moved down or shed.
    @inline(__always)
    public func didAccess(_ slot: Int) { if segments.contains(slot) { segments.hit(slot, sheds: &sheds) } }
    /// - Complexity: O(1).
    @inline(__always)
    public func takeShedSlot() -> Int? { sheds.isEmpty ? nil : sheds.take() }
    public func didRemove(_ slot: Int) {
        sheds.forget(slot)
        segments.queues.remove(slot)
    }
    public func didEvict(_ slot: Int) { segments.queues.remove(slot) }
    public func didRemoveAll() {
        segments.queues.removeAll()
        sheds.removeAll()
    }

    /// - Complexity: O(1), O(*k*) for *k* skipped slots.
    public func victim(skipping skip: (Int) -> Bool) -> Int? {
        if capacity.learn(resident: segments.weight) { segments.size(capacity: capacity.value) }
        return segments.victim(skipping: skip)
    }

    /// Bytes of policy state per tracked entry.
    public static let bytesPerEntry = SlotQueues.bytesPerSlot
}
