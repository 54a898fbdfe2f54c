import Foundation
import Testing

@testable import Report

/// A scenario's section on the index pages: the answer, the grid and the main plot first; then
/// the expectations, failed ones first and those that held collapsed; then the tables and plots.
@Suite("IndexPage: the answer leads a scenario's section")
struct DecisionSectionTests {
    /// A decided sweep (``DecisionFixture``) with fake plots and `expectations` rows
    /// (`run,metric,expected,actual,result`); returns the pages.
    func pages(expectations: [String], decide: Bool = true) throws -> (html: String, markdown: String) {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try DecisionFixture.write(DecisionFixture.sweep, in: directory.url)
        for plot in ["hit_rate", "sweep", "heatmap"] {
            try AtomicFile.write("png", to: scenario.appendingPathComponent("\(plot).png"))
        }
        try AtomicFile.write(
            (["run,metric,expected,actual,result"] + expectations).joined(separator: "\r\n") + "\r\n",
            to: scenario.appendingPathComponent("expectations.csv"))
        try DecisionReport.write(scenarioDirectory: scenario, question: decide ? DecisionFixture.question() : nil)
        try IndexPage.write(resultsDirectory: directory.url)
        return (
            try String(contentsOf: directory.url.appendingPathComponent("index.html"), encoding: .utf8),
            try String(contentsOf: directory.url.appendingPathComponent("index.md"), encoding: .utf8)
        )
    }

    /// Where each of `needles` first appears in `text` (nil when it does not).
    func positions(_ needles: [String], in text: String) -> [String.Index?] {
        needles.map { text.range(of: $0)?.lowerBound }
    }

    static let seventy = (1...70).map { "a/x@\($0),in_use_dropped,== 0,0,ok" }

    @Test(
        "the section order: the answer, the grid, the main plot, the failed expectations, those that held, the summary table, the other plots"
    )
    func order() throws {
        let (html, markdown) = try pages(expectations: ["b/x,hit_rate,>= 0.99,0.95,FAILED"] + Self.seventy)
        let htmlOrder = positions(
            [
                "<p class=\"answer\"><strong>Answer:</strong> cache.capacity 4, met by b/x</p>", "<table class=\"grid\">",
                "<img src=\"feed/sweep.png\"", "<p class=\"problem\">Expectations: 1 of 71 failed</p>",
                "<details class=\"expect\"><summary>70 of 71 expectations held</summary>", "<th>cache.<wbr>capacity</th>",
                "<img src=\"feed/heatmap.png\"", "<img src=\"feed/hit_rate.png\"",
            ], in: html)
        #expect(htmlOrder.allSatisfy { $0 != nil }, "\(htmlOrder)")
        #expect(htmlOrder.compactMap { $0 } == htmlOrder.compactMap { $0 }.sorted())
        #expect(html.components(separatedBy: "<img src=\"feed/sweep.png\"").count == 2, "the main plot once")
        let markdownOrder = positions(
            [
                "**Answer:** cache.capacity 4, met by b/x", "Grid ([grid.csv](feed/grid.csv))", "![feed: sweep](feed/sweep.png)",
                "Expectations: 1 of 71 FAILED.", "<details><summary>70 of 71 expectations held</summary>",
                "| cache.capacity | hit\\_rate |", "![feed: heatmap](feed/heatmap.png)",
            ], in: markdown)
        #expect(markdownOrder.allSatisfy { $0 != nil }, "\(markdownOrder)")
        #expect(markdownOrder.compactMap { $0 } == markdownOrder.compactMap { $0 }.sorted())
    }

    @Test(
        "expectations that held collapse to one line, their table behind <details> (in HTML and in Markdown); failed ones are listed in the open"
    )
    func collapsedExpectations() throws {
        let (html, markdown) = try pages(expectations: Self.seventy)
        #expect(html.contains("<details class=\"expect\"><summary>all 70 expectations held</summary>\n<table class=\"expect\">"))
        #expect(!html.contains("<tr class=\"failed\">") && !html.contains("failed</p>"))
        let details = try #require(html.range(of: "<details class=\"expect\">"))
        let close = try #require(html.range(of: "</details>"))
        #expect(html[details.upperBound..<close.lowerBound].components(separatedBy: "<tr><td>a/x@").count == 71, "every row inside")
        #expect(
            markdown.contains("<details><summary>all 70 expectations held</summary>\n\n| run | metric | expected | actual | result |\n"))
        #expect(markdown.contains("| a/x@70 | in\\_use\\_dropped | == 0 | 0 | ok |\n\n</details>\n"))

        let failing = try pages(expectations: ["b/x,hit_rate,>= 0.99,0.95,FAILED", "a/x,hit_rate,>= 0.9,0.95,ok"])
        #expect(failing.html.contains("<tr class=\"failed\"><td>b/x</td>"))
        #expect(failing.html.contains("<summary>1 of 2 expectations held</summary>"))
        #expect(
            failing.markdown.contains(
                "Expectations: 1 of 2 FAILED.\n\n| run | metric | expected | actual | result |\n| --- | --- | --- | ---: | --- |\n| b/x |"))
    }

    @Test("the grid marks the best of each sweep value (bold) on both pages, and lists the knees when there is no answer")
    func grid() throws {
        let (html, markdown) = try pages(expectations: [], decide: false)
        #expect(!html.contains("Answer:"))
        #expect(
            html.contains(
                "<tr><td>b/x</td><td class=\"n best\"><strong>0.5</strong></td><td class=\"n best\"><strong>0.92</strong></td><td class=\"n\">0.85</td>"
            ))
        #expect(html.contains("<th>knee</th>"))
        #expect(markdown.contains("| b/x | **0.5** | **0.92** | 0.85 | **0.95** | 4 |"))
    }
}
