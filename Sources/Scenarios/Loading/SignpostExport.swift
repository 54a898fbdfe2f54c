import Foundation

#if canImport(FoundationXML)
    import FoundationXML
#endif

/// One os_signpost interval of an Instruments recording: its signpost name and its duration.
public struct SignpostInterval: Equatable, Sendable {
    public var name: String
    /// The interval's duration in nanoseconds, as the export states it.
    public var nanoseconds: Int64

    public init(name: String, nanoseconds: Int64) {
        self.name = name
        self.nanoseconds = nanoseconds
    }
}

/// Reads what `xctrace export --xpath '…/table[@schema="os-signpost-interval"]'` writes: the
/// intervals of an os_signpost interval table, each with its name and duration.
///
/// The export is XML: a root `<trace-query-result>` holding one `<node xpath="…">` per table,
/// each a `<schema name="os-signpost-interval">` whose `<col>`s name the columns by
/// `<mnemonic>` (`start`, `duration`, `name`, `category`, `subsystem`, …), then one `<row>` per
/// interval whose child elements are its cells, in the columns' order: typed elements
/// (`<start-time>`, `<duration>`, `<string>`, `<subsystem>`, …) whose text is the raw value
/// (a duration in nanoseconds) and whose `fmt` attribute is the value as Instruments shows it.
/// A value that recurs is written once with `id="N"` and later as an empty element with
/// `ref="N"`, meaning the same value; `<sentinel/>` is an empty cell.
///
/// Each name is read from the `name` column (`signpost-name` in some tables), the duration
/// from `duration`. A row whose name or duration cell is empty (`<sentinel/>`: an interval that
/// had not ended) is skipped and counted. Every other flaw is an error at the element's
/// `file:line:column`: an XML syntax error, a root that is not `<trace-query-result>`, rows
/// without a schema, a table that is not an os_signpost table or has no name or duration
/// column, a row with fewer cells than the name or duration column needs, a `ref` to an id not
/// seen before, a duration that is not a whole number of nanoseconds.
public struct SignpostExport: Sendable {
    /// The intervals, in the order of the file's rows.
    public var intervals: [SignpostInterval]
    /// Rows skipped because their name or duration cell was empty.
    public var skipped: Int

    /// The name columns' mnemonics, in order of preference.
    static let nameColumns = ["name", "signpost-name"]

    /// Reads the export at `url`; `file` names it in errors. With `subsystems`, only the
    /// intervals whose `subsystem` cell is one of them are kept (a table without a subsystem
    /// column is then an error).
    public static func read(contentsOf url: URL, file: String, subsystems: Set<String>? = nil) throws(ScenarioError) -> SignpostExport {
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: url.path, isDirectory: &isDirectory) else {
            throw ScenarioError(file: file, line: 1, column: 1, keyPath: "", message: "cannot read file: \(file) (no such file)")
        }
        guard !isDirectory.boolValue else {
            throw ScenarioError(file: file, line: 1, column: 1, keyPath: "", message: "cannot read file: \(file) (is a directory)")
        }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ScenarioError(
                file: file, line: 1, column: 1, keyPath: "", message: "cannot read file: \(file) (\(error.localizedDescription))")
        }
        return try parse(data, file: file, subsystems: subsystems)
    }

    /// Reads an export from its bytes; `file` names it in errors.
    public static func parse(_ data: Data, file: String, subsystems: Set<String>? = nil) throws(ScenarioError) -> SignpostExport {
        let reader = Reader(file: file, subsystems: subsystems, data: data)
        let parser = XMLParser(data: data)
        parser.delegate = reader
        parser.shouldProcessNamespaces = false
        parser.shouldResolveExternalEntities = false
        let finished = parser.parse()
        if let error = reader.error { throw error }
        if !finished {
            throw ScenarioError(
                file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), keyPath: "",
                message: "malformed XML (\(syntaxError(parser.parserError)))")
        }
        if !reader.sawRoot {
            throw ScenarioError(
                file: file, line: 1, column: 1, keyPath: "", message: "empty export (expected <trace-query-result> from xctrace export)")
        }
        if let open = reader.path.last {
            throw ScenarioError(
                file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), keyPath: "",
                message: "malformed XML (the file ends inside <\(open)>: a truncated export?)")
        }
        return SignpostExport(intervals: reader.intervals, skipped: reader.skipped)
    }

    /// What the XML parser's error says, in words for the commonest codes. The codes are
    /// libxml2's (`xmlParserErrors`), which Apple's `XMLParser.ErrorCode` numbers the same;
    /// the code is matched as a number, since not every Foundation's enum matches them.
    static func syntaxError(_ error: Error?) -> String {
        guard let error else { return "syntax error" }
        let code = (error as NSError).code
        let known: [Int: String] = [
            4: "no document",
            5: "the document ends early, or goes on after its root element",
            9: "an invalid character",
            38: "'<' in an attribute value (an attribute value not closed?)",
            39: "an attribute value is not quoted",
            40: "an attribute value is not closed",
            41: "an attribute without a value",
            73: "'>' expected",
            76: "an end tag does not match its start tag",
            77: "a tag is not finished",
            85: "the elements are not well balanced",
            86: "content after the root element",
        ]
        return known[code].map { "\($0); XML error \(code)" } ?? "XML error \(code)"
    }

    /// The 1-based column of the `<` that opens the tag the parser's position (`line`, `column`,
    /// counted in bytes) lies in or just after: where the element an error is about starts.
    /// `column` itself when no `<` precedes it on its line.
    static func tagStart(in data: Data, line: Int, column: Int) -> Int {
        let newline = UInt8(ascii: "\n")
        var start = data.startIndex
        var lineNumber = 1
        while lineNumber < line, let next = data[start...].firstIndex(of: newline) {
            start = next + 1
            lineNumber += 1
        }
        guard lineNumber == line else { return column }
        let end = data[start...].firstIndex(of: newline) ?? data.endIndex
        var index = min(start + column - 1, end)
        while index > start {
            index -= 1
            if data[index] == UInt8(ascii: "<") { return index - start + 1 }
        }
        return column
    }

    /// The parser's delegate: a small state machine over the export's elements.
    private final class Reader: NSObject, XMLParserDelegate {
        let file: String
        let subsystems: Set<String>?
        var intervals: [SignpostInterval] = []
        var skipped = 0
        var error: ScenarioError?
        var sawRoot = false

        /// The text of each element with an id, by id, for the elements that refer to it.
        var values: [String: String] = [:]

        /// The open elements, outermost first.
        var path: [String] = []
        /// Text read inside each open element (its own text, not its children's).
        var texts: [String] = []
        /// Each open element's id, if any.
        var ids: [String?] = []

        /// The current table's schema: its name and its columns' mnemonics.
        var schemaName: String?
        var columns: [String] = []
        var nameColumn: Int?
        var durationColumn: Int?
        var subsystemColumn: Int?
        var schemaLocation = (line: 1, column: 1)
        var mnemonic: String?

        /// The current row: its cells' values (nil: empty) and where it starts.
        var cells: [String?] = []
        var rowLocation = (line: 1, column: 1)
        /// Where each cell of the current row starts.
        var cellLocations: [(line: Int, column: Int)] = []
        /// Whether the current cell refers to an earlier value (`ref`) instead of stating one.
        var cellIsRef = false

        /// The export's bytes, to find where an element's tag starts.
        let data: Data

        init(file: String, subsystems: Set<String>?, data: Data) {
            self.file = file
            self.subsystems = subsystems
            self.data = data
        }

        /// Records an error at the start of the element the parser reported at `location` (the
        /// parser's position when it reported that element), or at the current one, and stops.
        func fail(_ parser: XMLParser, _ message: String, at location: (line: Int, column: Int)? = nil) {
            guard error == nil else { return }
            let at = location ?? (parser.lineNumber, parser.columnNumber)
            let line = max(at.line, 1)
            let column = SignpostExport.tagStart(in: data, line: line, column: max(at.column, 1))
            error = ScenarioError(file: file, line: line, column: column, keyPath: "", message: message)
            parser.abortParsing()
        }

        func parser(
            _ parser: XMLParser, didStartElement element: String, namespaceURI: String?, qualifiedName: String?,
            attributes: [String: String] = [:]
        ) {
            guard error == nil else { return }
            let here = (line: parser.lineNumber, column: parser.columnNumber)
            let parent = path.last
            switch (path.count, element) {
            case (0, "trace-query-result"):
                sawRoot = true
            case (0, _):
                fail(parser, "expected <trace-query-result> (what xctrace export writes), found <\(element)>")
                return
            case (1, "node"):
                schemaName = nil
                columns = []
            case (2, "schema") where parent == "node":
                schemaName = attributes["name"] ?? ""
                schemaLocation = here
                columns = []
            case (3, "col") where parent == "schema":
                mnemonic = nil
            case (2, "row") where parent == "node":
                guard schemaName != nil else {
                    fail(parser, "<row> before any <schema> in its <node> (expected a table exported with its schema)")
                    return
                }
                cells = []
                cellLocations = []
                rowLocation = here
            case (3, _) where parent == "row":
                cellLocations.append(here)
                cellIsRef = attributes["ref"] != nil
                if let ref = attributes["ref"] {
                    guard let value = values[ref] else {
                        fail(parser, "<\(element) ref=\"\(ref)\">: no element with id=\"\(ref)\" before it")
                        return
                    }
                    cells.append(element == "sentinel" ? nil : value)
                } else {
                    // The text is filled in when the element ends.
                    cells.append(nil)
                }
            default:
                if path.count >= 3, path[1] == "node", path[2] == "row", let ref = attributes["ref"], values[ref] == nil {
                    fail(parser, "<\(element) ref=\"\(ref)\">: no element with id=\"\(ref)\" before it")
                    return
                }
            }
            path.append(element)
            texts.append("")
            ids.append(attributes["ref"] == nil ? attributes["id"] : nil)
        }

        /// A syntax error: where the parser stopped (reported before any element it affects).
        func parser(_ parser: XMLParser, parseErrorOccurred parseError: Error) {
            guard error == nil else { return }
            error = ScenarioError(
                file: file, line: max(parser.lineNumber, 1), column: max(parser.columnNumber, 1), keyPath: "",
                message: "malformed XML (\(SignpostExport.syntaxError(parseError)))")
            parser.abortParsing()
        }

        func parser(_ parser: XMLParser, foundCharacters string: String) {
            guard error == nil, !texts.isEmpty else { return }
            texts[texts.count - 1] += string
        }

        func parser(_ parser: XMLParser, didEndElement element: String, namespaceURI: String?, qualifiedName: String?) {
            guard error == nil, let open = path.popLast() else { return }
            guard open == element else {
                fail(parser, "malformed XML (</\(element)> ends <\(open)>)")
                return
            }
            let text = texts.removeLast().trimmingCharacters(in: .whitespacesAndNewlines)
            let id = ids.removeLast()
            if let id { values[id] = text }
            switch (path.count, open) {
            case (4, "mnemonic") where path.last == "col":
                mnemonic = text
            case (3, "col") where path.last == "schema":
                columns.append(mnemonic ?? "")
            case (2, "schema") where path.last == "node":
                endSchema(parser)
            case (2, "row") where path.last == "node":
                endRow(parser)
            case (3, _) where path.last == "row":
                // A cell with its own value (a ref's was filled in at its start).
                if !cellIsRef, open != "sentinel" { cells[cells.count - 1] = text }
            default:
                break
            }
        }

        private func endSchema(_ parser: XMLParser) {
            let name = schemaName ?? ""
            guard name.hasPrefix("os-signpost") else {
                fail(
                    parser,
                    "table '\(name)' is not an os_signpost interval table (export one with --xpath '/trace-toc/run[@number=\"1\"]/data/table[@schema=\"os-signpost-interval\"]')",
                    at: schemaLocation)
                return
            }
            nameColumn = SignpostExport.nameColumns.lazy.compactMap { self.columns.firstIndex(of: $0) }.first
            durationColumn = columns.firstIndex(of: "duration")
            subsystemColumn = columns.firstIndex(of: "subsystem")
            let listed = columns.joined(separator: ", ")
            guard nameColumn != nil else {
                fail(parser, "table '\(name)' has no name column (its columns: \(listed))", at: schemaLocation)
                return
            }
            guard durationColumn != nil else {
                fail(
                    parser,
                    "table '\(name)' has no duration column (its columns: \(listed)); export the os-signpost-interval table",
                    at: schemaLocation)
                return
            }
            if subsystems != nil, subsystemColumn == nil {
                fail(parser, "--subsystem: table '\(name)' has no subsystem column (its columns: \(listed))", at: schemaLocation)
            }
        }

        private func endRow(_ parser: XMLParser) {
            guard let nameColumn, let durationColumn else { return }
            for (column, mnemonic) in [(nameColumn, columns[nameColumn]), (durationColumn, "duration")] where column >= cells.count {
                fail(
                    parser,
                    "<row> has \(cells.count) cells, no \(mnemonic) (column \(column + 1) of table '\(schemaName ?? "")')",
                    at: rowLocation)
                return
            }
            if let subsystems, let subsystemColumn {
                guard subsystemColumn < cells.count, let subsystem = cells[subsystemColumn], subsystems.contains(subsystem) else { return }
            }
            guard let name = cells[nameColumn], !name.isEmpty, let duration = cells[durationColumn], !duration.isEmpty else {
                skipped += 1
                return
            }
            guard duration.allSatisfy(\.isASCII), let nanoseconds = Int64(duration), nanoseconds >= 0 else {
                let quoted = duration.count > 60 ? String(duration.prefix(60)) + "…" : duration
                fail(
                    parser, "duration '\(quoted)' is not a whole number of nanoseconds (expected e.g. 2400000 for 2.4 ms)",
                    at: cellLocations[durationColumn])
                return
            }
            intervals.append(SignpostInterval(name: name, nanoseconds: nanoseconds))
        }
    }
}
