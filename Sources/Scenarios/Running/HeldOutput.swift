import Models
import Report

/// What the runner keeps of one run's output until the scenario's results are written: every
/// repetition on every seed of every run is held until then, so each keeps only what the results
/// use of it.
///
/// - Its summary row (repetitions, seeds and the determinism check read every one).
/// - Its timed operations' histograms as numbers (``LatencyRecorder/Buckets``: one pair per
///   non-empty bucket, typically a few hundred, where a recorder holds its whole bucket array of
///   about 220 KB), merged and read back one at a time when the spectrum is written.
/// - Its timeseries, latency rows and recorded requests only when it is its run's first output
///   (the results keep the first seed's first repetition's), its per-view rows only when it is
///   its seed's first.
///
/// Before, each output kept its recorders whole: about 0.7 MB per run, seed and repetition of a
/// scrolling table, so `seeds: 300` of one run held 210 MB.
struct HeldOutput {
    var summary: ResultRow
    var timeseries: RowSpool?
    var latency: [ResultRow]
    var trace: [CacheRequestLog.Request]?
    var views: [ResultRow]
    var operations: [(name: String, buckets: LatencyRecorder.Buckets)]

    init(_ output: RunOutput, keepsRows: Bool, keepsViews: Bool) {
        summary = output.summary
        timeseries = keepsRows ? output.timeseries : nil
        latency = keepsRows ? output.latency : []
        trace = keepsRows ? output.trace : nil
        views = keepsViews ? output.views : []
        operations = output.operations
    }

    /// Each operation's recorder merged over `outputs`, in the first output's order.
    static func merged(_ outputs: [HeldOutput]) -> [(name: String, recorder: LatencyRecorder)] {
        var merged: [(name: String, recorder: LatencyRecorder)] = []
        for output in outputs {
            for (name, buckets) in output.operations {
                let recorder = LatencyRecorder(buckets: buckets)
                if let slot = merged.firstIndex(where: { $0.name == name }) {
                    merged[slot].recorder.merge(recorder)
                } else {
                    merged.append((name, recorder))
                }
            }
        }
        return merged
    }

    /// The bytes one held output takes, about: its summary row, and its histograms' `buckets`
    /// non-empty buckets of 16 bytes.
    static func bytes(summaryColumns: Int, buckets: Int) -> Double {
        Double(summaryColumns) * MemoryEstimate.bytesPerRowValue + 16 * Double(buckets)
    }
}
