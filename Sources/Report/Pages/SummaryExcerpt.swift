/// A readable part of a scenario's `summary.csv` for the index pages: the columns that say most
/// about a run, every row. The page links to the full file for the rest.
struct SummaryExcerpt: Equatable {
    /// Column headings (column names; the swept value is headed by the swept parameter's path).
    let headings: [String]
    /// One row per run, as wide as ``headings``.
    let rows: [[String]]

    /// Columns shown for scrolling-table scenarios, where present.
    static let scrollingTableColumns = [
        "policy", "in_use", "hit_rate", "requests", "instantiations", "evictions", "memory_pressure_events",
        "allocated_bytes", "dequeue_latency_p50_ns", "dequeue_latency_p99_ns", "frame_work_p99_ns",
        "frames_over_budget", "complete",
    ]
    /// Columns shown for navigation scenarios, where present.
    static let navigationColumns = [
        "policy", "in_use", "view_cache_hit_rate", "creations", "evictions", "failed_backs",
        "resident_controllers_max", "history_depth_max", "view_cache_bytes_max",
        "transition_latency_p50_ns", "transition_latency_p99_ns", "complete",
    ]
    /// Columns shown for drawing scenarios, where present (no `in_use`: drawing runs have no
    /// in-use mode).
    static let drawingColumns = [
        "policy", "requests", "hit_rate", "memory_hits", "disk_hits", "misses", "expirations", "cancels",
        "memory_bytes_max", "disk_bytes_max", "fresh_draw_p50_ns", "cached_draw_p50_ns", "frames_over_budget",
        "complete",
    ]
    /// Columns shown for parallel-readers scenarios, where present (no `in_use`: the runs differ
    /// by store design, `policy`).
    static let parallelReadersColumns = [
        "policy", "readers", "writers", "total_ops", "read_ops_per_s", "write_ops_per_s", "get_p50_ns", "get_p99_ns",
        "set_p99_ns", "stale_reads", "get_hit_rate", "notifications", "allocations",
    ]
    /// How many leading columns are shown for a summary of an unknown kind.
    static let unknownKindColumnCount = 10

    /// The excerpt of `summary`: its kind's columns that it has, with `sweep_value` after
    /// `in_use` (or, without it, after `policy`) when some row has one (headed by the first
    /// `sweep_key`, or `sweep_value`).
    init(_ summary: ResultsTable) {
        var names: [String]
        switch ResultsKind(summaryHeader: summary.header) {
        case .scrollingTable?:
            names = Self.scrollingTableColumns.filter(summary.has)
        case .navigation?:
            names = Self.navigationColumns.filter(summary.has)
        case .drawing?:
            names = Self.drawingColumns.filter(summary.has)
        case .parallelReaders?:
            names = Self.parallelReadersColumns.filter(summary.has)
        case nil:
            names = Array(summary.header.prefix(Self.unknownKindColumnCount))
        }
        var headings = names
        if !summary.distinctValues(of: "sweep_value").isEmpty, !names.contains("sweep_value") {
            let position = (names.firstIndex(of: "in_use") ?? names.firstIndex(of: "policy")).map { $0 + 1 } ?? 0
            names.insert("sweep_value", at: position)
            headings.insert(summary.distinctValues(of: "sweep_key").first ?? "sweep_value", at: position)
        }
        let indices = names.compactMap { summary.header.firstIndex(of: $0) }
        self.headings = headings
        self.rows = summary.rows.map { row in indices.map { row[$0] } }
    }

    /// Whether a cell holds a number (right-aligned on the page).
    static func isNumeric(_ cell: String) -> Bool {
        !cell.isEmpty && Double(cell) != nil
    }
}
