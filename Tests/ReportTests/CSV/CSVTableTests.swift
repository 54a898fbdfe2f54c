import Report
import Testing

@Suite("CSVTable")
struct CSVTableTests {
    @Test("records end in CRLF and plain fields stay unquoted")
    func plainRender() throws {
        var table = CSVTable(header: ["policy", "hits", "ratio"])
        try table.append([.string("lru"), .uint(12), .double(0.75)])
        try table.append([.string(" spaced "), .int(-1), .empty])
        #expect(table.render() == "policy,hits,ratio\r\nlru,12,0.75\r\n spaced ,-1,\r\n")
    }

    @Test(
        "fields with a comma, quote, CR or LF are quoted with quotes doubled",
        arguments: [
            ("a,b", "\"a,b\""),
            ("say \"hi\"", "\"say \"\"hi\"\"\""),
            ("\"", "\"\"\"\""),
            ("line\nbreak", "\"line\nbreak\""),
            ("carriage\rreturn", "\"carriage\rreturn\""),
            ("crlf\r\n", "\"crlf\r\n\""),
            ("plain", "plain"),
            ("", ""),
        ])
    func quoting(field: String, escaped: String) throws {
        #expect(CSVTable.escape(field) == escaped)
        var table = CSVTable(header: ["x"])
        try table.append([.string(field)])
        #expect(table.render() == "x\r\n\(escaped)\r\n")
    }

    @Test("parsing the rendered text gives back the header and every field's text")
    func roundTrip() throws {
        let header = ["name", "note, with comma", "value"]
        let rows: [[CSVValue]] = [
            [.string("plain"), .string("say \"hi\""), .double(1.5)],
            [.string("multi\r\nline\nfield"), .string(""), .uint(7)],
            [.string("ünïcödé ✓ 🧪"), .empty, .int(-42)],
            [.string("\"quoted\""), .string(",,,"), .double(.nan)],
            [.empty, .empty, .empty],
        ]
        var table = CSVTable(header: header)
        for row in rows {
            try table.append(row)
        }
        let parsed = try CSVTable.parse(table.render())
        #expect(parsed.header == header)
        #expect(parsed.rows == rows.map { $0.map(\.text) })
    }

    @Test("a one-column table with an empty last row round-trips")
    func emptySingleColumn() throws {
        var table = CSVTable(header: ["only"])
        try table.append([.string("a")])
        try table.append([.empty])
        let parsed = try CSVTable.parse(table.render())
        #expect(parsed.header == ["only"])
        #expect(parsed.rows == [["a"], [""]])
    }

    @Test("a row whose width differs from the header is rejected and not added")
    func widthMismatch() throws {
        var table = CSVTable(header: ["a", "b"])
        #expect(throws: ReportError.rowWidthMismatch(expected: 2, found: 3)) {
            try table.append([.int(1), .int(2), .int(3)])
        }
        #expect(throws: ReportError.rowWidthMismatch(expected: 2, found: 1)) {
            try table.append([.int(1)])
        }
        #expect(table.rows.isEmpty)
        #expect(table.render() == "a,b\r\n")
    }

    @Test("the reader accepts LF line breaks, a BOM and a last record without a line break")
    func lenientReader() throws {
        let parsed = try CSVTable.parse("\u{FEFF}a,b\n1,\"x\ny\"\n3,4")
        #expect(parsed.header == ["a", "b"])
        #expect(parsed.rows == [["1", "x\ny"], ["3", "4"]])
    }

    @Test(
        "malformed CSV is rejected with the line it went wrong on",
        arguments: [
            ("", ReportError.csvMissingHeader),
            ("a,b\r\n1,\"open\r\n", .csvUnterminatedQuote(line: 2)),
            ("a,b\r\n1,x\"y\r\n", .csvQuoteInUnquotedField(line: 2)),
            ("a,b\r\n\"x\"y,2\r\n", .csvTextAfterClosingQuote(line: 2)),
            ("a,b\r\n1,2\r\n\"multi\nline\",2,3\r\n", .csvRaggedRecord(line: 3, expected: 2, found: 3)),
            ("a,b\r\n1\r\n", .csvRaggedRecord(line: 2, expected: 2, found: 1)),
        ])
    func malformed(text: String, error: ReportError) {
        #expect(throws: error) {
            try CSVTable.parse(text)
        }
    }

    @Test("errors describe themselves in words")
    func errorDescriptions() {
        #expect(
            ReportError.rowWidthMismatch(expected: 2, found: 3).description
                == "CSV row has 3 fields, but the header has 2")
        #expect(ReportError.csvRaggedRecord(line: 4, expected: 2, found: 1).description.contains("line 4"))
    }
}
