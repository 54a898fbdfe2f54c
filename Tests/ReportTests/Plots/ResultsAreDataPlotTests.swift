import Foundation
import Testing

@testable import Report

/// A results directory may be a downloaded shard: nothing read from it reaches gnuplot as code or
/// names a path outside it, whether the Plotter (`workbench run` and `merge`) or `scripts/plot.sh`
/// draws it. Each test plants a `system("touch MARKER")` payload and checks that the marker is
/// never created.
@Suite("Plots: results are data, never code", .enabled(if: Plotter.isGnuplotAvailable, "gnuplot is not installed"))
struct ResultsAreDataPlotTests {
    /// A scenario of `kind` in a fresh directory, and the absolute path of the marker file a
    /// payload would create.
    struct Planted {
        let directory: TemporaryDirectory
        let scenario: URL
        let marker: URL

        init(_ kind: PlotFixture = .navigation) throws {
            directory = try TemporaryDirectory()
            scenario = try kind.write(into: directory.url, name: "planted")
            marker = directory.url.appendingPathComponent("MARKER")
        }

        /// `system("touch <marker>")`, as gnuplot source.
        var payload: String { "system(\"touch \(marker.path)\")" }

        /// Text that closes a naive gnuplot or shell quote and runs `touch <marker>`, with no
        /// space, comma or double quote (a plain CSV field, a single word).
        var escape: String { "x'$(touch${IFS}\(marker.path))';system('touch${IFS}\(marker.path)');y='" }

        /// A plot view's `event_title` whose text, pasted into a macro, would run `touch <marker>`,
        /// as plots.csv holds it.
        var eventTitle: String { "event_title='x''.system(''touch${IFS}\(marker.path)'').'''" }

        var markerExists: Bool { FileManager.default.fileExists(atPath: marker.path) }

        /// Appends `row` (CSV text) to the scenario's plots.csv.
        func appendView(_ row: String) throws {
            let url = scenario.appendingPathComponent(PlotView.fileName)
            try AtomicFile.write(try String(contentsOf: url, encoding: .utf8) + row + "\r\n", to: url)
        }

        /// Replaces `text` in the scenario's file `name`.
        func edit(_ name: String, replacing text: String, with replacement: String) throws {
            let url = scenario.appendingPathComponent(name)
            let content = try String(contentsOf: url, encoding: .utf8)
            #expect(content.contains(text), "\(name): \(text)")
            try AtomicFile.write(content.replacingOccurrences(of: text, with: replacement), to: url)
        }
    }

    /// The package's scripts copied into `directory/scripts`, with `evil.gp` (running `payload`)
    /// beside that directory: what a `../evil.gp` script path would reach.
    static func scriptsWithNeighbour(in directory: URL, payload: String) throws -> URL {
        let scripts = directory.appendingPathComponent("scripts", isDirectory: true)
        try FileManager.default.copyItem(at: packageScripts, to: scripts)
        try AtomicFile.write(payload + "\n", to: directory.appendingPathComponent("evil.gp"))
        return scripts
    }

    @Test("gnuplot source in plots.csv variables never runs: the Plotter refuses the file, naming file and line, and draws nothing")
    func variablesPayload() throws {
        let planted = try Planted()
        defer { planted.directory.remove() }
        try planted.appendView(
            "evil,bars.gp,summary,creations,\"title='x'; \(planted.payload.replacingOccurrences(of: "\"", with: "\"\""))\"")

        let error = try #require(throws: PlotError.self) {
            try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: planted.scenario, formats: [.png, .ascii])
        }

        #expect(error.description.contains("plots.csv:7: not a plots file: variables: "), "\(error)")
        #expect(!planted.markerExists)
        #expect(try planted.directory.contents(of: planted.scenario).allSatisfy { !$0.hasSuffix(".png") && !$0.hasSuffix(".txt") })
    }

    @Test("a ../ script path in plots.csv is refused, naming file and line, and the script outside the scripts directory never runs")
    func scriptPath() throws {
        let planted = try Planted()
        defer { planted.directory.remove() }
        let scripts = try Self.scriptsWithNeighbour(in: planted.directory.url, payload: planted.payload)
        try planted.appendView("evil,../evil.gp,summary,creations,title='x'")

        let error = try #require(throws: PlotError.self) {
            try Plotter(scriptsDirectory: scripts).plot(scenarioDirectory: planted.scenario, formats: [.ascii])
        }

        #expect(error.description.contains("plots.csv:7: not a plots file: script '../evil.gp'"), "\(error)")
        #expect(!planted.markerExists)
    }

    @Test("a plot name that is a path is refused: no plot is written outside the scenario's directory")
    func plotNamePath() throws {
        let planted = try Planted()
        defer { planted.directory.remove() }
        try planted.appendView("../escaped,bars.gp,summary,creations,title='x'")

        #expect(throws: PlotError.self) {
            try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: planted.scenario, formats: [.ascii])
        }
        #expect(!FileManager.default.fileExists(atPath: planted.directory.url.appendingPathComponent("escaped.txt").path))
    }

    @Test("operation, run and column names read from the results reach gnuplot as quoted text, never as code")
    func namesFromResults() throws {
        let planted = try Planted(.drawing)
        defer { planted.directory.remove() }
        try planted.edit("latency.csv", replacing: "fresh_draw", with: "fresh" + planted.escape)
        try planted.edit("summary.csv", replacing: ",memory+disk,", with: ",memory+disk\(planted.escape),")
        // A plot view's text is data too, even where a script builds gnuplot source from it (a
        // macro marking events).
        try planted.edit(PlotView.fileName, replacing: "event_title='app restart'", with: planted.eventTitle)

        let text = try Plotter(scriptsDirectory: packageScripts).asciiPlots(scenarioDirectory: planted.scenario)

        #expect(text.contains("Latency percentile spectrum: planted"))
        #expect(!planted.markerExists)
    }
}
