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

    /// The kind whose summary has these columns, or nil when none matches. `memory_hits` is
    /// looked for first: a drawing summary has a `hit_rate` column too.
    init?(summaryHeader header: [String]) {
        if header.contains("memory_hits") {
            self = .drawing
        } else if header.contains("view_cache_hits") {
            self = .navigation
        } else if header.contains("hit_rate") {
            self = .scrollingTable
        } else {
            return nil
        }
    }

    /// The summary column of the run's hit rate.
    var hitRateColumn: String {
        switch self {
        case .scrollingTable, .drawing: "hit_rate"
        case .navigation: "view_cache_hit_rate"
        }
    }

    /// The summary column counting what a miss costs (controllers created, views drawn afresh);
    /// also the file name of the per-run bar plot.
    var creationsColumn: String {
        switch self {
        case .scrollingTable: "instantiations"
        case .navigation: "creations"
        case .drawing: "fresh_draws"
        }
    }

    /// The latency operations of this kind, in panel order (the latency plot draws those the
    /// file has in this order, then any others in order of appearance).
    var latencyOperations: [String] {
        switch self {
        case .scrollingTable: ["row_dequeue", "header_footer_dequeue", "frame_work"]
        case .navigation: ["transition"]
        case .drawing: ["fresh_draw", "cached_draw", "frame_work"]
        }
    }

    /// `operations` (distinct, in order of appearance) in panel order: ``latencyOperations``
    /// first, in their order, then the others as they came.
    func panelOrder(_ operations: [String]) -> [String] {
        latencyOperations.filter(operations.contains) + operations.filter { !latencyOperations.contains($0) }
    }

    /// Whether plots over time draw every run (true) or one run per policy (scrolling-table,
    /// whose in-use modes multiply the runs).
    var drawsEveryRunOverTime: Bool {
        self != .scrollingTable
    }
}
