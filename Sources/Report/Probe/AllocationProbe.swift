import CAllocCounter

/// Reads what the calling thread allocates, from jemalloc's own counters.
///
/// - Bytes: `thread.allocated`, the calling thread's running total of bytes allocated, read
///   through a pointer jemalloc hands out once per thread (`thread.allocatedp`): no `mallctl` call,
///   no allocation, cheap enough to read around every operation.
/// - Requests (allocation count): jemalloc's small + large request counters over all arenas, read
///   after flushing the calling thread's cache so its requests are merged in. That costs an epoch
///   refresh, so it is read at measurement boundaries (a run, a benchmark loop), and it can include
///   large allocations of other threads.
///
/// (An allocation hook would count per thread, but jemalloc 5.3's experimental hooks put every
/// thread on its slow path, and with threads coming and going that crashed the process.)
public enum AllocationProbe {
    /// Kept for callers that set the probe up first; there is nothing to install.
    @discardableResult
    public static func install() -> Bool {
        workbench_alloc_counter_install() == 0
    }

    /// The calling thread's allocated bytes so far (`count` is 0: see ``requests()``).
    /// - Complexity: O(1), no allocation.
    @inlinable
    public static func snapshot() -> AllocationSnapshot {
        AllocationSnapshot(bytes: workbench_thread_allocated_bytes(), count: 0)
    }

    /// Allocation requests so far, over all arenas, with the calling thread's cache flushed.
    /// - Complexity: an epoch refresh; microseconds. Not for hot paths.
    public static func requests() -> UInt64 {
        workbench_allocation_requests()
    }

    /// Runs `body` and returns what it allocated on the calling thread: bytes, and requests
    /// (read before and after, so the count may include other threads' large allocations).
    public static func measure<T>(_ body: () throws -> T) rethrows -> (T, AllocationSnapshot) {
        let requestsBefore = requests()
        let before = snapshot()
        let result = try body()
        let after = snapshot()
        let requestsAfter = requests()
        return (result, AllocationSnapshot(bytes: after.bytes &- before.bytes, count: requestsAfter &- requestsBefore))
    }

    /// Runs `body` and returns the bytes it allocated on the calling thread (no request count).
    /// - Complexity: O(1) besides `body`, no allocation.
    @inlinable
    public static func measureBytes<T>(_ body: () throws -> T) rethrows -> (T, UInt64) {
        let before = snapshot()
        let result = try body()
        return (result, snapshot().bytes &- before.bytes)
    }
}
