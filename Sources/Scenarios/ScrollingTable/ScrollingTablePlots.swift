import Report

extension ScrollingTableScenario {
    /// The plots of a scrolling-table run: hit rate over time, what misses cost, what the cache
    /// and the pool hold, the latency spectrum, and a sweep's hit rate and instantiations.
    public static var plots: [PlotView] {
        let columns = RunRecorder.columns
        return [
            .hitRate(axis: "hit rate (hits / requests)", hits: ["hits"], lookups: ["requests"], rate: "hit_rate", metric: "hit_rate"),
            .bars(
                "instantiations", title: "Controllers instantiated and bytes allocated per run",
                left: .init("instantiations", title: "instantiations", label: "instantiations (row controllers)"),
                right: .init("allocated_bytes", title: "allocated MiB (right axis)", label: "allocated (MiB)", scale: 1_048_576),
                columns: columns),
            .overTime(
                "resident", title: "What stays in memory",
                panels: [
                    .init("controller cache", label: "cached row controllers", columns: ["cached_controllers"]),
                    .init("reuse pool", label: "pooled header/footer controllers", columns: ["pool_controllers"]),
                ], metric: "hit_rate", columns: columns),
            .latency,
            .sweep(
                [
                    .init("hit rate", label: "hit rate (hits / requests)", columns: ["hit_rate"]),
                    .init("instantiations", label: "instantiations (row controllers)", columns: ["instantiations"]),
                ], metric: "hit_rate", columns: columns),
        ]
    }
}
