import Models
import Report

/// What running one scenario produced: rows for each results file, and whether every run finished.
public struct ScenarioResult: Sendable {
    public var name: String
    /// The kind's description of every column the rows may have (written as `columns.csv`).
    public var columns: ResultColumns
    /// The scenario as it ran, defaults resolved, as YAML (written as `scenario.yaml`).
    public var scenarioYAML: String
    /// The kind's plot views (written as `plots.csv`).
    public var plots: [PlotView] = []
    /// One row per run.
    public var summary: [ResultRow]
    /// One row per run per sampling interval, spooled on disk (``RowSpool``): a long run's
    /// samples do not stay in memory.
    public var timeseries: RowSpool
    /// The latency percentile spectrum, one row per run, operation and percentile.
    public var latency: [ResultRow]
    /// False when a run was interrupted: its rows say `complete` = false.
    public var complete: Bool
    /// The request stream of each run that recorded one (`--record-trace`), in run order.
    public var traces: [(run: RunConfiguration, requests: [CacheRequestLog.Request])] = []
    /// With repetitions: one row per run per repetition (written as `repetitions.csv`).
    public var repetitions: [ResultRow] = []
    /// With more than one workload seed: one row per run per seed, its identity and counts
    /// (written as `seeds.csv`; ``Seeds``).
    public var seeds: [ResultRow] = []
    /// A kind's per-view breakdown: one row per run (per workload seed) per view type, from each
    /// seed's first repetition (written as `views.csv`).
    public var views: [ResultRow] = []
    /// The workload seeds every run was replicated over, in order (one: the run's seed).
    public var seedList: [UInt64] = []
    /// A count that differed between two repetitions of a run: the results must not be used.
    public var determinismFailure: DeterminismFailure?
    /// A repetition's process that gave nothing back (``RepetitionProcess``): the results must
    /// not be written.
    public var processFailure: String?
    /// A bad row of an input file a run met (``RunOutput/inputError``): the results must not be written.
    public var inputError: ScenarioError?
    /// What of its runs ran side by side (`run --jobs`), for `run.json`.
    public var parallelism: RunParallelism?

    public init(
        name: String, columns: ResultColumns = ResultColumns(summary: []), scenarioYAML: String = "", summary: [ResultRow] = [], timeseries: [ResultRow] = [], latency: [ResultRow] = [], complete: Bool = true) {
        self.name = name
        self.columns = columns
        self.scenarioYAML = scenarioYAML
        self.summary = summary
        self.timeseries = RowSpool(timeseries)
        self.latency = latency
        self.complete = complete
    }
}

extension ScenarioResult {
    /// The trace files of the runs that recorded their stream: `trace-<run>-<policy>[-<in_use>].csv`
    /// (the run's index in the scenario, so sweep points never collide), each a `time,key,size` CSV.
    public var traceFiles: [(name: String, csv: String)] {
        traces.map { run, requests in
            let mode = run.inUseMode.map { "-\($0.rawValue)" } ?? ""
            return ("trace-\(run.index)-\(run.policy.rawValue)\(mode).csv", CacheRequestLog.csv(requests))
        }
    }
}
