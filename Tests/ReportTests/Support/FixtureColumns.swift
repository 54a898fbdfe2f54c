import Report

/// Column descriptions for hand-written fixture files: the real kinds declare theirs in
/// `Sources/Scenarios/<Kind>/`; Report's tests, which do not link the kinds, describe fixture
/// columns with these rules of thumb.
enum FixtureColumns {
    static let identity: Set<String> = [
        "scenario", "policy", "in_use", "run", "seed", "capacity", "capacity_bytes", "stack_size", "duration_s",
        "warmup_s", "complete", "readers", "writers", "keys", "value_size", "distribution", "t_s", "memory_pressure",
        "operation", "percentile",
    ]
    static let measured: Set<String> = [
        "checked_reads", "get_hits", "get_misses", "get_hit_rate", "pressure_evictions", "purge_evictions",
        "evicted_items", "notifications", "notified_updates", "notified_removals", "notification_batch_max",
        "items_end",
    ]
    static let higherIsBetter: Set<String> = [
        "hits", "hit_rate", "reuses", "pool_hits", "view_cache_hits", "view_cache_hit_rate", "will_be_reused_calls",
        "memory_hits", "disk_hits", "get_hits", "get_hit_rate",
    ]
    static let neutral: Set<String> = [
        "requests", "frames", "intents", "backs", "rewinds", "memory_pressure_events", "pool_dequeues",
        "pool_purges", "repopulations", "repopulation_runs", "pinned_refusals", "manual_removals",
        "on_resume_calls", "on_pause_calls", "history_depth_end", "history_depth_max", "cached_controllers_end",
        "resident_controllers_end", "resident_controllers_max", "pending_repopulation", "cancels", "restarts",
        "expirations", "checked_reads", "notifications", "notified_updates", "notified_removals",
        "notification_batch_max", "items_end", "evicted_items", "pressure_evictions", "purge_evictions",
    ]
    /// Views of the fixture kinds' columns, as the real kinds mark them.
    static let views: [String: [ColumnView]] = [
        "instantiations": [.bars], "creations": [.bars], "fresh_draws": [.bars],
        "read_ops_per_s": [.throughput, .table], "write_ops_per_s": [.throughput, .table],
        "cached_controllers": [.resident], "pool_controllers": [.resident], "resident_controllers": [.resident],
        "history_depth": [.resident], "memory_bytes": [.resident], "disk_bytes": [.resident], "items": [.resident],
    ]

    /// The summary columns each fixture kind shows in tables, in order.
    static let table: [String: [String]] = [
        "scrolling-table": [
            "policy", "in_use", "hit_rate", "requests", "instantiations", "evictions", "memory_pressure_events",
            "allocated_bytes", "dequeue_latency_p50_ns", "dequeue_latency_p99_ns", "frame_work_p99_ns",
            "frames_over_budget", "complete",
        ],
        "navigation": [
            "policy", "in_use", "view_cache_hit_rate", "creations", "evictions", "failed_backs",
            "resident_controllers_max", "history_depth_max", "view_cache_bytes_max",
            "transition_latency_p50_ns", "transition_latency_p99_ns", "complete",
        ],
        "drawing": [
            "policy", "requests", "hit_rate", "memory_hits", "disk_hits", "misses", "expirations", "cancels",
            "memory_bytes_max", "disk_bytes_max", "fresh_draw_p50_ns", "cached_draw_p50_ns", "frames_over_budget",
            "complete",
        ],
        "parallel-readers": [
            "policy", "readers", "writers", "total_ops", "read_ops_per_s", "write_ops_per_s", "get_p50_ns", "get_p99_ns",
            "set_p99_ns", "stale_reads", "get_hit_rate", "notifications", "allocations",
        ],
    ]

    static func role(of column: String) -> MetricRole {
        if column.hasSuffix(TailSamples.suffix) {
            return .tail
        }
        if identity.contains(column) || column.hasPrefix(SharedColumns.sweepPrefix) {
            return .identity
        }
        if column.hasSuffix("_ns") || column.hasSuffix("_per_s") || column.contains("bytes")
            || column.contains("allocations") || column == "frames_over_budget" || measured.contains(column)
        {
            return .measured
        }
        return .count
    }

    static func direction(of column: String) -> Direction {
        if higherIsBetter.contains(column) || column.hasSuffix("_per_s") {
            return .higherIsBetter
        }
        if neutral.contains(column) || column.hasSuffix("_ops") || role(of: column) == .identity {
            return .neutral
        }
        return .lowerIsBetter
    }

    static func column(_ name: String, file: ResultFile, hitRate: Bool, table: [String]) -> Column {
        var views = (views[name] ?? []).filter { $0 != .table }
        if file == .timeseries && hitRate && (name == "hit_rate" || name == "view_cache_hits") {
            views.append(.hitRate)
        }
        if file == .summary && table.contains(name) {
            views.append(.table)
        }
        if file != .summary {
            views.removeAll { $0 == .bars || $0 == .table }
        } else {
            views.removeAll { $0 == .resident }
        }
        return Column(name, .number, role(of: name), direction(of: name), "fixture column \(name)", views: views)
    }

    /// Descriptions of the given headers of a fixture of `kind`, its table columns shown in
    /// that order.
    static func describe(
        summary: [String], timeseries: [String] = [], latency: [String] = [], kind: String = "scrolling-table"
    ) -> ResultColumns {
        let shown = table[kind] ?? []
        let hitRate = kind != "parallel-readers"
        let summaryColumns = summary.map { column($0, file: .summary, hitRate: hitRate, table: shown) }
        // Table columns first, in the kind's order: the excerpt shows marked columns in file order.
        let ordered =
            shown.compactMap { name in summaryColumns.first { $0.name == name } }
            + summaryColumns.filter { !shown.contains($0.name) }
        return ResultColumns(
            summary: ordered,
            timeseries: timeseries.map { column($0, file: .timeseries, hitRate: hitRate, table: shown) },
            latency: latency.map { column($0, file: .latency, hitRate: hitRate, table: shown) })
    }
}
