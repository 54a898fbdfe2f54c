/// Allocation counters of one thread at one moment, or the difference between two moments.
///
/// `bytes` is jemalloc's `thread.allocated` (usable sizes, so a 20-byte request in a 32-byte
/// size class counts 32). `count` is the number of allocations seen by the allocation hook
/// that ``AllocationProbe/install()`` sets up.
public struct AllocationSnapshot: Sendable, Equatable {
    /// Bytes allocated by the thread.
    public var bytes: UInt64
    /// Allocations made by the thread.
    public var count: UInt64

    /// A snapshot with the given counters.
    @inlinable
    public init(bytes: UInt64, count: UInt64) {
        self.bytes = bytes
        self.count = count
    }

    /// No bytes and no allocations.
    public static let zero = AllocationSnapshot(bytes: 0, count: 0)

    /// The change from `earlier` to `self`, counter by counter.
    ///
    /// Both snapshots must come from the same thread. Counters only grow, so the result is
    /// exact; wrapping arithmetic keeps a misuse from trapping.
    @inlinable
    public func since(_ earlier: AllocationSnapshot) -> AllocationSnapshot {
        AllocationSnapshot(bytes: bytes &- earlier.bytes, count: count &- earlier.count)
    }
}
