// `user:` — who drives the app: an explicit script, or a seeded Markov model.

/// `user:` — exactly one of `script` or `markov`, plus the think time between actions.
public struct UserModel: Codable, Equatable, Sendable {
    public enum Mode: Equatable, Sendable {
        /// Steps played in order, from the top again when they run out.
        case script([NavigationStep])
        case markov(MarkovModel)
    }

    public var mode: Mode
    /// What each intent carries in `savedInstanceState` (besides a script intent's own `state`).
    public var state: StatePayload

    public init(mode: Mode, state: StatePayload = StatePayload()) {
        self.mode = mode
        self.state = state
    }

    static let keys = ["script", "markov", "state"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        let hasScript = try f.isPresent("script")
        let hasMarkov = try f.isPresent("markov")
        if hasScript && hasMarkov {
            throw f.invalid("markov", "give either 'script' or 'markov', not both")
        }
        if hasScript {
            let steps: [NavigationStep] = try f.required("script")
            try f.check("script", !steps.isEmpty, "must have at least one step")
            mode = .script(steps)
        } else if hasMarkov {
            mode = .markov(try f.required("markov"))
        } else {
            throw SchemaViolation.missingKey("script' or 'markov", in: f.codingPath)
        }
        state = try f.optional("state") ?? StatePayload()
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        switch mode {
        case .script(let steps): try container.encode(steps, for: "script")
        case .markov(let model): try container.encode(model, for: "markov")
        }
        try container.encode(state, for: "state")
    }
}

/// `user.state`: `entries` values of `bytes` characters put into every intent's
/// `savedInstanceState` (what a real app stores: ids, scroll positions, drafts).
public struct StatePayload: Codable, Equatable, Sendable {
    /// In `ScenarioLimits.stateEntries` (default 2).
    public var entries: Int
    /// >= 0 (default 32)
    public var bytes: Int

    public init(entries: Int = 2, bytes: Int = 32) {
        self.entries = entries
        self.bytes = bytes
    }

    static let keys = ["entries", "bytes"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        entries = try f.optional("entries") ?? 2
        try f.check("entries", entries, in: ScenarioLimits.stateEntries)
        bytes = try f.optional("bytes") ?? 32
        try f.check("bytes", bytes, in: ScenarioLimits.stateBytes)
        try f.check(
            "bytes", entries * bytes <= ScenarioLimits.maxStateBytesTotal,
            "gives \(entries * bytes) bytes per intent (entries × bytes); at most \(ScenarioLimits.maxStateBytesTotal)")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(entries, for: "entries")
        try container.encode(bytes, for: "bytes")
    }
}

/// One `user.script` step: `- intent: {section, view, animation, state}`, `- dwell: 2s`, or one of
/// the words `back`, `rewind`, `clear_history`, `clear_view_cache`.
public enum NavigationStep: Codable, Equatable, Sendable {
    case intent(ScriptIntent)
    case dwell(Seconds)
    case back
    case rewind
    case clearHistory
    case clearViewCache

    static let words = ["back", "rewind", "clear_history", "clear_view_cache"]
    static let mappingKeys = ["intent", "dwell"]

    static var expectation: String {
        "a step: one of \(words.joined(separator: ", ")), or a mapping with one key: \(mappingKeys.joined(separator: ", "))"
    }

    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let word = try? single.decode(String.self) {
            switch word {
            case "back": self = .back
            case "rewind": self = .rewind
            case "clear_history": self = .clearHistory
            case "clear_view_cache": self = .clearViewCache
            default:
                throw SchemaViolation(
                    .invalid("unknown step '\(word)' (expected one of: \(Self.words.joined(separator: ", ")), or intent:/dwell:)"),
                    at: decoder.codingPath)
            }
            return
        }
        let container: KeyedDecodingContainer<AnyCodingKey>
        do {
            container = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch DecodingError.typeMismatch {
            throw SchemaViolation(.expected(Self.expectation), at: decoder.codingPath)
        }
        try decoder.rejectUnknownKeys(allowed: Self.mappingKeys, noun: "step")
        let keys = container.allKeys
        guard keys.count == 1, let key = keys.first else {
            throw SchemaViolation(
                .invalid("a step mapping needs exactly one key (intent or dwell)"), at: decoder.codingPath, target: .mapping)
        }
        if key.stringValue == "intent" {
            self = .intent(try container.decode(ScriptIntent.self, forKey: key))
        } else {
            let duration = try container.decode(Seconds.self, forKey: key)
            if duration.value <= 0 {
                throw SchemaViolation(.constraint("must be > 0"), at: decoder.codingPath + [key])
            }
            self = .dwell(duration)
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .intent(let intent):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(intent, for: "intent")
        case .dwell(let duration):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(duration, for: "dwell")
        case .back, .rewind, .clearHistory, .clearViewCache:
            var container = encoder.singleValueContainer()
            let word: String
            switch self {
            case .back: word = "back"
            case .rewind: word = "rewind"
            case .clearHistory: word = "clear_history"
            default: word = "clear_view_cache"
            }
            try container.encode(word)
        }
    }
}

/// An animation style, as the factory's intents name them.
public enum AnimationName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case none, push, pop
    case flipFromLeft = "flip_from_left"
    case flipFromRight = "flip_from_right"
    case crossDissolve = "cross_dissolve"

    static var choiceNoun: String { "animation" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `intent: {section: home, view: post, animation: push, state: {id: "42"}}`.
public struct ScriptIntent: Codable, Equatable, Sendable {
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

    static let keys = ["section", "view", "animation", "state"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        section = try f.required("section")
        view = try f.optional("view")
        animation = try f.optional("animation")
        state = try f.optional("state") ?? [:]
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(section, for: "section")
        try container.encodeIfPresent(view, for: "view")
        try container.encodeIfPresent(animation, for: "animation")
        if !state.isEmpty { try container.encodeSorted(state, for: "state") }
    }
}

/// `user.markov`: after each dwell the user picks an action with these probabilities (summing to
/// 1): switch to another tab, open another view of the current tab, go back, rewind two, or
/// refresh (the same section and view again, which makes a fresh view).
public struct MarkovModel: Codable, Equatable, Sendable {
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

    static let keys = ["switch_tab", "open_view", "back", "rewind", "refresh", "dwell"]

    /// The probabilities in the order actions are drawn.
    public var probabilities: [Double] { [switchTab, openView, back, rewind, refresh] }

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        func probability(_ key: String) throws -> Double {
            let value = try f.optionalNumber(key) ?? 0
            try f.check(key, value >= 0 && value <= 1, "must be a probability between 0 and 1")
            return value
        }
        switchTab = try probability("switch_tab")
        openView = try probability("open_view")
        back = try probability("back")
        rewind = try probability("rewind")
        refresh = try probability("refresh")
        let sum = switchTab + openView + back + rewind + refresh
        if abs(sum - 1) > 1e-9 {
            throw SchemaViolation(
                .invalid("probabilities must sum to 1 (switch_tab + open_view + back + rewind + refresh = \(formatNumber(sum)))"),
                at: f.codingPath, target: .mapping)
        }
        let dwellRange: DwellSpec = try f.required("dwell")
        dwell = dwellRange.range
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(switchTab, for: "switch_tab")
        try container.encode(openView, for: "open_view")
        try container.encode(back, for: "back")
        try container.encode(rewind, for: "rewind")
        try container.encode(refresh, for: "refresh")
        try container.encode([Seconds(dwell.lowerBound), Seconds(dwell.upperBound)], for: "dwell")
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
