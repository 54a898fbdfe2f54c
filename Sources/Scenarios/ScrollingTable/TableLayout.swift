import Foundation

// An explicit table layout: each section's rows in order (`table.rows:` or `table.layout:`),
// instead of rows drawn at random by weight.

/// One row of an explicit layout: its cell type, and its height when it overrides the type's.
public struct LayoutRow: Equatable, Sendable {
    public var type: String
    /// Points, > 0; nil: the cell type's `height`.
    public var height: Double?

    public init(type: String, height: Double? = nil) {
        self.type = type
        self.height = height
    }
}

/// One item of `table.rows:`: a cell type (`hero`, or `{type: hero, height: 320}` with its own
/// height), or a block of items repeated (`{repeat: [product, ad], times: 60}`).
public indirect enum LayoutItem: Codable, Equatable, Sendable {
    case row(LayoutRow)
    case repeated([LayoutItem], times: Int)

    /// `times:` of a repeat.
    public static let times = 1...ScenarioLimits.rowsPerSection.upperBound

    /// The rows `items` give, without expanding them (saturating: a huge count stays huge).
    public static func count(_ items: [LayoutItem]) -> Int {
        items.reduce(0) { total, item in
            let (sum, overflow) = total.addingReportingOverflow(item.count)
            return overflow ? .max : sum
        }
    }

    /// The rows this item gives.
    public var count: Int {
        switch self {
        case .row: return 1
        case .repeated(let items, let times):
            let (product, overflow) = Self.count(items).multipliedReportingOverflow(by: times)
            return overflow ? .max : product
        }
    }

    /// The rows `items` give, in order (call only once `count(items)` is bounded).
    public static func expand(_ items: [LayoutItem]) -> [LayoutRow] {
        var rows: [LayoutRow] = []
        rows.reserveCapacity(count(items))
        func append(_ items: [LayoutItem]) {
            for item in items {
                switch item {
                case .row(let row): rows.append(row)
                case .repeated(let inner, let times): for _ in 0..<times { append(inner) }
                }
            }
        }
        append(items)
        return rows
    }

    /// Each row item with its coding path below the `rows` key (`[1]`, `[1].repeat[4]`; the
    /// `type` key of a mapping row), in order.
    static func rowPaths(_ items: [LayoutItem], under path: [CodingKey]) -> [(row: LayoutRow, path: [CodingKey])] {
        items.enumerated().flatMap { index, item -> [(row: LayoutRow, path: [CodingKey])] in
            let itemPath = path + [AnyCodingKey(index: index)]
            switch item {
            case .row(let row):
                return [(row, row.height == nil ? itemPath : itemPath + [AnyCodingKey("type")])]
            case .repeated(let inner, _):
                return rowPaths(inner, under: itemPath + [AnyCodingKey("repeat")])
            }
        }
    }

    public init(from decoder: Decoder) throws {
        if let mapping = try? decoder.container(keyedBy: AnyCodingKey.self) {
            if mapping.contains(AnyCodingKey("repeat")) {
                let f = try Fields(decoder, allowed: ["repeat", "times"])
                let items: [LayoutItem] = try f.required("repeat")
                try f.check("repeat", !items.isEmpty, "must list at least one row")
                let times: Int = try f.required("times")
                try f.check("times", times, in: Self.times)
                self = .repeated(items, times: times)
            } else {
                let f = try Fields(decoder, allowed: ["type", "height"])
                let type: String = try f.required("type")
                try f.check("type", !type.isEmpty, "must not be empty")
                let height = try f.optionalNumber("height")
                if let height { try f.check("height", height > 0, "must be > 0") }
                self = .row(LayoutRow(type: type, height: height))
            }
            return
        }
        let container = try decoder.singleValueContainer()
        guard !container.decodeNil(), let type = try? container.decode(String.self) else {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        try decoder.check(!type.isEmpty, "must not be empty")
        self = .row(LayoutRow(type: type))
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .row(let row) where row.height == nil:
            var container = encoder.singleValueContainer()
            try container.encode(row.type)
        case .row(let row):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(row.type, for: "type")
            try container.encodeIfPresent(row.height, for: "height")
        case .repeated(let items, let times):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(items, for: "repeat")
            try container.encode(times, for: "times")
        }
    }
}

extension LayoutItem: SchemaDescribed {
    static var schemaDescription: String {
        "a cell type, a mapping {type, height}, or a mapping {repeat: [rows], times}"
    }
}

/// `table.layout:` — the rows of every section read from a CSV file (path relative to the
/// scenario file), one line per row under a header `type` or `type,height`. `scenario.yaml`
/// carries the file's rows inline (`layout: {csv: "type,height\nhero,320\n..."}`), so a results
/// directory loads without the file.
public struct LayoutFile: Codable, Equatable, Sendable {
    /// Where a row is written: the line of the file (or of the inline text) and the column of its
    /// type.
    struct Position: Sendable {
        let line: Int
        let column: Int
    }

    public var rows: [LayoutRow]
    /// The file as the scenario names it; nil for an inline layout.
    public var file: String?
    /// The file's path as read (relative to the working directory), for `file:line:column` errors;
    /// nil for an inline layout (its errors point at the `csv` key).
    var resolvedPath: String?
    /// Each row's position, in the file or the inline text.
    var positions: [Position] = []

    public init(rows: [LayoutRow], file: String? = nil) {
        self.rows = rows
        self.file = file
    }

    /// The same rows: where they were read from does not count (`scenario.yaml` carries a file's
    /// rows inline, and loads to the same scenario).
    public static func == (lhs: LayoutFile, rhs: LayoutFile) -> Bool {
        lhs.rows == rhs.rows
    }

    /// A string: the path of a layout file, read here; a mapping `{csv: text}`: the file's text
    /// inline (as `scenario.yaml` writes it).
    public init(from decoder: Decoder) throws {
        if let container = try? decoder.singleValueContainer(), !container.decodeNil(),
            let path = try? container.decode(String.self)
        {
            self = try Self.load(path, named: decoder)
            return
        }
        guard (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil else {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        let f = try Fields(decoder, allowed: ["csv"])
        let text: String = try f.required("csv")
        let parsed = try Self.parse(text) { line, column, message in
            SchemaViolation(.invalid("line \(line), column \(column): \(message)"), at: f.path("csv"))
        }
        var layout = LayoutFile(rows: parsed.rows)
        layout.positions = parsed.positions
        self = layout
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(csvText, for: "csv")
    }

    /// The rows as a layout file writes them.
    public var csvText: String {
        let heights = rows.contains { $0.height != nil }
        var lines = [heights ? "type,height" : "type"]
        for row in rows {
            lines.append(heights ? "\(row.type),\(row.height.map(Self.formatHeight) ?? "")" : row.type)
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A height as text that reads back to the same number (`320`, `44.5`).
    private static func formatHeight(_ height: Double) -> String {
        height == height.rounded() && abs(height) < 1e15 ? String(Int(height)) : "\(height)"
    }

    /// Reads the layout file `path` (relative to the scenario file the decoder reads).
    private static func load(_ path: String, named decoder: Decoder) throws -> LayoutFile {
        if path.isEmpty { throw SchemaViolation(.invalid("expected a layout file's path or a mapping {csv}"), at: decoder.codingPath) }
        let (resolved, text) = try ScenarioLoader.readNamedFile(path, decoder: decoder, noun: "layout file")
        let parsed = try parse(text) { line, column, message in
            ScenarioError(file: resolved, line: line, column: column, keyPath: "", message: message)
        }
        var layout = LayoutFile(rows: parsed.rows, file: path)
        layout.resolvedPath = resolved
        layout.positions = parsed.positions
        return layout
    }

    /// The columns a layout file may have.
    static let columns = ["type", "height"]

    /// Reads a layout's CSV text: a header naming `type` and optionally `height`, then one row per
    /// line (blank lines skipped; no quoting). `failure` makes the error for a line and column
    /// (1-based, in Unicode scalars).
    static func parse(
        _ text: String, failure: (_ line: Int, _ column: Int, _ message: String) -> any Error
    ) throws -> (rows: [LayoutRow], positions: [Position]) {
        // Each field with the column it starts at (leading spaces skipped) and its text trimmed.
        func fields(_ line: Substring) -> [(column: Int, text: String)] {
            var result: [(column: Int, text: String)] = []
            var column = 1
            for field in line.split(separator: ",", omittingEmptySubsequences: false) {
                let leading = field.unicodeScalars.prefix { $0 == " " || $0 == "\t" }.count
                result.append((column + leading, field.trimmingCharacters(in: .whitespaces)))
                column += field.unicodeScalars.count + 1
            }
            return result
        }
        var header: [String]?
        var headerLine = 1
        var rows: [LayoutRow] = []
        var positions: [Position] = []
        let maxRows = ScenarioLimits.rowsPerSection.upperBound
        // A byte order mark (as spreadsheets write) is not part of the header; a CRLF is one
        // Character: one separator.
        let text = text.hasPrefix("\u{FEFF}") ? text.dropFirst() : Substring(text)
        for (index, line) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let lineNumber = index + 1
            if line.allSatisfy({ $0 == " " || $0 == "\t" }) { continue }
            let values = fields(line)
            guard let names = header else {
                for (position, value) in values.enumerated() {
                    guard columns.contains(value.text) else {
                        throw failure(
                            lineNumber, value.column, "unknown column '\(value.text)' (expected a header type or type,height)")
                    }
                    if values.prefix(position).contains(where: { $0.text == value.text }) {
                        throw failure(lineNumber, value.column, "column '\(value.text)' is named twice")
                    }
                }
                if !values.contains(where: { $0.text == "type" }) {
                    throw failure(lineNumber, 1, "the header names no type column (expected a header type or type,height)")
                }
                header = values.map(\.text)
                headerLine = lineNumber
                continue
            }
            guard values.count == names.count else {
                throw failure(
                    lineNumber, 1,
                    "expected \(names.count) field\(names.count == 1 ? "" : "s") (\(names.joined(separator: ","))), found \(values.count)")
            }
            if rows.count == maxRows {
                throw failure(lineNumber, 1, "more than \(maxRows) rows (a section holds at most \(maxRows))")
            }
            var row = LayoutRow(type: "")
            var typeColumn = 1
            for (name, value) in zip(names, values) {
                switch name {
                case "type":
                    if value.text.isEmpty { throw failure(lineNumber, value.column, "empty cell type") }
                    row.type = value.text
                    typeColumn = value.column
                default:
                    if value.text.isEmpty { break }
                    guard let height = Double(value.text), height.isFinite, height > 0 else {
                        throw failure(lineNumber, value.column, "height must be a number > 0 (found '\(value.text)')")
                    }
                    row.height = height
                }
            }
            rows.append(row)
            positions.append(Position(line: lineNumber, column: typeColumn))
        }
        if header == nil {
            throw failure(1, 1, "empty layout (expected a header type or type,height, then one line per row)")
        }
        if rows.isEmpty {
            throw failure(headerLine, 1, "empty layout: no rows after the header")
        }
        return (rows, positions)
    }
}

extension LayoutFile: SchemaDescribed {
    static var schemaDescription: String { "the path of a layout file (CSV), or a mapping {csv: text}" }
}

extension TableSpec {
    /// Each section's rows in order when the table gives them (`rows:` or `layout:`); nil when
    /// rows are drawn by weight.
    public var layoutRows: [LayoutRow]? {
        if let rows { return LayoutItem.expand(rows) }
        return layout?.rows
    }

    /// Refuses a row of `rows:` or `layout:` whose type is not in `cells`: at its YAML node, or at
    /// its line and column in the layout file.
    func checkLayoutTypes(_ f: Fields) throws {
        let known = Set(cells.map(\.type))
        func message(_ type: String) -> String {
            "unknown cell type '\(type)' (expected one of: \(cells.map(\.type).joined(separator: ", ")))"
        }
        if let rows {
            for entry in LayoutItem.rowPaths(rows, under: f.path("rows")) where !known.contains(entry.row.type) {
                throw SchemaViolation(.invalid(message(entry.row.type)), at: entry.path)
            }
        }
        if let layout {
            for (index, row) in layout.rows.enumerated() where !known.contains(row.type) {
                let position = index < layout.positions.count ? layout.positions[index] : LayoutFile.Position(line: index + 2, column: 1)
                if let file = layout.resolvedPath {
                    throw ScenarioError(file: file, line: position.line, column: position.column, keyPath: "", message: message(row.type))
                }
                throw SchemaViolation(
                    .invalid("line \(position.line), column \(position.column): \(message(row.type))"),
                    at: f.path("layout") + [AnyCodingKey("csv")])
            }
        }
    }
}
