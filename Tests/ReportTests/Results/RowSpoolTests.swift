import Foundation
import Report
import Testing

@Suite("RowSpool")
struct RowSpoolTests {
    static func row(_ index: Int) -> ResultRow {
        var row = ResultRow()
        row.append("policy", .string(index.isMultiple(of: 2) ? "lru" : "fifo, \"quoted\"\nline"))
        row.append("time_s", .double(Double(index) * 0.1))
        row.append("requests", .uint(UInt64(index) * 1_000_003))
        row.append("delta", .int(-index), overridingRole: .measured)
        row.append("note", .empty)
        row.append("ünïcødé", .double(index == 7 ? .nan : 1.5), overridingRole: MetricRole.allCases[index % MetricRole.allCases.count])
        return row
    }

    @Test("timeseries rows stream to disk: a spool keeps them on disk and gives each back exactly, with its role overrides")
    func roundTrip() throws {
        let rows = (0..<500).map(Self.row)
        let spool = RowSpool()
        spool.append(contentsOf: rows)
        #expect(spool.isOnDisk)
        #expect(spool.count == 500)
        for (index, row) in spool.enumerated() {
            let expected = rows[index]
            #expect(row.names == expected.names)
            #expect(row.roleOverrides == expected.roleOverrides)
            #expect(row.roleOverrides["delta"] == .measured && row.roleOverrides["requests"] == nil)
            #expect(row["requests"] == expected["requests"] && row["delta"] == expected["delta"])
            #expect(row["policy"] == expected["policy"] && row["time_s"] == expected["time_s"])
            if index == 7, case .double(let value)? = row["ünïcødé"] {
                #expect(value.isNaN)
            } else {
                #expect(row == expected)
            }
        }
        #expect(RowSpool(rows.prefix(3)) == RowSpool(rows.prefix(3)))
        #expect(RowSpool(rows.prefix(3)) != RowSpool(rows.prefix(2)))
    }

    @Test("a spooled timeseries is written to timeseries.csv exactly as the same rows in memory are")
    func writtenLikeAnArray() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let rows = (0..<300).map(Self.row)
        let summary = [Self.row(0)]
        let fromArray = ResultsWriter(directory: directory.url.appendingPathComponent("a"))
        let fromSpool = ResultsWriter(directory: directory.url.appendingPathComponent("b"))
        let urls = try fromArray.write(scenario: "s", summary: summary, timeseries: rows, latency: [])
        try fromSpool.write(scenario: "s", summary: summary, timeseries: RowSpool(rows), latency: [])
        #expect(urls.map(\.lastPathComponent) == ["summary.csv", "timeseries.csv"])
        let a = try Data(contentsOf: directory.url.appendingPathComponent("a/s/timeseries.csv"))
        let b = try Data(contentsOf: directory.url.appendingPathComponent("b/s/timeseries.csv"))
        #expect(a == b)
        let table = try CSVTable.parse(String(decoding: b, as: UTF8.self))
        #expect(table.rows.count == 300)
        #expect(table.rows[1][0] == "fifo, \"quoted\"\nline")
    }

    @Test("a spooled timeseries whose rows differ in columns is refused before any file is written")
    func mismatchRefused() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        var odd = Self.row(1)
        odd.append("extra", .int(1))
        let spool = RowSpool([Self.row(0), odd])
        let writer = ResultsWriter(directory: directory.url)
        #expect(throws: ReportError.self) { try writer.write(scenario: "s", summary: [Self.row(0)], timeseries: spool, latency: []) }
        #expect(try directory.contents().isEmpty)
    }
}
