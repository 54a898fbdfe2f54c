import Report

/// What running one scenario produced: rows for each results file, and whether every run finished.
public struct ScenarioResult: Sendable {
    public var name: String
    /// The kind's description of every column the rows may have (written as `columns.csv`).
    public var columns: ResultColumns
    /// The scenario as it ran, defaults resolved, as YAML (written as `scenario.yaml`).
    public var scenarioYAML: String
    /// One row per run.
    public var summary: [ResultRow]
    /// One row per run per sampling interval.
    public var timeseries: [ResultRow]
    /// The latency percentile spectrum, one row per run, operation and percentile.
    public var latency: [ResultRow]
    /// False when a run was interrupted: its rows say `complete` = false.
    public var complete: Bool
    /// With repetitions: one row per run per repetition (written as `repetitions.csv`).
    public var repetitions: [ResultRow] = []
    /// A count that differed between two repetitions of a run: the results must not be used.
    public var determinismFailure: DeterminismFailure?

    public init(
        name: String, columns: ResultColumns = ResultColumns(summary: []), scenarioYAML: String = "", summary: [ResultRow] = [], timeseries: [ResultRow] = [], latency: [ResultRow] = [], complete: Bool = true) {
        self.name = name
        self.columns = columns
        self.scenarioYAML = scenarioYAML
        self.summary = summary
        self.timeseries = timeseries
        self.latency = latency
        self.complete = complete
    }
}
