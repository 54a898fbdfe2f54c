import Report

extension ParallelReadersScenario {
    /// The plots of a parallel-readers run: reads and writes per second per store design and
    /// over time, what the store holds and evicts, the latency spectrum per store operation, and
    /// a sweep's read throughput and get p99 latency. Its time is the wall clock's.
    public static var plots: [PlotView] {
        let columns = ParallelReadersRecorder.columns
        return [
            .rates(
                "throughput", title: "Throughput per store design",
                note: "reads: get + all_items; writes: set + remove + bulk_add + purge",
                left: .init(
                    "read_ops_per_s", title: "reads/s", label: "reads per second", panel: "reads (get + all_items) per interval"),
                right: .init(
                    "write_ops_per_s", title: "writes/s (right axis)", label: "writes per second",
                    panel: "writes (set + remove + bulk_add + purge) per interval"),
                runsNamed: "store design", columns: columns),
            .overTime(
                "resident", title: "Items in the store",
                panels: [
                    .init("store", label: "items in the store", columns: ["items"]),
                    .init("evictions (purges and the eviction rule)", label: "items evicted per interval", columns: ["evicted_items"]),
                ], metric: "read_ops_per_s", xlabel: "time from the start of the run (s)", columns: columns),
            .latency,
            .sweep(
                [
                    .init("read throughput", label: "reads per second (get + all_items)", columns: ["read_ops_per_s"]),
                    .init("get latency, 99th percentile", label: "get p99 latency (ns)", columns: ["get_p99_ns"]),
                ], metric: "read_ops_per_s", columns: columns),
        ]
    }
}
