/// The headline figures of a latency distribution, in nanoseconds.
///
/// Percentiles carry HdrHistogram's precision (three significant digits): each is the highest
/// value equivalent to the recorded ones at that rank, capped at the largest recorded value.
/// An empty distribution summarises to all zeros.
public struct LatencySummary: Sendable, Equatable {
    /// Median.
    public var p50: UInt64
    /// 90th percentile.
    public var p90: UInt64
    /// 99th percentile.
    public var p99: UInt64
    /// 99.9th percentile.
    public var p999: UInt64
    /// Largest recorded value (after clamping to the recorder's trackable maximum).
    public var max: UInt64
    /// Number of recorded values.
    public var count: UInt64

    /// A summary with the given figures.
    public init(p50: UInt64, p90: UInt64, p99: UInt64, p999: UInt64, max: UInt64, count: UInt64) {
        self.p50 = p50
        self.p90 = p90
        self.p99 = p99
        self.p999 = p999
        self.max = max
        self.count = count
    }

    /// The summary of an empty distribution.
    public static let zero = LatencySummary(p50: 0, p90: 0, p99: 0, p999: 0, max: 0, count: 0)
}
