import Foundation
import Report
import Testing

/// Tiny result files of each scenario kind, written the way `ResultsWriter` writes them (CRLF,
/// header row), for the plot and page tests.
enum PlotFixture: String, CaseIterable, CustomTestStringConvertible {
    case scrollingTable = "scrolling-table"
    case navigation = "navigation"

    var testDescription: String { rawValue }

    /// The runs of every fixture file. Time-series plots of scrolling-table scenarios draw one run
    /// per policy: none/-, lru/repopulate and fifo/drop (fifo has no repopulate run).
    static let runs: [(policy: String, inUse: String)] = [
        ("none", "-"), ("lru", "repopulate"), ("lru", "pin"), ("fifo", "drop"),
    ]

    /// The file name of the per-run bar plot of this kind.
    var creationsPlot: String {
        switch self {
        case .scrollingTable: "instantiations"
        case .navigation: "creations"
        }
    }

    /// The plots drawn from a full fixture, in `Plotter` order.
    var plotNames: [String] {
        ["hit_rate", creationsPlot, "resident", "latency"]
    }

    /// Writes summary.csv, timeseries.csv and latency.csv into `directory/name`, with CRLF (or LF)
    /// line ends; `sweep` adds sweep_key/sweep_value columns and one summary row per value.
    @discardableResult
    func write(
        into directory: URL, name: String, lineEnding: String = "\r\n", sweep: [Int] = []
    ) throws -> URL {
        let scenario = directory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
        for (file, table) in [
            ("summary.csv", summary(name, sweep: sweep)), ("timeseries.csv", timeseries(name)),
            ("latency.csv", latency(name)),
        ] {
            let text = table.render().replacingOccurrences(of: "\r\n", with: lineEnding)
            try AtomicFile.write(text, to: scenario.appendingPathComponent(file))
        }
        return scenario
    }

    private func table(_ header: [String], _ rows: [[CSVValue]]) -> CSVTable {
        var table = CSVTable(header: header)
        table.rows = rows
        return table
    }

    private func summary(_ name: String, sweep: [Int]) -> CSVTable {
        let sweeps: [Int?] = sweep.isEmpty ? [nil] : sweep.map { $0 }
        let extra = sweep.isEmpty ? [] : ["sweep_key", "sweep_value"]
        var rows: [[CSVValue]] = []
        for value in sweeps {
            for (index, run) in Self.runs.enumerated() {
                let scale = Double(value ?? 16) / 16
                let hits = run.policy == "none" ? 0 : min(100, Int(Double(60 + 10 * index) * scale))
                let misses = 100 - hits
                var row: [CSVValue] = [.string(name), .string(run.policy), .string(run.inUse), .uint(42)]
                switch self {
                case .scrollingTable:
                    row += [
                        .int(value ?? 16), .int(100), .int(hits), .double(Double(hits) / 100), .int(misses),
                        .int(3 * index), .int(2), .uint(UInt64(200_000 + 50_000 * index)), .uint(1_200), .uint(9_800),
                        .uint(40_000), .int(0), .string("true"),
                    ]
                case .navigation:
                    row += [
                        .int(value ?? 6), .int(misses), .int(hits), .int(misses), .double(Double(hits) / 100),
                        .int(5 + index), .int(2), .int(8 - index), .int(12), .uint(UInt64(90_000 + 20_000 * index)),
                        .uint(50_000), .uint(180_000), .string("true"),
                    ]
                }
                if let value {
                    row += [.string("cache.capacity"), .int(value)]
                }
                rows.append(row)
            }
        }
        let header: [String]
        switch self {
        case .scrollingTable:
            header = [
                "scenario", "policy", "in_use", "seed", "capacity", "requests", "hits", "hit_rate", "instantiations",
                "evictions", "memory_pressure_events", "allocated_bytes", "dequeue_latency_p50_ns",
                "dequeue_latency_p99_ns", "frame_work_p99_ns", "frames_over_budget", "complete",
            ]
        case .navigation:
            header = [
                "scenario", "policy", "in_use", "seed", "capacity", "creations", "view_cache_hits",
                "view_cache_misses", "view_cache_hit_rate", "evictions", "memory_pressure_events",
                "resident_controllers_max", "history_depth_max", "view_cache_bytes_max",
                "transition_latency_p50_ns", "transition_latency_p99_ns", "complete",
            ]
        }
        return table(header + extra, rows)
    }

    private func timeseries(_ name: String) -> CSVTable {
        var rows: [[CSVValue]] = []
        for (index, run) in Self.runs.enumerated() {
            for second in 1...8 {
                let pressure: CSVValue = second == 4 ? .string("warning") : second == 6 ? .string("moderate+warning") : .empty
                let requests = second == 5 ? 0 : 10 + second
                let hits = run.policy == "none" ? 0 : min(requests, second + index)
                var row: [CSVValue] = [.string(name), .string(run.policy), .string(run.inUse), .double(Double(second))]
                switch self {
                case .scrollingTable:
                    row += [
                        .int(requests), .int(hits), requests == 0 ? .empty : .double(Double(hits) / Double(requests)),
                        .int(requests - hits), .int(run.policy == "none" ? 0 : 4 + second % 3 + index),
                        .int(second % 4), pressure, .uint(UInt64(10_000 * second)),
                    ]
                case .navigation:
                    row += [
                        .int(requests - hits), .int(hits), .int(requests - hits), .int(2 + second % 3 + index),
                        .int(second + index), pressure, .uint(UInt64(8_000 * (second % 4 + 1))),
                        .uint(UInt64(2_000 * second)),
                    ]
                }
                rows.append(row)
            }
        }
        switch self {
        case .scrollingTable:
            return table(
                [
                    "scenario", "policy", "in_use", "t_s", "requests", "hits", "hit_rate", "instantiations",
                    "cached_controllers", "pool_controllers", "memory_pressure", "allocated_bytes",
                ], rows)
        case .navigation:
            return table(
                [
                    "scenario", "policy", "in_use", "t_s", "creations", "view_cache_hits", "view_cache_misses",
                    "resident_controllers", "history_depth", "memory_pressure", "view_cache_bytes", "history_bytes",
                ], rows)
        }
    }

    private func latency(_ name: String) -> CSVTable {
        let operations = self == .scrollingTable ? ["row_dequeue", "header_footer_dequeue", "frame_work"] : ["transition"]
        let percentiles: [Double] = [0, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 100]
        var rows: [[CSVValue]] = []
        for (index, run) in Self.runs.enumerated() {
            for (number, operation) in operations.enumerated() {
                for (step, percentile) in percentiles.enumerated() {
                    let latency = UInt64(300 * (number + 1) + 150 * index) << UInt64(step / 2)
                    rows.append([
                        .string(name), .string(run.policy), .string(run.inUse), .string(operation),
                        .double(percentile), .uint(latency),
                    ])
                }
            }
        }
        return table(["scenario", "policy", "in_use", "operation", "percentile", "latency_ns"], rows)
    }
}

/// The package's `scripts/` directory, found from this file's path.
let packageScripts = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Plots
    .deletingLastPathComponent()  // ReportTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("scripts", isDirectory: true)
