import Foundation
import Testing

@testable import Report

/// How the plots know the parallel-readers kind: from its plots.csv, no hit rate over time and
/// no instantiations, a throughput view, every design over time, its store operations as latency
/// panels. No gnuplot needed.
@Suite("Plots: parallel-readers kind and jobs")
struct ParallelReadersPlotJobTests {
    private let others = ["memory_hits", "view_cache_hits", "hit_rate"]

    @Test("the kind's views come from plots.csv: throughput and resident, no hit rate over time, no bars")
    func viewsFromColumns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "quotes")
        let names = try PlotJob.jobs(scenarioDirectory: scenario).map(\.name)
        #expect(names == ["throughput", "resident", "latency"])
    }

    @Test("parallel-readers jobs: throughput from the summary and every design over time, resident, latency of the operations that ran")
    func jobs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "ticker")
        let summary = scenario.appendingPathComponent("summary.csv").path
        let timeseries = scenario.appendingPathComponent("timeseries.csv").path

        let jobs = try PlotJob.jobs(scenarioDirectory: scenario)

        #expect(jobs.map(\.name) == ["throughput", "resident", "latency"])
        #expect(jobs.map(\.script) == ["throughput.gp", "resident.gp", "latency.gp"])
        let designs = "gcd-barrier/- rwlock/- mutex/- big-reader/-"
        #expect(
            Array(jobs[0].variables.prefix(7)) == [
                .init("scenario", "ticker"), .init("short_names", 1), .init("summary", summary), .init("keyed", 0),
                .init("timeseries", timeseries), .init("runs", designs), .init("series_keyed", 0),
            ])
        #expect(!jobs.contains { $0.variables.contains { $0.name == "kind" } }, "the scripts are not told the kind")
        #expect(jobs[1].variables.contains(.init("runs", designs)), "every design over time")
        #expect(jobs[2].variables.contains(.init("operations", "get set remove bulk_add all_items")))
    }

    @Test("a parallel-readers sweep keys bars and lines by sweep value and adds the sweep job")
    func sweepJobs() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "swept", sweep: [1, 4])

        let jobs = try PlotJob.jobs(scenarioDirectory: scenario)

        #expect(jobs.map(\.name) == ["throughput", "resident", "latency", "sweep"])
        // Eight runs over time (four designs at two values): the best and the worst at each value are drawn.
        let throughput = jobs[0].variables
        #expect(throughput.contains(.init("keyed", 1)) && throughput.contains(.init("series_keyed", 1)))
        #expect(throughput.contains(.init("runs", "gcd-barrier/-@1 big-reader/-@1 gcd-barrier/-@4 big-reader/-@4")))
        #expect(
            throughput.contains(.init("drawn", "4 of 8 runs: best and worst at each readers.threads by read_ops_per_s (higher is better)")))
        #expect(jobs[3].variables.contains(.init("sweep_key", "readers.threads")))
        #expect(jobs[3].variables.contains(.init("runs", "gcd-barrier/- rwlock/- mutex/- big-reader/-")))
    }

    @Test("without timeseries.csv, parallel-readers draws the throughput bars alone and no resident view")
    func withoutTimeseries() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "ticker")
        try FileManager.default.removeItem(at: scenario.appendingPathComponent("timeseries.csv"))

        let jobs = try PlotJob.jobs(scenarioDirectory: scenario)

        #expect(jobs.map(\.name) == ["throughput", "latency"])
        #expect(!jobs[0].variables.contains { ["timeseries", "runs", "series_keyed"].contains($0.name) })
    }
}

/// The parallel-readers plots drawn by the real gnuplot; skipped where it is not installed.
@Suite("Plots: parallel-readers with gnuplot", .enabled(if: Plotter.isGnuplotAvailable, "gnuplot is not installed"))
struct ParallelReadersPlotterTests {
    private let plotter = Plotter(scriptsDirectory: packageScripts)

    @Test(
        "parallel-readers draws throughput per design (bars, reads and writes over time), items in the store and a latency panel per operation that ran"
    )
    func views() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "ticker")

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.ascii, .svg])

        let views = ["throughput", "resident", "latency"]
        #expect(written.map(\.lastPathComponent) == views.flatMap { ["\($0).svg", "\($0).txt"] })
        func read(_ file: String) throws -> String {
            try String(contentsOf: scenario.appendingPathComponent(file), encoding: .utf8)
        }
        let (throughput, resident, latency) = try (read("throughput.txt"), read("resident.txt"), read("latency.txt"))
        for label in [
            "Throughput per store design: ticker", "mean over the measured window", "reads/s", "writes/s (right axis)",
            "store design", "reads (get + all_items) per interval", "writes (set + remove + bulk_add + purge) per interval",
            "time from the start of the run (s)", "memory pressure",
        ] {
            #expect(throughput.contains(label), "throughput: \(label)")
        }
        for label in ["Items in the store: ticker", "evictions (purges and the eviction rule)", "memory pressure"] {
            #expect(resident.contains(label), "resident: \(label)")
        }
        for view in [throughput, resident, latency] {
            for run in PlotFixture.designRuns {
                #expect(view.contains(run.policy), "design \(run.policy)")
            }
            #expect(!view.contains("/-"), "designs are named without the in-use mode")
        }
        // One panel per operation in the file, in the kind's order; none for purge, which did not run.
        let panels = latency.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            .filter { ["get", "set", "remove", "bulk_add", "all_items", "purge"].contains($0) }
        #expect(panels == PlotFixture.parallelReaders.operations)
        // Axis labels (vertical, so not in the text plots) name their units.
        let bars = try read("throughput.svg")
        #expect(bars.contains("reads per second") && bars.contains("writes per second"))
        let store = try read("resident.svg")
        #expect(store.contains("items in the store") && store.contains("items evicted per interval"))
        #expect(try read("latency.svg").contains("latency (ns)"))
    }

    @Test(
        "pressure marks, moderate and warning apart, come from the timeseries' last column as written, not from gnuplot's stale reading of an empty last field"
    )
    func pressureMarks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "ticker")
        let script = directory.url.appendingPathComponent("print-pressure.gp")
        try AtomicFile.write(
            "load \(Gnuplot.quote(packageScripts.appendingPathComponent("common.gp").path))\n"
                + "@find_pressure\nset print \"-\"\nprint $MODERATE\nprint \"--\"\nprint $WARNING\nprint pressure_seen\n",
            to: script)

        let output = try Gnuplot.run(
            script: script,
            variables: [
                .init("kind", "parallel-readers"), .init("format", "ascii"), .init("out", ""),
                .init("timeseries", scenario.appendingPathComponent("timeseries.csv").path),
            ])

        // Moderate pressure at 4 s and 6 s in each of the four runs, a warning at 6 s too; none at
        // 5 s, whose line is shorter.
        let lines = String(decoding: output, as: UTF8.self).split(separator: "\n").map(String.init)
        let runs = PlotFixture.designRuns.count
        #expect(
            lines == Array(repeating: ["4", "6"], count: runs).flatMap { $0 } + ["--"] + Array(repeating: "6", count: runs)
                + ["1"])
    }

    @Test("a parallel-readers timeseries without memory pressure draws no pressure marks")
    func noPressure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "calm")
        let timeseries = scenario.appendingPathComponent("timeseries.csv")
        let text = try String(contentsOf: timeseries, encoding: .utf8)
        try AtomicFile.write(
            text.replacingOccurrences(of: ",moderate+warning\r\n", with: ",\r\n")
                .replacingOccurrences(of: ",moderate\r\n", with: ",\r\n"),
            to: timeseries)

        let plots = try plotter.asciiPlots(scenarioDirectory: scenario)

        #expect(plots.contains("reads (get + all_items) per interval"))
        #expect(!plots.contains("memory pressure"))
    }

    @Test("without timeseries.csv the throughput plot is the bars alone")
    func barsAlone() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "ticker")
        try FileManager.default.removeItem(at: scenario.appendingPathComponent("timeseries.csv"))

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.png, .ascii])
        let bars = try String(contentsOf: scenario.appendingPathComponent("throughput.txt"), encoding: .utf8)

        #expect(written.map(\.lastPathComponent) == ["throughput.png", "throughput.txt", "latency.png", "latency.txt"])
        #expect(bars.contains("Throughput per store design: ticker") && bars.contains("big-reader"))
        #expect(!bars.contains("per interval"))
        #expect(try Data(contentsOf: scenario.appendingPathComponent("throughput.png")).count > 5 * 1024)
    }

    @Test("a parallel-readers sweep draws read throughput and get p99 latency against the swept value, one line per design")
    func sweep() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.parallelReaders.write(into: directory.url, name: "swept", sweep: [1, 2, 4])

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.ascii, .svg])
        func read(_ file: String) throws -> String {
            try String(contentsOf: scenario.appendingPathComponent(file), encoding: .utf8)
        }

        #expect(written.map(\.lastPathComponent).filter { $0.hasSuffix(".txt") }.count == 4)
        let sweep = try read("sweep.txt")
        for label in ["Sweep of readers.threads: swept", "read throughput", "get latency, 99th percentile"] {
            #expect(sweep.contains(label), "\(label)")
        }
        for run in PlotFixture.designRuns {
            #expect(sweep.contains(run.policy), "\(run.policy)")
        }
        #expect(!sweep.contains("hit rate"))
        let axes = try read("sweep.svg")
        #expect(axes.contains("reads per second (get + all_items)") && axes.contains("get p99 latency (ns)"))
        // Over time, each design at each swept value is its own run: 12 runs, of which the best
        // and the worst by reads per second at each swept value are drawn.
        let overTime = try read("throughput.txt")
        #expect(overTime.contains("6 of 12 runs: best and worst at each readers.threads by read_ops_per_s (higher is better)"))
        #expect(overTime.contains("big-reader@4") && !overTime.contains("rwlock@2"))
    }
}
