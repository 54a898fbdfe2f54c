import Report

extension DrawingRecorder {
    /// The levels of the fresh and cached draws' summary columns.
    static let partLevels = ["p50", "p99"]
    /// The levels of the frame work's summary columns.
    static let frameLevels = ["p99"]

    /// Every column a drawing run writes, declared once (``DrawingRecorder`` appends them in
    /// this order), `views.csv`'s included.
    static let columns: ResultColumns = {
        var columns = runColumns
        columns.views = viewColumns
        return columns
    }()

    /// The columns of `views.csv`: one row per run (per workload seed) per view type, its
    /// identity as the run's summary row's (scenario, policy, run, seed, capacity), then the
    /// view type's figures over the counted period (``DrawingViewTally`` appends them in this
    /// order). Counts are deterministic; latencies and bytes are measured, as in the summary.
    static let viewColumns: [Column] =
        SharedColumns.identity + [
            SharedColumns.seed,
            .identity("capacity_bytes", .bytes, "the memory tier's capacity (0 under none)"),
            .identity("view", .text, "the view type (views[].name)"),
            .identity("instances", .count, "its instances on screen (views[].count)"),
            .count("draws", .neutral, "its drawing requests (one per instance's drawRect)"),
            .count("hits", .higherIsBetter, "its requests answered by either tier (memory_hits + disk_hits)"),
            .count("memory_hits", .higherIsBetter, "its requests answered by the memory tier"),
            .count("disk_hits", .higherIsBetter, "its requests answered by the disk tier"),
            .count("misses", .lowerIsBetter, "its requests neither tier answered: drawn afresh (cancelled draws included)"),
            .count("hit_rate", .higherIsBetter, "hits / draws; empty without draws", unit: .ratio),
            .measured(
                "draw_p50_ns", .nanoseconds, .lowerIsBetter, "p50 time of its drawing requests, cached or fresh; empty without draws"),
            .measured(
                "draw_p99_ns", .nanoseconds, .lowerIsBetter, "p99 time of its drawing requests, cached or fresh; empty without draws"),
            .measured(
                "memory_bytes_max", .bytes, .lowerIsBetter, "most bitmap bytes its drawings held in the memory tier at a timeseries sample"),
            .measured(
                "memory_bytes_mean", .bytes, .lowerIsBetter,
                "bitmap bytes its drawings held in the memory tier, averaged over the timeseries samples (the last at the end of the run)"),
            .measured(
                "disk_bytes_max", .bytes, .lowerIsBetter, "most file bytes its drawings held in the disk tier at a timeseries sample"),
        ]

    /// The columns of the files every kind writes.
    private static let runColumns = ResultColumns(
        summary: SharedColumns.identity + [
            SharedColumns.seed,
            .identity("capacity_bytes", .bytes, "the memory tier's capacity (0 under none)"),
            SharedColumns.duration,
            SharedColumns.warmup,
            .count("frames", .neutral, "frames counted"),
            .count("requests", .neutral, "drawing requests", views: [.table]),
            .count("memory_hits", .higherIsBetter, "requests answered by the memory tier", views: [.table]),
            .count("disk_hits", .higherIsBetter, "requests answered by the disk tier", views: [.table]),
            .count("misses", .lowerIsBetter, "requests neither tier answered", views: [.table]),
            .count("hit_rate", .higherIsBetter, "(memory_hits + disk_hits) / requests", unit: .ratio, views: [.table]),
            .count("fresh_draws", .lowerIsBetter, "views drawn afresh (misses)", views: [.bars]),
            .count("expirations", .neutral, "entries that outlived the scenario's timeout", views: [.table]),
            .count("cancels", .neutral, "draws the workload cancelled", views: [.table]),
            .count("invalid_entries", .lowerIsBetter, "disk entries that failed validation (read as misses)"),
            .count("memory_evictions", .lowerIsBetter, "entries evicted from the memory tier"),
            SharedColumns.memoryPressureEvents,
            .count("restarts", .neutral, "app restarts the scenario scripts"),
            .count("disk_write_failures", .lowerIsBetter, "disk writes that failed"),
            SharedColumns.complete,
            .measured("memory_bytes_end", .bytes, .lowerIsBetter, "bytes in the memory tier at the end"),
            .measured("memory_bytes_max", .bytes, .lowerIsBetter, "most bytes in the memory tier at a sample", views: [.table]),
            .measured("disk_bytes_end", .bytes, .lowerIsBetter, "bytes in the disk tier at the end"),
            .measured("disk_bytes_max", .bytes, .lowerIsBetter, "most bytes in the disk tier at a sample", views: [.table]),
            SharedColumns.allocatedBytes("in counted frames"),
            SharedColumns.allocations,
        ] + SharedColumns.latency("draw_latency", of: "a drawing request, cached or fresh")
            + (SharedColumns.latency("fresh_draw", of: "a fresh draw", levels: partLevels)
            + SharedColumns.latency("cached_draw", of: "a cached draw", levels: partLevels))
            .showing(["fresh_draw_p50_ns", "cached_draw_p50_ns"], in: .table)
            + SharedColumns.latency("frame_work", of: "a frame's model work", levels: frameLevels)
            + [
                .measured(
                    "frames_over_budget", .count, .lowerIsBetter, "frames whose model work took longer than 1/refresh_hz",
                    views: [.table]),
                .count(
                    "calibrated_draws", .neutral,
                    "fresh draws priced by a stated device cost (a view's cost:, or the device: profile); 0 when the file states none"),
                .count(
                    "device_cost_ms", .lowerIsBetter, "stated device time charged: each calibrated fresh draw's cost, summed (ms)",
                    unit: .number),
                .count(
                    "device_recreation_ms", .lowerIsBetter,
                    "stated device time lost to re-creation: the cost of each calibrated fresh draw of a drawing made before in the run (the cache lost it: evicted, expired, restarted), summed (ms)",
                    unit: .number),
                .measured(
                    "device_frames_over_budget", .count, .lowerIsBetter,
                    "frames whose model work plus the stated device costs of their fresh draws took longer than 1/refresh_hz",
                    views: [.table]),
                .count(
                    "device_cost_frames_over_budget", .lowerIsBetter,
                    "frames whose stated device costs alone took longer than 1/refresh_hz: the device's frames over budget from counts and the profile, deterministic (device_frames_over_budget adds this machine's model work)"
                ),
            ] + SharedColumns.deviceBytesHeld("the memory tier's drawings") + [
                // The disk tier's bound and what it deleted.
                .identity("disk_capacity_bytes", .bytes, "the disk tier's byte limit (0 for the policies without a disk tier)"),
                .count("disk_evictions", .lowerIsBetter, "entries the disk tier deleted to stay within its limit"),
            ],
        timeseries: SharedColumns.identity + [
            SharedColumns.time,
            .count("requests", .neutral, "drawing requests in the interval"),
            .count("memory_hits", .higherIsBetter, "memory-tier hits in the interval"),
            .count("disk_hits", .higherIsBetter, "disk-tier hits in the interval"),
            .count("misses", .lowerIsBetter, "misses in the interval"),
            .count(
                "hit_rate", .higherIsBetter, "(memory + disk hits) / requests of the interval; empty without requests",
                unit: .ratio, views: [.hitRate]),
            .count("expirations", .neutral, "expirations in the interval"),
            .count("cancels", .neutral, "cancelled draws in the interval"),
            .count("restarts", .neutral, "app restarts in the interval"),
            SharedColumns.memoryPressure,
            .measured("memory_bytes", .bytes, .lowerIsBetter, "bytes in the memory tier at the sample", views: [.resident]),
            .measured("disk_bytes", .bytes, .lowerIsBetter, "bytes in the disk tier at the sample", views: [.resident]),
            SharedColumns.allocatedBytes("in the interval"),
            .measured("frames_over_budget", .count, .lowerIsBetter, "frames over budget in the interval"),
        ],
        latency: SharedColumns.spectrum)
}
