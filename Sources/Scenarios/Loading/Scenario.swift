/// A loaded scenario of any kind: the kind's own type (see ``KindScenario``), chosen by the
/// file's `kind:` among ``KindRegistry/all``.
public struct Scenario: Equatable, Sendable {
    /// The kind's scenario value.
    public let body: any KindScenario

    /// Wraps a scenario of some kind.
    public init(_ body: some KindScenario) {
        self.body = body
    }

    public var header: ScenarioHeader { body.header }

    public var kind: KindName { header.kind }

    /// The scenario's kind type.
    public var kindType: any KindScenario.Type { type(of: body) }

    /// The scenario as `type`, or nil when it is of another kind.
    public func `as`<T: KindScenario>(_ type: T.Type) -> T? {
        body as? T
    }

    public static func == (lhs: Scenario, rhs: Scenario) -> Bool {
        lhs.body.isEqual(to: rhs.body)
    }
}

extension Scenario: Codable {
    public init(from decoder: Decoder) throws {
        // Only `kind` is read here; the kind's type reads (and checks) the whole mapping.
        let kind = try Fields(sharedMapping: decoder).required("kind", as: KindName.self)
        guard let type = KindRegistry.type(of: kind) else {
            throw SchemaViolation(.invalid("unknown kind '\(kind)'"), at: decoder.codingPath)
        }
        self.init(try type.init(from: decoder))
    }

    public func encode(to encoder: Encoder) throws {
        try body.encode(to: encoder)
    }
}
