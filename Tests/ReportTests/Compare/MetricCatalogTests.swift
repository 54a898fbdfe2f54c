import Report
import Testing

extension CompareTests {
    @Suite("MetricCatalog")
    struct MetricCatalogTests {
        @Test(
            "settings, the run's name and sweep_* columns are identity, never compared",
            arguments: [
                "scenario", "policy", "in_use", "run", "seed", "capacity", "stack_size", "duration_s", "warmup_s", "complete",
                "sweep_key", "sweep_value", "sweep_anything", "capacity_bytes",
            ])
        func identity(column: String) {
            #expect(MetricCatalog.role(of: column) == .identity)
        }

        @Test(
            "names ending in _ns, containing bytes or allocations, and frames_over_budget are measured",
            arguments: [
                "dequeue_latency_p99_ns", "frame_work_p50_ns", "transition_latency_max_ns", "allocated_bytes",
                "view_cache_bytes_max", "history_bytes_end", "allocations", "frames_over_budget",
                "memory_bytes_max", "disk_bytes_end", "fresh_draw_p50_ns", "cached_draw_p99_ns",
            ])
        func measured(column: String) {
            #expect(MetricCatalog.role(of: column) == .measured)
        }

        @Test(
            "every other column is a deterministic count",
            arguments: [
                "frames", "requests", "hits", "hit_rate", "instantiations", "evictions", "creations", "view_cache_hit_rate",
                "failed_backs", "resident_controllers_max", "something_new", "memory_hits", "disk_hits", "misses",
                "fresh_draws", "cancels", "expirations", "restarts",
            ])
        func count(column: String) {
            #expect(MetricCatalog.role(of: column) == .count)
        }

        @Test(
            "hits, hit rates, reuses and will_be_reused_calls are higher-is-better",
            arguments: ["hits", "hit_rate", "reuses", "pool_hits", "view_cache_hits", "view_cache_hit_rate", "will_be_reused_calls"])
        func higherIsBetter(column: String) {
            #expect(MetricCatalog.direction(of: column) == .higherIsBetter)
        }

        @Test("drawing: memory and disk hits (and the hit rate) are higher-is-better", arguments: ["memory_hits", "disk_hits", "hit_rate"])
        func drawingHigherIsBetter(column: String) {
            #expect(MetricCatalog.direction(of: column) == .higherIsBetter)
        }

        @Test("drawing: cancels, restarts and expirations are neutral", arguments: ["cancels", "restarts", "expirations"])
        func drawingNeutral(column: String) {
            #expect(MetricCatalog.direction(of: column) == .neutral)
            #expect(MetricCatalog.role(of: column) == .count)
        }

        @Test(
            "drawing: misses, fresh draws, invalid entries, evictions, disk write failures and tier bytes are lower-is-better",
            arguments: [
                "misses", "fresh_draws", "invalid_entries", "memory_evictions", "disk_write_failures", "memory_bytes_max",
                "disk_bytes_max", "fresh_draw_p50_ns", "cached_draw_p50_ns",
            ])
        func drawingLowerIsBetter(column: String) {
            #expect(MetricCatalog.direction(of: column) == .lowerIsBetter)
        }

        @Test("capacity_bytes is a setting (identity), not the measured bytes its name suggests")
        func capacityBytes() {
            #expect(MetricCatalog.identityColumns.contains("capacity_bytes"))
            #expect(MetricCatalog.role(of: "capacity_bytes") == .identity)
        }

        @Test(
            "workload sizes, in-use consequences and levels are neutral",
            arguments: [
                "requests", "frames", "intents", "backs", "rewinds", "memory_pressure_events", "pool_dequeues", "pool_purges",
                "repopulations", "repopulation_runs", "pinned_refusals", "manual_removals", "on_resume_calls",
                "on_pause_calls", "history_depth_end", "history_depth_max", "cached_controllers_end",
                "resident_controllers_end", "resident_controllers_max", "pending_repopulation",
            ])
        func neutral(column: String) {
            #expect(MetricCatalog.direction(of: column) == .neutral)
        }

        @Test(
            "instantiations, evictions, losses, misses, bytes, allocations, latencies and unknown columns are lower-is-better",
            arguments: [
                "instantiations", "evictions", "evicted_controllers", "in_use_dropped", "creations", "on_create_calls",
                "failed_backs", "view_cache_misses", "header_footer_instantiations", "allocated_bytes", "allocations",
                "dequeue_latency_p99_ns", "frames_over_budget", "something_new",
            ])
        func lowerIsBetter(column: String) {
            #expect(MetricCatalog.direction(of: column) == .lowerIsBetter)
        }

        /// The `<op>_ops`, `<op>_per_s` and `<op>_<percentile>_ns` columns of parallel-readers.
        static let storeOperations = ["get", "set", "remove", "bulk_add", "all_items", "purge"]

        @Test(
            "parallel-readers: the workload's settings are identity",
            arguments: ["readers", "writers", "keys", "value_size", "distribution"])
        func parallelReadersIdentity(column: String) {
            #expect(MetricCatalog.role(of: column) == .identity)
        }

        @Test(
            "parallel-readers: operation counts, stale reads and memory-pressure events are deterministic counts",
            arguments: ["total_ops", "stale_reads", "memory_pressure_events"] + storeOperations.map { "\($0)_ops" })
        func parallelReadersCounts(column: String) {
            #expect(MetricCatalog.role(of: column) == .count)
        }

        @Test(
            "parallel-readers: what depends on thread interleaving is measured: hits, notifications, evictions, items, every *_per_s",
            arguments: [
                "checked_reads", "get_hits", "get_misses", "get_hit_rate", "pressure_evictions", "purge_evictions",
                "evicted_items", "notifications", "notified_updates", "notified_removals", "notification_batch_max",
                "items_end", "ops_per_s", "read_ops_per_s", "write_ops_per_s", "elapsed_ns", "get_p999_ns",
                "all_items_max_ns", "allocated_bytes", "allocations",
            ] + storeOperations.map { "\($0)_per_s" })
        func parallelReadersMeasured(column: String) {
            #expect(MetricCatalog.role(of: column) == .measured)
        }

        @Test(
            "throughputs (every *_per_s), get hits and the get hit rate are higher-is-better",
            arguments: ["ops_per_s", "read_ops_per_s", "write_ops_per_s", "get_hits", "get_hit_rate", "something_per_s"]
                + storeOperations.map { "\($0)_per_s" })
        func parallelReadersHigherIsBetter(column: String) {
            #expect(MetricCatalog.direction(of: column) == .higherIsBetter)
        }

        @Test(
            "parallel-readers: operation counts, checked reads, notifications, items at the end and evictions are neutral",
            arguments: [
                "total_ops", "checked_reads", "notifications", "notified_updates", "notified_removals",
                "notification_batch_max", "items_end", "evicted_items", "pressure_evictions", "purge_evictions",
            ] + storeOperations.map { "\($0)_ops" })
        func parallelReadersNeutral(column: String) {
            #expect(MetricCatalog.direction(of: column) == .neutral)
        }

        @Test(
            "parallel-readers: stale reads, get misses and latencies are lower-is-better",
            arguments: ["stale_reads", "get_misses", "elapsed_ns"] + storeOperations.map { "\($0)_p99_ns" })
        func parallelReadersLowerIsBetter(column: String) {
            #expect(MetricCatalog.direction(of: column) == .lowerIsBetter)
        }

        @Test("the measured-by-name list holds no other kind's column: their hits and hit rates stay exact counts")
        func measuredByNameIsParallelReadersOnly() {
            for column in [
                "hits", "hit_rate", "view_cache_hits", "view_cache_hit_rate", "memory_hits", "disk_hits", "misses",
                "evictions", "evicted_controllers", "memory_evictions", "requests",
            ] {
                #expect(!MetricCatalog.measuredColumns.contains(column), "\(column)")
                #expect(MetricCatalog.role(of: column) == .count, "\(column)")
            }
            for column in MetricCatalog.measuredColumns {
                #expect(MetricCatalog.role(of: column) == .measured, "\(column)")
            }
        }

        @Test("the higher-is-better and neutral lists do not overlap and name no identity column")
        func listsAreDisjoint() {
            #expect(MetricCatalog.higherIsBetterColumns.isDisjoint(with: MetricCatalog.neutralColumns))
            for column in MetricCatalog.higherIsBetterColumns.union(MetricCatalog.neutralColumns) {
                #expect(MetricCatalog.role(of: column) != .identity, "\(column)")
            }
        }
    }
}
