import Foundation
import Testing

@testable import Report

/// Confidence intervals in summary.csv (`<metric>_ci_low`, `<metric>_ci_high`, a 95% interval of
/// the median over repetitions) are drawn as error bars by the bar and sweep plots; without them
/// the plots are as before.
@Suite("Plots: confidence intervals as error bars", .enabled(if: Plotter.isGnuplotAvailable, "gnuplot is not installed"))
struct ErrorBarPlotTests {
    /// The scrolling-table fixture swept over two capacities; with `intervals`, its summary gets
    /// an interval of ±20% around instantiations and allocated_bytes, ±0.05 around hit_rate.
    func scenario(in directory: URL, intervals: Bool) throws -> URL {
        let scenario = try PlotFixture.scrollingTable.write(into: directory, name: "ci", sweep: [8, 16])
        guard intervals else { return scenario }
        let url = scenario.appendingPathComponent("summary.csv")
        let parsed = try CSVTable.parse(try String(contentsOf: url, encoding: .utf8))
        let widths = ["instantiations": 0.2, "allocated_bytes": 0.2, "hit_rate": 0.0]
        var table = CSVTable(header: parsed.header + widths.keys.sorted().flatMap { ["\($0)_ci_low", "\($0)_ci_high"] })
        for row in parsed.rows {
            var values = row.map { CSVValue.string($0) }
            for name in widths.keys.sorted() {
                let value = Double(row[parsed.header.firstIndex(of: name) ?? 0]) ?? 0
                let width = name == "hit_rate" ? 0.05 : value * (widths[name] ?? 0)
                values += [.double(value - width), .double(value + width)]
            }
            try table.append(values)
        }
        try AtomicFile.write(table.render(), to: url)
        return scenario
    }

    func drawn(intervals: Bool, _ file: String) throws -> (jobs: [PlotJob], text: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try scenario(in: directory.url, intervals: intervals)
        let jobs = try PlotJob.jobs(scenarioDirectory: scenario)
        try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: scenario, formats: [.ascii, .svg])
        return (jobs, try String(contentsOf: scenario.appendingPathComponent(file), encoding: .utf8))
    }

    @Test("summary columns with _ci_low and _ci_high are passed as intervals; without them none")
    func intervalsVariable() throws {
        let with = try drawn(intervals: true, "instantiations.txt").jobs
        #expect(with.allSatisfy { $0.variables.contains(.init("intervals", "hit_rate instantiations allocated_bytes")) })
        let without = try drawn(intervals: false, "instantiations.txt").jobs
        #expect(!without.contains { $0.variables.contains { $0.name == "intervals" } })
    }

    @Test(
        "bars and the sweep draw error bars where the summary has intervals; without them, as before",
        arguments: ["instantiations", "sweep"])
    func errorBars(_ plot: String) throws {
        let with = try drawn(intervals: true, "\(plot).svg").text
        let without = try drawn(intervals: false, "\(plot).svg").text
        #expect(with != without, "error bars drawn")
        // SVG paths: the error bars add lines to the plot.
        #expect(with.components(separatedBy: "<path").count > without.components(separatedBy: "<path").count)
    }

    @Test("scripts/plot.sh draws the same error bars as the Plotter")
    func plotScript() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let byPlotter = try scenario(in: directory.url.appendingPathComponent("swift"), intervals: true)
        let byScript = try scenario(in: directory.url.appendingPathComponent("shell"), intervals: true)
        let written = try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: byPlotter, formats: [.ascii])
        #expect(try runPlotScript(byScript) == 0)
        for file in written {
            let expected = try String(contentsOf: file, encoding: .utf8)
            #expect(try String(contentsOf: byScript.appendingPathComponent(file.lastPathComponent), encoding: .utf8) == expected)
        }
    }
}
