/// A scenario's settings as its results record them (`<scenario>/scenario.yaml`: block YAML as
/// the workbench writes it, defaults resolved), flattened to key paths, so that `compare` can
/// say what changed between the two sides' configurations:
///
/// ```text
/// cache.capacity           8
/// cache.policies           [none, lru, fifo, random]      (a list of scalars is one value)
/// table.cells[0].nib.views 18
/// ```
///
/// Quotes are removed and numbers written as in the CSV files (`1.2e+2` → `120`). Text this
/// reader does not follow gives no settings (nil), and `compare` then relies on the summary's
/// setting columns alone.
public struct ScenarioSettings: Sendable, Equatable {
    /// One setting: its key path and its value as text.
    public struct Entry: Sendable, Equatable {
        /// `table.cells[0].nib.views`.
        public var path: String
        /// `18`; empty for a key without a value.
        public var value: String
    }

    /// The settings in file order.
    public var entries: [Entry]

    /// Keys that say how a scenario is measured or described, not what runs: never reported as
    /// a configuration change (`expect` and everything under it, too).
    public static let ignored: Set<String> = ["version", "name", "description", "repeat", "expect"]

    /// The settings of `yaml`, or nil when it is not block YAML of mappings, lists and scalars.
    public init?(yaml: String) {
        var lines: [Line] = []
        for raw in yaml.split(whereSeparator: { $0 == "\n" || $0 == "\r\n" || $0 == "\r" }) {
            let text = raw.drop { $0 == " " }
            let trimmed = String(text).trimmingSpaces
            if trimmed.isEmpty || trimmed.hasPrefix("#") || trimmed == "---" {
                continue
            }
            lines.append(Line(indent: raw.count - text.count, text: trimmed))
        }
        var parser = Parser(lines: lines)
        guard let first = lines.first else {
            entries = []
            return
        }
        guard first.indent == 0, (try? parser.mapping(indent: 0, path: "")) != nil, parser.index == lines.count else {
            return nil
        }
        entries = parser.entries.map { Entry(path: $0.path, value: Self.display($0.value)) }
    }

    /// The settings that differ between `baseline` and `current` (nil where a side lacks the
    /// key), in the current file's order, then the baseline's own keys; ``ignored`` keys left out.
    public static func differences(
        _ baseline: ScenarioSettings, _ current: ScenarioSettings
    ) -> [(path: String, baseline: String?, current: String?)] {
        let before = Dictionary(baseline.entries.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
        let after = Dictionary(current.entries.map { ($0.path, $0.value) }, uniquingKeysWith: { first, _ in first })
        var seen: Set<String> = []
        var changes: [(path: String, baseline: String?, current: String?)] = []
        for path in current.entries.map(\.path) + baseline.entries.map(\.path) where seen.insert(path).inserted {
            let root = String(path.prefix { $0 != "." && $0 != "[" })
            guard !ignored.contains(root), before[path] != after[path] else { continue }
            changes.append((path, before[path], after[path]))
        }
        return changes
    }

    /// A value as compare shows it: without quotes, a number as the CSV files write it.
    static func display(_ value: String) -> String {
        var text = value.trimmingSpaces
        if text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first {
            text = String(text.dropFirst().dropLast())
        }
        if let number = Double(text), number.isFinite, text.first.map({ $0.isNumber || $0 == "-" || $0 == "." }) == true {
            return CSVValue.format(number)
        }
        return text
    }

    /// A line without its indentation, and how deep it was indented.
    struct Line {
        var indent: Int
        var text: String
    }

    /// Not block YAML this reader follows.
    struct Unreadable: Error {}

    /// A recursive descent over the lines: a mapping's keys share an indentation; a list's items
    /// (`- `) share one, which may be the owning key's; a deeper line after a scalar continues it.
    struct Parser {
        var lines: [Line]
        var index = 0
        var entries: [(path: String, value: String)] = []

        /// The node whose first line is the current one, at `indent`.
        mutating func node(indent: Int, path: String) throws {
            let text = lines[index].text
            if Self.isItem(text) {
                try sequence(indent: indent, path: path)
            } else if Self.keyValue(text) != nil {
                try mapping(indent: indent, path: path)
            } else {
                index += 1
                entries.append((path, text + continuation(deeperThan: indent - 1)))
            }
        }

        /// The keys at `indent` from the current line on.
        mutating func mapping(indent: Int, path: String) throws {
            while index < lines.count, lines[index].indent == indent, !Self.isItem(lines[index].text) {
                guard let pair = Self.keyValue(lines[index].text) else { throw Unreadable() }
                let child = path.isEmpty ? pair.key : "\(path).\(pair.key)"
                index += 1
                if !pair.value.isEmpty {
                    entries.append((child, pair.value + continuation(deeperThan: indent)))
                } else if index < lines.count, lines[index].indent > indent {
                    try node(indent: lines[index].indent, path: child)
                } else if index < lines.count, lines[index].indent == indent, Self.isItem(lines[index].text) {
                    try sequence(indent: indent, path: child)
                } else {
                    entries.append((child, ""))
                }
            }
            if index < lines.count, lines[index].indent > indent {
                throw Unreadable()
            }
        }

        /// The items at `indent` from the current line on; a list of scalars becomes one value.
        mutating func sequence(indent: Int, path: String) throws {
            let start = entries.count
            var scalars: [String] = []
            var allScalars = true
            var position = 0
            while index < lines.count, lines[index].indent == indent, Self.isItem(lines[index].text) {
                let item = lines[index].text
                let rest = String(item.dropFirst()).trimmingSpaces
                let child = "\(path)[\(position)]"
                position += 1
                if rest.isEmpty {
                    index += 1
                    allScalars = false
                    if index < lines.count, lines[index].indent > indent {
                        try node(indent: lines[index].indent, path: child)
                    } else {
                        entries.append((child, ""))
                    }
                } else if Self.isItem(rest) || Self.keyValue(rest) != nil {
                    allScalars = false
                    // The item's content, re-read at its own indentation.
                    lines[index] = Line(indent: indent + item.count - rest.count, text: rest)
                    try node(indent: lines[index].indent, path: child)
                } else {
                    index += 1
                    let value = rest + continuation(deeperThan: indent)
                    entries.append((child, value))
                    scalars.append(Self.unquoted(value))
                }
            }
            if allScalars {
                entries.removeSubrange(start...)
                entries.append((path, "[" + scalars.joined(separator: ", ") + "]"))
            }
        }

        /// The lines deeper than `indent` from the current one on, each after a space: a
        /// scalar's continuation.
        mutating func continuation(deeperThan indent: Int) -> String {
            var text = ""
            while index < lines.count, lines[index].indent > indent {
                text += " " + lines[index].text
                index += 1
            }
            return text
        }

        /// Whether `text` is a list item (`- x` or `-`).
        static func isItem(_ text: String) -> Bool {
            text == "-" || text.hasPrefix("- ")
        }

        /// The key and the rest of a `key: value` or `key:` line; nil for a scalar (flow
        /// collections, quoted text, plain text without `: `).
        static func keyValue(_ text: String) -> (key: String, value: String)? {
            guard let first = text.first, first != "{", first != "[" else { return nil }
            var keyEnd = text.startIndex
            if first == "'" || first == "\"" {
                guard let close = text.dropFirst().firstIndex(of: first) else { return nil }
                keyEnd = text.index(after: close)
                guard keyEnd < text.endIndex, text[keyEnd] == ":" else { return nil }
            } else {
                var cursor = text.startIndex
                var found: String.Index? = nil
                while cursor < text.endIndex {
                    if text[cursor] == ":" {
                        let next = text.index(after: cursor)
                        if next == text.endIndex || text[next] == " " {
                            found = cursor
                            break
                        }
                    }
                    cursor = text.index(after: cursor)
                }
                guard let found else { return nil }
                keyEnd = found
            }
            let key = unquoted(String(text[..<keyEnd]))
            let value = String(text[text.index(after: keyEnd)...]).trimmingSpaces
            return (key, value)
        }

        /// `text` without one pair of surrounding quotes.
        static func unquoted(_ text: String) -> String {
            guard text.count >= 2, let first = text.first, first == "'" || first == "\"", text.last == first else {
                return text
            }
            return String(text.dropFirst().dropLast())
        }
    }
}
