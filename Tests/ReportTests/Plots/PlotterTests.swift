import Foundation
import Report
import Testing

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// Runs the real gnuplot on fixture results; skipped where gnuplot is not installed.
@Suite("Plotter with gnuplot", .enabled(if: Plotter.isGnuplotAvailable, "gnuplot is not installed"))
struct PlotterGnuplotTests {
    private let plotter = Plotter(scriptsDirectory: packageScripts)
    private static let pngSignature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]

    @Test("every PNG plot has the PNG signature and more than 5 KB", arguments: PlotFixture.allCases)
    func png(kind: PlotFixture) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try kind.write(into: directory.url, name: "tiny")

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.png])

        #expect(written.map(\.lastPathComponent) == kind.plotNames.map { "\($0).png" })
        for file in written {
            let data = try Data(contentsOf: file)
            #expect(Array(data.prefix(8)) == Self.pngSignature, "\(file.lastPathComponent)")
            #expect(data.count > 5 * 1024, "\(file.lastPathComponent): \(data.count) bytes")
        }
    }

    @Test("every SVG plot parses as XML with an <svg> root element", arguments: PlotFixture.allCases)
    func svg(kind: PlotFixture) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try kind.write(into: directory.url, name: "tiny")

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.svg])

        #expect(written.map(\.lastPathComponent) == kind.plotNames.map { "\($0).svg" })
        for file in written {
            let root = try RootElement.name(of: Data(contentsOf: file))
            #expect(root == "svg", "\(file.lastPathComponent)")
        }
    }

    @Test("ascii plots are non-empty text holding each view's title", arguments: PlotFixture.allCases)
    func ascii(kind: PlotFixture) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try kind.write(into: directory.url, name: "tiny")

        let text = try plotter.asciiPlots(scenarioDirectory: scenario)

        for title in kind.plotTitles.map({ $0 + "tiny" }) {
            #expect(text.contains(title), "missing \(title)")
        }
        #expect(!text.contains("\u{0C}"))
        #expect(
            try directory.contents(of: scenario) == [
                "columns.csv", "latency.csv", "plots.csv", "scenario.yaml", "summary.csv", "timeseries.csv",
            ])
    }

    @Test("the ascii format writes one .txt file per view, the same text asciiPlots returns")
    func asciiFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.navigation.write(into: directory.url, name: "nav")

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.ascii])

        #expect(written.map(\.lastPathComponent) == ["hit_rate.txt", "creations.txt", "resident.txt", "latency.txt"])
        let files = try written.map { try String(contentsOf: $0, encoding: .utf8) }
        #expect(files.allSatisfy { $0.count > 500 })
        #expect(files.joined(separator: "\n") == (try plotter.asciiPlots(scenarioDirectory: scenario)))
    }

    @Test("plots over time draw every run up to six (the scrolling-table fixture has four)")
    func timeSeriesRuns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.scrollingTable.write(into: directory.url, name: "tiny")

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.ascii])

        let hitRate = try String(contentsOf: try #require(written.first), encoding: .utf8)
        #expect(hitRate.split(separator: "\n").first?.contains("Hit rate over time: tiny") == true, "title first")
        for shown in ["none/-", "lru/repopulate", "fifo/drop"] {
            #expect(hitRate.contains(shown), "\(shown)")
        }
        #expect(hitRate.contains("lru/pin"))
        let latency = try String(contentsOf: written[3], encoding: .utf8)
        #expect(latency.contains("lru/pin"), "latency draws every run")
    }

    @Test("drawing plots: fresh_draws bars, every run over time named by policy alone, tiers in KiB, restarts marked")
    func drawing() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.drawing.write(into: directory.url, name: "toolbar")

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.ascii, .svg])

        let views = ["hit_rate", "fresh_draws", "resident", "latency"]
        #expect(written.map(\.lastPathComponent) == views.flatMap { ["\($0).svg", "\($0).txt"] })
        func read(_ file: String) throws -> String {
            try String(contentsOf: scenario.appendingPathComponent(file), encoding: .utf8)
        }
        let (hitRate, bars, resident, latency) = try (
            read("hit_rate.txt"), read("fresh_draws.txt"), read("resident.txt"), read("latency.txt")
        )
        #expect(hitRate.contains("Hit rate over time: toolbar"))
        for view in [hitRate, resident, latency] {
            for run in ["none", "memory", "memory+disk"] {
                #expect(view.contains("\(run) "), "legend entry \(run)")
            }
            #expect(!view.contains("/-"), "drawing runs are named by policy alone")
        }
        #expect(hitRate.contains("app restart") && hitRate.contains("memory pressure"))
        #expect(bars.contains("Fresh draws and bytes allocated per run: toolbar"))
        #expect(bars.contains("fresh draws") && bars.contains("allocated MiB (right axis)"))
        #expect(bars.contains("memory+disk") && bars.contains("run (policy)"))
        #expect(resident.contains("Bytes per cache tier: toolbar"))
        for label in ["memory tier", "disk tier", "app restart", "memory pressure"] {
            #expect(resident.contains(label), "\(label)")
        }
        // Axis labels (vertical, so not in the text plots) name their units.
        #expect(try read("hit_rate.svg").contains("hit rate ((memory + disk hits) / requests)"))
        #expect(try read("fresh_draws.svg").contains("allocated (MiB)"))
        let tiers = try read("resident.svg")
        #expect(tiers.contains("bytes in memory (KiB)") && tiers.contains("bytes on disk (KiB)"))
        #expect(try read("latency.svg").contains("latency (ns)"))
        // Panels in the kind's order, though the file lists cached_draw last (none has none).
        let panels = PlotFixture.drawing.operations.map { latency.range(of: $0)?.lowerBound }
        #expect(panels.allSatisfy { $0 != nil })
        #expect(panels.compactMap { $0 } == panels.compactMap { $0 }.sorted())
    }

    @Test("a drawing timeseries without restarts draws no restart marks")
    func drawingWithoutRestarts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.drawing.write(into: directory.url, name: "chart")
        let timeseries = scenario.appendingPathComponent("timeseries.csv")
        var table = try CSVTable.parse(String(contentsOf: timeseries, encoding: .utf8))
        let restarts = try #require(table.header.firstIndex(of: "restarts"))
        table.rows = table.rows.map { row in
            var row = row
            row[restarts] = "0"
            return row
        }
        var csv = CSVTable(header: table.header)
        csv.rows = table.rows.map { $0.map { CSVValue.string($0) } }
        try AtomicFile.write(csv.render(), to: timeseries)

        let text = try plotter.asciiPlots(scenarioDirectory: scenario)

        #expect(!text.contains("app restart"))
        #expect(text.contains("memory pressure"))
    }

    @Test("scripts/plot.sh writes the same text plots as the Plotter", arguments: PlotFixture.allCases)
    func plotScript(kind: PlotFixture) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let byPlotter = try kind.write(into: directory.url.appendingPathComponent("swift"), name: "same", sweep: [8, 16])
        let byScript = try kind.write(into: directory.url.appendingPathComponent("shell"), name: "same", sweep: [8, 16])
        let written = try plotter.plot(scenarioDirectory: byPlotter, formats: [.ascii])

        #expect(try runPlotScript(directory.url.appendingPathComponent("shell")) == 0)
        #expect(written.count == kind.plotNames.count + 1, "every view and the sweep")
        for file in written {
            let expected = try String(contentsOf: file, encoding: .utf8)
            let actual = try String(contentsOf: byScript.appendingPathComponent(file.lastPathComponent), encoding: .utf8)
            #expect(actual == expected, "\(file.lastPathComponent)")
        }
    }

    @Test("CRLF and LF result files draw the same plot")
    func lineEndings() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let crlf = try PlotFixture.scrollingTable.write(into: directory.url, name: "same", lineEnding: "\r\n")
        let lfRoot = directory.url.appendingPathComponent("lf", isDirectory: true)
        let lf = try PlotFixture.scrollingTable.write(into: lfRoot, name: "same", lineEnding: "\n")

        let fromCRLF = try plotter.asciiPlots(scenarioDirectory: crlf)
        let fromLF = try plotter.asciiPlots(scenarioDirectory: lf)

        #expect(fromCRLF == fromLF)
        #expect(fromCRLF.contains("lru/pin"))
    }

    @Test("summaries with sweep values add a sweep plot labelled with the swept parameter", arguments: PlotFixture.allCases)
    func sweep(kind: PlotFixture) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try kind.write(into: directory.url, name: "swept", sweep: [8, 16, 32])

        let written = try plotter.plot(scenarioDirectory: scenario, formats: [.png])
        let text = try plotter.asciiPlots(scenarioDirectory: scenario)

        #expect(written.map(\.lastPathComponent) == (kind.plotNames + ["sweep"]).map { "\($0).png" })
        #expect(text.contains("Sweep of \(kind.sweepKey): swept"))
        // The title and both panels' x labels name the swept parameter.
        #expect(text.components(separatedBy: kind.sweepKey).count - 1 >= 3)
    }

    @Test("plots are renamed into place: no temporary files remain, old plots are replaced")
    func atomic() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.scrollingTable.write(into: directory.url, name: "tiny")
        let old = scenario.appendingPathComponent("hit_rate.png")
        try Data("stale".utf8).write(to: old)

        let written = try plotter.plot(scenarioDirectory: scenario, formats: Set(PlotFormat.allCases))

        #expect(written.count == 12)
        #expect(try Data(contentsOf: old).count > 5 * 1024)
        #expect(try directory.contents(of: scenario).filter { $0.hasPrefix(".") } == [])
        #expect(try directory.contents(of: scenario).count == 6 + 12)
    }

    @Test("paths and names with quotes and spaces reach gnuplot intact")
    func quoting() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.navigation.write(into: directory.url, name: "it's a \"feed\"")

        let text = try plotter.asciiPlots(scenarioDirectory: scenario)

        #expect(text.contains("Hit rate over time: it's a \"feed\""))
    }

    @Test("a failing script reports gnuplot's standard error")
    func failure() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scripts = directory.url.appendingPathComponent("scripts", isDirectory: true)
        try FileManager.default.copyItem(at: packageScripts, to: scripts)
        try AtomicFile.write("plot no_such_function(x)\n", to: scripts.appendingPathComponent("hit-rate.gp"))
        let scenario = try PlotFixture.scrollingTable.write(into: directory.url, name: "tiny")

        let error = try #require(throws: PlotError.self) {
            try Plotter(scriptsDirectory: scripts).plot(scenarioDirectory: scenario, formats: [.png])
        }

        guard case let .gnuplotFailed(script, status, stderr) = error else {
            Issue.record("expected gnuplotFailed, got \(error)")
            return
        }
        #expect(script == "hit-rate.gp")
        #expect(status != 0)
        #expect(stderr.contains("no_such_function"))
        #expect(try directory.contents(of: scenario).filter { $0.hasPrefix(".") } == [])
    }
}

/// Plotter behaviour that needs no gnuplot.
@Suite("Plotter")
struct PlotterTests {
    @Test("locateScripts finds scripts/ above .build/release/workbench, through symbolic links")
    func locateFromExecutable() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let root = directory.url.appendingPathComponent("package", isDirectory: true)
        try FileManager.default.copyItem(at: packageScripts, to: root.appendingPathComponent("scripts"))
        let real = root.appendingPathComponent(".build/x86_64-unknown-linux-gnu/release", isDirectory: true)
        try FileManager.default.createDirectory(at: real, withIntermediateDirectories: true)
        try FileManager.default.createSymbolicLink(
            at: root.appendingPathComponent(".build/release"), withDestinationURL: real)
        let executable = root.appendingPathComponent(".build/release/workbench")
        try AtomicFile.write("", to: real.appendingPathComponent("workbench"))
        let elsewhere = directory.url.appendingPathComponent("elsewhere", isDirectory: true)
        try FileManager.default.createDirectory(at: elsewhere, withIntermediateDirectories: true)

        let found = Plotter.locateScripts(executable: executable)

        #expect(
            found?.resolvingSymlinksInPath().path
                == root.appendingPathComponent("scripts").resolvingSymlinksInPath().path)
    }

    @Test(
        "locateScripts never takes <working directory>/scripts (a downloaded artifact's scripts are not run): the binary's own, beside or above it, else nil"
    )
    func locateIgnoresWorkingDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // The directory workbench runs in holds a complete scripts/, as an untrusted artifact may
        // (the end-to-end test runs the binary there); locateScripts is not even told of it.
        let work = directory.url.appendingPathComponent("work", isDirectory: true)
        try FileManager.default.createDirectory(at: work, withIntermediateDirectories: true)
        try FileManager.default.copyItem(at: packageScripts, to: work.appendingPathComponent("scripts"))
        // An incomplete scripts/ beside the executable does not count.
        let partial = directory.url.appendingPathComponent("release/bin/scripts", isDirectory: true)
        try AtomicFile.write("", to: partial.appendingPathComponent("common.gp"))
        let executable = directory.url.appendingPathComponent("release/bin/workbench")

        #expect(Plotter.locateScripts(executable: executable, builtFrom: nil) == nil)

        // A release laid out as release/bin/workbench and release/scripts: the one above the binary.
        try FileManager.default.copyItem(
            at: packageScripts, to: directory.url.appendingPathComponent("release/scripts", isDirectory: true))
        #expect(
            Plotter.locateScripts(executable: executable, builtFrom: nil)?.path
                == directory.url.appendingPathComponent("release/scripts").standardizedFileURL.path)
        // Beside the binary (make dist's directory with scripts/ copied in) comes first.
        try FileManager.default.removeItem(at: partial)
        try FileManager.default.copyItem(at: packageScripts, to: partial)
        #expect(Plotter.locateScripts(executable: executable, builtFrom: nil)?.path == partial.standardizedFileURL.path)
    }

    @Test(
        "a runner built elsewhere against these sources (a team's package) finds the sources' scripts when neither its working directory nor its executable has them"
    )
    func locateFallsBackToTheSourcesScripts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let team = directory.url.appendingPathComponent("team", isDirectory: true)
        try FileManager.default.createDirectory(at: team, withIntermediateDirectories: true)
        let executable = team.appendingPathComponent(".build/release/team-workbench")
        let found = Plotter.locateScripts(executable: executable)
        #expect(found?.path == packageScripts.standardizedFileURL.path)
        #expect(Plotter.builtFromScripts?.standardizedFileURL.path == packageScripts.standardizedFileURL.path)
    }

    @Test("a scripts directory without the plot scripts is reported with their names")
    func missingScripts() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.scrollingTable.write(into: directory.url, name: "tiny")
        let empty = directory.url.appendingPathComponent("none", isDirectory: true)

        let error = try #require(throws: PlotError.self) {
            try Plotter(scriptsDirectory: empty).plot(scenarioDirectory: scenario, formats: [.png])
        }

        #expect(error == .scriptsNotFound(directory: empty.path, missing: Plotter.scriptNames))
    }

    @Test("results without columns.csv (written by an older version), or no summary, throw before running gnuplot, naming the missing file")
    func missingColumns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = directory.url.appendingPathComponent("odd", isDirectory: true)
        let summary = scenario.appendingPathComponent("summary.csv")
        let plotter = Plotter(scriptsDirectory: packageScripts)

        #expect(throws: PlotError.missingSummary(path: summary.path)) {
            try plotter.plot(scenarioDirectory: scenario, formats: [.png])
        }
        try AtomicFile.write("scenario,policy,in_use,readers\r\nodd,lru,-,4\r\n", to: summary)
        let missing = PlotError.missingDescription(
            ReportError.missingColumns(path: scenario.appendingPathComponent("columns.csv").path).description)
        #expect(throws: missing) {
            try plotter.plot(scenarioDirectory: scenario, formats: [.png])
        }
        #expect(throws: missing) {
            try plotter.asciiPlots(scenarioDirectory: scenario)
        }
        #expect(missing.description.contains("columns.csv"))
    }

    @Test("no formats draws nothing")
    func noFormats() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.scrollingTable.write(into: directory.url, name: "tiny")

        #expect(try Plotter(scriptsDirectory: packageScripts).plot(scenarioDirectory: scenario, formats: []) == [])
        #expect(
            try directory.contents(of: scenario) == [
                "columns.csv", "latency.csv", "plots.csv", "scenario.yaml", "summary.csv", "timeseries.csv",
            ])
    }

    @Test("formats name their files: png, svg, and txt for ascii")
    func extensions() {
        #expect(PlotFormat.allCases.map(\.fileExtension) == ["png", "svg", "txt"])
        #expect(PlotFormat(rawValue: "ascii") == .ascii)
    }
}

/// Reads the name of an XML document's root element with Foundation's XMLParser.
private final class RootElement: NSObject, XMLParserDelegate {
    private var root: String?

    /// The root element's name; throws the parser's error for malformed XML.
    static func name(of data: Data) throws -> String? {
        let parser = XMLParser(data: data)
        let delegate = RootElement()
        parser.delegate = delegate
        parser.shouldResolveExternalEntities = false
        guard parser.parse() else {
            throw parser.parserError ?? CocoaError(.fileReadCorruptFile)
        }
        return delegate.root
    }

    func parser(
        _ parser: XMLParser, didStartElement elementName: String, namespaceURI: String?,
        qualifiedName: String?, attributes: [String: String] = [:]
    ) {
        if root == nil {
            root = elementName
        }
    }
}
