import Foundation
import Testing

@testable import Report

/// A sweep of eight runs: one selection rule for every line plot (latency included), the heat
/// map of its grid, and `scripts/plot.sh` drawing the same as the Plotter.
@Suite("Plots: a sweep of more than six runs")
struct SweepPlotTests {
    /// Eight runs at capacities 2, 4 and 8 (summary), over time and with a latency spectrum (not
    /// keyed by capacity). `slow` is the worst at 8 only; `w` the worst at 2 and 4 and the
    /// lowest on average.
    static func write(in directory: URL, grid: Bool = true) throws -> URL {
        let scenario = directory.appendingPathComponent("sweep8", isDirectory: true)
        try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
        let runs = ["none", "best", "w", "slow", "a", "b", "c", "d"]
        let rates: [String: [Double]] = [
            "none": [0, 0, 0], "best": [0.5, 0.7, 0.9], "w": [0.1, 0.2, 0.85], "slow": [0.45, 0.6, 0.3],
            "a": [0.4, 0.6, 0.8], "b": [0.39, 0.59, 0.79], "c": [0.38, 0.58, 0.78], "d": [0.37, 0.57, 0.77],
        ]
        var summary = ["scenario,policy,in_use,run,sweep_key,sweep_value,requests,hits,hit_rate,instantiations,allocated_bytes"]
        for (step, capacity) in [2, 4, 8].enumerated() {
            for (index, run) in runs.enumerated() {
                let rate = rates[run, default: []][step]
                let hits = Int(rate * 100)
                summary.append(
                    "sweep8,\(run),-,\(index),cache.capacity,\(capacity),100,\(hits),\(CSVValue.format(rate)),\(100 - hits),\(1000 * (index + 1))"
                )
            }
        }
        var timeseries = ["scenario,policy,in_use,t_s,requests,hits,hit_rate,cached_controllers,pool_controllers"]
        var latency = ["scenario,policy,in_use,operation,percentile,latency_ns,latency_ns_min,latency_ns_max"]
        for (index, run) in runs.enumerated() {
            for second in 1...4 {
                let hits = run == "none" ? 0 : min(10, second + index)
                timeseries.append("sweep8,\(run),-,\(second),10,\(hits),\(CSVValue.format(Double(hits) / 10)),\(second),2")
            }
            for (step, percentile) in [0, 50, 90, 99, 99.9].enumerated() {
                let value = (300 + 150 * index) << (step / 2)
                latency.append("sweep8,\(run),-,row_dequeue,\(percentile),\(value),\(value * 4 / 5),\(value * 5 / 4)")
            }
        }
        let tables = [summary, timeseries, latency]
        for (name, lines) in zip(["summary.csv", "timeseries.csv", "latency.csv"], tables) {
            try AtomicFile.write(lines.joined(separator: "\r\n") + "\r\n", to: scenario.appendingPathComponent(name))
        }
        try PlotFixture.describe(
            scenario, kind: "scrolling-table",
            tables: tables.map { PlotFixture.table($0[0].split(separator: ",").map(String.init), []) })
        if grid {
            try DecisionReport.write(scenarioDirectory: scenario, question: nil)
        }
        return scenario
    }

    static let note = "4 of 8 runs: baseline none; best and worst at each cache.capacity by hit_rate (higher is better)"

    @Test(
        "one rule for every line plot: hit rate, resident, latency and sweep draw the same runs, by the decision metric, with the same subtitle"
    )
    func oneRuleForEveryPlot() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let jobs = try PlotJob.jobs(scenarioDirectory: try Self.write(in: directory.url))
        #expect(jobs.map(\.name) == ["hit_rate", "instantiations", "resident", "latency", "sweep", "heatmap"])
        for name in ["hit_rate", "resident", "latency", "sweep"] {
            let job = try #require(jobs.first { $0.name == name })
            #expect(job.variables.contains(.init("runs", "none/- best/- w/- slow/-")), "\(name)")
            #expect(job.variables.contains(.init("drawn", Self.note)), "\(name)")
        }
    }

    @Test("the ranking metric: decision.csv's, else grid.csv's (its top-left cell), else the first metric plots.csv names")
    func rankingMetric() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try Self.write(in: directory.url, grid: false)
        #expect(DecisionReport.rankingMetric(scenarioDirectory: scenario) == "hit_rate")
        try AtomicFile.write("instantiations,2,4,8,knee\r\n", to: scenario.appendingPathComponent("grid.csv"))
        #expect(DecisionReport.rankingMetric(scenarioDirectory: scenario) == "instantiations")
        try DecisionReport.write(scenarioDirectory: scenario, question: DecisionQuestion(goal: [.init("allocated_bytes", .atMost, 5000)]))
        #expect(DecisionReport.rankingMetric(scenarioDirectory: scenario) == "allocated_bytes")
        let hitRate = try #require(try PlotJob.jobs(scenarioDirectory: scenario).first { $0.name == "hit_rate" })
        #expect(hitRate.variables.contains { $0.name == "drawn" && $0.literal.contains("by allocated_bytes (lower is better)") })
    }

    @Test("the heat map: drawn for a sweep with a grid.csv, every run and sweep value, the best marked (gnuplot text, golden)")
    func heatmap() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try Self.write(in: directory.url)
        let job = try #require(try PlotJob.jobs(scenarioDirectory: scenario).first { $0.name == "heatmap" })
        #expect(
            Gnuplot.assignments(job.variables).replacingOccurrences(of: scenario.path, with: "$DIR")
                == "scenario='sweep8'; short_names=1; grid='$DIR/grid.csv'; runs=8; values=3; sweep_key='cache.capacity'; metric='hit_rate'; better='higher'; unit='number'"
        )
        let written = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: scenario, formats: [.ascii, .png])
        #expect(written.map(\.lastPathComponent).contains("heatmap.png"))
        let text = try String(contentsOf: scenario.appendingPathComponent("heatmap.txt"), encoding: .utf8)
        #expect(text.contains("0.9*") && text.contains("0.5*") && text.contains(" slow |"))
        try PlotGoldenTests().check(text, "sweep8.heatmap.txt")
        let none = try Self.write(in: directory.url.appendingPathComponent("nogrid"), grid: false)
        let jobs = try PlotJob.jobs(scenarioDirectory: none)
        #expect(!jobs.contains { $0.name == "heatmap" })
    }

    @Test("a sweep of more than six runs: scripts/plot.sh draws the same runs, subtitles and heat map as the Plotter")
    func plotScriptAgrees() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let byPlotter = try Self.write(in: directory.url.appendingPathComponent("swift"))
        let byScript = try Self.write(in: directory.url.appendingPathComponent("shell"))
        let written = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: byPlotter, formats: [.ascii])
        #expect(try runPlotScript(byScript) == 0)
        #expect(written.count == 6)
        for file in written {
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(
                try String(contentsOf: byScript.appendingPathComponent(file.lastPathComponent), encoding: .utf8) == expected,
                "\(file.lastPathComponent)")
        }
    }
}
