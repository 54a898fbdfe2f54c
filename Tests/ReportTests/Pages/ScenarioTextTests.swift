import Foundation
import Report
import Testing

/// The scenario's own words on the page: `scenario.yaml` read as UTF-8, its escapes decoded, the
/// text then HTML-escaped, never byte-escaped.
@Suite("IndexPage: the scenario's text as written")
struct ScenarioTextTests {
    @Test(
        "a description with non-ASCII text (64×64), also as an older results directory wrote it (\"64\\xD764\"), is shown as written, HTML-escaped",
        arguments: ["description: A 64×64 <icon> & more — ünï", "description: \"A 64\\xD764 <icon> & more \\u2014 \\xFCn\\xEF\""])
    func nonASCIIDescription(line: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try PlotFixture.scrollingTable.write(into: directory.url, name: "icons")
        try AtomicFile.write(
            "name: icons\nkind: scrolling-table\n\(line)\n", to: scenario.appendingPathComponent("scenario.yaml"))

        try IndexPage.write(resultsDirectory: directory.url)

        let html = try String(contentsOf: directory.url.appendingPathComponent("index.html"), encoding: .utf8)
        let markdown = try String(contentsOf: directory.url.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(html.contains("<p class=\"description\">A 64×64 &lt;icon&gt; &amp; more — ünï</p>"), "\(html)")
        #expect(markdown.contains("A 64×64 \\<icon\\> \\& more — ünï"))
        #expect(!html.contains("\\x") && !html.contains("\\u"))
    }
}
