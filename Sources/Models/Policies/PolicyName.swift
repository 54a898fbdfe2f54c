/// The name of a policy as a scenario file spells it (`lru`, `s3-fifo`, `forever`, `memory+disk`,
/// `left-right`): the one name type of every cache policy, tier and store design.
///
/// Names are open: the eviction policies are those in ``PolicyRegistry`` (built-in or registered
/// by a program that embeds workbench), each declaring its own name in its file. A few names are
/// not eviction policies: ``none`` (no cache) and ``forever`` (keep everything until a memory
/// warning) here, the drawing store's tiers and the reader-writer store's designs beside their types.
public struct PolicyName: RawRepresentable, Hashable, Sendable, CustomStringConvertible, ExpressibleByStringLiteral,
    CaseIterable, Codable
{
    /// The name as written.
    public let rawValue: String

    /// A name as written.
    public init(rawValue: String) { self.rawValue = rawValue }

    /// A name as written.
    public init(_ rawValue: String) { self.rawValue = rawValue }

    /// A name written as a literal in code (`"lru-2"`).
    public init(stringLiteral value: String) { rawValue = value }

    /// The name as written if it is one a scenario can use (one of ``allCases``, or a variant of
    /// an eviction policy, made canonical), else `nil`.
    public init?(known rawValue: String) {
        let name = PolicyName(rawValue)
        if name.isVariant, let canonical = try? name.canonicalVariant() {
            self = canonical
            return
        }
        guard Self.allCases.contains(name) else { return nil }
        self.rawValue = rawValue
    }

    /// The name as written.
    public var description: String { rawValue }

    /// No cache at all: every request instantiates. The baseline.
    public static let none: PolicyName = "none"
    /// No bound: everything is kept until a memory warning (the view factory's own behaviour; for
    /// the controller cache, an NSCache without a limit).
    public static let forever: PolicyName = "forever"

    /// Whether the name is one a program may register: letters, digits, `-`, `_` or `+`, not empty.
    public var isPlainWord: Bool {
        !rawValue.isEmpty && rawValue.allSatisfy { $0.isLetter || $0.isNumber || $0 == "-" || $0 == "_" || $0 == "+" }
    }

    /// Whether a store with this policy keeps anything.
    public var caches: Bool { self != .none }

    /// The registered eviction policy of this name (of its ``base`` for a variant), if it is one.
    public var descriptor: PolicyDescriptor? { PolicyRegistry.descriptor(named: base) }

    /// Whether the policy evicts to stay within a capacity (a registered eviction policy).
    public var isBounded: Bool { descriptor != nil }

    /// Whether the policy needs the request stream's future (Belady's `optimal`).
    public var needsFuture: Bool { descriptor?.needsFuture ?? false }

    /// Every name a scenario can use: no cache, the registered eviction policies, forever, the
    /// drawing store's tiers and the reader-writer store's designs (each kind accepts its own).
    public static var allCases: [PolicyName] {
        [.none] + PolicyRegistry.names + [.forever] + drawingTiers + storeDesigns
    }

    /// The registered eviction policies (those that evict to stay within a capacity).
    public static var evictionPolicies: [PolicyName] { PolicyRegistry.names }

    /// The reader-writer store's synchronisation designs (`parallel-readers`).
    public static var storeDesigns: [PolicyName] {
        StoreDesignName.allCases.map { PolicyName($0.rawValue) } + StoreDesignRegistry.all.map(\.name)
    }

    /// Decodes a name and refuses one that is not in ``allCases``.
    public init(from decoder: Decoder) throws {
        let expected = "expected one of: " + Self.allCases.map(\.rawValue).joined(separator: ", ")
        let raw: String
        do {
            raw = try decoder.singleValueContainer().decode(String.self)
        } catch DecodingError.typeMismatch(_, let context), DecodingError.valueNotFound(_, let context) {
            throw DecodingError.dataCorrupted(.init(codingPath: context.codingPath, debugDescription: expected))
        }
        let name = PolicyName(raw)
        if name.isVariant {
            do {
                self = try name.canonicalVariant()
            } catch {
                throw DecodingError.dataCorrupted(.init(codingPath: decoder.codingPath, debugDescription: error.description))
            }
            return
        }
        guard Self.allCases.contains(name) else {
            throw DecodingError.dataCorrupted(
                .init(codingPath: decoder.codingPath, debugDescription: "unknown policy '\(raw)' (\(expected))"))
        }
        self = name
    }

    /// Encodes the name as written, as one string.
    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        try container.encode(rawValue)
    }
}
