import Foundation
import Report
import Testing

@Suite("ResultsWriter")
struct ResultsWriterTests {
    private func row(_ columns: [(String, CSVValue)], overriding overrides: [String: MetricRole] = [:]) -> ResultRow {
        var row = ResultRow()
        for (name, value) in columns {
            row.append(name, value, overridingRole: overrides[name])
        }
        return row
    }

    @Test("each non-empty row list becomes <dir>/<scenario>/<kind>.csv with the rows' header")
    func writesFiles() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = ResultsWriter(directory: directory.url.appendingPathComponent("results"))
        let summary = [
            row([("policy", .string("lru")), ("hits", .uint(9)), ("p99_ns", .uint(1_500))]),
            row([("policy", .string("fifo, bounded")), ("hits", .uint(7)), ("p99_ns", .uint(2_000))]),
        ]
        let latency = [
            row([("percentile", .double(50)), ("value_ns", .uint(800))]),
            row([("percentile", .double(99.9)), ("value_ns", .uint(4_000))]),
        ]

        let urls = try writer.write(scenario: "scroll-feed", summary: summary, timeseries: [], latency: latency)

        let scenario = directory.url.appendingPathComponent("results/scroll-feed")
        #expect(urls.map(\.lastPathComponent) == ["summary.csv", "latency.csv"])
        #expect(
            urls.map { $0.deletingLastPathComponent().standardizedFileURL.path }
                == [scenario.standardizedFileURL.path, scenario.standardizedFileURL.path])
        #expect(try directory.contents(of: scenario) == ["latency.csv", "summary.csv"])
        let summaryText = try String(contentsOf: scenario.appendingPathComponent("summary.csv"), encoding: .utf8)
        #expect(summaryText == "policy,hits,p99_ns\r\nlru,9,1500\r\n\"fifo, bounded\",7,2000\r\n")
        let parsed = try CSVTable.parse(
            String(
                contentsOf: scenario.appendingPathComponent("latency.csv"), encoding: .utf8))
        #expect(parsed.header == ["percentile", "value_ns"])
        #expect(parsed.rows == [["50", "800"], ["99.9", "4000"]])
    }

    @Test("a row with a different column is rejected naming the file and column, writing nothing")
    func mismatchedColumns() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = ResultsWriter(directory: directory.url)
        let summary = [row([("policy", .string("lru")), ("hits", .uint(1))])]
        let timeseries = [
            row([("frame", .uint(0)), ("hits", .uint(1))]),
            row([("frame", .uint(1)), ("misses", .uint(1))]),
        ]

        #expect(
            throws: ReportError.columnMismatch(
                file: "timeseries.csv", row: 1, expected: "hits", found: "misses")
        ) {
            try writer.write(scenario: "s", summary: summary, timeseries: timeseries, latency: [])
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test("a row with fewer or reordered columns is rejected at the first difference")
    func shortAndReordered() throws {
        let first = row([("a", .int(1)), ("b", .int(2))])
        #expect(throws: ReportError.columnMismatch(file: "summary.csv", row: 1, expected: "b", found: nil)) {
            try ResultsWriter.table(file: "summary.csv", rows: [first, row([("a", .int(1))])])
        }
        #expect(throws: ReportError.columnMismatch(file: "summary.csv", row: 2, expected: nil, found: "c")) {
            try ResultsWriter.table(file: "summary.csv", rows: [first, first, row([("a", .int(1)), ("b", .int(2)), ("c", .int(3))])])
        }
        #expect(throws: ReportError.columnMismatch(file: "latency.csv", row: 1, expected: "a", found: "b")) {
            try ResultsWriter.table(file: "latency.csv", rows: [first, row([("b", .int(2)), ("a", .int(1))])])
        }
        #expect(throws: ReportError.duplicateColumn(file: "summary.csv", column: "a")) {
            try ResultsWriter.table(file: "summary.csv", rows: [row([("a", .int(1)), ("a", .int(2))])])
        }
    }

    /// A kind's declaration for ``declaredRows()``: `policy`, `ops` (a count), `p99_ns` (measured,
    /// with its tail companion) in the summary; `t_s`, `ops` in the timeseries.
    static let declared = ResultColumns(
        summary: [
            .identity("policy", .text, "the policy"), .count("ops", .neutral, "operations"),
        ] + SharedColumns.latency("get", of: "a get", levels: ["p99"]),
        timeseries: [.identity("t_s", .seconds, "time"), .count("ops", .neutral, "operations in the interval")])

    @Test(
        "with its kind's columns, a row with a column they lack, or a role override they do not allow, is refused, writing nothing"
    )
    func declaredRows() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let writer = ResultsWriter(directory: directory.url)
        func summary(_ overrides: [String: MetricRole] = [:], extra: [(String, CSVValue)] = []) -> ResultRow {
            let columns: [(String, CSVValue)] = [
                ("policy", .string("lru")), ("ops", .uint(9)), ("get_p99_ns", .uint(1_500)), ("get_p99_ns_tail_samples", .uint(12)),
            ]
            return row(columns + extra, overriding: overrides)
        }
        let sample = row([("t_s", .double(1)), ("ops", .uint(3))])
        func write(_ rows: [ResultRow], timeseries: [ResultRow] = []) throws {
            try writer.write(scenario: "s", summary: rows, timeseries: RowSpool(timeseries), latency: [], columns: Self.declared)
        }

        #expect(throws: ReportError.undescribedColumn(file: "summary.csv", column: "misses")) {
            try write([summary(extra: [("misses", .uint(1))])])
        }
        #expect(throws: ReportError.undeclaredRole(file: "summary.csv", column: "policy", role: .measured, declared: .identity)) {
            try write([summary(), summary(["policy": .measured])])
        }
        #expect(throws: ReportError.undeclaredRole(file: "summary.csv", column: "get_p99_ns_tail_samples", role: .count, declared: .tail)) {
            try write([summary(["get_p99_ns_tail_samples": .count])])
        }
        #expect(throws: ReportError.undeclaredRole(file: "summary.csv", column: "ops", role: .tail, declared: .count)) {
            try write([summary(["ops": .tail])])
        }
        #expect(throws: ReportError.undeclaredRole(file: "summary.csv", column: "misses", role: .measured, declared: nil)) {
            try write([summary(["misses": .measured], extra: [("misses", .uint(1))])])
        }
        var overridden = sample
        overridden.roleOverrides["t_s"] = .count
        #expect(throws: ReportError.undeclaredRole(file: "timeseries.csv", column: "t_s", role: .count, declared: .identity)) {
            try write([summary()], timeseries: [sample, overridden])
        }
        #expect(try directory.contents().isEmpty)

        // A declared count this run measured (or a measured figure it counted): written as declared.
        try write([summary(["ops": .measured]), summary(["get_p99_ns": .count])], timeseries: [sample])
        let text = try String(contentsOf: directory.url.appendingPathComponent("s/summary.csv"), encoding: .utf8)
        #expect(text.hasPrefix("policy,ops,get_p99_ns,get_p99_ns_tail_samples\r\n"))
    }

    @Test("a results directory that is a file fails the write and leaves no temporary or partial file")
    func failingWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let blocker = directory.url.appendingPathComponent("results")
        try AtomicFile.write("I am a file", to: blocker)
        let writer = ResultsWriter(directory: blocker)

        let error = try #require(throws: ReportError.self) {
            try writer.write(scenario: "s", summary: [row([("a", .int(1))])], timeseries: [], latency: [])
        }

        guard case let .writeFailed(path, _) = error else {
            Issue.record("expected writeFailed, got \(error)")
            return
        }
        #expect(path.hasSuffix("results/s/summary.csv"))
        #expect(try directory.contents() == ["results"])
        #expect(try String(contentsOf: blocker, encoding: .utf8) == "I am a file")
    }

    @Test("a failed rename in the scenario directory leaves no temporary file")
    func failingRename() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = directory.url.appendingPathComponent("s")
        try AtomicFile.write("x", to: scenario.appendingPathComponent("summary.csv/occupied"))
        let writer = ResultsWriter(directory: directory.url)

        #expect(throws: ReportError.self) {
            try writer.write(scenario: "s", summary: [row([("a", .int(1))])], timeseries: [], latency: [])
        }
        #expect(try directory.contents(of: scenario) == ["summary.csv"])
    }

    @Test(
        "scenario names that are not a single plain directory name are rejected",
        arguments: [
            "", ".", "..", ".hidden", "a/b", "../escape",
        ])
    func invalidScenario(name: String) throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        #expect(throws: ReportError.invalidScenarioName(name)) {
            try ResultsWriter(directory: directory.url)
                .write(scenario: name, summary: [row([("a", .int(1))])], timeseries: [], latency: [])
        }
        #expect(try directory.contents().isEmpty)
    }

    @Test("writing no rows at all writes no files")
    func nothingToWrite() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let urls = try ResultsWriter(directory: directory.url)
            .write(scenario: "empty", summary: [], timeseries: [], latency: [])
        #expect(urls.isEmpty)
        #expect(try directory.contents().isEmpty)
    }
}
