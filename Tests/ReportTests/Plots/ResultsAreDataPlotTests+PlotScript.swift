import Foundation
import Testing

@testable import Report

/// `scripts/plot.sh` reads a results directory as the Plotter does: as data.
extension ResultsAreDataPlotTests {
    /// Runs `scripts/plot.sh --format ascii` (from `scripts`) on `directory`: status and stderr.
    static func plotScript(_ directory: URL, scripts: URL = packageScripts) throws -> (status: Int32, stderr: String) {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
        process.arguments = ["bash", scripts.appendingPathComponent("plot.sh").path, "--format", "ascii", directory.path]
        process.standardOutput = FileHandle.nullDevice
        let errors = Pipe()
        process.standardError = errors
        try process.run()
        let data = errors.fileHandleForReading.readDataToEndOfFile()
        process.waitUntilExit()
        return (process.terminationStatus, String(decoding: data, as: UTF8.self))
    }

    @Test("scripts/plot.sh refuses gnuplot source in plots.csv variables, naming file and line, and runs none of it")
    func plotScriptVariables() throws {
        let planted = try Planted()
        defer { planted.directory.remove() }
        try planted.appendView(
            "evil,bars.gp,summary,creations,\"title='x'; \(planted.payload.replacingOccurrences(of: "\"", with: "\"\""))\"")

        let (status, stderr) = try Self.plotScript(planted.scenario)

        #expect(status == 1)
        #expect(stderr.contains("plots.csv:7: not a plots file: variables: "), "\(stderr)")
        #expect(!planted.markerExists)
    }

    @Test("scripts/plot.sh refuses a ../ script path in plots.csv and never runs the script outside its directory")
    func plotScriptPath() throws {
        let planted = try Planted()
        defer { planted.directory.remove() }
        let scripts = try Self.scriptsWithNeighbour(in: planted.directory.url, payload: planted.payload)
        try planted.appendView("evil,../evil.gp,summary,creations,title='x'")

        let (status, stderr) = try Self.plotScript(planted.scenario, scripts: scripts)

        #expect(status == 1)
        #expect(stderr.contains("plots.csv:7: not a plots file: script '../evil.gp'"), "\(stderr)")
        #expect(!planted.markerExists)
    }

    @Test("scripts/plot.sh passes operation, run and column names read from the results to gnuplot as quoted text, never as code")
    func plotScriptNames() throws {
        let planted = try Planted(.drawing)
        defer { planted.directory.remove() }
        try planted.edit("latency.csv", replacing: "fresh_draw", with: "fresh" + planted.escape)
        try planted.edit("summary.csv", replacing: ",memory+disk,", with: ",memory+disk\(planted.escape),")
        try planted.edit(PlotView.fileName, replacing: "event_title='app restart'", with: planted.eventTitle)

        let (status, stderr) = try Self.plotScript(planted.scenario)

        #expect(status == 0, "\(stderr)")
        #expect(!planted.markerExists)
    }
}
