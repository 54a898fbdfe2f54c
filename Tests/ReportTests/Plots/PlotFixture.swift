import Foundation
import Report
import Testing

/// Tiny result files of each scenario kind, written the way `ResultsWriter` writes them (CRLF,
/// header row), for the plot and page tests.
enum PlotFixture: String, CaseIterable, CustomTestStringConvertible {
    case scrollingTable = "scrolling-table"
    case navigation = "navigation"
    case drawing = "drawing"
    case parallelReaders = "parallel-readers"

    var testDescription: String { rawValue }

    /// The runs of every scrolling-table and navigation fixture file. Time-series plots of
    /// scrolling-table scenarios draw one run per policy: none/-, lru/repopulate and fifo/drop
    /// (fifo has no repopulate run).
    static let runs: [(policy: String, inUse: String)] = [
        ("none", "-"), ("lru", "repopulate"), ("lru", "pin"), ("fifo", "drop"),
    ]

    /// The runs of the drawing fixture: its three store policies, no in-use mode.
    static let drawingRuns: [(policy: String, inUse: String)] = [
        ("none", "-"), ("memory", "-"), ("memory+disk", "-"),
    ]

    /// The runs of the parallel-readers fixture: one per store design, no in-use mode.
    static let designRuns: [(policy: String, inUse: String)] = [
        ("gcd-barrier", "-"), ("rwlock", "-"), ("mutex", "-"), ("big-reader", "-"),
    ]

    /// The runs of this kind's fixture files.
    var fixtureRuns: [(policy: String, inUse: String)] {
        switch self {
        case .scrollingTable, .navigation: Self.runs
        case .drawing: Self.drawingRuns
        case .parallelReaders: Self.designRuns
        }
    }

    /// The file name of the per-run bar plot of this kind (parallel-readers has none).
    var creationsPlot: String? {
        switch self {
        case .scrollingTable: "instantiations"
        case .navigation: "creations"
        case .drawing: "fresh_draws"
        case .parallelReaders: nil
        }
    }

    /// The title of the per-run bar plot, up to the scenario name.
    var creationsTitle: String? {
        switch self {
        case .scrollingTable: "Controllers instantiated and bytes allocated per run: "
        case .navigation: "Controllers created and view-cache bytes per run: "
        case .drawing: "Fresh draws and bytes allocated per run: "
        case .parallelReaders: nil
        }
    }

    /// The title of the resident plot, up to the scenario name.
    var residentTitle: String {
        switch self {
        case .scrollingTable, .navigation: "What stays in memory: "
        case .drawing: "Bytes per cache tier: "
        case .parallelReaders: "Items in the store: "
        }
    }

    /// The titles of the plots drawn from a full fixture, up to the scenario name, in `Plotter`
    /// order.
    var plotTitles: [String] {
        switch self {
        case .parallelReaders:
            ["Throughput per store design: ", residentTitle, "Latency percentile spectrum: "]
        default:
            ["Hit rate over time: ", creationsTitle ?? "", residentTitle, "Latency percentile spectrum: "]
        }
    }

    /// The latency operations of the fixture's latency.csv, in panel order.
    var operations: [String] {
        switch self {
        case .scrollingTable: ["row_dequeue", "header_footer_dequeue", "frame_work"]
        case .navigation: ["transition"]
        case .drawing: ["fresh_draw", "cached_draw", "frame_work"]
        // No purge: a file lists the operations that ran.
        case .parallelReaders: ["get", "set", "remove", "bulk_add", "all_items"]
        }
    }

    /// The plots drawn from a full fixture, in `Plotter` order.
    var plotNames: [String] {
        switch self {
        case .parallelReaders: ["throughput", "resident", "latency"]
        default: ["hit_rate", creationsPlot ?? "", "resident", "latency"]
        }
    }

    /// The swept parameter of the fixture's sweeps.
    var sweepKey: String {
        self == .parallelReaders ? "readers.threads" : "cache.capacity"
    }

    /// Writes summary.csv, timeseries.csv and latency.csv into `directory/name`, with CRLF (or LF)
    /// line ends; `sweep` adds sweep_key/sweep_value columns and one summary row per value (for
    /// parallel-readers, whose files always have those columns, one row per value in every file).
    @discardableResult
    func write(
        into directory: URL, name: String, lineEnding: String = "\r\n", sweep: [Int] = []
    ) throws -> URL {
        let scenario = directory.appendingPathComponent(name, isDirectory: true)
        try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
        let tables =
            self == .parallelReaders
            ? [
                ("summary.csv", Self.designSummary(name, sweep: sweep)),
                ("timeseries.csv", Self.designTimeseries(name, sweep: sweep)),
                ("latency.csv", Self.designLatency(name, sweep: sweep)),
            ]
            : [
                ("summary.csv", summary(name, sweep: sweep)), ("timeseries.csv", timeseries(name)),
                ("latency.csv", latency(name)),
            ]
        for (file, table) in tables {
            let text = table.render().replacingOccurrences(of: "\r\n", with: lineEnding)
            try AtomicFile.write(text, to: scenario.appendingPathComponent(file))
        }
        try Self.describe(scenario, kind: rawValue, tables: tables.map(\.1))
        return scenario
    }

    /// Writes `columns.csv`, `plots.csv` and `scenario.yaml` describing `tables` (summary,
    /// timeseries, latency) into `scenario`. `plots.csv` is the real kind's (`Fixtures/<kind>.plots.csv`,
    /// which `KindPlotsTests` keeps equal to what the kind declares), or the plots its
    /// columns imply for a kind without one.
    static func describe(_ scenario: URL, kind: String, tables: [CSVTable]) throws {
        let headers = tables.map(\.header)
        let columns = FixtureColumns.describe(
            summary: headers.first ?? [], timeseries: headers.count > 1 ? headers[1] : [],
            latency: headers.count > 2 ? headers[2] : [], kind: kind)
        try AtomicFile.write(columns.render(), to: scenario.appendingPathComponent(ResultColumns.fileName))
        let declared = try? String(contentsOf: plotsFixtures.appendingPathComponent("\(kind).plots.csv"), encoding: .utf8)
        try AtomicFile.write(
            declared ?? PlotView.render(PlotView.defaults(for: columns)), to: scenario.appendingPathComponent(PlotView.fileName))
        try AtomicFile.write(
            "name: \(scenario.lastPathComponent)\nkind: \(kind)\n", to: scenario.appendingPathComponent("scenario.yaml"))
    }

    static func table(_ header: [String], _ rows: [[CSVValue]]) -> CSVTable {
        var table = CSVTable(header: header)
        table.rows = rows
        return table
    }

    private func summary(_ name: String, sweep: [Int]) -> CSVTable {
        let sweeps: [Int?] = sweep.isEmpty ? [nil] : sweep.map { $0 }
        let extra = sweep.isEmpty ? [] : ["sweep_key", "sweep_value"]
        var rows: [[CSVValue]] = []
        for value in sweeps {
            for (index, run) in fixtureRuns.enumerated() {
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
                case .drawing:
                    // none draws everything afresh; memory+disk also serves from disk.
                    let disk = run.policy == "memory+disk" ? 5 : 0
                    let cached = run.policy == "none"
                    row += [
                        .int(cached ? 0 : (value ?? 16) * 65_536), .int(600), .int(100), .int(hits - disk), .int(disk),
                        .int(misses), .double(Double(hits) / 100), .int(misses), .int(index), .int(2), .int(0),
                        .int(index), .int(1), .int(1), .int(0), .string("true"),
                        .uint(cached ? 0 : UInt64(300_000 + 40_000 * index)), .uint(disk > 0 ? 350_000 : 0),
                        .uint(UInt64(9_000_000 - 3_000_000 * index)), .uint(2_400_000), .uint(cached ? 0 : 12_000),
                        .int(2 - index),
                    ]
                case .parallelReaders:
                    preconditionFailure("parallel-readers files come from designSummary, designTimeseries and designLatency")
                }
                if let value {
                    row += [.string(sweepKey), .int(value)]
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
        case .drawing:
            header = [
                "scenario", "policy", "in_use", "seed", "capacity_bytes", "frames", "requests", "memory_hits",
                "disk_hits", "misses", "hit_rate", "fresh_draws", "expirations", "cancels", "invalid_entries",
                "memory_evictions", "memory_pressure_events", "restarts", "disk_write_failures", "complete",
                "memory_bytes_max", "disk_bytes_max", "allocated_bytes", "fresh_draw_p50_ns", "cached_draw_p50_ns",
                "frames_over_budget",
            ]
        case .parallelReaders:
            preconditionFailure("parallel-readers files come from designSummary, designTimeseries and designLatency")
        }
        return Self.table(header + extra, rows)
    }

    private func timeseries(_ name: String) -> CSVTable {
        var rows: [[CSVValue]] = []
        for (index, run) in fixtureRuns.enumerated() {
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
                case .drawing:
                    // A restart at second 7 empties the memory tier; the disk tier stays warm.
                    let disk = run.policy == "memory+disk" && second == 7 ? hits : 0
                    let memory = run.policy == "none" ? 0 : (second == 7 ? 0 : 20_000 * min(second, 5))
                    let onDisk = run.policy == "memory+disk" ? 24_000 * min(second, 6) : 0
                    row += [
                        .int(requests), .int(hits - disk), .int(disk), .int(requests - hits),
                        requests == 0 ? .empty : .double(Double(hits) / Double(requests)), .int(second == 3 ? 1 : 0),
                        .int(second % 2), .int(second == 7 ? 1 : 0), pressure, .int(memory), .int(onDisk),
                        .uint(UInt64(50_000 * (requests - hits) + 1_000)), .int(second == 2 ? 1 : 0),
                    ]
                case .parallelReaders:
                    preconditionFailure("parallel-readers files come from designSummary, designTimeseries and designLatency")
                }
                rows.append(row)
            }
        }
        switch self {
        case .scrollingTable:
            return Self.table(
                [
                    "scenario", "policy", "in_use", "t_s", "requests", "hits", "hit_rate", "instantiations",
                    "cached_controllers", "pool_controllers", "memory_pressure", "allocated_bytes",
                ], rows)
        case .navigation:
            return Self.table(
                [
                    "scenario", "policy", "in_use", "t_s", "creations", "view_cache_hits", "view_cache_misses",
                    "resident_controllers", "history_depth", "memory_pressure", "view_cache_bytes", "history_bytes",
                ], rows)
        case .drawing:
            return Self.table(
                [
                    "scenario", "policy", "in_use", "t_s", "requests", "memory_hits", "disk_hits", "misses", "hit_rate",
                    "expirations", "cancels", "restarts", "memory_pressure", "memory_bytes", "disk_bytes",
                    "allocated_bytes", "frames_over_budget",
                ], rows)
        case .parallelReaders:
            preconditionFailure("parallel-readers files come from designSummary, designTimeseries and designLatency")
        }
    }

    private func latency(_ name: String) -> CSVTable {
        let percentiles: [Double] = [0, 25, 50, 75, 90, 95, 99, 99.5, 99.9, 100]
        var rows: [[CSVValue]] = []
        for (index, run) in fixtureRuns.enumerated() {
            // As the drawing recorder writes them: a run without cache has no cached draws, so
            // its file lists fresh_draw and frame_work before any cached_draw.
            let operations = self == .drawing && run.policy == "none" ? ["fresh_draw", "frame_work"] : self.operations
            for (number, operation) in operations.enumerated() {
                for (step, percentile) in percentiles.enumerated() {
                    let latency = UInt64(300 * (number + 1) + 150 * index) << UInt64(step / 2)
                    rows.append([
                        .string(name), .string(run.policy), .string(run.inUse), .string(operation),
                        .double(percentile), .uint(latency), .uint(latency * 4 / 5), .uint(latency * 5 / 4),
                    ])
                }
            }
        }
        return Self.table(
            ["scenario", "policy", "in_use", "operation", "percentile", "latency_ns", "latency_ns_min", "latency_ns_max"], rows)
    }
}

/// The plots.csv of each real kind, written by `KindPlotsTests` (ScenariosTests).
let plotsFixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

/// The package's `scripts/` directory, found from this file's path.
let packageScripts = URL(fileURLWithPath: #filePath)
    .deletingLastPathComponent()  // Plots
    .deletingLastPathComponent()  // ReportTests
    .deletingLastPathComponent()  // Tests
    .deletingLastPathComponent()  // package root
    .appendingPathComponent("scripts", isDirectory: true)

/// Runs `scripts/plot.sh --format ascii` on `directory` and returns its exit status.
func runPlotScript(_ directory: URL) throws -> Int32 {
    let process = Process()
    process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
    process.arguments = ["bash", packageScripts.appendingPathComponent("plot.sh").path, "--format", "ascii", directory.path]
    process.standardOutput = FileHandle.nullDevice
    try process.run()
    process.waitUntilExit()
    return process.terminationStatus
}
