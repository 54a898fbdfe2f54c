import Foundation

/// A recorded session's text as a scenario gives it: the path of a file (relative to the scenario
/// file, read under the scenario file's rules), whose errors are `file:line:column`; or, as the
/// results' `scenario.yaml` writes it, a mapping `{csv: text}`, whose errors point at its `csv`
/// key with the line and column inside the text.
struct RecordedSessionText {
    /// The file as the scenario names it; nil inline.
    let file: String?
    /// The file as read; "" inline.
    let resolvedFile: String
    let text: String
    /// The error at a line and column of ``text``.
    let failure: (Int, Int, String) -> Error

    init(_ decoder: Decoder, description: String) throws {
        if let container = try? decoder.singleValueContainer(), !container.decodeNil(),
            let path = try? container.decode(String.self)
        {
            guard !path.isEmpty else { throw SchemaViolation(.expected(description), at: decoder.codingPath) }
            let (resolved, read) = try ScenarioLoader.readNamedFile(path, decoder: decoder, noun: "recorded session")
            text = read
            file = path
            resolvedFile = resolved
            failure = { line, column, message in
                ScenarioError(file: resolved, line: line, column: column, keyPath: "", message: message)
            }
            return
        }
        guard (try? decoder.container(keyedBy: AnyCodingKey.self)) != nil else {
            throw SchemaViolation(.expected(description), at: decoder.codingPath)
        }
        let f = try Fields(decoder, allowed: ["csv"])
        text = try f.required("csv")
        file = nil
        resolvedFile = ""
        let path = f.path("csv")
        failure = { line, column, message in
            SchemaViolation(.invalid("line \(line), column \(column): \(message)"), at: path)
        }
    }
}

/// One data row of a session file: its line, its fields (trimmed) and the column each starts at.
struct RecordedSessionRow {
    let line: Int
    let fields: [String]
    let columns: [Int]

    /// The data rows of `text`, after its header (blank lines skipped, `\n` or `\r\n` endings),
    /// each with `count` fields, a row's time in its first field, at least 0 and not decreasing;
    /// at most `maximum` rows, at least one. `noun` names a row in messages (`sample`, `event`).
    static func rows(
        of text: String, header: String, count: Int, maximum: Int, noun: String, failure: (Int, Int, String) -> Error
    ) throws -> [(row: RecordedSessionRow, time: Double)] {
        var rows: [(row: RecordedSessionRow, time: Double)] = []
        var sawHeader = false
        // A "\r\n" is one Character in Swift, and a newline: lines end with either.
        for (index, raw) in text.split(omittingEmptySubsequences: false, whereSeparator: \.isNewline).enumerated() {
            let line = index + 1
            if raw.trimmingCharacters(in: .whitespaces).isEmpty { continue }
            guard sawHeader else {
                guard raw.trimmingCharacters(in: .whitespaces) == header else {
                    throw failure(line, 1, "expected the header '\(header)', found \(NodeLocator.excerpt(String(raw)))")
                }
                sawHeader = true
                continue
            }
            let parts = raw.split(separator: ",", omittingEmptySubsequences: false)
            guard parts.count == count else { throw failure(line, 1, "expected \(count) fields (\(header)), found \(parts.count)") }
            var columns: [Int] = []
            var position = 1
            for part in parts {
                columns.append(position)
                position += part.count + 1
            }
            let fields = parts.map { $0.trimmingCharacters(in: .whitespaces) }
            guard let time = Double(fields[0]), time.isFinite, time >= 0 else {
                throw failure(line, 1, "t_s must be a number of seconds >= 0, found \(NodeLocator.excerpt(fields[0]))")
            }
            if let last = rows.last?.time, time < last {
                throw failure(line, 1, "t_s must not decrease: \(formatNumber(time)) after \(formatNumber(last))")
            }
            guard rows.count < maximum else { throw failure(line, 1, "a recorded session holds at most \(maximum) \(noun)s") }
            rows.append((RecordedSessionRow(line: line, fields: fields, columns: columns), time))
        }
        guard sawHeader else { throw failure(1, 1, "empty recorded session (expected the header '\(header)')") }
        guard !rows.isEmpty else { throw failure(1, 1, "a recorded session needs at least one \(noun) after its header") }
        return rows
    }
}

/// A recorded session a scenario replays (``RecordedScroll``, ``RecordedNavigation``): read from
/// a file or inline (``RecordedSessionText``), written back inline (`{csv: text}`).
protocol RecordedSession {
    associatedtype Entry
    static var schemaDescription: String { get }
    /// The entries of a session's text; `failure` makes the error of a line and column.
    static func parse(_ text: String, failure: (Int, Int, String) -> Error) throws -> [Entry]
    init(file: String?, entries: [Entry])
    var resolvedFile: String { get set }
    var csvText: String { get set }
}

extension RecordedSession {
    /// The session a decoder reads: a file's path or `{csv: text}`.
    static func decoded(from decoder: Decoder) throws -> Self {
        let session = try RecordedSessionText(decoder, description: Self.schemaDescription)
        var decoded = Self(file: session.file, entries: try Self.parse(session.text, failure: session.failure))
        decoded.resolvedFile = session.resolvedFile
        decoded.csvText = session.text
        return decoded
    }

    /// Writes the session inline, `{csv: text}`.
    func encodeInline(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(csvText, for: "csv")
    }

    /// The entries of a session file's text; errors at the file's line and column.
    static func parse(_ text: String, file: String) throws -> [Entry] {
        try parse(text) { line, column, message in
            ScenarioError(file: file, line: line, column: column, keyPath: "", message: message)
        }
    }
}
