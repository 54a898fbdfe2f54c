/// A validation failure found while decoding, before it has a file position.
///
/// Thrown from the `init(from:)` of scenario types; `ScenarioLoader` turns it into a
/// `ScenarioError` by following `codingPath` through the composed YAML tree to find the mark.
struct SchemaViolation: Error {
    /// Which node of the tree the error points at.
    enum Target {
        /// The key node of the last path component (unknown keys, extra keys).
        case key
        /// The value node at the path (bad values).
        case value
        /// The mapping at the path (missing keys, cross-field problems).
        case mapping
    }

    enum Problem {
        /// `unknown <noun> 'x' at a.b.x (expected one of: ...)`
        case unknownKey(noun: String, allowed: [String])
        /// `missing required key 'a.b.x'`; the path includes the missing key, the target is its parent mapping.
        case missingKey
        /// `a.b: expected <what>, found <the node>`
        case expected(String)
        /// `a.b <text> (found <scalar>)`, e.g. `table.sections must be > 0 (found 0)`.
        case constraint(String)
        /// `a.b: <text>`
        case invalid(String)
        /// The text as is (it names the path itself).
        case message(String)
    }

    var codingPath: [CodingKey]
    var target: Target
    var problem: Problem

    init(_ problem: Problem, at codingPath: [CodingKey], target: Target = .value) {
        self.problem = problem
        self.codingPath = codingPath
        self.target = target
    }

    static func missingKey(_ key: String, in codingPath: [CodingKey]) -> SchemaViolation {
        // The path names the missing key; the node is the enclosing mapping.
        SchemaViolation(.missingKey, at: codingPath + [AnyCodingKey(key)], target: .mapping)
    }
}

/// Renders a coding path as `scroll[1].fling.velocity`.
func renderKeyPath(_ path: [CodingKey]) -> String {
    var result = ""
    for key in path {
        if let index = key.intValue {
            result += "[\(index)]"
        } else {
            if !result.isEmpty { result += "." }
            result += key.stringValue
        }
    }
    return result
}

/// A path for messages: the key path, or "top level" for the root mapping. A key longer than
/// ``NodeLocator/excerptLength`` characters is cut there (`name...`): a key is text found in a
/// file as a value is, and a file read by mistake is never echoed whole.
func displayKeyPath(_ path: [CodingKey]) -> String {
    let rendered = renderKeyPath(
        path.map { key in
            guard key.intValue == nil, key.stringValue.count > NodeLocator.excerptLength else { return key }
            return AnyCodingKey(String(key.stringValue.prefix(NodeLocator.excerptLength)) + "...")
        })
    return rendered.isEmpty ? "top level" : rendered
}

/// A `CodingKey` for any string key or list index.
struct AnyCodingKey: CodingKey, Hashable {
    var stringValue: String
    var intValue: Int?

    init(_ string: String) {
        self.stringValue = string
        self.intValue = nil
    }

    init(index: Int) {
        self.stringValue = "\(index)"
        self.intValue = index
    }

    init?(stringValue: String) {
        self.init(stringValue)
    }

    init?(intValue: Int) {
        self.init(index: intValue)
    }
}

/// Types that describe what they expect in a "expected X, found Y" message.
protocol SchemaDescribed {
    /// E.g. "a duration (a number of seconds, or a number with unit ms, s, m or h)".
    static var schemaDescription: String { get }
}

/// How a Swift type is described in "expected ..." messages.
func describeExpected(_ type: Any.Type) -> String {
    if let described = type as? SchemaDescribed.Type {
        return described.schemaDescription
    }
    switch type {
    case is Int.Type, is Int64.Type, is Int32.Type, is Int16.Type, is Int8.Type:
        return "an integer"
    case is UInt.Type, is UInt64.Type, is UInt32.Type, is UInt16.Type, is UInt8.Type:
        return "a non-negative integer"
    case is Double.Type, is Float.Type:
        return "a number"
    case is String.Type:
        return "a string"
    case is Bool.Type:
        return "true or false"
    default:
        let name = String(describing: type)
        // Yams reports container mismatches with its node types.
        if name.hasSuffix("Mapping") { return "a mapping" }
        if name.hasSuffix("Sequence") { return "a list" }
        if name.hasSuffix("Scalar") { return "a single value" }
        if name.hasPrefix("Array<") || name.hasPrefix("[") { return "a list" }
        // Our own structs decode from mappings; other shapes conform to SchemaDescribed.
        return "a mapping"
    }
}
