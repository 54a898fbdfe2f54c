/// A CSV table: a header record and rows of ``CSVValue``s, rendered and parsed per RFC 4180.
///
/// Rendering writes every record, the last included, followed by CRLF. A field is quoted when it
/// contains a comma, a double quote, CR or LF; quotes inside it are doubled. Nothing else is
/// quoted, so spaces are kept as they are and numbers stay bare:
///
/// ```text
/// name,note,p50_ns\r\n
/// lru,"says ""hi"", twice",1200\r\n
/// ```
public struct CSVTable: Sendable, Equatable {
    /// Column names, in order.
    public var header: [String]
    /// The data rows. ``append(_:)`` keeps each as wide as ``header``; rows assigned directly
    /// are rendered as they are.
    public var rows: [[CSVValue]]

    /// An empty table with the given column names.
    public init(header: [String]) {
        self.header = header
        self.rows = []
    }

    /// Appends a row, which must have exactly one value per header column.
    ///
    /// - Throws: ``ReportError/rowWidthMismatch(expected:found:)`` otherwise; the table is left
    ///   unchanged.
    public mutating func append(_ row: [CSVValue]) throws {
        guard row.count == header.count else {
            throw ReportError.rowWidthMismatch(expected: header.count, found: row.count)
        }
        rows.append(row)
    }

    /// The table as RFC 4180 text: header, then rows, each record terminated by CRLF.
    public func render() -> String {
        var text = ""
        Self.appendRecord(header, to: &text)
        for row in rows {
            Self.appendRecord(row.map(\.text), to: &text)
        }
        return text
    }

    /// Parses RFC 4180 text into its header record and data records.
    ///
    /// Accepts CRLF, LF or a lone CR as record separators, quoted fields spanning lines, doubled
    /// quotes inside quoted fields, an optional leading UTF-8 byte-order mark, and a last record
    /// with or without a line break. A line break right at the end does not start another
    /// record; an empty line elsewhere is a record with one empty field.
    ///
    /// - Throws: ``ReportError/csvMissingHeader`` for empty text,
    ///   ``ReportError/csvUnterminatedQuote(line:)``,
    ///   ``ReportError/csvQuoteInUnquotedField(line:)``,
    ///   ``ReportError/csvTextAfterClosingQuote(line:)``, and
    ///   ``ReportError/csvRaggedRecord(line:expected:found:)`` when a record's width differs
    ///   from the header's. Lines are counted from 1.
    public static func parse(_ text: String) throws -> (header: [String], rows: [[String]]) {
        let parsed = try parseWithLines(text)
        return (header: parsed.header, rows: parsed.rows)
    }

    /// Parses CSV text as ``parse(_:)`` does, and says on which 1-based line each row starts
    /// (`lines[i]` for `rows[i]`), for messages naming a field as `file:line:column`.
    ///
    /// - Throws: what ``parse(_:)`` throws.
    public static func parseWithLines(_ text: String) throws -> (header: [String], rows: [[String]], lines: [Int]) {
        var parser = CSVParser(text)
        let records = try parser.records()
        guard let header = records.first else {
            throw ReportError.csvMissingHeader
        }
        var rows: [[String]] = []
        var lines: [Int] = []
        rows.reserveCapacity(records.count - 1)
        lines.reserveCapacity(records.count - 1)
        for record in records.dropFirst() {
            guard record.fields.count == header.fields.count else {
                throw ReportError.csvRaggedRecord(
                    line: record.line, expected: header.fields.count, found: record.fields.count)
            }
            rows.append(record.fields)
            lines.append(record.line)
        }
        return (header: header.fields, rows: rows, lines: lines)
    }

    /// Whether `field` must be quoted: it contains a comma, a double quote, CR or LF.
    public static func needsQuoting(_ field: String) -> Bool {
        field.utf8.contains { byte in
            byte == CSVParser.comma || byte == CSVParser.quote
                || byte == CSVParser.carriageReturn || byte == CSVParser.lineFeed
        }
    }

    /// `field` as it appears in CSV text: quoted, with quotes doubled, when it needs quoting.
    public static func escape(_ field: String) -> String {
        guard needsQuoting(field) else {
            return field
        }
        var quoted = "\""
        for scalar in field.unicodeScalars {
            if scalar == "\"" {
                quoted += "\"\""
            } else {
                quoted.unicodeScalars.append(scalar)
            }
        }
        quoted += "\""
        return quoted
    }

    /// Appends one record (`fields` escaped, comma-separated, CRLF-terminated) to `text`.
    static func appendRecord(_ fields: [String], to text: inout String) {
        for (index, field) in fields.enumerated() {
            if index > 0 {
                text += ","
            }
            text += escape(field)
        }
        text += "\r\n"
    }
}
