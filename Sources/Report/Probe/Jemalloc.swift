import CJemalloc

/// Reads jemalloc's own counters through `mallctl`.
///
/// jemalloc is linked as the process allocator, so every allocation the Swift runtime makes on
/// this process's threads goes through it. `thread.allocated` and `thread.deallocated` count bytes
/// for the calling thread only; the request counts are arena statistics, refreshed by writing
/// `epoch`.
public enum Jemalloc {
    /// Bytes allocated by the calling thread since it started (`thread.allocated`).
    public static var threadAllocatedBytes: UInt64 { read("thread.allocated") }

    /// Bytes deallocated by the calling thread since it started (`thread.deallocated`).
    public static var threadDeallocatedBytes: UInt64 { read("thread.deallocated") }

    /// Bytes currently allocated by the application (`stats.allocated`, after an epoch refresh).
    public static var heapAllocatedBytes: UInt64 {
        refresh()
        return UInt64(readSize("stats.allocated"))
    }

    /// Total allocation requests served so far, small and large, over all arenas.
    ///
    /// Includes requests served from thread caches: the epoch refresh merges them.
    public static var allocationRequests: UInt64 {
        refresh()
        return read("stats.arenas.\(MALLCTL_ARENAS_ALL).small.nrequests")
            &+ read("stats.arenas.\(MALLCTL_ARENAS_ALL).large.nrequests")
    }

    /// Whether jemalloc is really the allocator serving this process's `malloc`.
    ///
    /// True when a `malloc` through the C library's symbol moves `thread.allocated`.
    public static var isProcessAllocator: Bool {
        let before = threadAllocatedBytes
        let pointer = malloc(4096)
        let after = threadAllocatedBytes
        free(pointer)
        return after &- before >= 4096
    }

    /// Writes `epoch`, so that the `stats.*` counters are brought up to date.
    public static func refresh() {
        var epoch: UInt64 = 1
        var size = MemoryLayout<UInt64>.size
        _ = withUnsafeMutablePointer(to: &epoch) { pointer in
            mallctl("epoch", pointer, &size, pointer, size)
        }
    }

    static func read(_ name: String) -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        let status = mallctl(name, &value, &size, nil, 0)
        return status == 0 ? value : 0
    }

    static func readSize(_ name: String) -> Int {
        var value: Int = 0
        var size = MemoryLayout<Int>.size
        let status = mallctl(name, &value, &size, nil, 0)
        return status == 0 ? value : 0
    }
}
