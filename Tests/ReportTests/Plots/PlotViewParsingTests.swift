import Foundation
import Testing

@testable import Report

/// `plots.csv` is data: read strictly, its variables re-quoted by the writer, its names never
/// paths. No gnuplot needed.
@Suite("Plots: plots.csv is read as data")
struct PlotViewParsingTests {
    static let header = "plot,script,input,metric,variables\r\n"

    /// The line `parse` refuses `row` (the file's second line) on, and its reason.
    func refusal(_ row: String) throws -> (line: Int, reason: String) {
        let error = try #require(throws: ReportError.self) {
            try PlotView.parse(Self.header + row + "\r\n", path: "results/feed/plots.csv")
        }
        guard case let .malformedPlots(path, line, reason) = error else {
            Issue.record("expected malformedPlots, got \(error)")
            return (0, "")
        }
        #expect(path == "results/feed/plots.csv")
        #expect(error.description.hasPrefix("results/feed/plots.csv:\(line): "), "\(error)")
        return (line, reason)
    }

    @Test(
        "plots.csv variables are name='text' or name=12 assignments; gnuplot source is refused naming file and line",
        arguments: [
            "title='x'; system(\"\"touch MARKER\"\")",
            "title=system(\"\"touch MARKER\"\")",
            "title='x' . system(\"\"touch MARKER\"\")",
            "title='x'\nsystem(\"\"touch MARKER\"\")",
            "`touch MARKER`",
            "title='never closed",
            "title='a\tb'",
            "title=1.5e3",
            "load '/tmp/evil.gp'",
        ])
    func variablesAreAssignments(payload: String) throws {
        let (line, reason) = try refusal("hit_rate,hit-rate.gp,timeseries,hit_rate,\"\(payload)\"")
        #expect(line == 2)
        #expect(reason.hasPrefix("variables: "), "\(reason)")
    }

    @Test(
        "plots.csv may not set what the plotter reads from the results (files, runs, the output) nor gnuplot's own variables",
        arguments: ["summary='/etc/passwd'", "out='/tmp/x.png'", "runs='a b'", "ARG0='/tmp/'", "GPVAL_TERM='x'", "_x=1"])
    func reservedNames(assignment: String) throws {
        let (line, reason) = try refusal("bars,bars.gp,summary,hits,\(assignment)")
        #expect(line == 2)
        #expect(reason.hasPrefix("variables: '"), "\(reason)")
    }

    @Test(
        "a plot's script is a plain script name in the scripts directory, never a path",
        arguments: ["../../evil.gp", "/tmp/evil.gp", "sub/bars.gp", "..", "bars.gp.sh", "Bars.gp", ".gp"])
    func scriptIsAName(script: String) throws {
        let (line, reason) = try refusal("bars,\(script),summary,hits,title='x'")
        #expect(line == 2)
        #expect(reason.contains("is not the name of a plot script"), "\(reason)")
    }

    @Test(
        "a plot's name is a plain file name, so its files stay in the scenario's directory",
        arguments: ["../../hit_rate", "/tmp/hit_rate", "a/b", "..", ".hidden", "-rf", ""])
    func nameIsAFileName(name: String) throws {
        let (_, reason) = try refusal("\(name),bars.gp,summary,hits,title='x'")
        #expect(reason.contains("is not a plain file name"), "\(reason)")
    }

    @Test("the line refused is the file's line, counting a quoted field that spans lines")
    func lineNumbers() throws {
        let text =
            Self.header + "a,bars.gp,summary,hits,\"title='one\r\nline'\"\r\n" + "b,bars.gp,summary,hits,title='x'\r\n"
            + "c,bars.gp,summary,hits,\"title='x'; system(\"\"id\"\")\"\r\n"
        let error = try #require(throws: ReportError.self) { try PlotView.parse(text, path: "p.csv") }
        // Line 2's text holds a line break: refused there, before line 5.
        guard case let .malformedPlots(_, line, reason) = error else {
            Issue.record("\(error)")
            return
        }
        #expect(line == 2 && reason.contains("control character"), "\(error)")
        let later = Self.header + "b,bars.gp,summary,hits,title='x'\r\n" + "c,bars.gp,summary,hits,\"title='x'; system(\"\"id\"\")\"\r\n"
        let second = try #require(throws: ReportError.self) { try PlotView.parse(later, path: "p.csv") }
        #expect(second.description.hasPrefix("p.csv:3: not a plots file: variables: "), "\(second)")
    }

    @Test("the writer's variables read back as written: quotes doubled, numbers bare, spaces and ';' inside text kept")
    func roundTrip() throws {
        let views = [
            PlotView(
                name: "hit_rate", script: "hit-rate.gp", input: .timeseries, metric: "hit_rate",
                variables: [
                    PlotVariable("title", "it's; a \"test\" `x` @y"), PlotVariable("panels", 3), PlotVariable("scale", -1024),
                    PlotVariable("empty", ""),
                ]),
            PlotView(name: "latency", script: "latency.gp", input: .latency, variables: []),
        ]
        #expect(try PlotView.parse(PlotView.render(views), path: "p.csv") == views)
    }

    @Test("the writer quotes every value: a quote is doubled, a control character becomes a space")
    func writerQuotes() {
        #expect(Gnuplot.quote("it's") == "'it''s'")
        #expect(Gnuplot.quote("a\nsystem(\"id\")\r\t") == "'a system(\"id\")  '")
        #expect(PlotVariable("title", "x'; system(\"id\"); y='").source == "title='x''; system(\"id\"); y='''")
        #expect(Gnuplot.assignments([.init(PlotVariable("title", "a'b")), .init("runs", 3)]) == "title='a''b'; runs=3")
    }
}
