import Foundation
import Report

/// The parallel-readers fixture files: the column layout its recorder writes (identity columns
/// `scenario,policy,in_use,run,sweep_key,sweep_value` first in every file, `memory_pressure` last
/// in the timeseries), one run per store design, and, for a sweep, one set of rows per value in
/// every file.
extension PlotFixture {
    /// The store operations, in the recorder's order.
    static let storeOperations = ["get", "set", "remove", "bulk_add", "all_items", "purge"]

    /// The identity columns every parallel-readers file starts with.
    static let designIdentity = ["scenario", "policy", "in_use", "run", "sweep_key", "sweep_value"]

    /// The summary header of the parallel-readers column contract.
    static let designSummaryHeader: [String] =
        designIdentity
        + [
            "seed", "duration_s", "warmup_s", "readers", "writers", "keys", "value_size", "distribution", "complete",
            "total_ops",
        ]
        + storeOperations.map { "\($0)_ops" }
        + [
            "stale_reads", "checked_reads", "get_hits", "get_misses", "get_hit_rate", "memory_pressure_events",
            "pressure_evictions", "purge_evictions", "evicted_items", "notifications", "notified_updates",
            "notified_removals", "notification_batch_max", "items_end", "elapsed_ns", "ops_per_s", "read_ops_per_s",
            "write_ops_per_s",
        ]
        + storeOperations.map { "\($0)_per_s" }
        + storeOperations.flatMap { op in ["p50", "p90", "p99", "p999", "max"].map { "\(op)_\($0)_ns" } }
        + ["allocated_bytes", "allocations"]

    /// The timeseries header of the parallel-readers column contract: `memory_pressure` last.
    static let designTimeseriesHeader: [String] =
        designIdentity + ["t_s"] + storeOperations.map { "\($0)_ops" }
        + ["read_ops_per_s", "write_ops_per_s", "items", "notifications", "evicted_items", "memory_pressure"]

    /// The runs in file order: each sweep value (nil without a sweep), each design; with the run
    /// index and the identity fields.
    private static func designRunRows(_ name: String, sweep: [Int]) -> [(
        design: Int, threads: Int, identity: [CSVValue]
    )] {
        let values: [Int?] = sweep.isEmpty ? [nil] : sweep.map { $0 }
        var runs: [(design: Int, threads: Int, identity: [CSVValue])] = []
        for value in values {
            for (design, run) in designRuns.enumerated() {
                let identity: [CSVValue] = [
                    .string(name), .string(run.policy), .string(run.inUse), .int(runs.count),
                    value == nil ? .empty : .string("readers.threads"), value.map { .int($0) } ?? .empty,
                ]
                runs.append((design, value ?? 2, identity))
            }
        }
        return runs
    }

    static func designSummary(_ name: String, sweep: [Int]) -> CSVTable {
        var rows: [[CSVValue]] = []
        for run in designRunRows(name, sweep: sweep) {
            let index = run.design
            let operations: [String: UInt64] = [
                "get": UInt64(100_000 * run.threads), "set": 7_168, "remove": 437, "bulk_add": 395,
                "all_items": UInt64(1_000 * run.threads), "purge": 0,
            ]
            let total = operations.values.reduce(0, +)
            let reads = operations["get"]! + operations["all_items"]!
            let elapsed = 2_000_000_000 - 150_000_000 * UInt64(index)
            let seconds = Double(elapsed) / 1e9
            let hits = operations["get"]! * 97 / 100
            var values: [String: CSVValue] = [
                "seed": .int(3), "duration_s": .double(2), "warmup_s": .double(0.5), "readers": .int(run.threads),
                "writers": .int(1), "keys": .int(5_000), "value_size": .int(64), "distribution": .string("zipfian(0.99)"),
                "complete": .string("true"), "total_ops": .uint(total), "stale_reads": .int(0),
                "checked_reads": .uint(operations["get"]! - 100), "get_hits": .uint(hits),
                "get_misses": .uint(operations["get"]! - hits), "get_hit_rate": .double(0.97),
                "memory_pressure_events": .int(2), "pressure_evictions": .int(10 * index), "purge_evictions": .int(0),
                "evicted_items": .int(10 * index), "notifications": .int(8 - index), "notified_updates": .int(5_000),
                "notified_removals": .int(150), "notification_batch_max": .int(1_100 + index), "items_end": .int(4_898),
                "elapsed_ns": .uint(elapsed), "ops_per_s": .double(Double(total) / seconds),
                "read_ops_per_s": .double(Double(reads) / seconds),
                "write_ops_per_s": .double(Double(total - reads) / seconds),
                "allocated_bytes": .uint(UInt64(46_000_000 + 500_000 * index)),
                "allocations": .uint(UInt64(800_000 + 100_000 * index)),
            ]
            for (number, operation) in storeOperations.enumerated() {
                let count = operations[operation]!
                values["\(operation)_ops"] = .uint(count)
                values["\(operation)_per_s"] = .double(Double(count) / seconds)
                let base = count == 0 ? 0 : UInt64(3_000 * (number + 1) + 500 * index)
                for (step, percentile) in ["p50", "p90", "p99", "p999", "max"].enumerated() {
                    values["\(operation)_\(percentile)_ns"] = .uint(base << UInt64(2 * step))
                }
            }
            rows.append(run.identity + designSummaryHeader.dropFirst(designIdentity.count).map { values[$0]! })
        }
        return table(designSummaryHeader, rows)
    }

    /// Eight one-second intervals a run. Pressure at 4 s (`moderate`) and 6 s
    /// (`moderate+warning`); the interval at 5 s did nothing, so its line is shorter than the one
    /// before: the row where a stale last field would show.
    static func designTimeseries(_ name: String, sweep: [Int]) -> CSVTable {
        var rows: [[CSVValue]] = []
        for run in designRunRows(name, sweep: sweep) {
            let index = run.design
            for second in 1...8 {
                let pressure: CSVValue =
                    second == 4 ? .string("moderate") : second == 6 ? .string("moderate+warning") : .empty
                let quiet = second == 5
                let burst = second % 2 == 0
                let get = quiet ? 0 : 50_000 * run.threads + 1_000 * second + 5_000 * index
                let allItems = quiet ? 0 : 500 + 10 * index
                let writes = quiet || !burst ? [0, 0, 0] : [1_787, 109, 104]
                let evicted = second == 4 ? 20 * index : 0
                rows.append(
                    run.identity + [.double(Double(second)), .int(get)] + writes.map { .int($0) } + [
                        .int(allItems), .int(0), .int(get + allItems), .int(writes.reduce(0, +)),
                        .int(5_000 - (second >= 4 ? 20 * index : 0)), .int(burst && !quiet ? 2 : 0), .int(evicted),
                        pressure,
                    ])
            }
        }
        return table(designTimeseriesHeader, rows)
    }

    /// The operations that ran (no purge), ten percentiles each.
    static func designLatency(_ name: String, sweep: [Int]) -> CSVTable {
        let percentiles: [Double] = [0, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 100]
        var rows: [[CSVValue]] = []
        for run in designRunRows(name, sweep: sweep) {
            for (number, operation) in PlotFixture.parallelReaders.operations.enumerated() {
                for (step, percentile) in percentiles.enumerated() {
                    let latency = UInt64(1_000 * (number + 1) + 200 * run.design) << UInt64(step / 2)
                    rows.append(
                        run.identity + [
                            .string(operation), .double(percentile), .uint(latency), .uint(latency * 4 / 5), .uint(latency * 5 / 4),
                        ])
                }
            }
        }
        return table(designIdentity + ["operation", "percentile", "latency_ns", "latency_ns_min", "latency_ns_max"], rows)
    }
}
