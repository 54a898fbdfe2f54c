import Histogram

/// Records latencies in nanoseconds into an HdrHistogram and reads back percentiles.
///
/// Values from 0 up to ``highestTrackableNanoseconds`` (60 s) are kept with three significant
/// digits; anything larger is clamped to that maximum (and counted in ``clampedCount``), so a
/// stall never gets lost, only rounded down. Creating a recorder allocates the histogram's
/// bucket array (about 220 KB); recording does not allocate, except for the one copy of that
/// array the first write after copying a recorder makes (copy-on-write).
///
/// A recorder is a value: copies are independent. Record on one thread per recorder and
/// ``merge(_:)`` recorders afterwards to combine threads.
public struct LatencyRecorder: Sendable, Equatable {
    /// The largest value recorded as itself: 60 seconds in nanoseconds.
    public static let highestTrackableNanoseconds: UInt64 = 60_000_000_000

    /// The ticks per half-distance ``spectrum()`` uses, as in HdrHistogram's percentile output.
    public static let spectrumTicksPerHalfDistance = 5

    private var histogram: Histogram<UInt64>

    /// How many recorded values were above ``highestTrackableNanoseconds`` and clamped to it.
    public private(set) var clampedCount: UInt64 = 0

    /// An empty recorder.
    public init() {
        histogram = Histogram<UInt64>(
            highestTrackableValue: Self.highestTrackableNanoseconds,
            numberOfSignificantValueDigits: .three
        )
    }

    /// Records one latency, clamping values above ``highestTrackableNanoseconds``.
    public mutating func record(nanoseconds: UInt64) {
        var value = nanoseconds
        if value > Self.highestTrackableNanoseconds {
            value = Self.highestTrackableNanoseconds
            clampedCount &+= 1
        }
        // Cannot fail: the value is within the trackable range and auto-resize is off.
        _ = histogram.record(value)
    }

    /// Adds every value recorded in `other` to this recorder.
    ///
    /// The result is the same as having recorded both sets of values into one recorder.
    public mutating func merge(_ other: LatencyRecorder) {
        histogram.add(other.histogram)
        clampedCount &+= other.clampedCount
    }

    /// The recorder's contents as numbers: one (value, count) pair per non-empty bucket, in
    /// increasing order, with the exact smallest and largest values recorded and the clamped
    /// count. ``init(buckets:)`` makes an equal recorder from them: what a repetition run in a
    /// process of its own sends back to be merged.
    public var buckets: Buckets {
        var pairs: [(value: UInt64, count: UInt64)] = []
        for step in histogram.recordedValues() {
            pairs.append((histogram.lowestEquivalentForValue(step.value), UInt64(step.count)))
        }
        return Buckets(pairs: pairs, min: histogram.min, max: max, clamped: clampedCount)
    }

    /// A recorder holding exactly what `buckets` describe (see ``buckets``).
    public init(buckets: Buckets) {
        self.init()
        clampedCount = buckets.clamped
        for (value, count) in buckets.pairs where count > 0 {
            let low = histogram.lowestEquivalentForValue(value)
            let holdsMin = low == histogram.lowestEquivalentForValue(buckets.min)
            let holdsMax = low == histogram.lowestEquivalentForValue(buckets.max)
            // The extremes are recorded as themselves, so the recorder's minimum and maximum
            // are the original's, not their buckets' edges.
            switch (holdsMin, holdsMax) {
            case (true, true) where count > 1:
                _ = histogram.record(buckets.min, count: count - 1)
                _ = histogram.record(buckets.max)
            case (_, true):
                _ = histogram.record(buckets.max, count: count)
            case (true, _):
                _ = histogram.record(buckets.min, count: count)
            default:
                _ = histogram.record(low, count: count)
            }
        }
    }

    /// A recorder's contents as numbers (``LatencyRecorder/buckets``).
    public struct Buckets: Sendable, Equatable {
        /// (a value in the bucket, how many values the bucket holds), increasing.
        public var pairs: [(value: UInt64, count: UInt64)]
        /// The smallest and largest values recorded (0 when empty).
        public var min: UInt64
        public var max: UInt64
        /// How many values were clamped to ``LatencyRecorder/highestTrackableNanoseconds``.
        public var clamped: UInt64

        /// How many values were recorded.
        public var count: UInt64 { pairs.reduce(0) { $0 &+ $1.count } }

        public init(pairs: [(value: UInt64, count: UInt64)], min: UInt64, max: UInt64, clamped: UInt64) {
            self.pairs = pairs
            self.min = min
            self.max = max
            self.clamped = clamped
        }

        public static func == (lhs: Buckets, rhs: Buckets) -> Bool {
            lhs.min == rhs.min && lhs.max == rhs.max && lhs.clamped == rhs.clamped
                && lhs.pairs.elementsEqual(rhs.pairs) { $0.value == $1.value && $0.count == $1.count }
        }
    }

    /// Forgets every recorded value, keeping the bucket array.
    public mutating func reset() {
        histogram.reset()
        clampedCount = 0
    }

    /// Number of recorded values.
    public var count: UInt64 { histogram.totalCount }

    /// Whether nothing has been recorded.
    public var isEmpty: Bool { histogram.totalCount == 0 }

    /// The value at percentile `p` (0...100), in nanoseconds; 0 when empty.
    ///
    /// `p` of 0 gives the smallest recorded value, 100 or more the largest.
    public func percentile(_ p: Double) -> UInt64 {
        guard histogram.totalCount > 0, !p.isNaN else {
            return 0
        }
        return histogram.valueAtPercentile(Swift.max(p, 0))
    }

    /// How many recorded values lie beyond `value` (in a bucket above the one holding it): the
    /// samples behind a percentile of `value` (see ``TailSamples``). 0 when empty.
    public func samplesBeyond(_ value: UInt64) -> UInt64 {
        guard histogram.totalCount > 0 else { return 0 }
        return histogram.totalCount - histogram.count(within: 0...Swift.min(value, Self.highestTrackableNanoseconds))
    }

    /// The largest recorded value (after clamping), in nanoseconds; 0 when empty.
    public var max: UInt64 {
        histogram.totalCount == 0 ? 0 : histogram.maxRecorded
    }

    /// p50, p90, p99, p99.9, max and count in one value.
    public var summary: LatencySummary {
        guard histogram.totalCount > 0 else {
            return .zero
        }
        return LatencySummary(
            p50: percentile(50),
            p90: percentile(90),
            p99: percentile(99),
            p999: percentile(99.9),
            max: max,
            count: count
        )
    }

    /// The value at percentile `p` as ``spectrum()`` writes its points: the highest value
    /// equivalent to the recorded one at that rank (three significant digits), capped at `cap`
    /// (default: the largest recorded value); 0 when empty. With the cap of a recorder this one
    /// was merged into, comparable with that recorder's spectrum at `p` (a value in the same
    /// bucket reads the same).
    public func spectrumValue(atPercentile p: Double, cap: UInt64? = nil) -> UInt64 {
        guard histogram.totalCount > 0 else { return 0 }
        return Swift.min(histogram.highestEquivalentForValue(percentile(p)), cap ?? max)
    }

    /// The percentile spectrum: (percentile in 0...100, value in nanoseconds) pairs, in
    /// increasing order of both, ready to plot with a logarithmic 1/(1-p) axis.
    ///
    /// The percentile levels follow HdrHistogram's percentile iteration with
    /// ``spectrumTicksPerHalfDistance`` ticks per half-distance to 100% (0, 10, 20, …, 50, 55,
    /// …, 75, 77.5, …), ending with a 100% point at the maximum. Values are the highest
    /// equivalent value of their bucket, like `outputPercentileDistribution`. Empty when
    /// nothing was recorded.
    public func spectrum() -> [(percentile: Double, valueNs: UInt64)] {
        var points: [(percentile: Double, valueNs: UInt64)] = []
        let largest = max
        for step in histogram.percentiles(ticksPerHalfDistance: Self.spectrumTicksPerHalfDistance) {
            points.append((percentile: step.percentileLevelIteratedTo, valueNs: Swift.min(step.value, largest)))
        }
        return points
    }
}
