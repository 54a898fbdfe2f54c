import Foundation
import Report

/// What a run will hold in memory, estimated from its scenario before it starts, part by part
/// (view trees, table rows, stores, payloads, histograms, result rows).
///
/// Each kind estimates its own runs (``KindScenario/memoryEstimate()``) from the sizes its file
/// gives, times the per-item costs below. Those costs are stated, not measured per run: they are
/// upper figures for this build's objects on a 64-bit system, so the estimate is "about", and
/// errs high. Model objects are released between runs, so a scenario needs the largest run's
/// estimate, plus the result rows every run keeps until they are written.
public struct MemoryEstimate: Sendable, Equatable {
    /// One part: what it is, and its bytes.
    public struct Part: Sendable, Equatable {
        public var name: String
        public var bytes: Double

        public init(_ name: String, _ bytes: Double) {
            self.name = name
            self.bytes = bytes
        }
    }

    public var parts: [Part]

    public init(_ parts: [Part] = []) {
        self.parts = parts
    }

    /// Bytes of every part together.
    public var total: Double { parts.reduce(0) { $0 + $1.bytes } }

    // MARK: Costs per item (bytes)

    /// One view object of a simulated view tree (a nib's view: frame, links, label).
    public static let bytesPerView = 512.0
    /// One row of a table's content (its section, type and height).
    public static let bytesPerTableRow = 64.0
    /// One entry of a key-value store, besides its payload (the dictionary slot, the boxed value,
    /// its version and time).
    public static let bytesPerStoreEntry = 160.0
    /// One value of a result row held until it is written (name, value, kind).
    public static let bytesPerRowValue = 64.0
    /// One latency histogram: HdrHistogram over 1 ns…60 s at 3 significant digits is 27,648
    /// counts of 8 bytes.
    public static let bytesPerHistogram = 27_648.0 * 8
    /// One thread's stack (parallel-readers threads are made with 1 MB).
    public static let bytesPerThreadStack = 1_048_576.0
    /// One item of a history stack or a cached intent, besides its state payload.
    public static let bytesPerIntent = 1_024.0

    /// Points of one histogram's percentile spectrum in `latency.csv`, at most: 5 per halving of
    /// the distance to 100% (HdrHistogram's percentile iteration), over as many halvings as the
    /// histogram has samples' doublings, counting 10,000 timed operations a second of the run
    /// (about 60 points for 0.2 s, 90 for a minute), and at most 110.
    public static func spectrumPoints(runLength: Double) -> Double {
        min(110, 5 * log2(max(2, runLength * 10_000)) + 5)
    }
    /// One sweep point's scenario, decoded and held while its scenario runs (18 KB measured for
    /// `feed.yaml`'s points).
    public static let bytesPerSweepPoint = 32_768.0

    /// What a run's rows keep in memory until the results are written: the summary row, the
    /// latency spectrum of each of its `histograms` (``spectrumPoints(runLength:)`` rows of the
    /// identity columns and five more), and per timeseries row only its place in the spool on
    /// disk (8 bytes; ``RowSpool``).
    public static func resultRows(header: ScenarioHeader, columns: ResultColumns, histograms: Int) -> Part {
        let summary = Double(columns.summary.count) * bytesPerRowValue
        let points = spectrumPoints(runLength: header.runLength)
        let latency = Double(histograms) * points * Double(SharedColumns.identity.count + 5) * bytesPerRowValue
        return Part("result rows", summary + latency + 8 * header.sampleCount)
    }

    /// `bytes` as a person reads it: `512 B`, `3.2 MB`, `1.5 GB` (powers of 1024).
    public static func describe(_ bytes: Double) -> String {
        let units = ["B", "KB", "MB", "GB", "TB", "PB"]
        var value = bytes
        var unit = 0
        while value >= 1024, unit < units.count - 1 {
            value /= 1024
            unit += 1
        }
        return unit == 0 ? "\(Int(value)) B" : String(format: "%.1f %@", value, units[unit])
    }

    /// The largest parts, as `name size` (for error messages), largest first.
    public func largestParts(_ count: Int = 3) -> String {
        parts.filter { $0.bytes > 0 }.sorted { $0.bytes > $1.bytes }.prefix(count)
            .map { "\($0.name) \(Self.describe($0.bytes))" }.joined(separator: ", ")
    }
}
