/// A scenario kind's name, the `kind:` value of a scenario file. Each kind declares its constant
/// in its own folder (`extension KindName { static let drawing = ... }`); decoding accepts
/// the names of ``KindRegistry/all``.
public struct KindName: RawRepresentable, Hashable, Codable, Sendable, CustomStringConvertible, SchemaDescribed {
    public let rawValue: String

    public init(rawValue: String) {
        self.rawValue = rawValue
    }

    public var description: String { rawValue }

    /// The registered kinds' names, comma-separated.
    static var choiceList: String {
        KindRegistry.all.map { $0.kind.rawValue }.joined(separator: ", ")
    }

    static var schemaDescription: String {
        "one of: \(choiceList)"
    }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        guard !container.decodeNil(), let name = try? container.decode(String.self) else {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        guard KindRegistry.named(name) != nil else {
            throw SchemaViolation(
                .invalid("unknown kind '\(name)' (expected one of: \(Self.choiceList))"), at: decoder.codingPath)
        }
        self.init(rawValue: name)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
