import Foundation
import Testing

@testable import Report

/// Golden files of the plots a person reads: the gnuplot variables each view gets, and the text
/// gnuplot draws from the fixture (the dumb terminal's output shows the axes' ranges and ticks,
/// the lines and the legend). `WORKBENCH_RECORD_GOLDEN=1 swift test --filter PlotGolden`
/// rewrites them; review the diff.
@Suite("Plots: golden files")
struct PlotGoldenTests {
    static let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")

    /// Compares `text` with golden file `name` (or records it).
    func check(_ text: String, _ name: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
        let url = Self.golden.appendingPathComponent(name)
        if ProcessInfo.processInfo.environment["WORKBENCH_RECORD_GOLDEN"] != nil {
            try AtomicFile.write(text, to: url)
        }
        let expected = try String(contentsOf: url, encoding: .utf8)
        #expect(text == expected, "\(name) differs from its golden file", sourceLocation: sourceLocation)
    }

    /// A scrolling-table scenario of eight runs, two memory-pressure levels, hit rates that
    /// zigzag per interval, and a level reaching its maximum at the last sample.
    func eightRuns(in directory: URL) throws -> URL {
        let scenario = directory.appendingPathComponent("eight")
        try FileManager.default.createDirectory(at: scenario, withIntermediateDirectories: true)
        let runs = [
            ("none", "-"), ("lru", "repopulate"), ("lru", "pin"), ("lru", "drop"), ("fifo", "repopulate"), ("fifo", "pin"),
            ("fifo", "drop"), ("random", "drop"),
        ]
        let identity = "scenario,policy,in_use,run,sweep_key,sweep_value"
        var summary = [identity + ",requests,hits,hit_rate,instantiations,allocated_bytes"]
        var timeseries = [identity + ",t_s,requests,hits,hit_rate,cached_controllers,pool_controllers,memory_pressure"]
        for (index, run) in runs.enumerated() {
            let prefix = "eight,\(run.0),\(run.1),\(index),,"
            let hits = run.0 == "none" ? 0 : 40 + 5 * index
            summary.append(prefix + ",100,\(hits),\(Double(hits) / 100),\(100 - hits),\(1000 * (index + 1))")
            for step in 1...6 {
                let requests = step % 2 == 0 ? 4 : 20
                let stepHits = run.0 == "none" ? 0 : (step % 2 == 0 ? 1 : 15)
                let pressure = step == 2 ? "moderate" : step == 4 ? "warning" : ""
                timeseries.append(
                    prefix + ",\(step),\(requests),\(stepHits),\(Double(stepHits) / Double(requests)),"
                        + "\(run.0 == "none" ? 0 : min(step, 3) + index % 2),\(step == 6 ? 7 : 2),\(pressure)")
            }
        }
        try AtomicFile.write(summary.joined(separator: "\r\n") + "\r\n", to: scenario.appendingPathComponent("summary.csv"))
        try AtomicFile.write(timeseries.joined(separator: "\r\n") + "\r\n", to: scenario.appendingPathComponent("timeseries.csv"))
        try PlotFixture.describe(
            scenario, kind: "scrolling-table",
            tables: [
                PlotFixture.table(summary[0].split(separator: ",").map(String.init), []),
                PlotFixture.table(timeseries[0].split(separator: ",").map(String.init), []),
            ])
        return scenario
    }

    /// The text of view `view` of the eight-run fixture, drawn by gnuplot's dumb terminal.
    func drawn(_ view: String) throws -> String {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try eightRuns(in: directory.url)
        let plots = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: scenario, formats: [.ascii])
        return try String(contentsOf: try #require(plots.first { $0.lastPathComponent == "\(view).txt" }), encoding: .utf8)
    }

    @Test(
        "more than six runs: the baseline, the best and the worst by the plot's metric are drawn, and the subtitle says so (gnuplot variables, golden)"
    )
    func atMostSixRuns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try eightRuns(in: directory.url)
        let text =
            try PlotJob.jobs(scenarioDirectory: scenario).map { job in
                "\(job.name) \(job.script): " + Gnuplot.assignments(job.variables).replacingOccurrences(of: scenario.path, with: "$DIR")
            }.joined(separator: "\n") + "\n"
        try check(text, "eight-runs.jobs.txt")
    }

    @Test("hit rate: cumulative solid over the faint per-interval rate; moderate and warning marked apart (gnuplot text, golden)")
    func hitRate() throws {
        let text = try drawn("hit_rate")
        #expect(text.contains("memory pressure: moderate") && text.contains("memory pressure: warning"))
        #expect(text.contains("3 of 8 runs: baseline none, best random/drop, worst lru/repopulate by hit_rate (higher is better)"))
        try check(text, "eight-runs.hit_rate.txt")
    }

    @Test("resident: a level at its maximum stays inside the frame, count axes tick whole numbers (gnuplot text, golden)")
    func resident() throws {
        let text = try drawn("resident")
        #expect(!text.contains(".5 "), "no half ticks on a count axis")
        try check(text, "eight-runs.resident.txt")
    }

    @Test("bars: the tallest bar on either axis stays below the frame (gnuplot text, golden)")
    func bars() throws {
        let text = try drawn("instantiations")
        try check(text, "eight-runs.instantiations.txt")
    }

    @Test("more than six runs: scripts/plot.sh draws the same runs and subtitle as the Plotter")
    func atMostSixRunsInPlotScript() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let byPlotter = try eightRuns(in: directory.url.appendingPathComponent("swift"))
        let byScript = try eightRuns(in: directory.url.appendingPathComponent("shell"))
        let written = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: byPlotter, formats: [.ascii])
        #expect(try runPlotScript(byScript) == 0)
        #expect(written.count == 3)
        for file in written {
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(try String(contentsOf: byScript.appendingPathComponent(file.lastPathComponent), encoding: .utf8) == expected)
        }
    }
}
