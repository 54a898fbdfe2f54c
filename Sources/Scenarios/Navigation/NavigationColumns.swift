import Report

extension NavigationRecorder {
    /// Every column a navigation run writes, declared once (``NavigationRecorder`` appends them
    /// in this order).
    static let columns = ResultColumns(
        summary: SharedColumns.identityShowingInUse + [
            SharedColumns.seed,
            .identity("capacity", .count, "the view cache's capacity (controllers)"),
            .identity("stack_size", .text, "the history stack's size: a number, unlimited or disabled"),
            SharedColumns.duration,
            SharedColumns.warmup,
            .count("frames", .neutral, "frames counted"),
            .count("intents", .neutral, "intents fired (tab switches, pushes, presents)", views: [.table]),
            .count("deep_links", .neutral, "intents that came from user.deep_links (counted in intents too)"),
            .count("backs", .neutral, "back navigations"),
            .count("rewinds", .neutral, "rewinds of the history stack"),
            .count("failed_backs", .lowerIsBetter, "backs on an empty or disabled history stack", views: [.table]),
            .count("errors_shown", .neutral, "errors shown on the factory's error screen (show_error steps)"),
            .count("creations", .lowerIsBetter, "view controllers created (view-cache misses)", views: [.table, .bars]),
            .count(
                "calibrated_creations", .neutral,
                "creations priced by a stated device cost (a nib's cost:, or the device: profile's cost of its section or view); 0 when the file states none"
            ),
            .count(
                "device_cost_ms", .lowerIsBetter, "stated device time the creations cost: each calibrated creation's nib cost, summed (ms)",
                unit: .number),
            .count(
                "device_recreation_ms", .lowerIsBetter,
                "stated device time lost to re-creation: the nib cost of each calibrated creation of a section or view the cache let go (made before in the run, then missed; with none, never kept), summed (ms); a refresh's fresh view is not one",
                unit: .number),
            .measured("frames_over_budget", .count, .lowerIsBetter, "frames whose model work took longer than 1/refresh_hz"),
            .measured(
                "device_frames_over_budget", .count, .lowerIsBetter,
                "frames whose model work plus the stated device costs of the creations in them took longer than 1/refresh_hz",
                views: [.table]),
            .count(
                "device_cost_frames_over_budget", .lowerIsBetter,
                "frames whose stated device costs alone took longer than 1/refresh_hz: the device's frames over budget from counts and the profile, deterministic (device_frames_over_budget adds this machine's model work)"
            ),
            .count("on_create_calls", .lowerIsBetter, "onCreate calls"),
            .count("on_resume_calls", .neutral, "onResume calls"),
            .count("on_pause_calls", .neutral, "onPause calls"),
            .count("view_cache_hits", .higherIsBetter, "lookups the view cache answered"),
            .count("view_cache_misses", .lowerIsBetter, "lookups the view cache missed"),
            .count(
                "view_cache_hit_rate", .higherIsBetter, "view_cache_hits / lookups (0 without lookups)", unit: .ratio,
                views: [.table]),
            .count("evictions", .lowerIsBetter, "controllers evicted from the view cache", views: [.table]),
            .count("repopulations", .neutral, "in-use controllers re-added by repopulation"),
            .count("in_use_dropped", .lowerIsBetter, "in-use controllers lost by eviction (drop)"),
            SharedColumns.memoryPressureEvents,
            .count("resident_controllers_end", .neutral, "controllers in the view cache at the end"),
            .count("resident_controllers_max", .neutral, "most controllers in the view cache at a sample", views: [.table]),
            .count("history_depth_end", .neutral, "history stack entries at the end"),
            .count("history_depth_max", .neutral, "most history stack entries at a sample", views: [.table]),
            SharedColumns.complete,
            .measured("view_cache_bytes_end", .bytes, .lowerIsBetter, "bytes the view cache holds at the end"),
            .measured("view_cache_bytes_max", .bytes, .lowerIsBetter, "most bytes the view cache held at a sample", views: [.table]),
        ] + SharedColumns.deviceBytesHeld("the view cache's controllers") + [
            .measured("history_bytes_end", .bytes, .lowerIsBetter, "bytes the history stack holds at the end"),
            .measured("history_bytes_max", .bytes, .lowerIsBetter, "most bytes the history stack held at a sample", views: [.table]),
            SharedColumns.allocatedBytes(),
            SharedColumns.allocations,
        ]
            + SharedColumns.latency("transition_latency", of: "a transition, from firing an intent to its last onResume")
            .showing(["transition_latency_p50_ns", "transition_latency_p99_ns"], in: .table),
        timeseries: SharedColumns.identity + [
            SharedColumns.time,
            .count("intents", .neutral, "intents fired in the interval"),
            .count("backs", .neutral, "backs in the interval"),
            .count("failed_backs", .lowerIsBetter, "failed backs in the interval"),
            .count("creations", .lowerIsBetter, "controllers created in the interval"),
            .count("view_cache_hits", .higherIsBetter, "view-cache hits in the interval", views: [.hitRate]),
            .count("view_cache_misses", .lowerIsBetter, "view-cache misses in the interval"),
            .count("resident_controllers", .neutral, "controllers in the view cache at the sample", views: [.resident]),
            .count("history_depth", .neutral, "history stack entries at the sample", views: [.resident]),
            SharedColumns.memoryPressure,
            .measured("view_cache_bytes", .bytes, .lowerIsBetter, "bytes the view cache holds at the sample", views: [.resident]),
            .measured("history_bytes", .bytes, .lowerIsBetter, "bytes the history stack holds at the sample", views: [.resident]),
            SharedColumns.allocatedBytes("in the interval"),
        ],
        latency: SharedColumns.spectrum)
}
