// The `scroll:` steps of a scrolling-table scenario.

extension ScrollStep: SchemaUnion {
    static var variantDocs: [KeyDoc] {
        [
            .key("steady", SteadyScroll.self, .optional(nil), "Scroll at a constant speed."),
            .key("fling", Fling.self, .optional(nil), "A flick that decays like UIScrollView's."),
            .key("back_and_forth", BackAndForth.self, .optional(nil), "Down a span and back up, cycles times."),
            .key("random_jumps", RandomJumps.self, .optional(nil), "Jumps without animation to random rows or section starts."),
            .key("tap_disclose", TapDisclose.self, .optional(nil), "Taps section headers, disclosing each one's rows."),
            .key("pause", Seconds.self, .optional(nil), "Stays still for this long.", example: "2s", rules: ["must be > 0"]),
            .key(
                "remove_from_cache", String.self, .optional(nil),
                "Removes every cached controller (all) or those of one cell or detail type.", example: "all",
                rules: ["'all' or a type from table.cells or details"]),
            .key("push", OpenDetails.self, .optional(nil), "Taps rows that push a detail screen on the navigation controller."),
            .key("present", OpenDetails.self, .optional(nil), "Taps rows that present a detail screen modally."),
        ]
    }
}

extension ScrollStep: SchemaDescribed {
    static var schemaDescription: String {
        "a step: a mapping with one key, one of: \(Name.allCases.map(\.rawValue).joined(separator: ", "))"
    }
}

/// One `scroll:` list item: a mapping with exactly one key naming the step.
public enum ScrollStep: Codable, Equatable, Sendable {
    case steady(SteadyScroll)
    case fling(Fling)
    case backAndForth(BackAndForth)
    case randomJumps(RandomJumps)
    case tapDisclose(TapDisclose)
    /// `pause: 2s` (> 0)
    case pause(Seconds)
    /// `remove_from_cache: all` or `remove_from_cache: <cell or detail type>`
    case removeFromCache(CacheRemovalTarget)
    /// `push: {count: 4, dwell: 3s}`: rows open details pushed on the navigation controller.
    case push(OpenDetails)
    /// `present: {count: 4, dwell: 3s}`: rows open details presented modally.
    case present(OpenDetails)

    /// The step keys as written in files.
    enum Name: String, CaseIterable {
        case steady
        case fling
        case backAndForth = "back_and_forth"
        case randomJumps = "random_jumps"
        case tapDisclose = "tap_disclose"
        case pause
        case removeFromCache = "remove_from_cache"
        case push
        case present
    }

    public init(from decoder: Decoder) throws {
        let names = Name.allCases.map(\.rawValue)
        let container: KeyedDecodingContainer<AnyCodingKey>
        do {
            container = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch DecodingError.typeMismatch {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        let keys = container.allKeys
        try decoder.rejectUnknownKeys(allowed: names, noun: "step")
        guard let key = keys.first, let name = Name(rawValue: key.stringValue) else {
            throw SchemaViolation(
                .invalid("a step needs exactly one key, one of: \(names.joined(separator: ", "))"),
                at: decoder.codingPath, target: .mapping)
        }
        guard keys.count == 1 else {
            throw SchemaViolation(
                .message(
                    "\(displayKeyPath(decoder.codingPath)): a step must have exactly one key, found \(keys.count) (\(keys.map(\.stringValue).joined(separator: ", "))); put each step in its own list item"
                ),
                at: decoder.codingPath + [keys[1]], target: .key)
        }
        switch name {
        case .steady:
            self = .steady(try container.decode(SteadyScroll.self, forKey: key))
        case .fling:
            self = .fling(try container.decode(Fling.self, forKey: key))
        case .backAndForth:
            self = .backAndForth(try container.decode(BackAndForth.self, forKey: key))
        case .randomJumps:
            self = .randomJumps(try container.decode(RandomJumps.self, forKey: key))
        case .tapDisclose:
            self = .tapDisclose(try container.decode(TapDisclose.self, forKey: key))
        case .pause:
            let duration = try container.decode(Seconds.self, forKey: key)
            if duration.value <= 0 {
                throw SchemaViolation(.constraint("must be > 0"), at: decoder.codingPath + [key])
            }
            self = .pause(duration)
        case .removeFromCache:
            let expectation = "'all' or a cell type name"
            if try container.decodeNil(forKey: key) {
                throw SchemaViolation(.expected(expectation), at: decoder.codingPath + [key])
            }
            let target: String
            do {
                target = try container.decode(String.self, forKey: key)
            } catch DecodingError.typeMismatch {
                throw SchemaViolation(.expected(expectation), at: decoder.codingPath + [key])
            }
            // Whether a type exists is checked by ScrollingTableScenario, which knows the cells.
            self = .removeFromCache(target == CacheRemovalTarget.allKeyword ? .all : .cellType(target))
        case .push:
            self = .push(try container.decode(OpenDetails.self, forKey: key))
        case .present:
            self = .present(try container.decode(OpenDetails.self, forKey: key))
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        switch self {
        case .steady(let step): try container.encode(step, for: Name.steady.rawValue)
        case .fling(let step): try container.encode(step, for: Name.fling.rawValue)
        case .backAndForth(let step): try container.encode(step, for: Name.backAndForth.rawValue)
        case .randomJumps(let step): try container.encode(step, for: Name.randomJumps.rawValue)
        case .tapDisclose(let step): try container.encode(step, for: Name.tapDisclose.rawValue)
        case .pause(let duration): try container.encode(duration, for: Name.pause.rawValue)
        case .removeFromCache(.all):
            try container.encode(CacheRemovalTarget.allKeyword, for: Name.removeFromCache.rawValue)
        case .removeFromCache(.cellType(let type)):
            try container.encode(type, for: Name.removeFromCache.rawValue)
        case .push(let step): try container.encode(step, for: Name.push.rawValue)
        case .present(let step): try container.encode(step, for: Name.present.rawValue)
        }
    }
}

/// `steady: {speed: 800, duration: 5s}` — constant speed in pt/s (negative scrolls up).
public struct SteadyScroll: DeclaredMapping, Equatable, Sendable {
    public var speed: Double
    /// > 0
    public var duration: Seconds

    public init(speed: Double, duration: Seconds) {
        self.speed = speed
        self.duration = duration
    }

    public static var blank: SteadyScroll { SteadyScroll(speed: 0, duration: .zero) }

    public static var schema: Schema<SteadyScroll> {
        Schema([
            .required("speed", \.speed, "Points per second; negative scrolls up.", example: "800"),
            .required("duration", \.duration, "How long the step lasts.", example: "5s", .must("must be > 0") { $0.value > 0 }),
        ])
    }
}

/// `fling: {velocity: 4000, deceleration: 0.998}` — a flick that decays like UIScrollView:
/// velocity (pt/s, != 0, negative = up) is multiplied by `deceleration` every millisecond.
public struct Fling: DeclaredMapping, Equatable, Sendable {
    public var velocity: Double
    /// In (0, 1); 0.998 is `UIScrollView.DecelerationRate.normal`, 0.99 `.fast`.
    public var deceleration: Double

    public init(velocity: Double, deceleration: Double = ScenarioDefaults.flingDeceleration) {
        self.velocity = velocity
        self.deceleration = deceleration
    }

    public static var blank: Fling { Fling(velocity: 0) }

    public static var schema: Schema<Fling> {
        Schema([
            .required("velocity", \.velocity, "The flick's speed in points per second; negative is up.", example: "4000", .must("must not be 0") { $0 != 0 }),
            .optional(
                "deceleration", \.deceleration, default: ScenarioDefaults.flingDeceleration,
                "The factor the velocity is multiplied by every millisecond (0.998 is UIScrollView's normal rate, 0.99 fast).",
                .must("must be between 0 and 1, exclusive") { $0 > 0 && $0 < 1 }),
        ])
    }
}

/// `back_and_forth: {span: 2000, speed: 1200, cycles: 2}` — down `span` points and back up,
/// `cycles` times, at `speed` pt/s.
public struct BackAndForth: DeclaredMapping, Equatable, Sendable {
    /// Points, > 0.
    public var span: Double
    /// pt/s, > 0.
    public var speed: Double
    /// > 0
    public var cycles: Int

    public init(span: Double, speed: Double, cycles: Int = ScenarioDefaults.backAndForthCycles) {
        self.span = span
        self.speed = speed
        self.cycles = cycles
    }

    public static var blank: BackAndForth { BackAndForth(span: 0, speed: 0) }

    public static var schema: Schema<BackAndForth> {
        Schema([
            .required("span", \.span, "How far down it scrolls before coming back, in points.", example: "2000", .must("must be > 0") { $0 > 0 }),
            .required("speed", \.speed, "Points per second.", example: "1200", .must("must be > 0") { $0 > 0 }),
            .optional(
                "cycles", \.cycles, default: ScenarioDefaults.backAndForthCycles, "How many times it goes down and back.",
                .within(ScenarioLimits.stepCount)),
        ])
    }
}

/// Where `random_jumps` lands.
public enum JumpTarget: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case row, section

    static var choiceNoun: String { "jump target" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `random_jumps: {count: 5, every: 1s, target: section}` — `count` jumps (scrollToRow without
/// animation) to random rows or section starts, one every `every`.
public struct RandomJumps: DeclaredMapping, Equatable, Sendable {
    /// > 0
    public var count: Int
    /// > 0
    public var every: Seconds
    public var target: JumpTarget

    public init(count: Int, every: Seconds, target: JumpTarget = ScenarioDefaults.jumpTarget) {
        self.count = count
        self.every = every
        self.target = target
    }

    public static var blank: RandomJumps { RandomJumps(count: 0, every: .zero) }

    public static var schema: Schema<RandomJumps> {
        Schema([
            .required("count", \.count, "How many jumps.", example: "5", .within(ScenarioLimits.stepCount)),
            .required("every", \.every, "Time between two jumps.", example: "1s", .must("must be > 0") { $0.value > 0 }),
            .optional("target", \.target, default: ScenarioDefaults.jumpTarget, "Where a jump lands: a random row or a section's start."),
        ])
    }
}

/// The order `tap_disclose` taps section headers in.
public enum TapOrder: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case random, sequential

    static var choiceNoun: String { "tap order" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `tap_disclose: {count: 10, dwell: 2s, order: random}` — tap `count` section headers
/// (disclosing that section's rows), staying `dwell` on each.
public struct TapDisclose: DeclaredMapping, Equatable, Sendable {
    /// > 0
    public var count: Int
    /// > 0
    public var dwell: Seconds
    public var order: TapOrder

    public init(count: Int, dwell: Seconds, order: TapOrder = ScenarioDefaults.tapOrder) {
        self.count = count
        self.dwell = dwell
        self.order = order
    }

    public static var blank: TapDisclose { TapDisclose(count: 0, dwell: .zero) }

    public static var schema: Schema<TapDisclose> {
        Schema([
            .required("count", \.count, "How many section headers are tapped.", example: "10", .within(ScenarioLimits.stepCount)),
            .required("dwell", \.dwell, "How long it stays on each disclosed section.", example: "2s", .must("must be > 0") { $0.value > 0 }),
            .optional("order", \.order, default: ScenarioDefaults.tapOrder, "The order the headers are tapped in."),
        ])
    }
}

/// What `remove_from_cache` evicts.
public enum CacheRemovalTarget: Equatable, Sendable {
    /// Every cached controller.
    case all
    /// Controllers of one type: a `table.cells[i].type` or a `details[i].type`.
    case cellType(String)

    static let allKeyword = "all"
}
