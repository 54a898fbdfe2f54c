import Report

extension NavigationScenario {
    /// The plots of a navigation run: the view cache's hit rate over time, controllers created,
    /// what the view cache and the history stack hold, the transition latency spectrum, and a
    /// sweep's hit rate and creations.
    public static var plots: [PlotView] {
        let columns = NavigationRecorder.columns
        return [
            .hitRate(
                axis: "view-cache hit rate (hits / lookups)", hits: ["view_cache_hits"],
                lookups: ["view_cache_hits", "view_cache_misses"], metric: "view_cache_hit_rate"),
            .bars(
                "creations", title: "Controllers created and view-cache bytes per run",
                left: .init("creations", title: "creations", label: "creations (onCreate calls)"),
                right: .init(
                    "view_cache_bytes_max", title: "view cache max KiB (right axis)", label: "view cache, largest sample (KiB)",
                    scale: 1024),
                columns: columns),
            .overTime(
                "resident", title: "What stays in memory",
                panels: [
                    .init("view cache", label: "resident controllers", columns: ["resident_controllers"]),
                    .init("history stack", label: "history depth (entries)", columns: ["history_depth"]),
                    .init(
                        "bytes held (solid: view cache, dashed: history)", label: "bytes held (KiB)",
                        columns: ["view_cache_bytes", "history_bytes"], names: ["view cache", "history"], scale: 1024),
                ], metric: "view_cache_hit_rate", columns: columns),
            .latency,
            .sweep(
                [
                    .init("hit rate", label: "view-cache hit rate (hits / lookups)", columns: ["view_cache_hit_rate"]),
                    .init("creations", label: "creations (onCreate calls)", columns: ["creations"]),
                ], metric: "view_cache_hit_rate", columns: columns),
        ]
    }
}
