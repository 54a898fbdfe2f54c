import Foundation
import Testing

@testable import Report

/// The plots a team reads on its result pages: run labels that never overlap, no panel of
/// nothing, ratio axes that fit their values, byte counts as 2 MiB.
@Suite("Plots: what a team reads")
struct PlotReadabilityTests {
    /// A scrolling-table-like scenario directory: `runs` runs (policy `p<i>`, in use `drop`, or
    /// `lru`/`fifo` with a sweep), hit rates from `rates` (each run's intervals cycle through
    /// them), a reuse pool that holds `pool` controllers, and with `sweep` one summary row per
    /// run and swept value of `sweepKey` (a byte capacity by default).
    static func write(
        in directory: URL, name: String = "shop", runs: Int = 4, rates: [Double] = [0.88, 0.97, 0.91, 0.94],
        pool: Int = 0, sweep: [Int] = [], sweepKey: String = "capacity_bytes"
    ) throws -> URL {
        let scenario = directory.appendingPathComponent(name)
        try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
        let identity = "scenario,policy,in_use,run,sweep_key,sweep_value"
        var summary = [identity + ",capacity_bytes,requests,hits,hit_rate,instantiations,allocated_bytes"]
        var timeseries = [identity + ",t_s,requests,hits,hit_rate,cached_controllers,pool_controllers"]
        let policies = sweep.isEmpty ? (0..<runs).map { "p\($0)" } : ["lru", "fifo"]
        let points: [Int?] = sweep.isEmpty ? [nil] : sweep.map { $0 }
        var run = 0
        for point in points {
            for (index, policy) in policies.enumerated() {
                let key = point == nil ? "," : "\(sweepKey),\(point ?? 0)"
                let prefix = "\(name),\(policy),drop,\(run),\(key)"
                let rate = rates[(index + run) % rates.count]
                summary.append(
                    prefix + ",\(point ?? 2_097_152),1000,\(Int(rate * 1000)),\(rate),\(10 + index),\(1_048_576 * (index + 1))")
                for step in 1...6 {
                    let stepRate = rates[(index + step) % rates.count]
                    timeseries.append(prefix + ",\(step),100,\(Int(stepRate * 100)),\(stepRate),\(min(step, 3)),\(pool)")
                }
                run += 1
            }
        }
        try AtomicFile.write(summary.joined(separator: "\r\n") + "\r\n", to: scenario.appendingPathComponent("summary.csv"))
        try AtomicFile.write(timeseries.joined(separator: "\r\n") + "\r\n", to: scenario.appendingPathComponent("timeseries.csv"))
        let columns = ResultColumns(
            summary: SharedColumns.identity + [
                .identity("capacity_bytes", .bytes, "the cache's capacity in bytes"),
                .count("requests", .neutral, "requests", views: [.table]),
                .count("hits", .higherIsBetter, "hits"),
                .count("hit_rate", .higherIsBetter, "hits / requests", unit: .ratio, views: [.table]),
                .count("instantiations", .lowerIsBetter, "controllers created", views: [.table, .bars]),
                .measured("allocated_bytes", .bytes, .lowerIsBetter, "bytes allocated", views: [.table]),
            ],
            timeseries: SharedColumns.identity + [
                SharedColumns.time,
                .count("requests", .neutral, "requests in the interval"),
                .count("hits", .higherIsBetter, "hits in the interval"),
                .count("hit_rate", .higherIsBetter, "hits / requests of the interval", unit: .ratio),
                .measured("cached_controllers", .count, .neutral, "cached controllers"),
                .measured("pool_controllers", .count, .neutral, "pooled header/footer controllers"),
            ],
            latency: [])
        try AtomicFile.write(columns.render(), to: scenario.appendingPathComponent(ResultColumns.fileName))
        let views: [PlotView] = [
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
            .sweep(
                [.init("hit rate", label: "hit rate (hits / requests)", columns: ["hit_rate"])], metric: "hit_rate",
                columns: columns),
        ]
        try AtomicFile.write(PlotView.render(views), to: scenario.appendingPathComponent(PlotView.fileName))
        try AtomicFile.write("name: \(name)\nkind: scrolling-table\n", to: scenario.appendingPathComponent("scenario.yaml"))
        return scenario
    }

    /// The value of variable `name` of `job`, as gnuplot source (`90`, `'bytes'`).
    func variable(_ name: String, of job: PlotJob) -> String? {
        job.variables.last { $0.name == name }?.literal
    }

    /// The numbers labelling the y axis of a dumb-terminal plot (the first panel's and those
    /// after it): a number at the start of a line, followed by a frame or tick mark.
    static func yTicks(_ text: String) -> [Double] {
        text.split(separator: "\n").compactMap { line in
            let parts = line.split(separator: " ", omittingEmptySubsequences: true)
            guard parts.count >= 2, let value = Double(parts[0]), parts[1].hasPrefix("|") || parts[1].hasPrefix("+") else {
                return nil
            }
            return value
        }
    }

    @Test("a bar plot of 35 runs gets upright run labels on a plot wide enough that no two labels overlap")
    func manyRunsBars() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try Self.write(in: directory.url, runs: 35)

        let bars = try #require(try PlotJob.jobs(scenarioDirectory: scenario).first { $0.name == "instantiations" })

        #expect(variable("xtics_angle", of: bars) == "90", "upright labels: each as wide as one line of text")
        // 1000 pixels wide by default; the legend and axes take about 360, and an upright
        // 10-point label about 14: each run needs that much room at least.
        let width = try #require(variable("width", of: bars).flatMap { Int($0) })
        #expect(width - 360 >= 35 * 14, "\(width) pixels for 35 runs")
        // A few runs keep the default layout.
        let few = try Self.write(in: directory.url, name: "few", runs: 4)
        let fewBars = try #require(try PlotJob.jobs(scenarioDirectory: few).first { $0.name == "instantiations" })
        #expect(variable("xtics_angle", of: fewBars) == nil && variable("width", of: fewBars) == nil)
    }

    @Test("a panel whose columns are zero in every run (an empty reuse pool) is neither drawn nor listed")
    func emptyPanel() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let empty = try Self.write(in: directory.url, name: "no-headers", pool: 0)
        let filled = try Self.write(in: directory.url, name: "headers", pool: 3)

        let resident = try #require(try PlotJob.jobs(scenarioDirectory: empty).first { $0.name == "resident" })
        #expect(variable("panels", of: resident) == "1")
        #expect(variable("panel1_title", of: resident) == "'controller cache'")
        #expect(!resident.variables.contains { $0.literal.contains("reuse pool") || $0.name.hasPrefix("panel2") })
        let kept = try #require(try PlotJob.jobs(scenarioDirectory: filled).first { $0.name == "resident" })
        #expect(variable("panels", of: kept) == "2" && variable("panel2_title", of: kept) == "'reuse pool'")
        if Plotter.isGnuplotAvailable {
            let text = try Plotter(scriptsDirectory: packageScripts).asciiPlots(scenarioDirectory: empty)
            #expect(text.contains("controller cache") && !text.contains("reuse pool"))
        }
    }

    @Test(
        "a hit-rate axis fits rates between 0.88 and 0.97 (a margin around them, within 0 to 1) in the hit-rate and sweep plots",
        .enabled(if: Plotter.isGnuplotAvailable, "gnuplot is not installed"))
    func hitRateAxisFits() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try Self.write(in: directory.url, sweep: [1_048_576, 2_097_152, 4_194_304])

        let written = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: scenario, formats: [.ascii])

        for view in ["hit_rate", "sweep"] {
            let file = try #require(written.first { $0.lastPathComponent == "\(view).txt" })
            let ticks = Self.yTicks(try String(contentsOf: file, encoding: .utf8))
            #expect(ticks.count >= 3, "\(view): \(ticks)")
            // Not 0 to 1: the lowest tick within a margin of 0.88, none above 1.
            #expect((ticks.min() ?? 0) >= 0.8, "\(view): \(ticks)")
            #expect((ticks.max() ?? 2) <= 1, "\(view): \(ticks)")
        }
    }

    @Test(
        "a hit-rate axis over rates from 0 to 1 (no cache beside a good one) ticks at a round step, at most eight labels, not every 0.005",
        .enabled(if: Plotter.isGnuplotAvailable, "gnuplot is not installed"))
    func hitRateAxisFromZeroToOne() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try Self.write(in: directory.url, rates: [0, 0.99, 0.91, 0.94])

        let written = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: scenario, formats: [.ascii, .svg])
        let text = try String(contentsOf: try #require(written.first { $0.lastPathComponent == "hit_rate.txt" }), encoding: .utf8)
        let ticks = Self.yTicks(text)
        #expect((3...8).contains(ticks.count), "\(ticks)")
        #expect((ticks.min() ?? 1) <= 0 && (ticks.max() ?? 0) >= 0.8, "\(ticks)")
        // The SVG (what the page shows) has as few: its y tick labels are the numbers 0 to 1.
        let svg = try String(contentsOf: try #require(written.first { $0.lastPathComponent == "hit_rate.svg" }), encoding: .utf8)
        let labels = svg.components(separatedBy: "text-anchor=\"end\"").count - 1
        #expect(labels <= 20, "y tick labels in the SVG: \(labels)")
    }

    @Test("a sweep of byte capacities labels its plots 1 MiB, 2 MiB, 4 MiB, not 1048576")
    func byteSweepLabels() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try Self.write(in: directory.url, sweep: [1_048_576, 2_097_152, 4_194_304])

        let jobs = try PlotJob.jobs(scenarioDirectory: scenario)
        #expect(jobs.allSatisfy { variable("sweep_unit", of: $0) == "'bytes'" }, "every plot of the sweep")
        guard Plotter.isGnuplotAvailable else { return }
        let written = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: scenario, formats: [.svg])
        let sweep = try String(contentsOf: try #require(written.first { $0.lastPathComponent == "sweep.svg" }), encoding: .utf8)
        for label in ["1 MiB", "2 MiB", "4 MiB"] {
            #expect(sweep.contains(">\(label)<"), "sweep axis \(label)")
        }
        #expect(!sweep.contains("1048576"))
        let bars = try String(
            contentsOf: try #require(written.first { $0.lastPathComponent == "instantiations.svg" }), encoding: .utf8)
        #expect(bars.contains("lru/drop@2 MiB"), "bar labels name the run's capacity in MiB")
    }

    @Test("byte counts read in powers of 1024: 512 B, 1.5 KiB, 2 MiB, 1.43 MiB, 3 GiB")
    func byteCountText() {
        #expect(ByteCount.text(512) == "512 B")
        #expect(ByteCount.text(1536) == "1.5 KiB")
        #expect(ByteCount.text(2_097_152) == "2 MiB")
        #expect(ByteCount.text(1_500_000) == "1.43 MiB")
        #expect(ByteCount.text(3 * 1_073_741_824) == "3 GiB")
        #expect(ByteCount.text(cell: "") == "" && ByteCount.text(cell: "n/a") == "n/a")
        #expect(ByteCount.isText("2 MiB") && !ByteCount.isText("2097152"))
    }
}
