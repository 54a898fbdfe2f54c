// The `scroll:` steps of a scrolling-table scenario.

/// One `scroll:` list item: a mapping with exactly one key naming the step.
public enum ScrollStep: DeclaredUnion, Sendable {
    case steady(SteadyScroll)
    case fling(Fling)
    case backAndForth(BackAndForth)
    case randomJumps(RandomJumps)
    case tapDisclose(TapDisclose)
    /// `pause: 2s` (> 0)
    case pause(Seconds)
    /// `remove_from_cache: all` or `remove_from_cache: <cell or detail type>`
    case removeFromCache(CacheRemovalTarget)
    /// `remove_controller: <cell or detail type>`: one controller of the type, its first cached
    /// instance (DEViewControllerCache's `removeController:`).
    case removeController(String)
    /// `push: {count: 4, dwell: 3s}`: rows open details pushed on the navigation controller.
    case push(OpenDetails)
    /// `present: {count: 4, dwell: 3s}`: rows open details presented modally.
    case present(OpenDetails)
    /// `recorded: sessions/scroll.csv`: a session's content offsets over time, replayed exactly.
    case recorded(RecordedScroll)

    public static var union: UnionSchema<ScrollStep> {
        UnionSchema(
            noun: "step", listed: true,
            forms: [
                .key(
                    "steady", SteadyScroll.self, ScrollStep.steady, match: { if case .steady(let s) = $0 { s } else { nil } },
                    "Scroll at a constant speed."),
                .key(
                    "fling", Fling.self, ScrollStep.fling, match: { if case .fling(let s) = $0 { s } else { nil } },
                    "A flick that decays like UIScrollView's."),
                .key(
                    "back_and_forth", BackAndForth.self, ScrollStep.backAndForth,
                    match: { if case .backAndForth(let s) = $0 { s } else { nil } },
                    "Down a span and back up, cycles times."),
                .key(
                    "random_jumps", RandomJumps.self, ScrollStep.randomJumps,
                    match: { if case .randomJumps(let s) = $0 { s } else { nil } },
                    "Jumps without animation to random rows or section starts."),
                .key(
                    "tap_disclose", TapDisclose.self, ScrollStep.tapDisclose,
                    match: { if case .tapDisclose(let s) = $0 { s } else { nil } },
                    "Taps section headers, disclosing each one's rows."),
                .key(
                    "pause", Seconds.self, ScrollStep.pause, match: { if case .pause(let s) = $0 { s } else { nil } },
                    "Stays still for this long.",
                    example: "2s", .must("must be > 0") { $0.value > 0 }),
                .key(
                    "remove_from_cache", CacheRemovalTarget.self, ScrollStep.removeFromCache,
                    match: { if case .removeFromCache(let s) = $0 { s } else { nil } },
                    "Removes every cached controller (all) or those of one cell or detail type.", example: "all",
                    .checkedByScenario("'all' or a type from table.cells or details")),
                .key(
                    "remove_controller", String.self, ScrollStep.removeController,
                    match: { if case .removeController(let s) = $0 { s } else { nil } },
                    "Removes one cached controller of a cell or detail type (the first of its instances the cache would reuse), and from a pending repopulation; nothing when none is cached.",
                    example: "message-row", .checkedByScenario("a type from table.cells or details")),
                .key(
                    "push", OpenDetails.self, ScrollStep.push, match: { if case .push(let s) = $0 { s } else { nil } },
                    "Taps rows that push a detail screen on the navigation controller."),
                .key(
                    "present", OpenDetails.self, ScrollStep.present, match: { if case .present(let s) = $0 { s } else { nil } },
                    "Taps rows that present a detail screen modally."),
                .key(
                    "recorded", RecordedScroll.self, ScrollStep.recorded, match: { if case .recorded(let s) = $0 { s } else { nil } },
                    "Replays a scroll session recorded in the app: a CSV file (t_s,offset) of content offsets over time, relative to this file; each frame shows the last sample at or before its time.",
                    example: "recorded/feed-scroll.csv"),
            ])
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
            .required(
                "velocity", \.velocity, "The flick's speed in points per second; negative is up.", example: "4000",
                .must("must not be 0") { $0 != 0 }),
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
            .required(
                "span", \.span, "How far down it scrolls before coming back, in points.", example: "2000", .must("must be > 0") { $0 > 0 }),
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
            .required(
                "dwell", \.dwell, "How long it stays on each disclosed section.", example: "2s", .must("must be > 0") { $0.value > 0 }),
            .optional("order", \.order, default: ScenarioDefaults.tapOrder, "The order the headers are tapped in."),
        ])
    }
}

/// What `remove_from_cache` evicts: `all`, or a type name (whether the type exists is checked by
/// ``ScrollingTableScenario``, which knows the cells).
public enum CacheRemovalTarget: Codable, Equatable, Sendable, SchemaDescribed {
    /// Every cached controller.
    case all
    /// Controllers of one type: a `table.cells[i].type` or a `details[i].type`.
    case cellType(String)

    static let allKeyword = "all"

    static var schemaDescription: String { "'all' or a cell type name" }

    public init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        let name: String
        do {
            name = try container.decode(String.self)
        } catch DecodingError.typeMismatch, DecodingError.valueNotFound {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        self = name == Self.allKeyword ? .all : .cellType(name)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.singleValueContainer()
        switch self {
        case .all: try container.encode(Self.allKeyword)
        case .cellType(let type): try container.encode(type)
        }
    }
}
