// A value written in one of several forms — a word (`back`) or a mapping whose one key names the
// form (`{dwell: 2s}`) — declared once. Reading with `file:line:column` errors, writing into
// `scenario.yaml` and the format reference's section all come from the declaration.

/// A value of a scenario file written in one of several declared forms.
///
/// Conforming types get `init(from:)`, `encode(to:)` and their format-reference section from
/// `union`: a word is read as its value; a mapping must have exactly one of the forms' naming keys
/// (plus the keys that form reads with it), and unknown keys are refused.
public protocol DeclaredUnion: Codable, Equatable {
    /// The words and mapping forms, in the order the reference lists them.
    static var union: UnionSchema<Self> { get }
}

extension DeclaredUnion {
    public init(from decoder: Decoder) throws {
        self = try Self.union.decode(decoder)
    }

    public func encode(to encoder: Encoder) throws {
        try Self.union.encode(self, to: encoder)
    }

    static var variantDocs: [KeyDoc] { union.forms.flatMap(\.docs) }
    static var unionNote: String { union.note }
    static var referenceDescription: String { union.description }
    static var schemaDescription: String { union.expectation }
}

/// The declaration of a ``DeclaredUnion``: its words and its mapping forms.
public struct UnionSchema<Root: Equatable> {
    /// What one value is called in messages: "step", "distribution".
    let noun: String
    let words: [UnionWord<Root>]
    let forms: [UnionForm<Root>]
    /// Whether values sit in a list (a mapping with two forms' keys is told to use one item each).
    let listed: Bool

    init(noun: String, listed: Bool = false, words: [UnionWord<Root>] = [], forms: [UnionForm<Root>]) {
        self.noun = noun
        self.listed = listed
        self.words = words
        self.forms = forms
    }

    /// The keys that name a form.
    var formKeys: [String] { forms.map(\.name) }
    /// Every key a mapping of this union may have.
    var allKeys: [String] { forms.flatMap { [$0.name] + $0.companions } }

    private var article: String { "aeiou".contains(noun.first ?? "x") ? "an" : "a" }

    /// The forms, as "expected ..." and "unknown ..." messages list them.
    private var formsText: String {
        let mapping = "a mapping with one key, one of: \(formKeys.joined(separator: ", "))"
        guard !words.isEmpty else { return mapping }
        return "one of \(words.map(\.name).joined(separator: ", ")), or \(mapping)"
    }

    /// "a step: a mapping with one key, one of: ...", for "expected X, found Y".
    var expectation: String { "\(article) \(noun): \(formsText)" }

    /// What the value is, for the reference's key tables.
    var description: String {
        if words.isEmpty { return expectation }
        if listed { return "\(article) \(noun) (a word or a mapping)" }
        return "\(words.map(\.name).joined(separator: ", ")), or a mapping"
    }

    /// How words and keys combine, for the reference's section.
    var note: String {
        let companions = forms.filter { !$0.companions.isEmpty }.map { "\($0.companions.joined(separator: ", ")) goes with \($0.name)" }
        let keys = "a mapping with exactly one of these keys" + (companions.isEmpty ? "" : " (\(companions.joined(separator: "; ")))")
        guard !words.isEmpty else { return listed ? "Each entry is \(keys)." : "A value is \(keys)." }
        let listedWords = words.map { word in word.summary.map { "\(word.name) (\($0))" } ?? word.name }
        let wordList =
            listedWords.count == 1
            ? listedWords[0] : listedWords.dropLast().joined(separator: ", ") + " or " + (listedWords.last ?? "")
        return "One of the words \(wordList), or \(keys)."
    }

    func decode(_ decoder: Decoder) throws -> Root {
        if !words.isEmpty, let single = try? decoder.singleValueContainer(), let word = try? single.decode(String.self) {
            guard let match = words.first(where: { $0.name == word }) else {
                throw SchemaViolation(.invalid("unknown \(noun) '\(word)' (expected \(formsText))"), at: decoder.codingPath)
            }
            return match.value
        }
        let container: KeyedDecodingContainer<AnyCodingKey>
        do {
            container = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch DecodingError.typeMismatch {
            throw SchemaViolation(.expected(expectation), at: decoder.codingPath)
        }
        try decoder.rejectUnknownKeys(allowed: allKeys, noun: noun)
        let present = container.allKeys.filter { formKeys.contains($0.stringValue) }
        guard let first = present.first, let form = forms.first(where: { $0.name == first.stringValue }) else {
            throw SchemaViolation(
                .invalid("\(article) \(noun) needs exactly one key, one of: \(formKeys.joined(separator: ", "))"),
                at: decoder.codingPath, target: .mapping)
        }
        guard present.count == 1 else {
            let hint = listed ? "; put each \(noun) in its own list item" : ""
            throw SchemaViolation(
                .message(
                    "\(displayKeyPath(decoder.codingPath)): \(article) \(noun) must have exactly one key, found \(present.count) (\(present.map(\.stringValue).joined(separator: ", ")))\(hint)"
                ),
                at: decoder.codingPath + [present[1]], target: .key)
        }
        for key in container.allKeys where !(form.companions + [form.name]).contains(key.stringValue) {
            throw SchemaViolation(
                .invalid("'\(key.stringValue)' does not go with '\(form.name)'"), at: decoder.codingPath + [key], target: .key)
        }
        return try form.decode(Fields(sharedMapping: decoder))
    }

    /// The key that names `value`'s form in a file (nil for a word).
    func formName(of value: Root) -> String? {
        forms.first { $0.matches(value) }?.name
    }

    /// Writes the form `value` is of; a value no mapping form matches is written as its word.
    func encode(_ value: Root, to encoder: Encoder) throws {
        if forms.contains(where: { $0.matches(value) }) {
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            for form in forms where try form.encode(value, &container) {
                return
            }
        }
        guard let word = words.first(where: { $0.value == value }) else {
            throw EncodingError.invalidValue(
                value, EncodingError.Context(codingPath: encoder.codingPath, debugDescription: "no declared \(noun) form matches"))
        }
        var container = encoder.singleValueContainer()
        try container.encode(word.name)
    }
}

/// A word a union accepts in place of a mapping: `back`, `uniform`.
public struct UnionWord<Root> {
    let name: String
    let value: Root
    /// What it means, for the reference ("never changes"); nil when the name says it.
    let summary: String?

    static func word(_ name: String, _ value: Root, _ summary: String? = nil) -> UnionWord {
        UnionWord(name: name, value: value, summary: summary)
    }
}

/// A mapping form of a union: the key that names it, the keys it reads with it, and how it is
/// read and written.
public struct UnionForm<Root> {
    let name: String
    /// Other keys this form reads (`titles` reads `every`).
    let companions: [String]
    let docs: [KeyDoc]
    let decode: (Fields) throws -> Root
    /// Whether a value is of this form.
    let matches: (Root) -> Bool
    /// Writes `value` when it is of this form; false when it is not.
    let encode: (_ value: Root, _ container: inout KeyedEncodingContainer<AnyCodingKey>) throws -> Bool

    /// `{name: value}`: the value read as `V`, checked by `rules` in order, made into the union's
    /// value by `make`; `match` gives the value back from a union value of this form (nil for
    /// other forms).
    static func key<V: Codable>(
        _ name: String, _ type: V.Type, _ make: @escaping (V) -> Root, match: @escaping (Root) -> V?,
        _ summary: String, example: String? = nil, _ rules: KeyRule<Void, V>...
    ) -> UnionForm {
        key(name, type, make, match: match, summary, example: example, rules)
    }

    /// `{name: value}` with its rules given as a list (shared by several forms).
    static func key<V: Codable>(
        _ name: String, _ type: V.Type, _ make: @escaping (V) -> Root, match: @escaping (Root) -> V?,
        _ summary: String, example: String? = nil, _ rules: [KeyRule<Void, V>]
    ) -> UnionForm {
        UnionForm(
            name: name, companions: [],
            docs: [.key(name, V.self, .optional(nil), summary, example: example, rules: rules.map(\.doc))],
            decode: { f in
                let value: V
                if V.self == Double.self, let number = try f.requiredNumber(name) as? V {
                    value = number
                } else {
                    value = try f.required(name, as: V.self)
                }
                for rule in rules {
                    try rule.apply(value, (), f, name)
                }
                return make(value)
            },
            matches: { match($0) != nil },
            encode: { root, container in
                guard let value = match(root) else { return false }
                try container.encode(value, for: name)
                return true
            })
    }

    /// A form read and written by code of its own (several keys, or a value with its own
    /// reading); `docs` declares its keys, the first being the one that names the form.
    static func custom(
        _ docs: [KeyDoc], decode: @escaping (Fields) throws -> Root, matches: @escaping (Root) -> Bool,
        encode: @escaping (Root, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void
    ) -> UnionForm {
        UnionForm(
            name: docs.first?.name ?? "", companions: docs.dropFirst().map(\.name), docs: docs, decode: decode,
            matches: matches,
            encode: { root, container in
                guard matches(root) else { return false }
                try encode(root, &container)
                return true
            })
    }
}
