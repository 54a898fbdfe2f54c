// The `navigation` scenario kind: a tabbed app built on a view factory (sections and their views),
// driven by a user — an explicit script of intents and backs, or a seeded Markov model — against
// a view cache under test. Types and validation only; the driver lives beside it.

import Models

/// `kind: navigation`. Top-level keys: `ScenarioHeader.keys` + `app`, `user`, `cache`.
public struct NavigationScenario: DeclaredMapping, Equatable, Sendable {
    public var header: ScenarioHeader
    public var app: AppSpec
    public var user: UserModel
    public var cache: ViewCacheSpec
    /// Named device costs (`device:`) per section or view; nil when the file gives none.
    public var device: DeviceProfile?

    public init(header: ScenarioHeader, app: AppSpec, user: UserModel, cache: ViewCacheSpec) {
        self.header = header
        self.app = app
        self.user = user
        self.cache = cache
    }

    /// This kind's own top-level keys (besides the header's).
    public static var keys: [String] { schema.keyNames.filter { !ScenarioHeader.keys.contains($0) } }

    public static var blank: Self {
        Self(header: .blank, app: .blank, user: .blank, cache: .blank)
    }

    public static var schema: Schema<Self> {
        Schema([
            .header(\.header, of: .navigation),
            .required("app", \.app, "The app: its sections (tabs) and their views (pages), registered with the factory."),
            .required("user", \.user, "Who drives the app: an explicit script, or a seeded Markov model."),
            .required("cache", \.cache, "The view cache under test."),
            .device(\.device, kinds: "section or view name"),
            // Costs and sizes both price a section's or a view's controller.
            .deviceNames(\.device, kinds: "section or view name", sized: { $0.controllerNames }) { $0.controllerNames },
            .rule("the start intent names a section of the app and one of its views") { scenario, f in
                if let start = scenario.app.start {
                    try scenario.app.checkIntentNames(
                        section: start.section, view: start.view, at: f.path("app") + [AnyCodingKey("start")])
                }
            },
            .rule("script intents name a section of the app and one of its views") { scenario, f in
                if case .script(let steps) = scenario.user.mode {
                    for (index, step) in steps.enumerated() {
                        if case .intent(let intent) = step {
                            try scenario.app.checkIntentNames(
                                section: intent.section, view: intent.view,
                                at: f.path("user") + [AnyCodingKey("script"), AnyCodingKey(index: index), AnyCodingKey("intent")])
                        }
                    }
                }
            },
            .rule("a recorded session's events name sections of the app and their views (an error at the event's line)") {
                scenario, f in
                if case .recorded(let session) = scenario.user.mode {
                    try session.checkNames(in: scenario.app, at: f.path("user") + [AnyCodingKey("recorded"), AnyCodingKey("csv")])
                }
            },
            .rule("deep-link targets name a section of the app and one of its views") { scenario, f in
                for (index, link) in scenario.user.deepLinks.enumerated() {
                    for (targetIndex, target) in link.to.enumerated() {
                        try scenario.app.checkIntentNames(
                            section: target.section, view: target.view,
                            at: f.path("user") + [
                                AnyCodingKey("deep_links"), AnyCodingKey(index: index), AnyCodingKey("to"),
                                AnyCodingKey(index: targetIndex),
                            ])
                    }
                }
            },
            .rule("a deep link's every: is at least one frame (1/refresh_hz): a link fires at most once a frame") { scenario, f in
                let frame = 1 / Double(scenario.app.refreshHz)
                for (index, link) in scenario.user.deepLinks.enumerated() {
                    guard case .every(let interval) = link.timing, interval.value < frame else { continue }
                    throw SchemaViolation(
                        .constraint(
                            "must be at least one frame, 1/refresh_hz = \(formatNumber((frame * 1e6).rounded() / 1000))ms at \(scenario.app.refreshHz) Hz "
                                + "(a deep link fires at most once a frame)"),
                        at: f.path("user") + [AnyCodingKey("deep_links"), AnyCodingKey(index: index), AnyCodingKey("every")])
                }
            },
            .rule("expectations name runs and metrics of this scenario") { scenario, f in
                try scenario.header.expect.validate(
                    policies: scenario.cache.policies, modes: scenario.cache.inUse, metrics: summaryColumns, fields: f)
            },
        ])
    }
}

// MARK: - app

/// `app:` — the sections (tabs) and their views (pages), registered with the factory.
public struct AppSpec: DeclaredMapping, Equatable, Sendable {
    /// At least one; a section's name is used once, by no view; a view's name may be listed in
    /// several sections (one view reached from each: one controller, one cache entry), its nib
    /// given once.
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

    public static var blank: AppSpec { AppSpec(sections: []) }

    public static var schema: Schema<AppSpec> {
        Schema([
            .required(
                "sections", \.sections, "The sections (tabs), in tab order, each with its views.",
                .must("must list at least one section") { !$0.isEmpty },
                .check("section names unique and used by no view; a view listed in several sections gives its nib once") {
                    sections, _, f, key in
                    try checkUniqueNames(sections, at: f.path(key))
                }),
            .optional(
                "stack_size", \.stackSize, default: .unlimited, shown: "unlimited",
                "The history stack's size: unlimited, disabled, or N (1 current view + N−1 history).",
                example: "8"),
            .optional(
                "start", \.start, absent: "the first section, with its first view if it has views",
                "The first intent, shown when the app launches.", example: "{section: home, view: feed}"),
            .optional(
                "refresh_hz", \.refreshHz, default: ScenarioDefaults.refreshHz,
                "Frames per virtual second of the run loop.",
                .must("must be \(TableSpec.refreshRates.map(String.init).joined(separator: " or "))") {
                    TableSpec.refreshRates.contains($0)
                }),
        ])
    }

    /// Section and view names share one name space, with one exception: a view may be listed in
    /// several sections (a shared view, one controller and one cache entry reached from each),
    /// once per section, its `nib:` given in exactly one of its listings. A section's name used
    /// again, a view listed twice in one section, a shared view's nib given twice or never: refused.
    private static func checkUniqueNames(_ sections: [SectionSpec], at sectionsPath: [CodingKey]) throws {
        func refuse(_ message: String, _ path: String) -> SchemaViolation {
            SchemaViolation(.invalid(message), at: sectionsPath + pathComponents(path))
        }
        var sectionNames: [String: String] = [:]
        for (index, section) in sections.enumerated() {
            let path = "sections[\(index)].name"
            if let first = sectionNames[section.name] {
                throw refuse(
                    "duplicate name '\(section.name)' (already used at app.\(first)); sections and views share one name space", path)
            }
            sectionNames[section.name] = path
        }
        var views: [String: (path: String, section: Int)] = [:]
        var nibs: [String: String] = [:]
        for (index, section) in sections.enumerated() {
            for (position, view) in section.views.enumerated() {
                let path = "sections[\(index)].views[\(position)]"
                if let first = sectionNames[view.name] {
                    throw refuse(
                        "duplicate name '\(view.name)' (already used at app.\(first)); sections and views share one name space",
                        path + ".name")
                }
                if let first = views[view.name], first.section == index {
                    throw refuse(
                        "view '\(view.name)' is listed twice in section '\(section.name)' (first at app.\(first.path))", path + ".name")
                }
                if view.nib != nil {
                    if let first = nibs[view.name] {
                        throw refuse(
                            "view '\(view.name)' is listed in several sections and its nib is given at app.\(first).nib already: a shared view is one view, give its nib once",
                            path + ".nib")
                    }
                    nibs[view.name] = path
                }
                if views[view.name] == nil { views[view.name] = (path, index) } else { views[view.name]?.section = index }
            }
        }
        for (index, section) in sections.enumerated() {
            for (position, view) in section.views.enumerated() where nibs[view.name] == nil {
                throw refuse(
                    "view '\(view.name)' has no nib: give it here, or in one other section that lists it (a shared view)",
                    "sections[\(index)].views[\(position)].name")
            }
        }
    }

    /// The nib of the view named `name`: the one listing of it that gives one.
    func nib(ofView name: String) -> NibSpec? {
        for section in sections {
            for view in section.views where view.name == name {
                if let nib = view.nib { return nib }
            }
        }
        return nil
    }

    /// Every view's name once, in the order first listed.
    var viewNames: [String] {
        var seen = Set<String>()
        return sections.flatMap { $0.views.map(\.name) }.filter { seen.insert($0).inserted }
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
}

/// `app.sections[i]`: a section (tab) and the views (pages) shown inside it.
public struct SectionSpec: DeclaredMapping, Equatable, Sendable {
    public var name: String
    public var nib: NibSpec
    /// May be empty: the section is then shown alone, as a single level.
    public var views: [PageSpec]

    public init(name: String, nib: NibSpec, views: [PageSpec] = []) {
        self.name = name
        self.nib = nib
        self.views = views
    }

    public static var blank: SectionSpec { SectionSpec(name: "", nib: .blank) }

    public static var schema: Schema<SectionSpec> {
        Schema([
            .required(
                "name", \.name, "The section's name, which intents give; unique across sections and views.",
                example: "home", .must("must not be empty") { !$0.isEmpty }),
            .required("nib", \.nib, "How the section's own view's nib is built."),
            .optional(
                "views", \.views, default: [],
                "The views (pages) shown inside the section; none shows the section alone, as a single level."),
        ])
    }
}

/// `app.sections[i].views[j]`: a view (page) of a section. A view listed in several sections
/// is one view (a shared view: one controller, one cache entry), its `nib` given in one listing.
public struct PageSpec: DeclaredMapping, Equatable, Sendable {
    public var name: String
    /// Nil in the other listings of a shared view.
    public var nib: NibSpec?

    public init(name: String, nib: NibSpec?) {
        self.name = name
        self.nib = nib
    }

    public static var blank: PageSpec { PageSpec(name: "", nib: nil) }

    public static var schema: Schema<PageSpec> {
        Schema([
            .required(
                "name", \.name,
                "The view's name, which intents give; no section's name. Listed in several sections, it is one shared view (one controller, one cache entry) reached from each.",
                example: "post", .must("must not be empty") { !$0.isEmpty }),
            .optional(
                "nib", \.nib, absent: "required, but in only one listing of a shared view",
                "How the view's nib is built; for a view listed in several sections, given in one of them."),
        ])
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
public struct IntentTarget: DeclaredMapping, Equatable, Sendable {
    public var section: String
    public var view: String?

    public init(section: String, view: String? = nil) {
        self.section = section
        self.view = view
    }

    public static var blank: IntentTarget { IntentTarget(section: "") }

    public static var schema: Schema<IntentTarget> {
        Schema([
            .required("section", \.section, "The section (tab) the intent opens.", example: "home"),
            .optional("view", \.view, absent: "the section alone", "One of the section's views, opened inside it.", example: "post"),
        ])
    }
}

extension NavigationScenario {
    /// The names the factory makes controllers of: every section and every view.
    var controllerNames: [String] {
        // Each section, then its views; a shared view where first listed.
        var seen = Set<String>()
        return app.sections.flatMap { [$0.name] + $0.views.map(\.name) }.filter { seen.insert($0).inserted }
    }
}
