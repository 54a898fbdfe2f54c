// The `navigation` scenario kind: a tabbed app built on a view factory (sections and their views),
// driven by a user — an explicit script of intents and backs, or a seeded Markov model — against
// a view cache under test. Types and validation only; the driver lives beside it.

import Models

/// `kind: navigation`. Top-level keys: `ScenarioHeader.keys` + `app`, `user`, `cache`.
public struct NavigationScenario: Codable, Equatable, Sendable {
    public var header: ScenarioHeader
    public var app: AppSpec
    public var user: UserModel
    public var cache: ViewCacheSpec

    public init(header: ScenarioHeader, app: AppSpec, user: UserModel, cache: ViewCacheSpec) {
        self.header = header
        self.app = app
        self.user = user
        self.cache = cache
    }

    /// This kind's own top-level keys (besides the header's).
    public static let keys = ["app", "user", "cache"]

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ScenarioHeader.keys + Self.keys)
        header = try ScenarioHeader(from: decoder)
        let f = try Fields(sharedMapping: decoder)
        if header.kind != .navigation {
            throw f.invalid("kind", "expected '\(ScenarioKind.navigation.rawValue)' here, found '\(header.kind.rawValue)'")
        }
        app = try f.required("app")
        user = try f.required("user")
        cache = try f.required("cache")

        // Names in the start intent and in the script must exist in the app.
        if let start = app.start {
            try app.checkIntentNames(section: start.section, view: start.view, at: f.path("app") + [AnyCodingKey("start")])
        }
        if case .script(let steps) = user.mode {
            for (index, step) in steps.enumerated() {
                if case .intent(let intent) = step {
                    try app.checkIntentNames(
                        section: intent.section, view: intent.view,
                        at: f.path("user") + [AnyCodingKey("script"), AnyCodingKey(index: index), AnyCodingKey("intent")])
                }
            }
        }
        if cache.policies.contains(where: \.isBounded), cache.capacity == nil {
            throw SchemaViolation.missingKey("capacity", in: f.path("cache"))
        }
        try header.expect.validate(
            policies: cache.policies, modes: cache.inUse, metrics: Self.summaryColumns, fields: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try header.encodeFields(into: &container)
        try container.encode(app, for: "app")
        try container.encode(user, for: "user")
        try container.encode(cache, for: "cache")
    }
}

// MARK: - app

/// `app:` — the sections (tabs) and their views (pages), registered with the factory.
public struct AppSpec: Codable, Equatable, Sendable {
    /// At least one; names unique across sections and views.
    public var sections: [SectionSpec]
    /// History stack size: `unlimited` (default), `disabled`, or N >= 2 (1 current + N−1 history).
    public var stackSize: StackSizeSpec
    /// The first intent; default: the first section with its first view (if it has views).
    public var start: IntentTarget?
    /// Frames per virtual second of the run loop, 60 or 120 (default 60).
    public var refreshHz: Int

    public init(sections: [SectionSpec], stackSize: StackSizeSpec = .unlimited, start: IntentTarget? = nil, refreshHz: Int = 60) {
        self.sections = sections
        self.stackSize = stackSize
        self.start = start
        self.refreshHz = refreshHz
    }

    static let keys = ["sections", "stack_size", "start", "refresh_hz"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        sections = try f.required("sections")
        try f.check("sections", !sections.isEmpty, "must list at least one section")
        var seen: [String: String] = [:]
        for (index, section) in sections.enumerated() {
            for (name, path) in [(section.name, "sections[\(index)].name")]
                + section.views.enumerated().map({ ($1.name, "sections[\(index)].views[\($0)].name") })
            {
                if let first = seen[name] {
                    throw SchemaViolation(
                        .invalid("duplicate name '\(name)' (already used at app.\(first)); sections and views share one name space"),
                        at: f.path("sections") + Self.pathComponents(path))
                }
                seen[name] = path
            }
        }
        stackSize = try f.optional("stack_size") ?? .unlimited
        start = try f.optional("start")
        refreshHz = try f.optional("refresh_hz") ?? ScenarioDefaults.refreshHz
        try f.check("refresh_hz", TableSpec.refreshRates.contains(refreshHz), "must be 60 or 120")
    }

    /// `sections[2].views[0].name` → coding keys below `sections`.
    private static func pathComponents(_ path: String) -> [CodingKey] {
        var keys: [CodingKey] = []
        for part in path.split(separator: ".").dropFirst(0) {
            let text = String(part)
            if let open = text.firstIndex(of: "["), let close = text.firstIndex(of: "]"),
                let index = Int(text[text.index(after: open)..<close])
            {
                let name = String(text[..<open])
                if name != "sections" { keys.append(AnyCodingKey(name)) }
                keys.append(AnyCodingKey(index: index))
            } else {
                keys.append(AnyCodingKey(text))
            }
        }
        return keys
    }

    /// Throws at `path` unless `section` names a section and `view` (if any) one of its views.
    func checkIntentNames(section: String, view: String?, at path: [CodingKey]) throws {
        guard let spec = sections.first(where: { $0.name == section }) else {
            throw SchemaViolation(
                .invalid("unknown section '\(section)' (expected one of: \(sections.map(\.name).joined(separator: ", ")))"),
                at: path + [AnyCodingKey("section")])
        }
        if let view, !spec.views.contains(where: { $0.name == view }) {
            let known = spec.views.map(\.name)
            throw SchemaViolation(
                .invalid(
                    "unknown view '\(view)' in section '\(section)' (\(known.isEmpty ? "it has no views" : "expected one of: \(known.joined(separator: ", "))"))"
                ),
                at: path + [AnyCodingKey("view")])
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(sections, for: "sections")
        try container.encode(stackSize, for: "stack_size")
        try container.encodeIfPresent(start, for: "start")
        try container.encode(refreshHz, for: "refresh_hz")
    }
}

/// `app.sections[i]`: a section (tab) and the views (pages) shown inside it.
public struct SectionSpec: Codable, Equatable, Sendable {
    public var name: String
    public var nib: NibSpec
    /// May be empty: the section is then shown alone, as a single level.
    public var views: [PageSpec]

    public init(name: String, nib: NibSpec, views: [PageSpec] = []) {
        self.name = name
        self.nib = nib
        self.views = views
    }

    static let keys = ["name", "nib", "views"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        name = try f.required("name")
        try f.check("name", !name.isEmpty, "must not be empty")
        nib = try f.required("nib")
        views = try f.optional("views") ?? []
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(name, for: "name")
        try container.encode(nib, for: "nib")
        try container.encode(views, for: "views")
    }
}

/// `app.sections[i].views[j]`: a view (page) of a section.
public struct PageSpec: Codable, Equatable, Sendable {
    public var name: String
    public var nib: NibSpec

    public init(name: String, nib: NibSpec) {
        self.name = name
        self.nib = nib
    }

    static let keys = ["name", "nib"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        name = try f.required("name")
        try f.check("name", !name.isEmpty, "must not be empty")
        nib = try f.required("nib")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(name, for: "name")
        try container.encode(nib, for: "nib")
    }
}

/// `app.stack_size`: `unlimited`, `disabled`, or a number N >= 2.
public enum StackSizeSpec: Codable, Equatable, Sendable, SchemaDescribed {
    case unlimited
    case disabled
    case bounded(Int)

    static var schemaDescription: String { "'unlimited', 'disabled' or an integer >= 2" }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let count = try? container.decode(Int.self) {
            try decoder.check(count >= 2, "must be >= 2 (use 'disabled' for no history)")
            self = .bounded(count)
            return
        }
        switch try? container.decode(String.self) {
        case "unlimited": self = .unlimited
        case "disabled": self = .disabled
        default: throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .unlimited: try container.encode("unlimited")
        case .disabled: try container.encode("disabled")
        case .bounded(let count): try container.encode(count)
        }
    }
}

/// Where an intent goes: a section and, optionally, one of its views.
public struct IntentTarget: Codable, Equatable, Sendable {
    public var section: String
    public var view: String?

    public init(section: String, view: String? = nil) {
        self.section = section
        self.view = view
    }

    static let keys = ["section", "view"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        section = try f.required("section")
        view = try f.optional("view")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(section, for: "section")
        try container.encodeIfPresent(view, for: "view")
    }
}

// MARK: - cache

/// `cache:` — the view cache under test. `forever` is the factory's own behaviour; the bounded
/// policies use the reuse cache's eviction policies and in-use modes.
public struct ViewCacheSpec: Codable, Equatable, Sendable {
    /// Controllers; required (> 0) when a bounded policy (lru, fifo, random) is listed.
    public var capacity: Int?
    public var policies: [PolicyName]
    public var inUse: [InUseModeName]
    /// `s3_fifo_small_ratio` and `w_tinylfu_window`: shares of the capacity, each in (0, 1).
    public var parameters: EvictionParameters

    public init(
        capacity: Int?, policies: [PolicyName] = [.forever, .lru], inUse: [InUseModeName] = ScenarioDefaults.inUse,
        parameters: EvictionParameters = EvictionParameters()
    ) {
        self.capacity = capacity
        self.policies = policies
        self.inUse = inUse
        self.parameters = parameters
    }

    static let keys = ["capacity", "policies", "in_use"] + EvictionParameters.keys

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        capacity = try f.optional("capacity")
        if let capacity { try f.check("capacity", capacity > 0, "must be > 0") }
        policies = try f.optional("policies") ?? [.forever, .lru]
        try f.check("policies", !policies.isEmpty, "must list at least one policy")
        try rejectDuplicates(policies, key: "policies", in: f)
        try rejectPolicies(notIn: PolicyName.controllerPolicies, policies, key: "policies", in: f)
        inUse = try f.optional("in_use") ?? ScenarioDefaults.inUse
        try f.check("in_use", !inUse.isEmpty, "must list at least one mode")
        try rejectDuplicates(inUse, key: "in_use", in: f)
        parameters = try EvictionParameters(from: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encodeIfPresent(capacity, for: "capacity")
        try container.encode(policies, for: "policies")
        try container.encode(inUse, for: "in_use")
        try parameters.encode(to: &container)
    }
}
