import Models
// Closed sets of names used in scenario files. Each kind's driver maps them onto model types.

/// Policy names in scenario files (`cache.policies`, `--policy`): ``Models/PolicyName``.
///
/// `none` caches nothing; the registered eviction policies (`workbench policies`) bound the cache
/// to its capacity; `forever` keeps everything until a memory warning (the view factory's own
/// behaviour; for the controller cache, an NSCache without a limit); `memory`, `disk` and
/// `memory+disk` are the drawing store's tiers; the store designs (`gcd-barrier`, ...) are the
/// reader-writer store's. Each kind checks that its file names only the policies it runs.
extension PolicyName: SchemaChoice {
    /// The policies of the controller cache and the view factory (not the drawing store's tiers).
    public static var controllerPolicies: [PolicyName] { [.none, .forever] + evictionPolicies }

    /// Whether runs of this policy carry an in-use mode (`lru/repopulate`): the controller
    /// caches' policies, `none` (no cache) aside.
    public var takesInUseMode: Bool { self != .none && isAmong(Self.controllerPolicies) }

    static var choiceNoun: String { "policy" }

    /// A name, not the list of every name: each key that takes policies states in its rules
    /// which it accepts (``listed(_:)``), and a name no kind knows is refused with the full list.
    static var schemaDescription: String { "a policy name" }

    /// `one of: a, b, c`: the names a key accepts, for its rules in the reference.
    static func listed(_ names: [PolicyName]) -> String {
        "one of: " + names.map(\.rawValue).joined(separator: ", ")
    }
}

/// What the cache does with an entry that is in use when it would be evicted (`cache.in_use`).
public enum InUseModeName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case repopulate, pin, drop

    static var choiceNoun: String { "in_use mode" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// Simulated memory-pressure notification levels (`memory_pressure[i].level`).
/// Stands for `Models.MemoryPressureLevel`.
public enum PressureLevelName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case moderate, warning

    static var choiceNoun: String { "memory pressure level" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}
