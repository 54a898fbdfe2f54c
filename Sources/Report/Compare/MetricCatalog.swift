/// What each summary column is, and which way it gets better: the knowledge `workbench compare`
/// needs to call a difference a regression or an improvement.
///
/// **Roles** (``role(of:)``):
///
/// - identity: ``identityColumns`` (`scenario`, `policy`, `in_use`, `run`, `seed`, `capacity`,
///   `capacity_bytes`, `stack_size`, `duration_s`, `warmup_s`, `complete`, and parallel-readers'
///   `readers`, `writers`, `keys`, `value_size`, `distribution`) and every column starting with
///   ``sweepPrefix`` (`sweep_key`, `sweep_value`, ...). Never compared; `policy`, `in_use` and
///   the `sweep_*` columns match a baseline row to a current one (`run`, the run's index in its
///   scenario, does not: it moves when the policy list changes).
/// - measured: a name ending in `_ns` or `_per_s`, containing `bytes` or `allocations`, equal to
///   `frames_over_budget`, or listed in ``measuredColumns`` (parallel-readers' figures that
///   depend on how threads interleave: `get_hits`, `get_hit_rate`, `notifications`, ...). These
///   vary from run to run and are compared with a tolerance.
/// - count: every other column, a deterministic figure compared exactly (parallel-readers'
///   `total_ops` and `*_ops` operation counts, `stale_reads`, `memory_pressure_events`; every
///   other kind's `hits`, `hit_rate`, ...).
///
/// **Directions** (``direction(of:)``): ``higherIsBetterColumns`` and every name ending in
/// `_per_s` (a throughput) are higher-is-better; ``neutralColumns`` and every name ending in
/// `_ops` (an operation count of parallel-readers' workload) are neutral; every other column is
/// lower-is-better (`instantiations`, `evictions`, `evicted_controllers`, `in_use_dropped`,
/// `creations`, `on_create_calls`, `failed_backs`, `view_cache_misses`,
/// `header_footer_instantiations`, drawing's `misses`, `fresh_draws`, `invalid_entries`,
/// `memory_evictions` and `disk_write_failures`, parallel-readers' `stale_reads` and
/// `get_misses`, bytes, allocations, latencies, `frames_over_budget`, ...).
///
/// A new scenario kind adds its columns here: a new "more is better" or neutral column must be
/// listed (or match the suffixes above), or it is treated as lower-is-better; a new measured
/// column must match the measured naming rules above or be listed in ``measuredColumns``, or it
/// is compared exactly.
public enum MetricCatalog {
    /// Columns that identify a run or record its settings.
    public static let identityColumns: Set<String> = [
        "scenario", "policy", "in_use", "run", "seed", "capacity", "capacity_bytes", "stack_size", "duration_s",
        "warmup_s", "complete", "readers", "writers", "keys", "value_size", "distribution",
    ]

    /// Measured columns whose names match none of the measured naming rules: parallel-readers'
    /// figures that depend on how the reader and writer threads interleaved (which reads found
    /// their key, which writes a notification batch coalesced, what a purge or the eviction timer
    /// found in the store). Compared with a tolerance.
    public static let measuredColumns: Set<String> = [
        "checked_reads", "get_hits", "get_misses", "get_hit_rate", "pressure_evictions", "purge_evictions",
        "evicted_items", "notifications", "notified_updates", "notified_removals", "notification_batch_max",
        "items_end",
    ]

    /// Suffix of throughput columns (operations per second): measured, higher-is-better.
    public static let throughputSuffix = "_per_s"

    /// Suffix of parallel-readers' operation counts (`get_ops`, `total_ops`, ...): the workload,
    /// neutral.
    public static let operationCountSuffix = "_ops"

    /// Prefix of the columns a parameter sweep adds (one per swept parameter); identity columns.
    public static let sweepPrefix = "sweep_"

    /// Columns where more is better.
    ///
    /// Scrolling table: `hits`, `hit_rate`, `reuses`, `pool_hits`, `will_be_reused_calls`.
    /// Navigation: `view_cache_hits`, `view_cache_hit_rate`.
    /// Drawing: `hit_rate`, `memory_hits`, `disk_hits`.
    /// Parallel-readers: `get_hits`, `get_hit_rate` (and every `*_per_s` column, by its suffix).
    public static let higherIsBetterColumns: Set<String> = [
        "hits", "hit_rate", "reuses", "pool_hits", "view_cache_hits", "view_cache_hit_rate", "will_be_reused_calls",
        "memory_hits", "disk_hits", "get_hits", "get_hit_rate",
    ]

    /// Columns that describe the workload or a level, where neither more nor less is better.
    ///
    /// Workload: `requests`, `frames`, `intents`, `backs`, `rewinds`, `memory_pressure_events`,
    /// `pool_dequeues`. Consequences of the in-use mode that are not losses in themselves:
    /// `pool_purges`, `repopulations`, `repopulation_runs`, `pinned_refusals`,
    /// `manual_removals`, `pending_repopulation`. Lifecycle calls that follow the navigation:
    /// `on_resume_calls`, `on_pause_calls`. Levels: `history_depth_end`, `history_depth_max`,
    /// `cached_controllers_end`, `resident_controllers_end`, `resident_controllers_max`.
    /// Drawing: `cancels` (draws the workload cancelled), `restarts` (app restarts it scripts),
    /// `expirations` (entries outliving the scenario's timeout: the workload's pace against its
    /// setting, not a loss of the cache's).
    /// Parallel-readers (besides every `*_ops` column, by its suffix): `checked_reads` (reads the
    /// stale-read check could verify), `notifications`, `notified_updates`, `notified_removals`,
    /// `notification_batch_max` (how the store's change notifications were batched), `items_end`
    /// (the store's size at the end), and `evicted_items`, `pressure_evictions`,
    /// `purge_evictions` (what the scenario's purges and eviction rule removed: its schedule,
    /// not a loss of the design's)
    /// Scrolling table's detail screens: `details_pushed`, `details_presented` (the workload) and
    /// `in_use_by_superview`, `in_use_by_parent`, `in_use_by_presenting`, `in_use_by_navigation`
    /// (which conditions held for the in-use controllers evictions found).
    public static let neutralColumns: Set<String> = [
        "requests", "frames", "intents", "backs", "rewinds", "memory_pressure_events", "pool_dequeues",
        "pool_purges", "repopulations", "repopulation_runs", "pinned_refusals", "manual_removals",
        "on_resume_calls", "on_pause_calls", "history_depth_end", "history_depth_max", "cached_controllers_end",
        "resident_controllers_end", "resident_controllers_max", "pending_repopulation", "cancels", "restarts",
        "expirations", "checked_reads", "notifications", "notified_updates", "notified_removals",
        "notification_batch_max", "items_end", "evicted_items", "pressure_evictions", "purge_evictions",
        // Scrolling table, detail screens: the workload, and where evictions found controllers in use.
        "details_pushed", "details_presented", "in_use_by_superview", "in_use_by_parent", "in_use_by_presenting",
        "in_use_by_navigation",
    ]

    /// The role of `column`: identity, measured or count (see the type's documentation).
    public static func role(of column: String) -> MetricRole {
        if identityColumns.contains(column) || column.hasPrefix(sweepPrefix) {
            return .identity
        }
        if column.hasSuffix("_ns") || column.hasSuffix(throughputSuffix) || column.contains("bytes")
            || column.contains("allocations") || column == "frames_over_budget" || measuredColumns.contains(column)
        {
            return .measured
        }
        return .count
    }

    /// Which way `column` gets better: listed higher-is-better columns and throughputs
    /// (`*_per_s`), listed neutral columns and operation counts (`*_ops`), else lower-is-better.
    public static func direction(of column: String) -> Direction {
        if higherIsBetterColumns.contains(column) || column.hasSuffix(throughputSuffix) {
            return .higherIsBetter
        }
        if neutralColumns.contains(column) || column.hasSuffix(operationCountSuffix) {
            return .neutral
        }
        return .lowerIsBetter
    }
}
