#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Nanosecond timestamps from the monotonic clock, for timing intervals.
///
/// Reads `clock_gettime(CLOCK_MONOTONIC)`: it never jumps with wall-clock adjustments, so the
/// difference of two readings is an elapsed time. The origin is unspecified (typically boot),
/// so a single reading means nothing on its own. Reading the clock does not allocate.
public enum MonotonicClock {
    /// The current monotonic time in nanoseconds.
    ///
    /// Subtract two readings with `&-` or `-` to get elapsed nanoseconds.
    @inlinable
    @inline(__always)
    public static func now() -> UInt64 {
        var time = timespec()
        _ = clock_gettime(CLOCK_MONOTONIC, &time)
        return UInt64(truncatingIfNeeded: time.tv_sec) &* 1_000_000_000
            &+ UInt64(truncatingIfNeeded: time.tv_nsec)
    }
}
