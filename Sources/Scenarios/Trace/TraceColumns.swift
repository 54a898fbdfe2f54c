import Report

extension TraceDriver {
    /// Every column a trace run writes, declared once (``TraceDriver`` appends them in this order).
    static let columns = ResultColumns(
        summary: SharedColumns.identity + [
            SharedColumns.seed,
            .identity("capacity", .count, "the cache's capacity in objects (0 when it is bounded in bytes)"),
            .identity("capacity_bytes", .bytes, "the cache's capacity in bytes (0 when it is bounded in objects)"),
            .count("warmup_requests", .neutral, "requests replayed before counting started"),
            .count("requests", .neutral, "requests counted", views: [.table]),
            .count("hits", .higherIsBetter, "counted requests the cache answered"),
            .count("misses", .lowerIsBetter, "counted requests the cache did not hold (each one inserts)", views: [.table]),
            .count("miss_ratio", .lowerIsBetter, "misses / requests", unit: .ratio, views: [.table, .curve]),
            .count("byte_miss_ratio", .lowerIsBetter, "bytes of the missed requests / bytes requested", unit: .ratio, views: [.table]),
            .count("byte_misses", .lowerIsBetter, "bytes of the missed requests, exactly (each request its size)", unit: .bytes),
            .count("requested_bytes", .neutral, "bytes of the counted requests, exactly", unit: .bytes),
            .count("evictions", .neutral, "objects evicted while counting"),
            SharedColumns.complete,
            .measured("replay_s", .seconds, .lowerIsBetter, "wall-clock time of the replay, reading the trace included"),
            .measured("requests_per_s", .perSecond, .higherIsBetter, "requests replayed (warm-up included) per second of replay_s", views: [.table]),
        ],
        timeseries: SharedColumns.identity + [
            .identity("t_s", .seconds, "the trace time of the window's last request"),
            .count("request_end", .neutral, "requests replayed up to the end of the window, warm-up included"),
            .count("requests", .neutral, "counted requests in the window"),
            .count("misses", .lowerIsBetter, "misses in the window"),
            .count("miss_ratio", .lowerIsBetter, "misses / requests of the window; empty without counted requests", unit: .ratio),
        ],
        latency: [])
}
