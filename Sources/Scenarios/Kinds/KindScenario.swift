import Models
import Report

/// A scenario kind: the type a `kind:` value decodes to, and everything the runner, the command
/// line and Report need to know about it. Three names, three roles: ``KindScenario`` is this
/// protocol, ``KindName`` a kind's `kind:` value, ``KindRegistry`` the list of kinds.
///
/// Adding a kind: a folder under `Sources/Scenarios/` with a type conforming to this protocol
/// and to ``DeclaredMapping`` (its keys declared once: `.inline(\.header, ScenarioHeader.schema)`
/// then its own; decoding, `scenario.yaml` and `workbench keys` come from that), its run matrix,
/// its driver, its columns and, through the columns' views, its table columns; its plot views,
/// `static var plots`, or those its columns' views imply), a `KindName` constant for its name,
/// and one line in ``KindRegistry/builtIn``.
/// `Tests/ScenariosTests/Kinds/KindRegistrationTests.swift` builds a kind in a test target and
/// runs it end to end this way.
public protocol KindScenario: Codable, Equatable, Sendable {
    /// The `kind:` value.
    static var kind: KindName { get }
    /// One line saying what the kind simulates, for `--help` and `workbench columns`.
    static var summary: String { get }
    /// Every column its runs write, with unit, role, direction, description and views.
    static var columns: ResultColumns { get }
    /// The columns this scenario's runs write: ``columns``, unless what the file names adds
    /// columns of its own (parallel-readers' groups). `columns.csv`, `expect`, `decide` and the
    /// results writer read these. Default: ``columns``.
    var resultColumns: ResultColumns { get }
    /// Its plots: which generic script draws which columns, with which titles and labels
    /// (written with the results as `plots.csv`). Default: ``PlotView/defaults(for:)`` of its
    /// columns.
    static var plots: [PlotView] { get }
    /// The keys every kind shares.
    var header: ScenarioHeader { get }
    /// The runs of the scenario under `options` (indices and sweep points are set by the
    /// runner), every one on the same seed.
    func runs(options: RunOptions) -> [RunConfiguration]
    /// What its largest run holds in memory at most (view trees, tables, stores, payloads,
    /// histograms), estimated from the file before anything runs; ``MemoryGuard`` refuses a
    /// scenario above `--memory-limit` with it.
    func memoryEstimate() -> MemoryEstimate
    /// How many latency histograms each of its runs' outputs carries (``RunOutput/operations``),
    /// each written as a percentile spectrum to `latency.csv`. Four when a kind does not say.
    var histogramsPerRun: Int { get }
    /// How many non-empty buckets those histograms have together, at most, about: the runner
    /// holds them as numbers (``LatencyRecorder/Buckets``, 16 bytes a bucket) for every run,
    /// seed and repetition until the scenario is written, and ``MemoryGuard`` counts them.
    /// 16,384 when a kind does not say.
    var heldBucketsPerRun: Int { get }
    /// How many rows its runs' per-view breakdowns have (``RunOutput/views``; held for each seed
    /// of each run). None when a kind does not say.
    var viewRowsPerRun: Int { get }
    /// Reads in full the input files the scenario names whose contents loading did not check
    /// (a csv or text trace: its rows are checked by the replay that reads them, and here);
    /// `validate` calls it, so that what a run would refuse mid-way, `validate` refuses.
    /// Default: nothing to read.
    func checkInputs() throws(ScenarioError)
    /// The files besides the scenario file that its runs read (a trace file), as paths the
    /// process opens; the study record keeps their SHA-256 so that shards that read different
    /// contents are not merged. Default: none.
    var inputFiles: [String] { get }
    /// What each of its runs asks of the machine, for `workbench plan`'s estimates
    /// (``StudyPlan``). Default: ``RunLoad/simulated``, one thread on a simulated clock.
    var runLoad: RunLoad { get }
    /// Whether its runs may run beside other runs (`run --jobs`). Default:
    /// ``RunIsolation/measuring(_:)`` of ``resultColumns`` (alone when a column is measured).
    var runIsolation: RunIsolation { get }
    /// The scenario its runs run with when several run side by side (`run --jobs` above 1), for
    /// as long as the copy lives: what they can share read-only (a trace read once), within
    /// `memoryBudget` bytes (what the memory limit leaves beside two runs at once). Default:
    /// itself, sharing nothing.
    func concurrentCopy(memoryBudget: Double) -> ConcurrentScenario
    /// Traps in this scenario that no rule refuses (an open-loop rate that is its own
    /// throughput...), as `warning:` texts; see ``ScenarioWarnings``. Default: none.
    func warnings(options: RunOptions) -> [String]
    /// How many distinct keys its cache can be asked for, where the file tells (for the
    /// "policies cannot differ" warning); nil when unknown. Default: nil.
    var distinctCacheKeys: Int? { get }
    /// Whether the seed changes nothing in its runs (a recorded session replayed, nothing drawn
    /// at random): then one seed is not a warning, and several are one run repeated. Default: false.
    var seedLeavesNothingOpen: Bool { get }
    /// Where the file names the eviction policies its runs use, and which (defaults filled in):
    /// what a sweep of a policy's parameter (`s3-fifo.small_ratio`) varies. Default: none.
    var policyList: PolicyList? { get }
    /// Drives one run and returns its rows.
    func run(
        _ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void
    ) -> RunOutput
}

extension KindScenario {
    public static var plots: [PlotView] {
        PlotView.defaults(for: columns)
    }

    /// The seed of every run: `--seed` when given, else the file's.
    public func seed(_ options: RunOptions) -> UInt64 {
        options.seed ?? header.seed
    }

    /// The summary's column names after the shared identity columns: what `expect` may name.
    public static var summaryColumns: [String] {
        let identity = Set(SharedColumns.identity.map(\.name))
        return columns.summary.map(\.name).filter { !identity.contains($0) }
    }

    public var resultColumns: ResultColumns { Self.columns }

    public func checkInputs() throws(ScenarioError) {}

    public var inputFiles: [String] { [] }

    public var histogramsPerRun: Int { 4 }

    public var heldBucketsPerRun: Int { 16_384 }

    public var viewRowsPerRun: Int { 0 }

    public func warnings(options: RunOptions) -> [String] { [] }

    public var distinctCacheKeys: Int? { nil }

    public var seedLeavesNothingOpen: Bool { false }

    public var policyList: PolicyList? { nil }

    public var runLoad: RunLoad { .simulated }

    public var runIsolation: RunIsolation { .measuring(resultColumns) }

    public func concurrentCopy(memoryBudget: Double) -> ConcurrentScenario { ConcurrentScenario(body: self) }

    func isEqual(to other: any KindScenario) -> Bool {
        (other as? Self) == self
    }
}

/// What one run of a scenario asks of the machine: the threads it keeps busy at once and how
/// long it takes on the wall clock for each second of the scenario's time. `workbench plan`
/// sizes a shard's CPUs and time with it (``StudyPlan``).
public struct RunLoad: Sendable, Equatable {
    /// Threads the run keeps busy at once.
    public var threads: Int
    /// Wall-clock seconds per scenario second.
    public var wallFactor: Double

    public init(threads: Int = 1, wallFactor: Double) {
        self.threads = threads
        self.wallFactor = wallFactor
    }

    /// A run that simulates its time on one thread: at least ``StudyPlan/simulationSpeedup``
    /// times faster than its scenario's clock.
    public static let simulated = RunLoad(wallFactor: 1 / StudyPlan.simulationSpeedup)
}

/// What one run produced.
public struct RunOutput: Sendable {
    public var summary: ResultRow
    /// One row per sample, spooled on disk as the run samples (``RowSpool``).
    public var timeseries: RowSpool
    public var latency: [ResultRow]
    public var complete: Bool
    /// The requests the run's bounded cache saw, when the run recorded them (`--record-trace`).
    public var trace: [CacheRequestLog.Request]?
    /// The timed operations' histograms behind ``latency``, by operation, as numbers
    /// (``LatencyRecorder/Buckets``, a few KB where a recorder holds about 220 KB): repetitions
    /// and seeds merge them, and every output is held until its scenario is written.
    public var operations: [(name: String, buckets: LatencyRecorder.Buckets)] = []
    /// A bad row of an input file the run met (a trace's rows are checked as they are replayed):
    /// the run stops and the scenario's results are not written.
    public var inputError: ScenarioError?
    /// Its per-view breakdown, one row per view type (`views.csv`; a kind that declares
    /// ``ResultColumns/views``): none for the other kinds.
    public var views: [ResultRow] = []

    public init(summary: ResultRow, timeseries: RowSpool, latency: [ResultRow], complete: Bool) {
        self.summary = summary
        self.timeseries = timeseries
        self.latency = latency
        self.complete = complete
    }

    public init(summary: ResultRow, timeseries: [ResultRow], latency: [ResultRow], complete: Bool) {
        self.init(summary: summary, timeseries: RowSpool(timeseries), latency: latency, complete: complete)
    }
}

/// Where a scenario file names its eviction policies (``KindScenario/policyList``): a list whose
/// entries are runs of their own (`cache.policies`), or one policy every run uses (a drawing
/// store's `cache.eviction`). A sweep of a policy's parameter makes the swept policy's variants
/// runs of their own in a list, and sweep points of the one policy otherwise.
public struct PolicyList: Sendable, Equatable {
    /// The key path, `cache.policies`.
    public var path: [String]
    /// The names the file runs there, defaults filled in.
    public var names: [PolicyName]
    /// Whether the key holds one policy that every run uses, not one run per entry.
    public var single: Bool

    public init(path: [String], names: [PolicyName], single: Bool = false) {
        self.path = path
        self.names = names
        self.single = single
    }
}
