// Each key of a scenario file declared once. A mapping type lists its keys in `schema` (name,
// where the value goes, default, rules, description, example); decoding with `file:line:column`
// errors, encoding into `scenario.yaml`, the `--set` key paths and the generated format reference
// all read that one declaration.

/// A mapping of a scenario file whose keys are declared once, in `schema`.
///
/// Conforming types get `init(from:)` and `encode(to:)` from the declaration: decoding starts
/// from `blank`, rejects keys the schema does not declare, then reads every key in declaration
/// order, applying its rules as it goes (so the first failing rule in that order is the one
/// reported), and encoding writes the keys in the same order.
public protocol DeclaredMapping: Codable {
    /// The keys in the order they are read.
    static var schema: Schema<Self> { get }
    /// The value decoding starts from; every declared key then overwrites its part.
    static var blank: Self { get }
}

extension DeclaredMapping {
    public init(from decoder: Decoder) throws {
        self = try Self.schema.decode(decoder, into: Self.blank)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try Self.schema.encode(self, into: &container)
    }
}

/// The declared keys of one mapping, and the cross-key rules between them, in reading order.
public struct Schema<Root> {
    let fields: [SchemaField<Root>]
    /// What "unknown key" messages call this mapping's keys.
    let noun: String

    init(noun: String = "key", _ fields: [SchemaField<Root>]) {
        self.fields = fields
        self.noun = noun
    }

    /// Every key name this mapping accepts, in declaration order.
    var keyNames: [String] { fields.flatMap(\.names) }

    /// The documentation of every key, in declaration order.
    var keyDocs: [KeyDoc] { fields.flatMap(\.docs) }

    /// The cross-key rules, for the format reference.
    var ruleDocs: [String] { fields.compactMap(\.ruleDoc) }

    /// Reads a mapping: unknown keys refused, then each field in order.
    func decode(_ decoder: Decoder, into start: Root) throws -> Root {
        let f = try Fields(decoder, allowed: keyNames, noun: noun)
        return try decode(f, into: start)
    }

    /// Reads the declared keys of a mapping shared with another schema (which checks the keys).
    func decode(_ f: Fields, into start: Root) throws -> Root {
        var value = start
        for field in fields {
            try field.decode(&value, f)
        }
        return value
    }

    func encode(_ value: Root, into container: inout KeyedEncodingContainer<AnyCodingKey>) throws {
        for field in fields {
            try field.encode(value, &container)
        }
    }
}

/// One key of a scenario mapping, as the format reference shows it.
public struct KeyDoc {
    public enum Presence: Sendable, Equatable {
        case required
        /// Absent means this value (as a scenario file would write it).
        case defaulted(String)
        /// Absent means "not set"; the text says what that does.
        case optional(String?)
    }

    public let name: String
    /// What the value is: "an integer", "a list of cells (mapping)", ...
    public let type: String
    public let presence: Presence
    /// The checks on its value, as their messages state them ("must be > 0").
    public let rules: [String]
    public let summary: String
    public let example: String?
    /// The declared mapping or union the value is (or lists), for a section of its own.
    let nested: Any.Type?
}

/// The declared mapping or union a value type is, or lists, or wraps: the format reference gives
/// it a section of its own.
func nestedMapping(of type: Any.Type) -> Any.Type? {
    if type is any DeclaredMapping.Type || type is any DeclaredUnion.Type { return type }
    if let element = (type as? any SchemaListing.Type)?.listElement { return nestedMapping(of: element) }
    if let wrapped = (type as? any SchemaOptional.Type)?.wrappedType { return nestedMapping(of: wrapped) }
    return nil
}

/// How a value type is described in the format reference: "an integer", "a list of ...".
func describeSchemaType(_ type: Any.Type) -> String {
    if let element = (type as? any SchemaListing.Type)?.listElement {
        return "a list of \(describeSchemaElement(element))"
    }
    if let wrapped = (type as? any SchemaOptional.Type)?.wrappedType {
        return describeSchemaType(wrapped)
    }
    if let union = type as? any DeclaredUnion.Type {
        return union.referenceDescription
    }
    return describeExpected(type)
}

private func describeSchemaElement(_ type: Any.Type) -> String {
    let single = describeSchemaType(type)
    // "an integer" → "integers"; other descriptions are kept whole, in parentheses.
    switch single {
    case "an integer": return "integers"
    case "a non-negative integer": return "non-negative integers"
    case "a number": return "numbers"
    case "a string": return "strings"
    case "a mapping": return "mappings"
    default: return "values (each \(single))"
    }
}

protocol SchemaListing { static var listElement: Any.Type { get } }
extension Array: SchemaListing { static var listElement: Any.Type { Element.self } }
protocol SchemaOptional { static var wrappedType: Any.Type { get } }
extension Optional: SchemaOptional { static var wrappedType: Any.Type { Wrapped.self } }

/// A check on one key's value, run right after the key is read.
struct KeyRule<Root, Value> {
    /// The rule as the format reference states it.
    let doc: String
    let apply: (_ value: Value, _ root: Root, _ fields: Fields, _ key: String) throws -> Void

    /// `<path> <requirement> (found <value>)` unless `test` holds; the requirement is also the doc.
    static func must(_ requirement: String, _ test: @escaping (Value) -> Bool) -> KeyRule {
        KeyRule(doc: requirement) { value, _, f, key in
            try f.check(key, test(value), requirement)
        }
    }

    /// A rule whose message depends on the value or on keys read before it.
    static func must(
        _ doc: String, _ test: @escaping (Value, Root) -> Bool, message: @escaping (Value, Root) -> String
    ) -> KeyRule {
        KeyRule(doc: doc) { value, root, f, key in
            try f.check(key, test(value, root), message(value, root))
        }
    }

    /// A rule the enclosing scenario checks (it knows what the value may name), declared here for
    /// the reference.
    static func checkedByScenario(_ doc: String) -> KeyRule {
        KeyRule(doc: doc) { _, _, _, _ in }
    }

    /// Any other check: it throws its own `SchemaViolation`.
    static func check(_ doc: String, _ apply: @escaping (Value, Root, Fields, String) throws -> Void) -> KeyRule {
        KeyRule(doc: doc, apply: apply)
    }
}

extension KeyRule where Value == Int {
    /// `must be A to B` style bounds from `ScenarioLimits`.
    static func within(_ range: ClosedRange<Int>) -> KeyRule {
        KeyRule(doc: range.requirement) { value, _, f, key in
            try f.check(key, value, in: range)
        }
    }
}

/// One element of a schema: a key, a group of keys read by the same code, or a cross-key rule.
public struct SchemaField<Root> {
    /// The keys this field reads (none for a rule).
    let names: [String]
    let docs: [KeyDoc]
    let ruleDoc: String?
    let decode: (inout Root, Fields) throws -> Void
    let encode: (Root, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void
}

extension SchemaField {
    /// Reads a present key's value; numbers must be finite (YAML `.inf` and `.nan` are refused).
    private static func readRequired<V: Decodable>(_ f: Fields, _ name: String) throws -> V {
        if let number = try f.requiredNumber(ifDouble: V.self, name) { return number }
        return try f.required(name, as: V.self)
    }

    /// Reads a key's value, nil when absent (or null); numbers must be finite.
    private static func readOptional<V: Decodable>(_ f: Fields, _ name: String) throws -> V? {
        if V.self == Double.self { return try f.optionalNumber(name) as? V }
        return try f.optional(name, as: V.self)
    }

    private static func apply<V>(_ rules: [KeyRule<Root, V>], _ value: V, _ root: Root, _ f: Fields, _ name: String) throws {
        for rule in rules {
            try rule.apply(value, root, f, name)
        }
    }

    /// A key that must be present.
    static func required<V: Codable>(
        _ name: String, _ path: WritableKeyPath<Root, V>, _ summary: String, example: String? = nil,
        _ rules: KeyRule<Root, V>...
    ) -> SchemaField {
        SchemaField(
            names: [name],
            docs: [
                KeyDoc(
                    name: name, type: describeSchemaType(V.self), presence: .required, rules: rules.map(\.doc),
                    summary: summary, example: example, nested: nestedMapping(of: V.self))
            ],
            ruleDoc: nil,
            decode: { root, f in
                let value: V = try readRequired(f, name)
                try apply(rules, value, root, f, name)
                root[keyPath: path] = value
            },
            encode: { root, container in try container.encode(root[keyPath: path], for: name) })
    }

    /// A key with a default: absent (or null) means `defaultValue`. The rules check the value
    /// either way. `scenario.yaml` always writes it, unless `omitWhen` holds.
    static func optional<V: Codable>(
        _ name: String, _ path: WritableKeyPath<Root, V>, default defaultValue: V, shown defaultText: String? = nil,
        _ summary: String, example: String? = nil, omitWhen: ((V) -> Bool)? = nil, _ rules: KeyRule<Root, V>...
    ) -> SchemaField {
        SchemaField(
            names: [name],
            docs: [
                KeyDoc(
                    name: name, type: describeSchemaType(V.self),
                    presence: .defaulted(defaultText ?? renderDefault(defaultValue)), rules: rules.map(\.doc),
                    summary: summary, example: example, nested: nestedMapping(of: V.self))
            ],
            ruleDoc: nil,
            decode: { root, f in
                let value: V = try readOptional(f, name) ?? defaultValue
                try apply(rules, value, root, f, name)
                root[keyPath: path] = value
            },
            encode: { root, container in
                let value = root[keyPath: path]
                if let omitWhen, omitWhen(value) { return }
                try container.encode(value, for: name)
            })
    }

    /// A key that may be left out: absent (or null) means `nil`. The rules check a present value.
    static func optional<V: Codable>(
        _ name: String, _ path: WritableKeyPath<Root, V?>, absent: String? = nil, _ summary: String,
        example: String? = nil, _ rules: KeyRule<Root, V>...
    ) -> SchemaField {
        SchemaField(
            names: [name],
            docs: [
                KeyDoc(
                    name: name, type: describeSchemaType(V.self), presence: .optional(absent), rules: rules.map(\.doc),
                    summary: summary, example: example, nested: nestedMapping(of: V.self))
            ],
            ruleDoc: nil,
            decode: { root, f in
                let value: V? = try readOptional(f, name)
                if let value { try apply(rules, value, root, f, name) }
                root[keyPath: path] = value
            },
            encode: { root, container in try container.encodeIfPresent(root[keyPath: path], for: name) })
    }

    /// Keys read and written by code of their own (a value spread over several keys, a key whose
    /// presence decides another's default). `docs` declares them for the reference and `--set`.
    static func custom(
        _ docs: [KeyDoc], decode: @escaping (inout Root, Fields) throws -> Void,
        encode: @escaping (Root, inout KeyedEncodingContainer<AnyCodingKey>) throws -> Void
    ) -> SchemaField {
        SchemaField(names: docs.map(\.name), docs: docs, ruleDoc: nil, decode: decode, encode: encode)
    }

    /// A rule between keys, checked once every key declared before it has been read.
    static func rule(_ doc: String, _ check: @escaping (Root, Fields) throws -> Void) -> SchemaField {
        SchemaField(names: [], docs: [], ruleDoc: doc, decode: { root, f in try check(root, f) }, encode: { _, _ in })
    }

    /// Another schema's keys, read from this same mapping into a part of this value (the header's
    /// keys share the top-level mapping with each kind's own).
    static func inline<Part>(_ path: WritableKeyPath<Root, Part>, _ schema: Schema<Part>) -> SchemaField {
        SchemaField(
            names: schema.keyNames, docs: schema.keyDocs, ruleDoc: nil,
            decode: { root, f in root[keyPath: path] = try schema.decode(f, into: root[keyPath: path]) },
            encode: { root, container in try schema.encode(root[keyPath: path], into: &container) })
    }
}

extension SchemaField {
    /// A kind's header: the keys every kind shares, read from the kind's top-level mapping, and
    /// the rule that `kind` names this kind. `checksDecide: false`: the kind checks `decide`
    /// itself, once the keys its columns depend on are read (``KindScenario/resultColumns``).
    static func header(
        _ path: WritableKeyPath<Root, ScenarioHeader>, of kind: KindName, _ schema: Schema<ScenarioHeader> = ScenarioHeader.schema,
        checksDecide: Bool = true
    ) -> SchemaField {
        SchemaField(
            names: schema.keyNames, docs: schema.keyDocs,
            ruleDoc: checksDecide ? "kind is \(kind.rawValue); decide names columns of this kind's summary" : "kind is \(kind.rawValue)",
            decode: { root, f in
                let header = try schema.decode(f, into: root[keyPath: path])
                if header.kind != kind {
                    throw f.invalid("kind", "expected '\(kind.rawValue)' here, found '\(header.kind.rawValue)'")
                }
                if checksDecide, let decide = header.decide, let type = KindRegistry.type(of: kind) {
                    try decide.check(columns: type.summaryColumns, fields: f)
                }
                root[keyPath: path] = header
            },
            encode: { root, container in try schema.encode(root[keyPath: path], into: &container) })
    }
}

extension KeyDoc {
    /// A key declared for a `custom` field.
    static func key<V>(
        _ name: String, _ type: V.Type, _ presence: Presence, _ summary: String, example: String? = nil,
        rules: [String] = []
    ) -> KeyDoc {
        KeyDoc(
            name: name, type: describeSchemaType(V.self), presence: presence, rules: rules, summary: summary,
            example: example, nested: nestedMapping(of: V.self))
    }
}

/// A default as a scenario file would write it.
func renderDefault(_ value: Any) -> String {
    switch value {
    case let choice as any RawRepresentable<String>: return choice.rawValue
    case let list as [Any]: return "[" + list.map(renderDefault).joined(separator: ", ") + "]"
    case let number as Double: return formatNumber(number)
    case let text as String: return text.isEmpty ? "\"\"" : text
    case let printable as CustomStringConvertible: return printable.description
    default: return String(describing: value)
    }
}

extension Fields {
    /// A required finite number when `V` is `Double`, else nil (the caller reads `V` as is).
    fileprivate func requiredNumber<V>(ifDouble type: V.Type, _ name: String) throws -> V? {
        guard V.self == Double.self else { return nil }
        return try requiredNumber(name) as? V
    }
}
