// The `scroll:` steps of a scrolling-table scenario.

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
public struct SteadyScroll: Codable, Equatable, Sendable {
    public var speed: Double
    /// > 0
    public var duration: Seconds

    public init(speed: Double, duration: Seconds) {
        self.speed = speed
        self.duration = duration
    }

    static let keys = ["speed", "duration"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        speed = try f.requiredNumber("speed")
        duration = try f.required("duration")
        try f.check("duration", duration.value > 0, "must be > 0")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(speed, for: "speed")
        try container.encode(duration, for: "duration")
    }
}

/// `fling: {velocity: 4000, deceleration: 0.998}` — a flick that decays like UIScrollView:
/// velocity (pt/s, != 0, negative = up) is multiplied by `deceleration` every millisecond.
public struct Fling: Codable, Equatable, Sendable {
    public var velocity: Double
    /// In (0, 1); 0.998 is `UIScrollView.DecelerationRate.normal`, 0.99 `.fast`.
    public var deceleration: Double

    public init(velocity: Double, deceleration: Double = ScenarioDefaults.flingDeceleration) {
        self.velocity = velocity
        self.deceleration = deceleration
    }

    static let keys = ["velocity", "deceleration"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        velocity = try f.requiredNumber("velocity")
        try f.check("velocity", velocity != 0, "must not be 0")
        deceleration = try f.optionalNumber("deceleration") ?? ScenarioDefaults.flingDeceleration
        try f.check("deceleration", deceleration > 0 && deceleration < 1, "must be between 0 and 1, exclusive")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(velocity, for: "velocity")
        try container.encode(deceleration, for: "deceleration")
    }
}

/// `back_and_forth: {span: 2000, speed: 1200, cycles: 2}` — down `span` points and back up,
/// `cycles` times, at `speed` pt/s.
public struct BackAndForth: Codable, Equatable, Sendable {
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

    static let keys = ["span", "speed", "cycles"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        span = try f.requiredNumber("span")
        try f.check("span", span > 0, "must be > 0")
        speed = try f.requiredNumber("speed")
        try f.check("speed", speed > 0, "must be > 0")
        cycles = try f.optional("cycles") ?? ScenarioDefaults.backAndForthCycles
        try f.check("cycles", cycles, in: ScenarioLimits.stepCount)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(span, for: "span")
        try container.encode(speed, for: "speed")
        try container.encode(cycles, for: "cycles")
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
public struct RandomJumps: Codable, Equatable, Sendable {
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

    static let keys = ["count", "every", "target"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        count = try f.required("count")
        try f.check("count", count, in: ScenarioLimits.stepCount)
        every = try f.required("every")
        try f.check("every", every.value > 0, "must be > 0")
        target = try f.optional("target") ?? ScenarioDefaults.jumpTarget
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(count, for: "count")
        try container.encode(every, for: "every")
        try container.encode(target, for: "target")
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
public struct TapDisclose: Codable, Equatable, Sendable {
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

    static let keys = ["count", "dwell", "order"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        count = try f.required("count")
        try f.check("count", count, in: ScenarioLimits.stepCount)
        dwell = try f.required("dwell")
        try f.check("dwell", dwell.value > 0, "must be > 0")
        order = try f.optional("order") ?? ScenarioDefaults.tapOrder
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(count, for: "count")
        try container.encode(dwell, for: "dwell")
        try container.encode(order, for: "order")
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
