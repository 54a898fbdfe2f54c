/// GreedyDual (Young, Algorithmica 1994), with sizes GreedyDual-Size (Cao and Irani, USITS 1997):
/// LRU that weighs what an entry costs to re-create. Each entry has a credit H = L + cost / size,
/// where L, the cache's age, is the credit of the last entry evicted (0 before the first
/// eviction); the entry with the lowest credit goes first and L becomes its credit.
///
/// A miss inserts the entry with H = L + cost / size; a hit restores H = L + cost / size with the
/// current L. So an entry's credit drains, relative to the others, as the age rises past it, the
/// faster the cheaper it is to re-create: a 20 ms page outlives ten 2 ms cells unless they are
/// used again. Unlike `gdsf`, uses do not accumulate (no frequency): with every cost and size
/// equal it evicts the least recently used entry, as `lru` does. Among equal credits the entry
/// whose last request is oldest goes first.
///
/// The cost is 1 for every entry unless the store states it (``RecreationCostAware``: an app
/// cache with a device profile passes each controller's or drawing's stated device time). Sized
/// (a capacity in bytes), the size is the entry's size in bytes; unsized, every entry weighs 1.
///
/// The entries sit in a min-heap (``SlotHeap``) of (credit, request number): a request is
/// O(log *n*) and allocates nothing once the slots stop growing.
public final class GreedyDualPolicy: RegisteredPolicy, RecreationCostAware {
    @exclusivity(unchecked) private var heap = SlotHeap()
    @exclusivity(unchecked) private var creditOf: [Double] = []
    /// L: the credit of the last entry evicted.
    @exclusivity(unchecked) private var age = 0.0
    /// Requests seen (insertions and hits): the order among equal credits.
    @exclusivity(unchecked) private var clock: Int64 = 0
    @exclusivity(unchecked) private var incomingSize = 1.0
    @exclusivity(unchecked) private var incomingCost = 1.0
    private let sized: Bool

    /// Creates the policy; `sized`: whether the capacity is in bytes (else every entry weighs 1).
    public init(sized: Bool = false) { self.sized = sized }

    public static let policyName: PolicyName = .greedyDual
    public static let summary =
        "GreedyDual(-Size): LRU weighing re-creation cost; the lowest age + cost / size goes first, and the age becomes its credit."
    public static let reference = "Young, Algorithmica 1994; Cao and Irani, USITS 1997 (GreedyDual-Size)"
    public convenience init(_ context: PolicyContext) { self.init(sized: context.sized) }

    /// The cache's age L: the credit of the last entry evicted.
    public var currentAge: Double { age }

    /// The credit of the entry in `slot`, if tracked.
    public func credit(of slot: Int) -> Double? { heap.contains(slot) ? heap.priority(of: slot) : nil }

    /// The next inserted entry's cost of re-creation (1 unless set).
    public func setIncomingCost(_ cost: Double) { incomingCost = cost }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    public func willInsert(identity: UInt64, size: Int) {
        incomingSize = Double(sized ? max(size, 1) : 1)
    }

    /// - Complexity: O(log *n*)
    public func didInsert(_ slot: Int) {
        growSlots(&creditOf, toHold: slot, with: 0)
        creditOf[slot] = incomingCost / incomingSize
        incomingSize = 1
        incomingCost = 1
        clock += 1
        heap.insert(slot, priority: age + creditOf[slot], order: clock)
    }

    /// - Complexity: O(log *n*)
    public func didAccess(_ slot: Int) {
        guard heap.contains(slot) else { return }
        clock += 1
        heap.update(slot, priority: age + creditOf[slot], order: clock)
    }

    /// - Complexity: O(log *n*)
    public func didEvict(_ slot: Int) {
        guard heap.contains(slot) else { return }
        age = heap.priority(of: slot)
        heap.remove(slot)
    }

    /// - Complexity: O(log *n*)
    public func didRemove(_ slot: Int) { heap.remove(slot) }

    public func didRemoveAll() { heap.removeAll() }

    /// - Complexity: O(1), O(*n*) when the lowest is skipped.
    public func victim(skipping skip: (Int) -> Bool) -> Int? { heap.lowest(skipping: skip) }
}

extension PolicyName {
    /// GreedyDual, GreedyDual-Size in bytes (`GreedyDualPolicy`).
    public static let greedyDual: PolicyName = "greedy-dual"
}
