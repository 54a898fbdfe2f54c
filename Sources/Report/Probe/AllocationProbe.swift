import CAllocCounter

/// Counts the calling thread's heap allocations, in bytes and in number.
///
/// Bytes come from jemalloc's per-thread `thread.allocated` counter, read through the pointer
/// `thread.allocatedp` hands out (cached per thread on the C side). The number of allocations
/// comes from a jemalloc allocation hook that bumps a thread-local counter. Neither read takes a
/// lock or allocates, so a measurement does not disturb what it measures.
///
/// Counters are per thread: work handed to another thread (a `Thread`, a dispatch queue, a task
/// that hops executors) is not seen by the thread that handed it over.
///
/// ```swift
/// let (result, delta) = AllocationProbe.measure { cache.fetch(key) }
/// row.append("allocations", .uint(delta.count), kind: .measured)
/// ```
public enum AllocationProbe {
    /// Installs the allocation hook, once per process; true if allocations are being counted.
    ///
    /// Safe to call from any thread, any number of times. ``snapshot()`` and ``measure(_:)``
    /// call it themselves, so calling it early only makes sure the count starts before the
    /// first measurement and lets the caller report a failure.
    @discardableResult
    public static func install() -> Bool {
        workbench_alloc_counter_install() == 0
    }

    /// Whether the allocation hook is installed (installing it if not yet tried).
    public static var isCounting: Bool { install() }

    /// The calling thread's counters now.
    ///
    /// `count` covers only allocations made after the hook was installed; `bytes` covers the
    /// thread's whole life. Compare two snapshots from the same thread with
    /// ``AllocationSnapshot/since(_:)``.
    @inlinable
    public static func snapshot() -> AllocationSnapshot {
        _ = workbench_alloc_counter_install()
        return AllocationSnapshot(
            bytes: workbench_thread_allocated_bytes(),
            count: workbench_alloc_count()
        )
    }

    /// Runs `body` on the calling thread and returns its result with the allocations it made.
    ///
    /// The delta counts everything the thread allocated while `body` ran, including the
    /// runtime's own allocations (metadata on first use of a type, for instance); run the body
    /// once beforehand to measure the steady state.
    @inlinable
    public static func measure<T>(_ body: () throws -> T) rethrows -> (T, AllocationSnapshot) {
        let before = snapshot()
        let result = try body()
        let after = snapshot()
        return (result, after.since(before))
    }
}
