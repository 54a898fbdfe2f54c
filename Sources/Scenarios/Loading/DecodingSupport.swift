import Models
// Helpers shared by the scenario types' `init(from:)`: unknown-key rejection, required/optional
// keys with defaults, range checks and named choices. All failures are `SchemaViolation`s
// carrying a coding path, which the loader turns into file positions.

extension Decoder {
    /// Throws a `SchemaViolation` pointing at the first key (in document order) of this mapping
    /// that is not in `allowed`, so that a typo never silently means "use the default".
    func rejectUnknownKeys(allowed: [String], noun: String = "key") throws {
        let container = try self.container(keyedBy: AnyCodingKey.self)
        for key in container.allKeys where !allowed.contains(key.stringValue) {
            throw SchemaViolation(.unknownKey(noun: noun, allowed: allowed), at: codingPath + [key], target: .key)
        }
    }
}

/// The keys of one YAML mapping, read with validation.
struct Fields {
    let container: KeyedDecodingContainer<AnyCodingKey>

    var codingPath: [CodingKey] { container.codingPath }

    /// Opens the mapping and rejects keys not in `allowed`.
    init(_ decoder: Decoder, allowed: [String], noun: String = "key") throws {
        try decoder.rejectUnknownKeys(allowed: allowed, noun: noun)
        container = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    /// Opens a mapping shared with another type that checks the keys itself
    /// (the scenario header shares the top-level mapping with the kind's keys).
    init(sharedMapping decoder: Decoder) throws {
        container = try decoder.container(keyedBy: AnyCodingKey.self)
    }

    func path(_ key: String) -> [CodingKey] {
        codingPath + [AnyCodingKey(key)]
    }

    /// Present with a non-null value. `key: ~` or `key:` counts as absent for optional keys.
    func isPresent(_ key: String) throws -> Bool {
        let codingKey = AnyCodingKey(key)
        guard container.contains(codingKey) else { return false }
        return try !container.decodeNil(forKey: codingKey)
    }

    func required<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T {
        let codingKey = AnyCodingKey(key)
        guard container.contains(codingKey) else {
            throw SchemaViolation.missingKey(key, in: codingPath)
        }
        if try container.decodeNil(forKey: codingKey) {
            throw SchemaViolation(.expected(describeExpected(T.self)), at: path(key))
        }
        return try decodeValue(T.self, codingKey)
    }

    func optional<T: Decodable>(_ key: String, as type: T.Type = T.self) throws -> T? {
        guard try isPresent(key) else { return nil }
        return try decodeValue(T.self, AnyCodingKey(key))
    }

    /// Yams reports a list or mapping where a number or string belongs as "expected a scalar";
    /// say which scalar instead ("expected an integer, found a mapping").
    private func decodeValue<T: Decodable>(_ type: T.Type, _ key: AnyCodingKey) throws -> T {
        do {
            return try container.decode(T.self, forKey: key)
        } catch DecodingError.typeMismatch(let expected, let context)
            where context.codingPath.count == codingPath.count + 1 && isPlainScalarType(T.self)
            && !isPlainScalarType(expected)
        {
            throw SchemaViolation(.expected(describeExpected(T.self)), at: context.codingPath)
        }
    }

    /// A finite number (YAML `.inf` and `.nan` are rejected).
    func requiredNumber(_ key: String) throws -> Double {
        try finite(required(key, as: Double.self), key)
    }

    func optionalNumber(_ key: String) throws -> Double? {
        try optional(key, as: Double.self).map { try finite($0, key) }
    }

    private func finite(_ value: Double, _ key: String) throws -> Double {
        try check(key, value.isFinite, "must be a finite number")
        return value
    }

    /// Throws `<path> <requirement> (found <value>)` at the key's value unless `condition` holds.
    func check(_ key: String, _ condition: Bool, _ requirement: @autoclosure () -> String) throws {
        if !condition {
            throw SchemaViolation(.constraint(requirement()), at: path(key))
        }
    }

    /// A `<path>: <text>` error at the value of `key`.
    func invalid(_ key: String, _ text: String) -> SchemaViolation {
        SchemaViolation(.invalid(text), at: path(key))
    }
}

/// Int, Double, String, Bool and the like (not containers, not our own types).
func isPlainScalarType(_ type: Any.Type) -> Bool {
    !(type is SchemaDescribed.Type) && !["a mapping", "a list", "a single value"].contains(describeExpected(type))
}

extension Decoder {
    /// A `<path> <requirement> (found <value>)` check on the value this decoder reads.
    func check(_ condition: Bool, _ requirement: @autoclosure () -> String) throws {
        if !condition {
            throw SchemaViolation(.constraint(requirement()), at: codingPath)
        }
    }
}

/// A closed set of names in a scenario file (policies, levels, kinds, modes ...).
protocol SchemaChoice: RawRepresentable, CaseIterable, SchemaDescribed where RawValue == String {
    /// What one of these is called in messages: "policy", "kind", ...
    static var choiceNoun: String { get }
}

extension SchemaChoice {
    static var choiceList: String {
        allCases.map(\.rawValue).joined(separator: ", ")
    }

    static var schemaDescription: String {
        "one of: \(choiceList)"
    }

    /// Decodes a scalar name: `<path>: unknown <noun> 'x' (expected one of: a, b, c)` if unknown.
    init(decodingChoice decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if container.decodeNil() {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        let raw: String
        do {
            raw = try container.decode(String.self)
        } catch DecodingError.typeMismatch {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        guard let value = Self(rawValue: raw) else {
            throw SchemaViolation(
                .invalid("unknown \(Self.choiceNoun) '\(raw)' (expected one of: \(Self.choiceList))"),
                at: decoder.codingPath)
        }
        self = value
    }
}

/// Rejects repeated entries in a list of names: `<path>[i]: duplicate <noun> 'x' (already at [j])`.
func rejectDuplicates<T: SchemaChoice>(_ values: [T], key: String, in fields: Fields) throws {
    var seen: [T.RawValue: Int] = [:]
    for (index, value) in values.enumerated() {
        if let first = seen[value.rawValue] {
            throw SchemaViolation(
                .invalid("duplicate \(T.choiceNoun) '\(value.rawValue)' (already listed at \(key)[\(first)])"),
                at: fields.path(key) + [AnyCodingKey(index: index)])
        }
        seen[value.rawValue] = index
    }
}

extension KeyedEncodingContainer where K == AnyCodingKey {
    mutating func encode<T: Encodable>(_ value: T, for key: String) throws {
        try encode(value, forKey: AnyCodingKey(key))
    }

    mutating func encodeIfPresent<T: Encodable>(_ value: T?, for key: String) throws {
        try encodeIfPresent(value, forKey: AnyCodingKey(key))
    }

    /// Encodes a mapping with its keys sorted: a dictionary's own order changes from process to
    /// process, and `scenario.yaml` must not.
    mutating func encodeSorted(_ mapping: [String: String], for key: String) throws {
        var nested = nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey(key))
        for entry in mapping.keys.sorted() {
            try nested.encode(mapping[entry], for: entry)
        }
    }
}

/// Rejects policies this kind does not run, at the first one's position:
/// `<path>[i]: policy 'x' <refusal> (expected one of: ...)`.
func rejectPolicies(
    notIn allowed: [PolicyName], _ values: [PolicyName], key: String, in fields: Fields,
    refusal: (PolicyName) -> String = { "policy '\($0.rawValue)' does not apply to this kind" }
) throws {
    for (index, value) in values.enumerated() where !value.isAmong(allowed) {
        throw SchemaViolation(
            .invalid("\(refusal(value)) (expected \(PolicyName.listed(allowed)))"),
            at: fields.path(key) + [AnyCodingKey(index: index)])
    }
}
