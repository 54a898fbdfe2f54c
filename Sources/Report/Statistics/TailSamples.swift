/// The samples behind a latency percentile: a percentile column's companion
/// `<percentile>_tail_samples` counts the samples of its histogram that lie beyond the
/// percentile's value, and a percentile with fewer than ``reliableMinimum`` of them is
/// **unreliable**: a handful of samples (one, for the p99.9 of 452 requests) decide its value,
/// so `compare` never judges it, the index page greys it, and a relative expectation on it is
/// not met.
///
/// ```text
/// summary.csv   dequeue_latency_p999_ns,dequeue_latency_p999_ns_tail_samples,...
///               60682,4                  ← unreliable: 4 samples beyond (needs 10)
/// ```
///
/// The companion is declared with its percentile (``SharedColumns/latency(_:of:levels:)``), role
/// ``MetricRole/tail``; readers find it through that role, never through lists of names.
public enum TailSamples {
    /// The suffix of a percentile's companion column.
    public static let suffix = "_tail_samples"
    /// The fewest samples beyond a percentile for it to be judged.
    public static let reliableMinimum = 10

    /// The companion column of percentile column `name`, whose level `level` (`p99.9`) the
    /// description names.
    public static func column(of name: String, level: String) -> Column {
        Column(
            name + suffix, .count, .tail, .neutral,
            "samples beyond \(level) (\(name)); fewer than \(reliableMinimum): that percentile is unreliable, never judged")
    }

    /// The name of `metric`'s companion among `columns` (declared with role tail), or nil.
    public static func companion(of metric: String, in columns: ResultColumns) -> String? {
        let name = metric + suffix
        return columns.role(of: name) == .tail ? name : nil
    }

    /// Whether `samples` beyond a percentile are too few to judge it.
    public static func isUnreliable(_ samples: Double) -> Bool {
        samples < Double(reliableMinimum)
    }

    /// Why a percentile with `samples` beyond it is not judged:
    /// `unreliable: 4 samples beyond (needs 10)`.
    /// A value that is not a count (negative, fractional, beyond 2^53: a file workbench did not
    /// write) is quoted as it is, never converted.
    public static func reason(_ samples: Double) -> String {
        guard samples >= 0, samples < 0x1p53, samples == samples.rounded() else {
            return "unreliable: \(CSVValue.format(samples)) samples beyond is not a count (needs \(reliableMinimum))"
        }
        let count = Int(samples)
        return "unreliable: \(count) \(count == 1 ? "sample" : "samples") beyond (needs \(reliableMinimum))"
    }

    /// The unreliable-percentile reason of `metric` in a row (`value` reads a column's number),
    /// or nil when the metric has no companion or enough samples beyond it.
    public static func unreliability(of metric: String, columns: ResultColumns, value: (String) -> Double?) -> String? {
        guard let companion = companion(of: metric, in: columns), let samples = value(companion), isUnreliable(samples) else {
            return nil
        }
        return reason(samples)
    }
}
