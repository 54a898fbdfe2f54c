import Report

extension ParallelReadersRecorder {
    /// Every column a parallel-readers run writes, declared once (``ParallelReadersRecorder``
    /// appends them in this order). Operation counts of count-bound threads and `stale_reads` are
    /// deterministic; everything that depends on how the threads interleaved is measured.
    static let columns = ResultColumns(
        summary: SharedColumns.identity + [
            SharedColumns.seed,
            SharedColumns.duration,
            SharedColumns.warmup,
            .identity("readers", .count, "reader threads", views: [.table]),
            .identity("writers", .count, "writer threads", views: [.table]),
            .identity("keys", .count, "keys in the store's key space"),
            .identity("value_size", .bytes, "bytes per value"),
            .identity("distribution", .text, "how readers pick keys"),
            SharedColumns.complete,
            .count("total_ops", .neutral, "operations issued, all types", views: [.table]),
        ] + operations.map { .count("\($0.rawValue)_ops", .neutral, "\($0.rawValue) operations issued") }
            + [
                .count("stale_reads", .lowerIsBetter, "reads that returned an older value than the published one (must be 0)", views: [.table]),
                .measured("checked_reads", .count, .neutral, "reads the stale-read check could judge"),
                .measured("get_hits", .count, .higherIsBetter, "gets that found their key"),
                .measured("get_misses", .count, .lowerIsBetter, "gets that found nothing"),
                .measured("get_hit_rate", .ratio, .higherIsBetter, "get_hits / gets; empty without gets", views: [.table]),
                SharedColumns.memoryPressureEvents,
                .measured("pressure_evictions", .count, .neutral, "items memory-pressure purges evicted"),
                .measured("purge_evictions", .count, .neutral, "items the writers' purges evicted"),
                .measured("evicted_items", .count, .neutral, "items evicted, by any cause"),
                .measured("notifications", .count, .neutral, "change notifications posted", views: [.table]),
                .measured("notified_updates", .count, .neutral, "updated items the notifications carried"),
                .measured("notified_removals", .count, .neutral, "removed keys the notifications carried"),
                .measured("notification_batch_max", .count, .neutral, "the largest notification batch"),
                .measured("items_end", .count, .neutral, "items in the store at the end"),
                .measured(
                    "saves", .count, .neutral,
                    "saves that wrote the store's file over the measured window (store.persistence; 0 without): on its real-time timer"),
                .measured(
                    "save_failures", .count, .lowerIsBetter,
                    "saves that failed to encode or write (a failure stops the periodic save, as the seed's does)"),
                .measured("elapsed_ns", .nanoseconds, .lowerIsBetter, "the measured window's wall-clock time"),
                .measured("ops_per_s", .perSecond, .higherIsBetter, "operations per second, the sum of each thread's rate"),
                .measured("read_ops_per_s", .perSecond, .higherIsBetter, "reads (get, all_items) per second", views: [.table, .throughput]),
                .measured("write_ops_per_s", .perSecond, .higherIsBetter, "writes per second", views: [.table, .throughput]),
            ]
            + operations.map { .measured("\($0.rawValue)_per_s", .perSecond, .higherIsBetter, "\($0.rawValue) operations per second") }
            + operations.flatMap { SharedColumns.latency($0.rawValue, of: "a \($0.rawValue)") }
                .showing(["get_p50_ns", "get_p99_ns", "set_p99_ns"], in: .table)
            + [SharedColumns.allocatedBytes("by the threads over the measured window"), SharedColumns.allocations.shown(in: .table)],
        timeseries: SharedColumns.identity + [SharedColumns.time]
            + operations.map { .measured("\($0.rawValue)_ops", .count, .neutral, "\($0.rawValue) operations in the interval") }
            + [
                .measured("read_ops_per_s", .perSecond, .higherIsBetter, "reads per second in the interval", views: [.throughput]),
                .measured("write_ops_per_s", .perSecond, .higherIsBetter, "writes per second in the interval", views: [.throughput]),
                .measured("items", .count, .neutral, "items in the store at the sample", views: [.resident]),
                .measured("notifications", .count, .neutral, "change notifications in the interval"),
                .measured("evicted_items", .count, .neutral, "items evicted in the interval", views: [.resident]),
                SharedColumns.memoryPressure,
            ],
        latency: SharedColumns.spectrum)
}
