// `user:` — who drives the app: an explicit script, or a seeded Markov model.

/// `user:` — exactly one of `script` or `markov`, the state each intent carries, and the deep
/// links that arrive from outside while the user walks.
public struct UserModel: DeclaredMapping, Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Steps played in order, from the top again when they run out.
        case script([NavigationStep])
        case markov(MarkovModel)
        /// A session recorded in the app, replayed exactly (``RecordedNavigation``).
        case recorded(RecordedNavigation)
    }

    public var mode: Mode
    /// What each intent carries in `savedInstanceState` (besides a script intent's own `state`).
    public var state: StatePayload
    /// Intents from outside the app, interleaved with the script's or the Markov model's actions.
    public var deepLinks: [DeepLinkSpec]

    public init(mode: Mode, state: StatePayload = StatePayload(), deepLinks: [DeepLinkSpec] = []) {
        self.mode = mode
        self.state = state
        self.deepLinks = deepLinks
    }

    public static var blank: UserModel { UserModel(mode: .script([])) }

    /// `script` and `markov` decide the mode together (exactly one of them), so one field reads both.
    public static var schema: Schema<UserModel> {
        Schema([
            .custom(
                [
                    .key(
                        "script", [NavigationStep].self, .optional("markov drives the app instead"),
                        "Steps played in order, from the top again when they run out; give script or markov, not both.",
                        example: "[{intent: {section: home, view: post}}, {dwell: 2s}, back]",
                        rules: ["must have at least one step"]),
                    .key(
                        "markov", MarkovModel.self, .optional("the script drives the app instead"),
                        "A seeded Markov model: after each dwell the user picks an action by its probability."),
                    .key(
                        "recorded", RecordedNavigation.self, .optional("the script or the Markov model drives the app instead"),
                        "A navigation session recorded in the app, replayed exactly: a CSV file (t_s,event,section,view) relative to this file; give one of script, markov or recorded.",
                        example: "recorded/shop-session.csv"),
                ],
                decode: { user, f in try user.decodeMode(f) },
                encode: { user, container in
                    switch user.mode {
                    case .script(let steps): try container.encode(steps, for: "script")
                    case .markov(let model): try container.encode(model, for: "markov")
                    case .recorded(let session): try container.encode(session, for: "recorded")
                    }
                }),
            .optional(
                "state", \.state, default: StatePayload(), shown: "{entries: 2, bytes: 32}",
                "What each intent carries in its savedInstanceState (besides a script intent's own state)."),
            .optional(
                "deep_links", \.deepLinks, default: [], shown: "none",
                "Intents from outside the app (a notification, a link): each entry fires at stated times, periodically or at a random rate, interrupting the script or the Markov walk.",
                example: "[{rate: 0.05}, {every: 60s, to: [{section: profile, view: settings}]}]", omitWhen: { $0.isEmpty },
                .must("must list at most \(ScenarioLimits.deepLinkSources) sources") { $0.count <= ScenarioLimits.deepLinkSources }),
        ])
    }

    private mutating func decodeMode(_ f: Fields) throws {
        let hasScript = try f.isPresent("script")
        let hasMarkov = try f.isPresent("markov")
        let hasRecorded = try f.isPresent("recorded")
        if hasScript && hasMarkov {
            throw f.invalid("markov", "give either 'script' or 'markov', not both")
        }
        if hasRecorded && (hasScript || hasMarkov) {
            throw f.invalid("recorded", "give one of 'script', 'markov' or 'recorded', not several")
        }
        if hasRecorded {
            mode = .recorded(try f.required("recorded"))
            return
        }
        if hasScript {
            let steps: [NavigationStep] = try f.required("script")
            try f.check("script", !steps.isEmpty, "must have at least one step")
            mode = .script(steps)
        } else if hasMarkov {
            mode = .markov(try f.required("markov"))
        } else {
            throw SchemaViolation.missingKey("script', 'markov' or 'recorded", in: f.codingPath)
        }
    }
}

/// `user.state`: `entries` values of `bytes` characters put into every intent's
/// `savedInstanceState` (what a real app stores: ids, scroll positions, drafts).
public struct StatePayload: DeclaredMapping, Equatable, Sendable {
    /// In `ScenarioLimits.stateEntries` (default 2).
    public var entries: Int
    /// >= 0 (default 32)
    public var bytes: Int

    public init(entries: Int = 2, bytes: Int = 32) {
        self.entries = entries
        self.bytes = bytes
    }

    public static var blank: StatePayload { StatePayload() }

    public static var schema: Schema<StatePayload> {
        Schema([
            .optional(
                "entries", \.entries, default: 2, "How many values each intent's savedInstanceState holds.",
                example: "4", .within(ScenarioLimits.stateEntries)),
            .optional(
                "bytes", \.bytes, default: 32, "The length of each value, in characters.", example: "256",
                .within(ScenarioLimits.stateBytes),
                .must(
                    "gives at most \(ScenarioLimits.maxStateBytesTotal) bytes per intent (entries × bytes)",
                    { bytes, state in state.entries * bytes <= ScenarioLimits.maxStateBytesTotal },
                    message: { bytes, state in
                        "gives \(state.entries * bytes) bytes per intent (entries × bytes); at most \(ScenarioLimits.maxStateBytesTotal)"
                    })),
        ])
    }
}

/// One `user.script` step: `- intent: {section, view, animation, state}`, `- dwell: 2s`,
/// `- show_error: {title, description}`, or one of the words `back`, `rewind`, `clear_history`,
/// `clear_view_cache`.
public enum NavigationStep: DeclaredUnion, Sendable {
    case intent(ScriptIntent)
    case dwell(Seconds)
    case back
    case rewind
    case clearHistory
    case clearViewCache
    case showError(ErrorScreenSpec)

    public static var union: UnionSchema<NavigationStep> {
        UnionSchema(
            noun: "step", listed: true,
            words: [
                .word("back", .back), .word("rewind", .rewind), .word("clear_history", .clearHistory),
                .word("clear_view_cache", .clearViewCache),
            ],
            forms: [
                .key(
                    "intent", ScriptIntent.self, NavigationStep.intent, match: { if case .intent(let s) = $0 { s } else { nil } },
                    "Fires an intent: opens a section (tab), and a view of it."),
                .key(
                    "dwell", Seconds.self, NavigationStep.dwell, match: { if case .dwell(let s) = $0 { s } else { nil } },
                    "Stays on the current screen for this long.", example: "2s", .must("must be > 0") { $0.value > 0 }),
                .key(
                    "show_error", ErrorScreenSpec.self, NavigationStep.showError,
                    match: { if case .showError(let s) = $0 { s } else { nil } },
                    "Shows the factory's error screen over the current screen (setErrorTitle:andDescription:)."),
            ])
    }
}

/// An animation style, as the factory's intents name them.
public enum AnimationName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case none, push, pop
    case flipFromLeft = "flip_from_left"
    case flipFromRight = "flip_from_right"
    case curlUp = "curl_up"
    case curlDown = "curl_down"
    case crossDissolve = "cross_dissolve"

    static var choiceNoun: String { "animation" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `intent: {section: home, view: post, animation: push, state: {id: "42"}}`.
public struct ScriptIntent: DeclaredMapping, Equatable, Sendable {
    public var section: String
    public var view: String?
    /// Default `push` when a view is named, `none` for a section alone.
    public var animation: AnimationName?
    /// Put into the intent's `savedInstanceState`, for the receiving `onResume` to read.
    public var state: [String: String]

    public init(section: String, view: String? = nil, animation: AnimationName? = nil, state: [String: String] = [:]) {
        self.section = section
        self.view = view
        self.animation = animation
        self.state = state
    }

    public static var blank: ScriptIntent { ScriptIntent(section: "") }

    public static var schema: Schema<ScriptIntent> {
        Schema([
            .required("section", \.section, "The section (tab) the intent opens.", example: "home"),
            .optional("view", \.view, absent: "the section alone", "One of the section's views, opened inside it.", example: "post"),
            .optional(
                "animation", \.animation, absent: "push when a view is named, none for a section alone",
                "The transition's animation.", example: "flip_from_left"),
            // Written with its keys sorted: a dictionary's own order changes from process to process.
            .custom(
                [
                    .key(
                        "state", [String: String].self, .defaulted("{}"),
                        "Put into the intent's savedInstanceState, for the receiving onResume to read.",
                        example: "{id: \"42\"}")
                ],
                decode: { intent, f in intent.state = try f.optional("state") ?? [:] },
                encode: { intent, container in
                    if !intent.state.isEmpty { try container.encodeSorted(intent.state, for: "state") }
                }),
        ])
    }
}

/// `user.markov`: after each dwell the user picks an action with these probabilities (summing to
/// 1): switch to another tab, open another view of the current tab, go back, rewind two, or
/// refresh (the same section and view again, which makes a fresh view).
public struct MarkovModel: DeclaredMapping, Equatable, Sendable {
    public var switchTab: Double
    public var openView: Double
    public var back: Double
    public var rewind: Double
    public var refresh: Double
    /// Time on a screen between actions: uniform in the range (or fixed).
    public var dwell: ClosedRange<Double>

    public init(switchTab: Double, openView: Double, back: Double, rewind: Double = 0, refresh: Double = 0, dwell: ClosedRange<Double>) {
        self.switchTab = switchTab
        self.openView = openView
        self.back = back
        self.rewind = rewind
        self.refresh = refresh
        self.dwell = dwell
    }

    /// The probabilities in the order actions are drawn.
    public var probabilities: [Double] { [switchTab, openView, back, rewind, refresh] }

    public static var blank: MarkovModel { MarkovModel(switchTab: 0, openView: 0, back: 0, dwell: 0...0) }

    public static var schema: Schema<MarkovModel> {
        Schema([
            .probability("switch_tab", \.switchTab, "The probability of switching to another tab.", example: "0.3"),
            .probability("open_view", \.openView, "The probability of opening another view of the current tab.", example: "0.4"),
            .probability("back", \.back, "The probability of going back one screen.", example: "0.2"),
            .probability("rewind", \.rewind, "The probability of going back two screens.", example: "0.05"),
            .probability(
                "refresh", \.refresh, "The probability of opening the same section and view again (a fresh view).",
                example: "0.05"),
            .rule("the probabilities sum to 1") { model, f in
                let sum = model.switchTab + model.openView + model.back + model.rewind + model.refresh
                if abs(sum - 1) > 1e-9 {
                    throw SchemaViolation(
                        .invalid("probabilities must sum to 1 (switch_tab + open_view + back + rewind + refresh = \(formatNumber(sum)))"),
                        at: f.codingPath, target: .mapping)
                }
            },
            // A duration or a [min, max] range, kept as one range of seconds.
            .custom(
                [
                    KeyDoc(
                        name: "dwell", type: "a duration, or a [min, max] list of two durations", presence: .required,
                        rules: ["min must be <= max"],
                        summary: "Time on a screen between actions: a fixed duration, or a range drawn uniformly.",
                        example: "[1s, 8s]", nested: nil)
                ],
                decode: { model, f in model.dwell = try f.required("dwell", as: DwellSpec.self).range },
                encode: { model, container in
                    try container.encode([Seconds(model.dwell.lowerBound), Seconds(model.dwell.upperBound)], for: "dwell")
                }),
        ])
    }
}

extension SchemaField {
    /// A probability of `user.markov`: absent means 0.
    fileprivate static func probability(
        _ name: String, _ path: WritableKeyPath<Root, Double>, _ summary: String, example: String
    ) -> SchemaField {
        .optional(
            name, path, default: 0, summary, example: example,
            .must("must be a probability between 0 and 1") { $0 >= 0 && $0 <= 1 })
    }
}

/// `dwell: 3s` (fixed) or `dwell: [1s, 8s]` (uniform); durations >= 0, min <= max.
struct DwellSpec: Decodable {
    let range: ClosedRange<Double>

    init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            guard list.count == 2 else {
                throw SchemaViolation(.invalid("expected a duration or [min, max]"), at: decoder.codingPath)
            }
            let low = try list.decode(Seconds.self)
            let high = try list.decode(Seconds.self)
            if low > high {
                throw SchemaViolation(.invalid("min must be <= max (found [\(low), \(high)])"), at: decoder.codingPath)
            }
            range = low.value...high.value
        } else {
            let fixed = try Seconds(from: decoder)
            range = fixed.value...fixed.value
        }
    }
}
