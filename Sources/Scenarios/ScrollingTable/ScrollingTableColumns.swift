import Report

extension RunRecorder {
    /// The levels of the header/footer latency's summary columns.
    static let poolLevels = ["p50", "p99", "max"]
    /// The levels of the frame work's summary columns.
    static let frameLevels = ["p50", "p99"]

    /// Every column a scrolling-table run writes, declared once (``RunRecorder`` appends them in
    /// this order).
    static let columns = ResultColumns(
        summary: SharedColumns.identityShowingInUse + [
            SharedColumns.seed,
            .identity("capacity", .count, "the controller cache's capacity (controllers it may hold); empty without a limit"),
            SharedColumns.duration,
            SharedColumns.warmup,
            .count("frames", .neutral, "frames counted (duration × refresh rate; fewer when interrupted)"),
            .count("requests", .neutral, "controller requests to the cache: rows, and details opened by push/present", views: [.table]),
            .count("hits", .higherIsBetter, "requests answered with a cached, unused controller"),
            .count("hit_rate", .higherIsBetter, "hits / requests (0 without requests)", unit: .ratio, views: [.table]),
            .count("instantiations", .lowerIsBetter, "row and detail controllers instantiated (misses)", views: [.table, .bars]),
            .count("reuses", .higherIsBetter, "hits + pool_hits: controllers reused, rows and headers/footers"),
            .count("will_be_reused_calls", .higherIsBetter, "willBeReused calls (one per hit)"),
            .count("evictions", .lowerIsBetter, "store entries (cell types) evicted", views: [.table]),
            .count("evicted_controllers", .lowerIsBetter, "controllers that left the cache by eviction"),
            .count("repopulations", .neutral, "in-use controllers re-added by repopulation (repopulate)", views: [.table]),
            .count("repopulation_runs", .neutral, "times a queued repopulation ran"),
            .count("in_use_dropped", .lowerIsBetter, "in-use controllers lost to the cache by eviction (drop)", views: [.table]),
            .count("pinned_refusals", .neutral, "evictions refused because the entry held an in-use controller (pin)"),
            .count("manual_removals", .neutral, "controllers removed by remove_from_cache and remove_controller, pending repopulations included"),
            .count("pool_dequeues", .neutral, "header/footer dequeues from the reuse pool (0 under none)"),
            .count("pool_hits", .higherIsBetter, "pool dequeues that returned a registered controller"),
            .count("pool_purges", .neutral, "reuse-pool purges (one per warning)"),
            .count("header_footer_instantiations", .lowerIsBetter, "header/footer controllers instantiated (pool misses)"),
            SharedColumns.memoryPressureEvents,
            .count("cached_controllers_end", .neutral, "controllers held by the store at the end"),
            .measured(
                "cache_bytes_max", .bytes, .lowerIsBetter,
                "most bytes the cache's controllers held at a sample (each controller's creation, its view tree included)",
                views: [.table]),
            .measured("cache_bytes_mean", .bytes, .lowerIsBetter, "the mean over the samples of the bytes the cache's controllers held"),
        ] + SharedColumns.deviceBytesHeld("the cache's controllers") + [
            SharedColumns.complete,
            SharedColumns.allocatedBytes("in counted frames").shown(in: .table),
            SharedColumns.allocations,
        ] + SharedColumns.latency("dequeue_latency", of: "a row request (cache request, view load, configuring the cell)")
            .showing(["dequeue_latency_p50_ns", "dequeue_latency_p99_ns"], in: .table)
            + SharedColumns.latency(
                "pool_dequeue_latency", of: "a header/footer request (dequeue, or instantiation on a miss)",
                levels: poolLevels)
            + SharedColumns.latency("frame_work", of: "a frame's model work", levels: frameLevels) + [
                .measured("frames_over_budget", .count, .lowerIsBetter, "frames whose model work took longer than 1/refresh_hz"),
                .count(
                    "calibrated_instantiations", .neutral,
                    "instantiations of rows, headers, footers and details priced by a stated device cost (a nib's cost:, or the device: profile's cost of its type); 0 when the file states none"
                ),
                .count(
                    "device_cost_ms", .lowerIsBetter, "stated device time charged: each calibrated instantiation's nib cost, summed (ms)",
                    unit: .number),
                .count(
                    "device_recreation_ms", .lowerIsBetter,
                    "stated device time lost to re-creation: the nib cost of each calibrated instantiation that re-made a controller the cache had let go (evicted, dropped, shed under memory pressure; with none, every instantiation of a type after its first), summed (ms)",
                    unit: .number),
                .measured(
                    "device_frames_over_budget", .count, .lowerIsBetter,
                    "frames whose model work plus the stated device costs charged in them took longer than 1/refresh_hz"),
                .count(
                    "device_cost_frames_over_budget", .lowerIsBetter,
                    "frames whose stated device costs alone took longer than 1/refresh_hz: the device's frames over budget from counts and the profile, deterministic (device_frames_over_budget adds this machine's model work)"
                ),
            ] + detailColumns,
        timeseries: SharedColumns.identity + [
            SharedColumns.time,
            .count("requests", .neutral, "row controller requests in the interval"),
            .count("hits", .higherIsBetter, "requests answered from the cache in the interval"),
            .count(
                "hit_rate", .higherIsBetter, "hits / requests of the interval; empty without requests", unit: .ratio,
                views: [.hitRate]),
            .count("instantiations", .lowerIsBetter, "row controllers instantiated in the interval"),
            .count("evictions", .lowerIsBetter, "store entries evicted in the interval"),
            .count("evicted_controllers", .lowerIsBetter, "controllers evicted in the interval"),
            .count("repopulations", .neutral, "in-use controllers re-added in the interval"),
            .count("in_use_dropped", .lowerIsBetter, "in-use controllers lost in the interval"),
            .count("cached_controllers", .neutral, "row controllers in the cache store at the sample", views: [.resident]),
            .measured("cache_bytes", .bytes, .lowerIsBetter, "bytes the cache's controllers held at the sample"),
            .count("pending_repopulation", .neutral, "controllers waiting for the next tick to be re-added"),
            .count("pool_controllers", .neutral, "header/footer controllers in the reuse pool at the sample", views: [.resident]),
            .count("pool_dequeues", .neutral, "header/footer dequeues in the interval"),
            .count("pool_hits", .higherIsBetter, "pool dequeues that returned a controller in the interval"),
            .count("header_footer_instantiations", .lowerIsBetter, "header/footer controllers instantiated in the interval"),
            SharedColumns.memoryPressure,
            SharedColumns.allocatedBytes("in the interval"),
            .measured("frames_over_budget", .count, .lowerIsBetter, "frames over budget in the interval"),
        ],
        latency: SharedColumns.spectrum)
}
