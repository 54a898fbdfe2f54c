/// Largest first (the reference simulator's `Size.c`): the entry with the largest size is evicted,
/// whatever its use; hits change nothing.
///
/// A miss puts the entry in a max-heap by size, a hit leaves it where it is (the reference changes
/// its priority to the same size, which moves nothing) and an eviction takes the heap's top. Among
/// entries of the same size the victim is the one the reference's binary heap (`pqueue.c`) has on
/// top, which this heap (``SlotHeap``) reproduces move for move: the first entry inserted, then,
/// after each eviction, the one that was last in the heap's array sinks from the top only below a
/// strictly larger child. Unsized (a capacity in entries) every entry weighs 1, so every entry
/// ties and that order alone decides; it is exact too.
///
/// A request is O(log *n*) and allocates nothing once the slots stop growing.
public final class SizePolicy: RegisteredPolicy {
    /// A min-heap of −size: the largest on top.
    @exclusivity(unchecked) private var heap = SlotHeap()
    @exclusivity(unchecked) private var incomingSize = 1
    private let sized: Bool

    /// Creates the policy; `sized`: whether the capacity is in bytes (else every entry weighs 1).
    public init(sized: Bool = false) { self.sized = sized }

    public static let policyName: PolicyName = .size
    public static let summary = "The largest entry goes first, whatever its use; among equal sizes, the reference heap's order."
    public static let reference = "Williams et al., SIGCOMM 1996; libCacheSim Size.c"
    public static let referenceFigures: PolicyReferenceFigures? = PolicyReferenceFigures(
        requestsPerSecond: [8.82, 8.52, 8.67], peakRSSMiB: 69)
    public convenience init(_ context: PolicyContext) { self.init(sized: context.sized) }

    public func willInsert(identity: UInt64) { incomingSize = 1 }

    public func willInsert(identity: UInt64, size: Int) { incomingSize = sized ? size : 1 }

    /// - Complexity: O(log *n*)
    public func didInsert(_ slot: Int) {
        heap.insert(slot, priority: -Double(incomingSize))
        incomingSize = 1
    }

    /// A hit moves nothing.
    public func didAccess(_ slot: Int) {}

    /// - Complexity: O(log *n*)
    public func didRemove(_ slot: Int) { heap.remove(slot) }

    public func didRemoveAll() { heap.removeAll() }

    /// - Complexity: O(1), O(*n*) when the largest is skipped.
    public func victim(skipping skip: (Int) -> Bool) -> Int? { heap.lowest(skipping: skip) }
}

extension PolicyName {
    /// Largest first (`SizePolicy`).
    public static let size: PolicyName = "size"
}
