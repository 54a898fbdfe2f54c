import Foundation
import Report
import Testing

@Suite("IndexPage")
struct IndexPageTests {
    /// Writes a fixture scenario with fake PNG (and SVG) plots, as `Plotter` would leave it.
    @discardableResult
    private func scenario(
        _ kind: PlotFixture, named name: String, in results: URL, plots: [String]? = nil, sweep: [Int] = []
    ) throws -> URL {
        let directory = try kind.write(into: results, name: name, sweep: sweep)
        for plot in plots ?? kind.plotNames {
            try AtomicFile.write("png", to: directory.appendingPathComponent("\(plot).png"))
            try AtomicFile.write("<svg/>", to: directory.appendingPathComponent("\(plot).svg"))
        }
        return directory
    }

    private func pages(_ results: URL) throws -> (html: String, markdown: String) {
        let written = try IndexPage.write(resultsDirectory: results)
        #expect(written.map(\.lastPathComponent) == ["index.html", "index.md"])
        return (
            try String(contentsOf: results.appendingPathComponent("index.html"), encoding: .utf8),
            try String(contentsOf: results.appendingPathComponent("index.md"), encoding: .utf8)
        )
    }

    private func count(_ needle: String, in text: String) -> Int {
        text.components(separatedBy: needle).count - 1
    }

    @Test("the HTML page shows an <img> per PNG plot and links each scenario's CSV files")
    func htmlImagesAndLinks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.scrollingTable, named: "feed", in: directory.url)
        try scenario(.navigation, named: "four-tab-app", in: directory.url)

        let html = try pages(directory.url).html

        #expect(count("<img ", in: html) == 8)
        for plot in PlotFixture.scrollingTable.plotNames {
            #expect(html.contains("<img src=\"feed/\(plot).png\""), "feed/\(plot).png")
        }
        for plot in PlotFixture.navigation.plotNames {
            #expect(html.contains("<img src=\"four-tab-app/\(plot).png\""), "four-tab-app/\(plot).png")
        }
        for file in ["summary.csv", "timeseries.csv", "latency.csv"] {
            #expect(html.contains("<a href=\"feed/\(file)\">\(file)</a>"))
            #expect(html.contains("<a href=\"four-tab-app/\(file)\">\(file)</a>"))
        }
        #expect(html.contains("<a href=\"feed/hit_rate.svg\">SVG</a>"))
        #expect(html.hasPrefix("<!DOCTYPE html>"))
        #expect(!html.contains("http://") && !html.contains("https://"), "self-contained")
    }

    @Test("plots follow the page order: hit rate, creations, resident, latency, sweep, then others")
    func plotOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(
            .scrollingTable, named: "feed", in: directory.url,
            plots: ["zeta", "latency", "sweep", "resident", "alpha", "instantiations", "hit_rate"])

        let html = try pages(directory.url).html

        let order = ["hit_rate", "instantiations", "resident", "latency", "sweep", "alpha", "zeta"].map { plot in
            html.range(of: "feed/\(plot).png")?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test("names are escaped: no raw < from a scenario name in HTML, percent-encoded in URLs")
    func escaping() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.scrollingTable, named: "a<b>&\"c\"", in: directory.url, plots: ["hit_rate"])

        let (html, markdown) = try pages(directory.url)

        #expect(html.contains("<h2>a&lt;b&gt;&amp;&quot;c&quot;</h2>"))
        #expect(!html.contains("a<b"))
        #expect(html.contains("<img src=\"a%3Cb%3E%26%22c%22/hit_rate.png\""))
        #expect(html.contains("href=\"a%3Cb%3E%26%22c%22/summary.csv\""))
        #expect(markdown.contains("## a\\<b\\>\\&\"c\"\n"))
        #expect(markdown.contains("](a%3Cb%3E%26%22c%22/hit_rate.png)"))
    }

    @Test("index.md shows every PNG plot as an image and links the CSV files")
    func markdown() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.navigation, named: "four-tab-app", in: directory.url)

        let markdown = try pages(directory.url).markdown

        for plot in PlotFixture.navigation.plotNames {
            let alt = plot.replacingOccurrences(of: "_", with: "\\_")
            #expect(markdown.contains("![four-tab-app: \(alt)](four-tab-app/\(plot).png)"), "\(plot)")
        }
        #expect(count("![", in: markdown) == 4)
        for file in ["summary.csv", "timeseries.csv", "latency.csv"] {
            #expect(markdown.contains("[\(file)](four-tab-app/\(file))"))
        }
        #expect(markdown.contains("| policy | in\\_use | view\\_cache\\_hit\\_rate |"))
    }

    @Test("the summary table shows the kind's readable columns and one row per run")
    func summaryExcerpt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.scrollingTable, named: "feed", in: directory.url)

        let (html, markdown) = try pages(directory.url)

        #expect(
            html.contains(
                "<th>policy</th><th>in_<wbr>use</th><th>hit_<wbr>rate</th><th>requests</th><th>instantiations</th>"))
        #expect(!html.contains("<th>seed</th>"), "a readable subset, not every column")
        #expect(count("<tr><td>", in: html) == PlotFixture.runs.count)
        #expect(html.contains("<td>lru</td><td>pin</td><td class=\"n\">"))
        #expect(count("\n| lru | pin |", in: markdown) == 1)
    }

    @Test("an unreliable percentile (fewer than 10 samples beyond it) is greyed on the index page with the reason, in italics in index.md")
    func unreliablePercentileGreyed() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let folder = try scenario(.scrollingTable, named: "feed", in: directory.url)
        // The fixture's p99 with its tail samples: 4 for the first run (unreliable), 50 for the others.
        var tables: [CSVTable] = []
        for file in ["summary.csv", "timeseries.csv", "latency.csv"] {
            let parsed = try CSVTable.parse(String(contentsOf: folder.appendingPathComponent(file), encoding: .utf8))
            var table = CSVTable(header: parsed.header)
            table.rows = parsed.rows.map { $0.map(CSVValue.string) }
            if file == "summary.csv" {
                table.header.append("dequeue_latency_p99_ns_tail_samples")
                table.rows = table.rows.enumerated().map { $1 + [.int($0 == 0 ? 4 : 50)] }
                try AtomicFile.write(table.render(), to: folder.appendingPathComponent(file))
            }
            tables.append(table)
        }
        try PlotFixture.describe(folder, kind: "scrolling-table", tables: tables)

        let (html, markdown) = try pages(directory.url)

        #expect(count("<td class=\"n unreliable\" title=\"unreliable: 4 samples beyond (needs 10)\">", in: html) == 1)
        #expect(html.contains("Unreliable percentiles: fewer than 10 samples lie beyond them"))
        #expect(!html.contains("<th>dequeue_<wbr>latency_<wbr>p99_<wbr>ns_<wbr>tail"), "the companion is not a table column")
        #expect(count("| *", in: markdown) == 1)
        #expect(markdown.contains("(in italics)"))
    }

    @Test("a sweep puts the swept value in the table, headed by the swept parameter")
    func sweepColumn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.navigation, named: "swept", in: directory.url, sweep: [4, 8])

        let html = try pages(directory.url).html

        #expect(html.contains("<th>in_<wbr>use</th><th>cache.<wbr>capacity</th><th>view_<wbr>cache_<wbr>hit_<wbr>rate</th>"))
        #expect(count("<tr><td>", in: html) == 2 * PlotFixture.runs.count)
    }

    @Test("a drawing scenario shows its kind's columns, no in_use, and its fresh_draws plot in page order")
    func drawingExcerpt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(
            .drawing, named: "toolbar", in: directory.url, plots: ["latency", "resident", "fresh_draws", "hit_rate"])

        let (html, markdown) = try pages(directory.url)

        let columns = [
            "policy", "requests", "hit_rate", "memory_hits", "disk_hits", "misses", "expirations", "cancels",
            "memory_bytes_max", "disk_bytes_max", "fresh_draw_p50_ns", "cached_draw_p50_ns", "frames_over_budget",
            "complete",
        ]
        let headings = columns.map { "<th>" + $0.replacingOccurrences(of: "_", with: "_<wbr>") + "</th>" }.joined()
        #expect(html.contains("<thead><tr>" + headings + "</tr></thead>"))
        #expect(!html.contains("<th>in_<wbr>use</th>") && !html.contains("<th>seed</th>"))
        #expect(html.contains("<p class=\"meta\">drawing · 3 runs</p>"))
        #expect(count("<tr><td>", in: html) == PlotFixture.drawingRuns.count)
        #expect(html.contains("<tr><td>memory+disk</td><td class=\"n\">100</td>"))
        #expect(markdown.contains("| " + columns.map(PageTextEscape.markdown).joined(separator: " | ") + " |\n"))
        #expect(markdown.contains("\n| memory+disk | 100 |"))
        let order = ["hit_rate", "fresh_draws", "resident", "latency"].map { plot in
            html.range(of: "toolbar/\(plot).png")?.lowerBound
        }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test("a drawing sweep puts the swept value after policy")
    func drawingSweepColumn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.drawing, named: "swept", in: directory.url, sweep: [8, 16])

        let html = try pages(directory.url).html

        #expect(html.contains("<tr><th>policy</th><th>cache.<wbr>capacity</th><th>requests</th>"))
        #expect(html.contains("<tr><td>memory</td><td class=\"n\">8</td><td class=\"n\">100</td>"))
        #expect(count("<tr><td>", in: html) == 2 * PlotFixture.drawingRuns.count)
    }

    @Test(
        "a parallel-readers scenario shows designs, throughput, latencies, stale reads and allocations, no in_use, and its throughput plot first"
    )
    func parallelReadersExcerpt() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.parallelReaders, named: "ticker", in: directory.url, plots: ["latency", "resident", "throughput"])

        let (html, markdown) = try pages(directory.url)

        let columns = [
            "policy", "readers", "writers", "total_ops", "read_ops_per_s", "write_ops_per_s", "get_p50_ns", "get_p99_ns",
            "set_p99_ns", "stale_reads", "get_hit_rate", "notifications", "allocations",
        ]
        let headings = columns.map { "<th>" + $0.replacingOccurrences(of: "_", with: "_<wbr>") + "</th>" }.joined()
        #expect(html.contains("<thead><tr>" + headings + "</tr></thead>"))
        #expect(!html.contains("<th>in_<wbr>use</th>") && !html.contains("<th>seed</th>"))
        #expect(html.contains("<p class=\"meta\">parallel-readers · 4 runs</p>"))
        #expect(count("<tr><td>", in: html) == PlotFixture.designRuns.count)
        #expect(html.contains("<tr><td>big-reader</td><td class=\"n\">2</td><td class=\"n\">1</td>"))
        #expect(markdown.contains("| " + columns.map(PageTextEscape.markdown).joined(separator: " | ") + " |\n"))
        let order = ["throughput", "resident", "latency"].map { plot in html.range(of: "ticker/\(plot).png")?.lowerBound }
        #expect(order.allSatisfy { $0 != nil })
        #expect(order.compactMap { $0 } == order.compactMap { $0 }.sorted())
    }

    @Test("a parallel-readers sweep puts the swept value after the design")
    func parallelReadersSweepColumn() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.parallelReaders, named: "swept", in: directory.url, sweep: [1, 4])

        let html = try pages(directory.url).html

        #expect(html.contains("<tr><th>policy</th><th>readers.<wbr>threads</th><th>readers</th>"))
        #expect(html.contains("<tr><td>mutex</td><td class=\"n\">4</td><td class=\"n\">4</td>"))
        #expect(count("<tr><td>", in: html) == 2 * PlotFixture.designRuns.count)
    }

    @Test("scenarios are the directories holding summary.csv, sorted by name, hidden ones skipped")
    func scenarioSelection() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.scrollingTable, named: "b-second", in: directory.url)
        try scenario(.navigation, named: "a-first", in: directory.url)
        try scenario(.navigation, named: ".hidden", in: directory.url)
        try FileManager.default.createDirectory(
            at: directory.url.appendingPathComponent("no-summary"), withIntermediateDirectories: true)
        try AtomicFile.write("x", to: directory.url.appendingPathComponent("stray.csv"))

        let (html, markdown) = try pages(directory.url)

        #expect(count("<h2>", in: html) == 2)
        let first = try #require(html.range(of: "<h2>a-first</h2>"))
        let second = try #require(html.range(of: "<h2>b-second</h2>"))
        #expect(first.lowerBound < second.lowerBound)
        #expect(!html.contains("hidden") && !html.contains("no-summary"))
        #expect(count("\n## ", in: markdown) == 2)
        #expect(html.contains("2 scenarios"))
    }

    @Test("an unreadable summary is reported in its section; the other scenarios still show")
    func unreadableSummary() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.scrollingTable, named: "good", in: directory.url)
        let bad = directory.url.appendingPathComponent("bad", isDirectory: true)
        try AtomicFile.write("scenario,policy,in_use\r\nbad,lru\r\n", to: bad.appendingPathComponent("summary.csv"))

        let (html, markdown) = try pages(directory.url)

        #expect(html.contains("<h2>bad</h2>"))
        #expect(html.contains("summary.csv could not be read"))
        #expect(html.contains("<h2>good</h2>") && html.contains("<img src=\"good/hit_rate.png\""))
        #expect(markdown.contains("summary.csv could not be read"))
        #expect(html.contains("No plots yet"))
    }

    @Test("pages are written atomically: old pages replaced, no temporary files left")
    func atomic() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.scrollingTable, named: "feed", in: directory.url)
        try AtomicFile.write("old page", to: directory.url.appendingPathComponent("index.html"))

        let html = try pages(directory.url).html
        let again = try pages(directory.url).html

        #expect(html != "old page" && html.contains("<h2>feed</h2>"))
        #expect(again == html, "no timestamps: identical results give identical pages")
        #expect(try directory.contents() == ["feed", "index.html", "index.md"])
    }

    @Test("an empty results directory gets pages saying so")
    func empty() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }

        let (html, markdown) = try pages(directory.url)

        #expect(html.contains("No scenario results here"))
        #expect(markdown.contains("No scenario results here"))
        #expect(!html.contains("<img"))
    }

    @Test("a results directory that cannot be listed throws, writing nothing")
    func unreadableDirectory() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let missing = directory.url.appendingPathComponent("missing", isDirectory: true)

        let error = try #require(throws: PageError.self) {
            try IndexPage.write(resultsDirectory: missing)
        }

        guard case let .unreadableDirectory(path, _) = error else {
            Issue.record("expected unreadableDirectory, got \(error)")
            return
        }
        #expect(path == missing.path)
        #expect(try directory.contents() == [])
    }

    /// Gives the fixture scenario in `directory` a description, a run record and expectations.
    private func describe(_ directory: URL) throws {
        let yaml = """
            # date: 2026-11-23T13:20:00Z
            # workbench: 0.9.0 (commit 1a2b3c4d5e6f)
            # host: build-7 (2 cores)
            # command: workbench run scenarios/feed.yaml --out results
            name: feed
            kind: scrolling-table
            description: 'A news feed: two cell types,
              fast flings.'

            """
        try AtomicFile.write(yaml, to: directory.appendingPathComponent("scenario.yaml"))
        try AtomicFile.write(
            "run,metric,expected,actual,result\r\nlru/repopulate,hit_rate,>= 0.9,0.95,ok\r\nfifo/drop,hit_rate,>= 0.9,0.7,FAILED\r\n",
            to: directory.appendingPathComponent("expectations.csv"))
    }

    @Test("a section's anchor is its scenario name, and the navigation links to it")
    func anchorsAreNames() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try scenario(.scrollingTable, named: "feed", in: directory.url)
        try scenario(.navigation, named: "four-tab-app", in: directory.url)

        let html = try pages(directory.url).html

        #expect(html.contains("<section id=\"feed\">") && html.contains("<section id=\"four-tab-app\">"))
        #expect(html.contains("<li><a href=\"#feed\">feed</a></li>"))
        #expect(!html.contains("scenario-1"))
    }

    @Test("a section shows the scenario's description, how it was run and its expectations with their results (golden)")
    func descriptionRecordAndExpectations() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        try describe(try scenario(.scrollingTable, named: "feed", in: directory.url, plots: ["hit_rate"]))

        let (html, markdown) = try pages(directory.url)

        let section = try #require(html.range(of: "<section id=\"feed\">")).lowerBound
        let golden = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Golden")
        if ProcessInfo.processInfo.environment["WORKBENCH_RECORD_GOLDEN"] != nil {
            try AtomicFile.write(String(html[section...]), to: golden.appendingPathComponent("section.html"))
            try AtomicFile.write(markdown, to: golden.appendingPathComponent("index.md"))
        }
        let expectedHTML = try String(contentsOf: golden.appendingPathComponent("section.html"), encoding: .utf8)
        #expect(String(html[section...]) == expectedHTML)
        let expectedMarkdown = try String(contentsOf: golden.appendingPathComponent("index.md"), encoding: .utf8)
        #expect(markdown == expectedMarkdown)
    }
}

/// Markdown escaping as the index page does it, for the expected table headings.
private enum PageTextEscape {
    static func markdown(_ text: String) -> String {
        text.replacingOccurrences(of: "_", with: "\\_")
    }
}
