import Foundation

/// What a scenario directory says about itself: its kind and description (from
/// `scenario.yaml`) and its columns (`columns.csv`). Plots and index pages work from this alone.
public struct ResultsDescription: Sendable, Equatable {
    /// The `kind:` of the scenario that wrote the results.
    public var kind: String
    /// The scenario's `description:`, or nil.
    public var description: String?
    /// The results' columns.
    public var columns: ResultColumns
    /// When, where and how the results were made: the `# key: value` comment lines at the top of
    /// `scenario.yaml` (date, workbench, host, command), in order.
    public var record: [(key: String, value: String)]

    public init(kind: String, description: String? = nil, columns: ResultColumns, record: [(key: String, value: String)] = []) {
        self.kind = kind
        self.description = description
        self.columns = columns
        self.record = record
    }

    public static func == (lhs: ResultsDescription, rhs: ResultsDescription) -> Bool {
        lhs.kind == rhs.kind && lhs.description == rhs.description && lhs.columns == rhs.columns
            && lhs.record.map(\.key) == rhs.record.map(\.key) && lhs.record.map(\.value) == rhs.record.map(\.value)
    }

    /// Reads `columns.csv` and `scenario.yaml` in `directory`.
    ///
    /// - Throws: ``ReportError/missingColumns(path:)`` or ``ReportError/malformedColumns(path:reason:)``
    ///   for `columns.csv`; ``ReportError/missingColumns(path:)`` naming `scenario.yaml` when it is
    ///   missing or has no `kind:`.
    public static func load(scenarioDirectory directory: URL) throws -> ResultsDescription {
        let columns = try ResultColumns.load(scenarioDirectory: directory)
        let url = directory.appendingPathComponent(ResultsWriter.scenarioFileName, isDirectory: false)
        guard let text = try? String(contentsOf: url, encoding: .utf8), let kind = topLevelValue("kind", in: text) else {
            throw ReportError.missingColumns(path: url.path)
        }
        return ResultsDescription(
            kind: kind, description: topLevelValue("description", in: text), columns: columns, record: record(in: text))
    }

    /// The `# key: value` lines before the first line that is not a comment.
    static func record(in yaml: String) -> [(key: String, value: String)] {
        var record: [(key: String, value: String)] = []
        for line in yaml.split(separator: "\n", omittingEmptySubsequences: false) {
            guard line.hasPrefix("# "), let colon = line.firstIndex(of: ":") else {
                break
            }
            let key = line[line.index(line.startIndex, offsetBy: 2)..<colon]
            record.append((String(key), line[line.index(after: colon)...].trimmingCharacters(in: .whitespaces)))
        }
        return record
    }

    /// The scalar of a top-level `key: value` entry (quotes removed, continuation lines folded
    /// into one with spaces, a double-quoted scalar's escapes decoded: `"64\xD764"`, as results
    /// written before the file kept non-ASCII text as written, reads `64×64`), or nil. Enough for
    /// the `kind` and `description` the workbench writes itself.
    static func topLevelValue(_ key: String, in yaml: String) -> String? {
        let lines = yaml.split(separator: "\n", omittingEmptySubsequences: false)
        guard let start = lines.firstIndex(where: { $0.hasPrefix(key + ":") }) else {
            return nil
        }
        var parts = [lines[start].dropFirst(key.count + 1).trimmingCharacters(in: .whitespaces)]
        for line in lines[(start + 1)...] {
            guard line.first == " " || line.first == "\t" else { break }
            parts.append(line.trimmingCharacters(in: .whitespaces))
        }
        var value = parts.filter { !$0.isEmpty }.joined(separator: " ")
        if value.count >= 2, let first = value.first, first == "'" || first == "\"", value.last == first {
            value = String(value.dropFirst().dropLast())
            value = first == "'" ? value.replacingOccurrences(of: "''", with: "'") : unescaped(value)
        }
        return value.isEmpty ? nil : value
    }

    /// The text of a double-quoted YAML scalar's body: its escapes (`\\`, `\"`, `\n`, `\t`,
    /// `\xNN`, `\uNNNN`, `\UNNNNNNNN`, ...) decoded; an escape it cannot read is kept as written.
    static func unescaped(_ body: String) -> String {
        guard body.contains("\\") else { return body }
        let simple: [Character: String] = [
            "0": "\u{0}", "a": "\u{7}", "b": "\u{8}", "t": "\t", "\t": "\t", "n": "\n", "v": "\u{B}", "f": "\u{C}",
            "r": "\r", "e": "\u{1B}", " ": " ", "\"": "\"", "/": "/", "\\": "\\", "N": "\u{85}", "_": "\u{A0}",
            "L": "\u{2028}", "P": "\u{2029}",
        ]
        var result = ""
        var rest = Substring(body)
        while let slash = rest.firstIndex(of: "\\") {
            result += rest[..<slash]
            let after = rest.index(after: slash)
            guard after < rest.endIndex else {
                result += "\\"
                rest = rest[after...]
                break
            }
            let code = rest[after]
            if let text = simple[code] {
                result += text
                rest = rest[rest.index(after: after)...]
                continue
            }
            let digits = code == "x" ? 2 : code == "u" ? 4 : code == "U" ? 8 : 0
            let hex = rest[rest.index(after: after)...].prefix(digits)
            if digits > 0, hex.count == digits, let value = UInt32(hex, radix: 16), let scalar = Unicode.Scalar(value) {
                result.unicodeScalars.append(scalar)
                rest = rest[hex.endIndex...]
            } else {
                result += "\\"
                rest = rest[after...]
            }
        }
        return result + rest
    }
}
