import Foundation
import Testing

@testable import Report

/// `scripts/plot.sh` gives gnuplot what the Plotter gives it: the same scripts with the same
/// variables, byte sweeps, crowded bars, empty panels and curve units included.
extension PlotReadabilityTests {
    /// One gnuplot run: the script's file name and its `-e` assignments without `format` and `out`.
    struct ScriptCall: Equatable, CustomStringConvertible {
        let script: String
        let assignments: String

        var description: String { "\(script): \(assignments)" }
    }

    /// The gnuplot runs of `scripts/plot.sh --format ascii directory`, in order, recorded by a
    /// stand-in `gnuplot` first on `PATH` (it draws nothing); its exit status and stderr.
    static func plotScriptCalls(_ directory: URL, in temporary: URL) throws -> (
        calls: [ScriptCall], status: Int32, stderr: String
    ) {
        let bin = temporary.appendingPathComponent("recording-bin", isDirectory: true)
        try FileManager.default.createDirectory(at: bin, withIntermediateDirectories: true)
        let log = temporary.appendingPathComponent("gnuplot-calls.log")
        try? FileManager.default.removeItem(at: log)
        // Called as gnuplot -d -e ASSIGNMENTS SCRIPT: one line per run, the script's name, a tab,
        // the assignments (a line break never reaches gnuplot: plot.sh turns it into a space).
        let recorder = bin.appendingPathComponent("gnuplot")
        try AtomicFile.write(
            "#!/bin/sh\nprintf '%s\\t%s\\n' \"${4##*/}\" \"$3\" >>'\(log.path)'\n", to: recorder)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: recorder.path)

        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", packageScripts.appendingPathComponent("plot.sh").path, "--format", "ascii", directory.path]
        var environment = ProcessInfo.processInfo.environment
        environment["PATH"] = bin.path + ":" + (environment["PATH"] ?? "/usr/bin:/bin")
        process.environment = environment
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
        process.waitUntilExit()

        let text = (try? String(contentsOf: log, encoding: .utf8)) ?? ""
        let calls = text.split(separator: "\n").map { line -> ScriptCall in
            let fields = line.split(separator: "\t", maxSplits: 1, omittingEmptySubsequences: false)
            var assignments = fields.count > 1 ? String(fields[1]) : ""
            let drawing = "; format='ascii'; out=''"
            if assignments.hasSuffix(drawing) {
                assignments.removeLast(drawing.count)
            }
            return ScriptCall(script: String(fields[0]), assignments: assignments)
        }
        return (calls, process.terminationStatus, stderr)
    }

    /// Appends `lines` (plot views) to the `plots.csv` of `scenario`, with its line ends.
    static func appendViews(_ lines: [String], to scenario: URL) throws {
        let url = scenario.appendingPathComponent(PlotView.fileName)
        var text = try String(contentsOf: url, encoding: .utf8)
        let end = text.contains("\r\n") ? "\r\n" : "\n"
        if !text.hasSuffix(end) {
            text += end
        }
        try AtomicFile.write(text + lines.joined(separator: end) + end, to: url)
    }

    @Test("scripts/plot.sh passes the same variables as the plotter: byte sweeps, crowded bars, empty panels dropped, curve units")
    func plotScriptVariables() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let results = directory.url.appendingPathComponent("results", isDirectory: true)
        let mebibytes = [1_048_576, 2_097_152, 4_194_304]

        // A sweep of capacity_bytes (unit bytes), with curves of a ratio, a count and a column
        // the summary lacks (miss_ratio, the default).
        let bytes = try Self.write(in: results, name: "bytes", sweep: mebibytes)
        try Self.appendViews(
            [
                "curve,curve.gp,curve,hit_rate,curve_column='hit_rate'",
                "hits_curve,curve.gp,curve,hit_rate,title='Hits'; curve_column='hits'",
                "miss_curve,curve.gp,curve,hit_rate,title='Misses'",
            ], to: bytes)
        // A sweep of cache.capacity, whose summary has capacity_bytes (a drawing's).
        let drawingKey = try Self.write(in: results, name: "drawing-key", sweep: mebibytes, sweepKey: "cache.capacity")
        // A sweep of cache.capacity in rows (capacity, a count); frames_over_budget is 0 in every
        // row, so the first panel of this sweep view is dropped and the second renumbered.
        let rows = try PlotFixture.scrollingTable.write(into: results, name: "rows", sweep: [8, 16])
        try Self.appendViews(
            [
                "budget,sweep.gp,sweep,hit_rate,panels=2; panel1_title='frames over budget'; panel1_column='frames_over_budget'; "
                    + "panel1_unit='count'; panel2_title='hit rate'; panel2_column='hit_rate'; panel2_unit='ratio'"
            ], to: rows)
        // 35 runs of bars; 4 store designs at 4 reader counts: 16 summary rows of throughput bars.
        let crowded = try Self.write(in: results, name: "crowded", runs: 35)
        let designs = try PlotFixture.parallelReaders.write(into: results, name: "designs", sweep: [1, 2, 4, 8])
        // A reuse pool that never holds anything: its panel is dropped, unless every panel is empty.
        let noPool = try Self.write(in: results, name: "no-pool", pool: 0)
        try Self.appendViews(
            [
                "pool,resident.gp,timeseries,hit_rate,title='Reuse pool'; panels=1; panel1_title='reuse pool'; "
                    + "panel1_columns='pool_controllers'"
            ], to: noPool)

        let scenarios = [bytes, drawingKey, rows, crowded, designs, noPool]
        var expected: [URL: [ScriptCall]] = [:]
        for scenario in scenarios {
            expected[scenario] = try PlotJob.jobs(scenarioDirectory: scenario).map {
                ScriptCall(script: $0.script, assignments: Gnuplot.assignments($0.variables))
            }
        }
        func job(_ scenario: URL, _ name: String) throws -> PlotJob {
            try #require(try PlotJob.jobs(scenarioDirectory: scenario).first { $0.name == name }, "\(name)")
        }
        // The fixtures exercise each rule.
        #expect(try PlotJob.jobs(scenarioDirectory: bytes).allSatisfy { variable("sweep_unit", of: $0) == "'bytes'" })
        #expect(try PlotJob.jobs(scenarioDirectory: drawingKey).allSatisfy { variable("sweep_unit", of: $0) == "'bytes'" })
        #expect(try PlotJob.jobs(scenarioDirectory: rows).allSatisfy { variable("sweep_unit", of: $0) == nil })
        #expect(variable("curve_unit", of: try job(bytes, "curve")) == "'ratio'")
        #expect(variable("curve_unit", of: try job(bytes, "hits_curve")) == "'count'")
        #expect(variable("curve_unit", of: try job(bytes, "miss_curve")) == nil)
        let budget = try job(rows, "budget")
        #expect(variable("panels", of: budget) == "1" && variable("panel1_column", of: budget) == "'hit_rate'")
        #expect(variable("panel2_column", of: budget) == nil)
        #expect(variable("xtics_angle", of: try job(crowded, "instantiations")) == "90")
        #expect(variable("width", of: try job(crowded, "instantiations")) == "1340")
        #expect(variable("xtics_angle", of: try job(designs, "throughput")) == "90")
        #expect(variable("width", of: try job(designs, "throughput")) == "1000")
        #expect(variable("xtics_angle", of: try job(bytes, "instantiations")) == nil)
        #expect(variable("panels", of: try job(noPool, "resident")) == "1")
        #expect(variable("panels", of: try job(noPool, "pool")) == "1", "every panel empty: kept")

        // Every scenario at once, as plot.sh is run on a results directory.
        let (calls, status, stderr) = try Self.plotScriptCalls(results, in: directory.url)
        #expect(status == 0, "\(stderr)")
        // plot.sh draws the scenarios in directory order.
        let drawn = scenarios.sorted { $0.lastPathComponent < $1.lastPathComponent }.flatMap { expected[$0] ?? [] }
        #expect(calls.count == drawn.count)
        for (actual, wanted) in zip(calls, drawn) {
            #expect(actual == wanted)
        }
    }
}
