/// The scenario kind of a results directory, recognised by the columns of its `summary.csv`
/// (the files carry no kind column).
enum ResultsKind: String, Equatable, Sendable {
    /// A scrolling table: `hit_rate`, `instantiations`, `cached_controllers`, ...
    case scrollingTable = "scrolling-table"
    /// A navigation session: `view_cache_hits`, `creations`, `resident_controllers`, ...
    case navigation = "navigation"
    /// Views drawn through a memory + disk drawing cache: `memory_hits`, `disk_hits`,
    /// `fresh_draws`, `memory_bytes`, `disk_bytes`, ...
    case drawing = "drawing"
    /// Reader and writer threads against one store design per run (`policy`): `stale_reads`,
    /// `read_ops_per_s`, `write_ops_per_s`, `get_p99_ns`, ...
    case parallelReaders = "parallel-readers"

    /// The kind whose summary has these columns, or nil when none matches. `stale_reads` is
    /// looked for first (no other kind has it), then `memory_hits`: a drawing summary has a
    /// `hit_rate` column too.
    init?(summaryHeader header: [String]) {
        if header.contains("stale_reads") {
            self = .parallelReaders
        } else if header.contains("memory_hits") {
            self = .drawing
        } else if header.contains("view_cache_hits") {
            self = .navigation
        } else if header.contains("hit_rate") {
            self = .scrollingTable
        } else {
            return nil
        }
    }

    /// The summary column of the run's hit rate (parallel-readers: the share of gets that found
    /// their key).
    var hitRateColumn: String {
        switch self {
        case .scrollingTable, .drawing: "hit_rate"
        case .navigation: "view_cache_hit_rate"
        case .parallelReaders: "get_hit_rate"
        }
    }

    /// Whether the timeseries has a hit rate per interval, drawn over time (the `hit_rate` view).
    /// Not parallel-readers: its intervals count operations, not lookups that hit.
    var drawsHitRateOverTime: Bool {
        self != .parallelReaders
    }

    /// The summary column counting what a miss costs (controllers created, views drawn afresh);
    /// also the file name of the per-run bar plot. Nil for parallel-readers: a miss there costs
    /// nothing to count (its per-run bars are the `throughput` view's).
    var creationsColumn: String? {
        switch self {
        case .scrollingTable: "instantiations"
        case .navigation: "creations"
        case .drawing: "fresh_draws"
        case .parallelReaders: nil
        }
    }

    /// Whether the kind has a `throughput` view (throughput.gp): reads and writes per second per
    /// run, and over time. Parallel-readers only.
    var drawsThroughput: Bool {
        self == .parallelReaders
    }

    /// The latency operations of this kind, in panel order (the latency plot draws those the
    /// file has in this order, then any others in order of appearance).
    var latencyOperations: [String] {
        switch self {
        case .scrollingTable: ["row_dequeue", "header_footer_dequeue", "frame_work"]
        case .navigation: ["transition"]
        case .drawing: ["fresh_draw", "cached_draw", "frame_work"]
        case .parallelReaders: ["get", "set", "remove", "bulk_add", "all_items", "purge"]
        }
    }

    /// `operations` (distinct, in order of appearance) in panel order: ``latencyOperations``
    /// first, in their order, then the others as they came.
    func panelOrder(_ operations: [String]) -> [String] {
        latencyOperations.filter(operations.contains) + operations.filter { !latencyOperations.contains($0) }
    }

    /// Whether plots over time draw every run (true) or one run per policy (scrolling-table,
    /// whose in-use modes multiply the runs; the other kinds have one run per policy, or per
    /// policy and sweep value).
    var drawsEveryRunOverTime: Bool {
        self != .scrollingTable
    }
}
