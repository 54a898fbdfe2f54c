import Report

extension DrawingScenario {
    /// The plots of a drawing run: hit rate over time (app restarts marked), fresh draws and
    /// bytes allocated, bytes per cache tier, the draw latency spectrum, and a sweep's hit rate
    /// and fresh draws. The tiers often draw the same line (memory and memory+disk hit alike until
    /// a restart): lines over time overlap, narrower and dashed one over another.
    public static var plots: [PlotView] {
        let columns = DrawingRecorder.columns
        let restarts = PlotView.Events("restarts", title: "app restart")
        return [
            .hitRate(
                axis: "hit rate ((memory + disk hits) / requests)", hits: ["memory_hits", "disk_hits"], lookups: ["requests"],
                rate: "hit_rate", metric: "hit_rate", events: restarts, overlapping: true),
            .bars(
                "fresh_draws", title: "Fresh draws and bytes allocated per run",
                left: .init("fresh_draws", title: "fresh draws", label: "fresh draws (views drawn, not served by the cache)"),
                right: .init("allocated_bytes", title: "allocated MiB (right axis)", label: "allocated (MiB)", scale: 1_048_576),
                values: true, columns: columns),
            .overTime(
                "resident", title: "Bytes per cache tier",
                panels: [
                    .init("memory tier", label: "bytes in memory (KiB)", columns: ["memory_bytes"], scale: 1024),
                    .init("disk tier", label: "bytes on disk (KiB)", columns: ["disk_bytes"], scale: 1024),
                ], metric: "hit_rate", events: restarts, overlapping: true, columns: columns),
            .latency,
            .sweep(
                [
                    .init("hit rate", label: "hit rate ((memory + disk hits) / requests)", columns: ["hit_rate"]),
                    .init("fresh draws", label: "fresh draws (views drawn, not served by the cache)", columns: ["fresh_draws"]),
                ], metric: "hit_rate", columns: columns),
        ]
    }
}
