import CAllocCounter
import CJemalloc

/// Reads jemalloc's own counters through `mallctl`.
///
/// jemalloc is linked as the process allocator, so every allocation the Swift runtime makes on
/// this process's threads goes through it. `thread.allocated` and `thread.deallocated` count bytes
/// (usable sizes) for the calling thread only; the heap-wide figures are arena statistics,
/// refreshed by writing `epoch`. For measuring a piece of code, prefer ``AllocationProbe``,
/// which also counts allocations and never calls `mallctl` on the hot path.
///
/// A counter that cannot be read (jemalloc built without statistics, or not the allocator)
/// reads as 0.
public enum Jemalloc {
    /// Bytes allocated by the calling thread since it started (`thread.allocated`).
    ///
    /// Read through the cached `thread.allocatedp` pointer: no `mallctl`, no allocation.
    public static var threadAllocatedBytes: UInt64 { workbench_thread_allocated_bytes() }

    /// Bytes deallocated by the calling thread since it started (`thread.deallocated`).
    public static var threadDeallocatedBytes: UInt64 { read("thread.deallocated") }

    /// Bytes currently allocated by the application (`stats.allocated`, after an epoch refresh).
    public static var heapAllocatedBytes: UInt64 {
        refresh()
        return UInt64(readSize("stats.allocated"))
    }

    /// Bytes in pages jemalloc holds mapped and resident for the application's data
    /// (`stats.resident`, after an epoch refresh).
    public static var residentBytes: UInt64 {
        refresh()
        return UInt64(readSize("stats.resident"))
    }

    /// Total allocation requests served so far, small and large, over all arenas.
    ///
    /// Includes requests served from thread caches: the epoch refresh merges them.
    public static var allocationRequests: UInt64 {
        refresh()
        return read("stats.arenas.\(MALLCTL_ARENAS_ALL).small.nrequests")
            &+ read("stats.arenas.\(MALLCTL_ARENAS_ALL).large.nrequests")
    }

    /// jemalloc's version string (`version`), or nil if it cannot be read.
    public static var version: String? {
        var pointer: UnsafePointer<CChar>?
        var size = MemoryLayout<UnsafePointer<CChar>?>.size
        guard mallctl("version", &pointer, &size, nil, 0) == 0, let pointer else {
            return nil
        }
        return String(cString: pointer)
    }

    /// Whether jemalloc was built with statistics (`config.stats`); without them every
    /// byte counter reads 0.
    public static var hasStatistics: Bool {
        var enabled = false
        var size = MemoryLayout<Bool>.size
        return mallctl("config.stats", &enabled, &size, nil, 0) == 0 && enabled
    }

    /// Whether jemalloc is really the allocator serving this process's `malloc`.
    ///
    /// True when a `malloc` through the C library's symbol moves `thread.allocated`. The probe
    /// allocation is made in C through volatile function pointers: an optimised Swift
    /// `free(malloc(4096))` is removed by the compiler and would always report false.
    public static var isProcessAllocator: Bool {
        workbench_malloc_is_jemalloc() != 0
    }

    /// Writes `epoch`, so that the `stats.*` counters are brought up to date.
    public static func refresh() {
        var epoch: UInt64 = 1
        var size = MemoryLayout<UInt64>.size
        _ = withUnsafeMutablePointer(to: &epoch) { pointer in
            mallctl("epoch", pointer, &size, pointer, size)
        }
    }

    /// A 64-bit counter by name; 0 if it cannot be read.
    static func read(_ name: String) -> UInt64 {
        var value: UInt64 = 0
        var size = MemoryLayout<UInt64>.size
        let status = mallctl(name, &value, &size, nil, 0)
        return status == 0 ? value : 0
    }

    /// A `size_t` statistic by name; 0 if it cannot be read.
    static func readSize(_ name: String) -> Int {
        var value: Int = 0
        var size = MemoryLayout<Int>.size
        let status = mallctl(name, &value, &size, nil, 0)
        return status == 0 ? value : 0
    }
}
