/// GreedyDual-Size-Frequency (Cherkasova, HP Labs 1998), as the reference simulator runs it
/// (`cpp/GDSF.cpp`): each entry has a priority L + frequency × cost × 10⁶ / size, where L, the
/// cache's age, is the priority of the last entry evicted (0 before the first eviction), and the
/// entry with the lowest priority goes first.
///
/// A miss inserts the entry with frequency 1 and priority L + cost × 10⁶ / size, L as it is then. A
/// hit adds 1 to the frequency and recomputes the priority with the current L, so an entry that is
/// used again is lifted above everything evicted so far. An eviction takes the lowest priority and
/// sets L to it. Among equal priorities the entry whose last request (insertion or hit) is oldest
/// goes first, as the reference's ordered set of (priority, request number) has it.
///
/// The cost is an entry's cost of re-creation, kept per entry from its insertion: 1 for every
/// entry, as in the reference, unless the store states it (``RecreationCostAware``: an app cache
/// with a device profile passes each controller's or drawing's stated device time). The factor 10⁶ is the
/// reference's scale; with it the priorities, their rounding included, are the reference's.
/// Sized (a capacity in bytes), the size is the entry's size in bytes; unsized, every entry weighs
/// 1 and the priority is L + frequency × cost × 10⁶, LFU with ageing. A frequency is forgotten when
/// its entry leaves.
///
/// The entries sit in a min-heap (``SlotHeap``) of (priority, request number): a request is
/// O(log *n*) and allocates nothing once the slots stop growing.
public final class GDSFPolicy: RegisteredPolicy, RecreationCostAware {
    /// The reference's numerator scale (`1.0e6` in `GDSF.cpp`).
    static let scale = 1.0e6

    @exclusivity(unchecked) private var heap = SlotHeap()
    @exclusivity(unchecked) private var frequency: [Int] = []
    @exclusivity(unchecked) private var sizeOf: [Double] = []
    @exclusivity(unchecked) private var costOf: [Double] = []
    /// L: the priority of the last entry evicted.
    @exclusivity(unchecked) private var age = 0.0
    /// Requests seen (insertions and hits): the order among equal priorities.
    @exclusivity(unchecked) private var clock: Int64 = 0
    @exclusivity(unchecked) private var incomingSize = 1.0
    @exclusivity(unchecked) private var incomingCost = 1.0
    private let sized: Bool

    /// Creates the policy; `sized`: whether the capacity is in bytes (else every entry weighs 1).
    public init(sized: Bool = false) { self.sized = sized }

    public static let policyName: PolicyName = .gdsf
    public static let summary =
        "GreedyDual-Size-Frequency: the lowest age + frequency × cost / size goes first; the age becomes the evicted entry's priority."
    public static let reference = "Cherkasova, HP Labs HPL-98-69 1998; libCacheSim cpp/GDSF.cpp"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [4.64, 4.19, 3.61], peakRSSMiB: 70)
    public convenience init(_ context: PolicyContext) { self.init(sized: context.sized) }

    /// The cache's age L: the priority of the last entry evicted.
    public var currentAge: Double { age }

    /// The priority of the entry in `slot`, if tracked.
    public func priority(of slot: Int) -> Double? { heap.contains(slot) ? heap.priority(of: slot) : nil }

    /// The next inserted entry's cost of re-creation (1 unless set), which its priority is
    /// proportional to.
    public func setIncomingCost(_ cost: Double) { incomingCost = cost }

    public func willInsert(identity: UInt64) { willInsert(identity: identity, size: 1) }

    public func willInsert(identity: UInt64, size: Int) {
        let weight = sized ? size : 1
        incomingSize = Double(weight)
    }

    /// - Complexity: O(log *n*)
    public func didInsert(_ slot: Int) {
        growSlots(&frequency, toHold: slot, with: 0)
        growSlots(&sizeOf, toHold: slot, with: 1)
        growSlots(&costOf, toHold: slot, with: 1)
        frequency[slot] = 1
        sizeOf[slot] = incomingSize
        costOf[slot] = incomingCost
        incomingSize = 1
        incomingCost = 1
        clock += 1
        heap.insert(slot, priority: priority(slot), order: clock)
    }

    /// - Complexity: O(log *n*)
    public func didAccess(_ slot: Int) {
        guard heap.contains(slot) else { return }
        frequency[slot] += 1
        clock += 1
        heap.update(slot, priority: priority(slot), order: clock)
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

    /// L + frequency × cost × 10⁶ / size, evaluated in the reference's order.
    @inline(__always)
    private func priority(_ slot: Int) -> Double {
        age + Double(frequency[slot]) * costOf[slot] * Self.scale / sizeOf[slot]
    }
}

extension PolicyName {
    /// GreedyDual-Size-Frequency (`GDSFPolicy`).
    public static let gdsf: PolicyName = "gdsf"
}
