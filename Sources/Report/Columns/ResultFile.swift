/// The CSV files of a scenario's results whose columns `columns.csv` describes.
public enum ResultFile: String, Sendable, Equatable, CaseIterable {
    /// `summary.csv`: one row per run.
    case summary
    /// `timeseries.csv`: one row per run per sampling interval.
    case timeseries
    /// `latency.csv`: the latency percentile spectrum.
    case latency
    /// `repetitions.csv`: one row per run per repetition, every measured summary column.
    case repetitions
    /// `seeds.csv`: with more than one workload seed, one row per run per seed, its identity
    /// and count columns (``Seeds``).
    case seeds
    /// `views.csv`: one row per run (per workload seed) per view type, for the kinds that
    /// break their results down by view (drawing).
    case views

    /// The file's name in a scenario directory.
    public var fileName: String { rawValue + ".csv" }
}
