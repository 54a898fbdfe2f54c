/// What each summary column is, and which way it gets better: the knowledge `workbench compare`
/// needs to call a difference a regression or an improvement.
///
/// **Roles** (``role(of:)``):
///
/// - identity: ``identityColumns`` (`scenario`, `policy`, `in_use`, `run`, `seed`, `capacity`,
///   `capacity_bytes`, `stack_size`, `duration_s`, `warmup_s`, `complete`) and every column starting with
///   ``sweepPrefix`` (`sweep_key`, `sweep_value`, ...). Never compared; `policy`, `in_use` and
///   the `sweep_*` columns match a baseline row to a current one (`run`, the run's index in its
///   scenario, does not: it moves when the policy list changes).
/// - measured: a name ending in `_ns`, containing `bytes` or `allocations`, or equal to
///   `frames_over_budget`. These vary from run to run and are compared with a tolerance.
/// - count: every other column, a deterministic figure compared exactly.
///
/// **Directions** (``direction(of:)``): ``higherIsBetterColumns`` and ``neutralColumns`` are
/// listed; every other column is lower-is-better (`instantiations`, `evictions`,
/// `evicted_controllers`, `in_use_dropped`, `creations`, `on_create_calls`, `failed_backs`,
/// `view_cache_misses`, `header_footer_instantiations`, drawing's `misses`, `fresh_draws`,
/// `invalid_entries`, `memory_evictions` and `disk_write_failures`, bytes, allocations,
/// latencies, `frames_over_budget`, ...).
///
/// A new scenario kind adds its columns here: a new "more is better" or neutral column must be
/// listed, or it is treated as lower-is-better; a new measured column must match the measured
/// naming rules above, or it is compared exactly.
public enum MetricCatalog {
    /// Columns that identify a run or record its settings.
    public static let identityColumns: Set<String> = [
        "scenario", "policy", "in_use", "run", "seed", "capacity", "capacity_bytes", "stack_size", "duration_s",
        "warmup_s", "complete",
    ]

    /// Prefix of the columns a parameter sweep adds (one per swept parameter); identity columns.
    public static let sweepPrefix = "sweep_"

    /// Columns where more is better.
    ///
    /// Scrolling table: `hits`, `hit_rate`, `reuses`, `pool_hits`, `will_be_reused_calls`.
    /// Navigation: `view_cache_hits`, `view_cache_hit_rate`.
    /// Drawing: `hit_rate`, `memory_hits`, `disk_hits`.
    public static let higherIsBetterColumns: Set<String> = [
        "hits", "hit_rate", "reuses", "pool_hits", "view_cache_hits", "view_cache_hit_rate", "will_be_reused_calls",
        "memory_hits", "disk_hits",
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
    public static let neutralColumns: Set<String> = [
        "requests", "frames", "intents", "backs", "rewinds", "memory_pressure_events", "pool_dequeues",
        "pool_purges", "repopulations", "repopulation_runs", "pinned_refusals", "manual_removals",
        "on_resume_calls", "on_pause_calls", "history_depth_end", "history_depth_max", "cached_controllers_end",
        "resident_controllers_end", "resident_controllers_max", "pending_repopulation", "cancels", "restarts",
        "expirations",
    ]

    /// The role of `column`: identity, measured or count (see the type's documentation).
    public static func role(of column: String) -> MetricRole {
        if identityColumns.contains(column) || column.hasPrefix(sweepPrefix) {
            return .identity
        }
        if column.hasSuffix("_ns") || column.contains("bytes") || column.contains("allocations")
            || column == "frames_over_budget"
        {
            return .measured
        }
        return .count
    }

    /// Which way `column` gets better: listed higher-is-better and neutral columns, else
    /// lower-is-better.
    public static func direction(of column: String) -> Direction {
        if higherIsBetterColumns.contains(column) {
            return .higherIsBetter
        }
        if neutralColumns.contains(column) {
            return .neutral
        }
        return .lowerIsBetter
    }
}
