// The format reference of a scenario kind, generated from its key declarations: every mapping of
// the file (the top level, then each nested mapping in the order its key is declared), each key
// with its value, its default, its rules and its meaning. `workbench keys` prints it; the docs'
// kind pages are its markdown output.

/// One mapping of a scenario file as the reference shows it.
public struct FormatSection {
    /// Where it sits in a file: "top level", "table", "table.cells[]", "scroll[] (one of)".
    public let path: String
    /// What the key holding it means (empty for the top level).
    public let summary: String
    /// Other places the same mapping appears (a nib under a cell, a header and a detail).
    public var alsoAt: [String]
    /// A union lists its variants: a mapping with exactly one of these keys.
    public let isUnion: Bool
    /// How a union's keys combine.
    public let note: String
    public let keys: [KeyDoc]
    /// Rules between keys, checked after the keys.
    public let rules: [String]
}

public enum FormatReference {
    /// The sections of a kind's file, or nil for a kind whose keys are not declared.
    public static func sections(for kind: any KindScenario.Type) -> [FormatSection]? {
        guard let declared = kind as? any DeclaredMapping.Type else { return nil }
        return sections(root: declared)
    }

    static func sections(root: any DeclaredMapping.Type) -> [FormatSection] {
        var result: [FormatSection] = []
        var seen: [ObjectIdentifier: Int] = [:]
        func visit(_ type: Any.Type, path: String, summary: String) {
            if let index = seen[ObjectIdentifier(type)] {
                result[index].alsoAt.append(path)
                return
            }
            let keys: [KeyDoc]
            var rules: [String] = []
            let isUnion: Bool
            var note = ""
            if let declared = type as? any DeclaredMapping.Type {
                (keys, rules) = docs(of: declared)
                isUnion = false
            } else if let union = type as? any DeclaredUnion.Type {
                keys = union.variantDocs
                isUnion = true
                note = union.unionNote
            } else {
                return
            }
            seen[ObjectIdentifier(type)] = result.count
            result.append(FormatSection(path: path, summary: summary, alsoAt: [], isUnion: isUnion, note: note, keys: keys, rules: rules))
            for key in keys {
                guard let nested = key.nested else { continue }
                let isList = key.type.hasPrefix("a list of")
                let keyPath = (path == topLevel ? "" : path + (isUnion ? "." : ".")) + key.name + (isList ? "[]" : "")
                visit(nested, path: keyPath, summary: key.summary)
            }
        }
        visit(root, path: topLevel, summary: "")
        return result
    }

    static let topLevel = "top level"

    private static func docs<T: DeclaredMapping>(of type: T.Type) -> ([KeyDoc], [String]) {
        (T.schema.keyDocs, T.schema.ruleDocs)
    }

    /// The reference as Markdown: a table per mapping.
    public static func markdown(kind: String, summary: String, sections: [FormatSection]) -> String {
        var out = "### Keys of `kind: \(kind)`\n\n"
        out += "\(summary)\n\n"
        out += "Generated from the key declarations (`workbench keys \(kind)`). A key left out takes the value under \"if absent\"; "
        out += "the rules are checked in the order listed, and the first that fails is reported at its `file:line:column`.\n"
        for section in sections {
            let title = section.path == topLevel ? "Top level" : "`\(section.path)`"
            out += "\n#### \(title)\n\n"
            if !section.summary.isEmpty { out += "\(section.summary)" }
            if section.isUnion { out += (section.summary.isEmpty ? "" : " ") + section.note }
            if !section.alsoAt.isEmpty {
                out += (section.summary.isEmpty && !section.isUnion ? "" : " ")
                out += "The same mapping at " + section.alsoAt.map { "`\($0)`" }.joined(separator: ", ") + "."
            }
            if !section.summary.isEmpty || section.isUnion || !section.alsoAt.isEmpty { out += "\n\n" }
            out += "| key | value | if absent | rules | meaning |\n|---|---|---|---|---|\n"
            for key in section.keys {
                let example = key.example.map { " Example: `\($0)`." } ?? ""
                let absentCell = section.isUnion ? "—" : absent(key, code: true)
                out += "| `\(key.name)` | \(cell(key.type)) | \(cell(absentCell)) | \(cell(key.rules.joined(separator: "; "))) | \(cell(key.summary + example)) |\n"
            }
            if !section.rules.isEmpty {
                out += "\nThen, between keys:\n\n"
                for rule in section.rules { out += "- \(rule)\n" }
            }
        }
        return out
    }

    /// The reference as plain text for a terminal.
    public static func text(kind: String, summary: String, sections: [FormatSection]) -> String {
        var out = "\(kind): \(summary)\n"
        for section in sections {
            out += "\n\(section.path)"
            if !section.alsoAt.isEmpty { out += " (also at " + section.alsoAt.joined(separator: ", ") + ")" }
            out += "\n"
            if section.isUnion { out += "  \(section.note)\n" }
            let width = section.keys.map(\.name.count).max() ?? 0
            for key in section.keys {
                let pad = String(repeating: " ", count: width - key.name.count)
                var line = "  \(key.name)\(pad)  \(key.type)" + (section.isUnion ? "." : "; \(absent(key)).")
                if !key.rules.isEmpty { line += " Rules: " + key.rules.joined(separator: "; ") + "." }
                line += " " + key.summary
                if let example = key.example { line += " Example: \(example)" }
                out += line + "\n"
            }
            for rule in section.rules { out += "  then: \(rule)\n" }
        }
        return out
    }

    private static func absent(_ key: KeyDoc, code: Bool = false) -> String {
        switch key.presence {
        case .required: "required"
        case .defaulted(let value): code ? "`\(value)`" : "default \(value)"
        case .optional(let meaning): meaning.map { "optional: \($0)" } ?? "optional"
        }
    }

    private static func cell(_ text: String) -> String {
        text.replacingOccurrences(of: "|", with: "\\|").replacingOccurrences(of: "\n", with: " ")
    }
}
