// The `scrolling-table` scenario kind: a table view with reusable cells scrolled by a script,
// its cells' controllers kept in a cache under test. Types and validation only; the driver
// that runs it lives elsewhere.

/// `kind: scrolling-table`. Top-level keys: `ScenarioHeader.keys` + `table`, `scroll`, `cache`.
public struct ScrollingTableScenario: Codable, Equatable, Sendable {
    public var header: ScenarioHeader
    public var table: TableSpec
    public var scroll: [ScrollStep]
    public var cache: CacheSpec

    public init(header: ScenarioHeader, table: TableSpec, scroll: [ScrollStep], cache: CacheSpec) {
        self.header = header
        self.table = table
        self.scroll = scroll
        self.cache = cache
    }

    /// This kind's own top-level keys (besides the header's).
    public static let keys = ["table", "scroll", "cache"]

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ScenarioHeader.keys + Self.keys)
        header = try ScenarioHeader(from: decoder)
        let f = try Fields(sharedMapping: decoder)
        if header.kind != .scrollingTable {
            throw f.invalid("kind", "expected '\(ScenarioKind.scrollingTable.rawValue)' here, found '\(header.kind.rawValue)'")
        }

        table = try f.required("table")

        scroll = try f.required("scroll")
        try f.check("scroll", !scroll.isEmpty, "must have at least one step")

        cache = try f.required("cache")

        try header.expect.validate(
            policies: cache.policies, modes: cache.inUse, metrics: RunRecorder.summaryColumns, fields: f)

        // remove_from_cache must name a cell type of this table.
        let types = table.cells.map(\.type)
        for (index, step) in scroll.enumerated() {
            if case .removeFromCache(.cellType(let name)) = step, !types.contains(name) {
                throw SchemaViolation(
                    .invalid("unknown cell type '\(name)' (expected 'all' or a type from table.cells: \(types.joined(separator: ", ")))"),
                    at: f.path("scroll") + [AnyCodingKey(index: index), AnyCodingKey(ScrollStep.Name.removeFromCache.rawValue)])
            }
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try header.encodeFields(into: &container)
        try container.encode(table, for: "table")
        try container.encode(scroll, for: "scroll")
        try container.encode(cache, for: "cache")
    }
}

// MARK: - table

/// How rows are shown.
public enum Disclosure: String, CaseIterable, Codable, Sendable, SchemaChoice {
    /// Every section's rows are shown.
    case all
    /// Only the tapped section's rows are shown (a collapsible-sections table).
    case oneSection = "one_section"

    static var choiceNoun: String { "disclosure mode" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `table:` — the table's shape and its reusable views.
public struct TableSpec: Codable, Equatable, Sendable {
    /// > 0
    public var sections: Int
    public var rowsPerSection: RowsPerSection
    /// Points, > 0.
    public var viewportHeight: Double
    /// 60 or 120.
    public var refreshHz: Int
    public var disclosure: Disclosure
    public var header: SupplementaryViewSpec?
    public var footer: SupplementaryViewSpec?
    /// At least one; `type` names are unique.
    public var cells: [CellSpec]

    public init(
        sections: Int,
        rowsPerSection: RowsPerSection,
        viewportHeight: Double = ScenarioDefaults.viewportHeight,
        refreshHz: Int = ScenarioDefaults.refreshHz,
        disclosure: Disclosure = ScenarioDefaults.disclosure,
        header: SupplementaryViewSpec? = nil,
        footer: SupplementaryViewSpec? = nil,
        cells: [CellSpec]
    ) {
        self.sections = sections
        self.rowsPerSection = rowsPerSection
        self.viewportHeight = viewportHeight
        self.refreshHz = refreshHz
        self.disclosure = disclosure
        self.header = header
        self.footer = footer
        self.cells = cells
    }

    public static let refreshRates = [60, 120]

    static let keys = [
        "sections", "rows_per_section", "viewport_height", "refresh_hz",
        "disclosure", "header", "footer", "cells",
    ]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)

        sections = try f.required("sections")
        try f.check("sections", sections > 0, "must be > 0")

        rowsPerSection = try f.required("rows_per_section")

        viewportHeight = try f.optionalNumber("viewport_height") ?? ScenarioDefaults.viewportHeight
        try f.check("viewport_height", viewportHeight > 0, "must be > 0")

        refreshHz = try f.optional("refresh_hz") ?? ScenarioDefaults.refreshHz
        try f.check(
            "refresh_hz", Self.refreshRates.contains(refreshHz),
            "must be \(Self.refreshRates.map(String.init).joined(separator: " or "))")

        disclosure = try f.optional("disclosure") ?? ScenarioDefaults.disclosure
        header = try f.optional("header")
        footer = try f.optional("footer")

        cells = try f.required("cells")
        try f.check("cells", !cells.isEmpty, "must list at least one cell type")
        var firstIndex: [String: Int] = [:]
        for (index, cell) in cells.enumerated() {
            if let first = firstIndex[cell.type] {
                throw SchemaViolation(
                    .invalid("duplicate cell type '\(cell.type)' (already used by cells[\(first)])"),
                    at: f.path("cells") + [AnyCodingKey(index: index), AnyCodingKey("type")])
            }
            firstIndex[cell.type] = index
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(sections, for: "sections")
        try container.encode(rowsPerSection, for: "rows_per_section")
        try container.encode(viewportHeight, for: "viewport_height")
        try container.encode(refreshHz, for: "refresh_hz")
        try container.encode(disclosure, for: "disclosure")
        try container.encodeIfPresent(header, for: "header")
        try container.encodeIfPresent(footer, for: "footer")
        try container.encode(cells, for: "cells")
    }
}

/// `rows_per_section:` — a fixed count (`20`) or an inclusive range (`[5, 40]`), drawn per
/// section with the scenario's seed.
public enum RowsPerSection: Codable, Equatable, Sendable {
    /// >= 0
    case fixed(Int)
    /// `0 <= lowerBound <= upperBound`
    case range(ClosedRange<Int>)

    /// The possible counts (`n...n` for a fixed count).
    public var bounds: ClosedRange<Int> {
        switch self {
        case .fixed(let count): count...count
        case .range(let range): range
        }
    }

    static let expectation = schemaDescription

    public init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            let count = list.count ?? 0
            guard count == 2 else {
                throw SchemaViolation(
                    .invalid("expected [min, max], found a list of \(count) entr\(count == 1 ? "y" : "ies")"),
                    at: decoder.codingPath)
            }
            func bound(_ index: Int) throws -> Int {
                do {
                    return try list.decode(Int.self)
                } catch DecodingError.typeMismatch {
                    throw SchemaViolation(.expected("an integer"), at: decoder.codingPath + [AnyCodingKey(index: index)])
                }
            }
            let min = try bound(0)
            let max = try bound(1)
            if min < 0 {
                throw SchemaViolation(.constraint("must be >= 0"), at: decoder.codingPath + [AnyCodingKey(index: 0)])
            }
            if min > max {
                throw SchemaViolation(.invalid("min must be <= max (found [\(min), \(max)])"), at: decoder.codingPath)
            }
            self = .range(min...max)
        } else {
            let container = try decoder.singleValueContainer()
            let count: Int
            do {
                if container.decodeNil() {
                    throw SchemaViolation(.expected(Self.expectation), at: decoder.codingPath)
                }
                count = try container.decode(Int.self)
            } catch DecodingError.typeMismatch {
                throw SchemaViolation(.expected(Self.expectation), at: decoder.codingPath)
            }
            try decoder.check(count >= 0, "must be >= 0")
            self = .fixed(count)
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .fixed(let count):
            var container = encoder.singleValueContainer()
            try container.encode(count)
        case .range(let range):
            var container = encoder.unkeyedContainer()
            try container.encode(range.lowerBound)
            try container.encode(range.upperBound)
        }
    }
}

/// How a reusable view's nib is built: `views` subviews nested `depth` deep, one label.
public struct NibSpec: Codable, Equatable, Sendable {
    /// > 0
    public var views: Int
    /// > 0 and <= views
    public var depth: Int
    public var label: String

    public init(views: Int, depth: Int, label: String = ScenarioDefaults.nibLabel) {
        self.views = views
        self.depth = depth
        self.label = label
    }

    static let keys = ["views", "depth", "label"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        views = try f.required("views")
        try f.check("views", views > 0, "must be > 0")
        depth = try f.required("depth")
        try f.check("depth", depth > 0, "must be > 0")
        try f.check("depth", depth <= views, "must be <= views (\(views))")
        label = try f.optional("label") ?? ScenarioDefaults.nibLabel
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(views, for: "views")
        try container.encode(depth, for: "depth")
        try container.encode(label, for: "label")
    }
}

/// `table.header` / `table.footer`: a section header or footer view.
public struct SupplementaryViewSpec: Codable, Equatable, Sendable {
    /// Non-empty.
    public var reuseID: String
    /// Points, > 0.
    public var height: Double
    public var nib: NibSpec

    public init(reuseID: String, height: Double, nib: NibSpec) {
        self.reuseID = reuseID
        self.height = height
        self.nib = nib
    }

    static let keys = ["reuse_id", "height", "nib"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        reuseID = try f.required("reuse_id")
        try f.check("reuse_id", !reuseID.isEmpty, "must not be empty")
        height = try f.requiredNumber("height")
        try f.check("height", height > 0, "must be > 0")
        nib = try f.required("nib")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(reuseID, for: "reuse_id")
        try container.encode(height, for: "height")
        try container.encode(nib, for: "nib")
    }
}

/// `table.cells[i]`: one cell type; rows pick a type at random in proportion to `weight`.
public struct CellSpec: Codable, Equatable, Sendable {
    /// The reuse identifier; unique in the table, non-empty, not `all`.
    public var type: String
    /// Points, > 0.
    public var height: Double
    /// > 0
    public var weight: Double
    public var nib: NibSpec

    public init(type: String, height: Double, weight: Double = ScenarioDefaults.cellWeight, nib: NibSpec) {
        self.type = type
        self.height = height
        self.weight = weight
        self.nib = nib
    }

    static let keys = ["type", "height", "weight", "nib"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        type = try f.required("type")
        try f.check("type", !type.isEmpty, "must not be empty")
        if type == CacheRemovalTarget.allKeyword {
            throw f.invalid("type", "'all' is reserved (remove_from_cache: all means every type)")
        }
        height = try f.requiredNumber("height")
        try f.check("height", height > 0, "must be > 0")
        weight = try f.optionalNumber("weight") ?? ScenarioDefaults.cellWeight
        try f.check("weight", weight > 0, "must be > 0")
        nib = try f.required("nib")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, for: "type")
        try container.encode(height, for: "height")
        try container.encode(weight, for: "weight")
        try container.encode(nib, for: "nib")
    }
}

// MARK: - scroll

extension RowsPerSection: SchemaDescribed {
    static var schemaDescription: String { "an integer >= 0 or a [min, max] list of two integers" }
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
    /// `remove_from_cache: all` or `remove_from_cache: <cell type>`
    case removeFromCache(CacheRemovalTarget)

    /// The step keys as written in files.
    enum Name: String, CaseIterable {
        case steady
        case fling
        case backAndForth = "back_and_forth"
        case randomJumps = "random_jumps"
        case tapDisclose = "tap_disclose"
        case pause
        case removeFromCache = "remove_from_cache"
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
        try f.check("cycles", cycles > 0, "must be > 0")
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
        try f.check("count", count > 0, "must be > 0")
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
        try f.check("count", count > 0, "must be > 0")
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
    /// Controllers of one cell type (a `table.cells[i].type`).
    case cellType(String)

    static let allKeyword = "all"
}

// MARK: - cache

/// `cache:` — the controller cache under test. The scenario runs once per
/// (policy, in_use mode) combination.
public struct CacheSpec: Codable, Equatable, Sendable {
    /// Controllers, > 0.
    public var capacity: Int
    /// Non-empty, no duplicates.
    public var policies: [PolicyName]
    /// Non-empty, no duplicates.
    public var inUse: [InUseModeName]

    public init(
        capacity: Int,
        policies: [PolicyName] = ScenarioDefaults.policies,
        inUse: [InUseModeName] = ScenarioDefaults.inUse
    ) {
        self.capacity = capacity
        self.policies = policies
        self.inUse = inUse
    }

    static let keys = ["capacity", "policies", "in_use"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        capacity = try f.required("capacity")
        try f.check("capacity", capacity > 0, "must be > 0")

        policies = try f.optional("policies") ?? ScenarioDefaults.policies
        try f.check("policies", !policies.isEmpty, "must list at least one policy")
        try rejectDuplicates(policies, key: "policies", in: f)

        inUse = try f.optional("in_use") ?? ScenarioDefaults.inUse
        try f.check("in_use", !inUse.isEmpty, "must list at least one mode")
        try rejectDuplicates(inUse, key: "in_use", in: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(capacity, for: "capacity")
        try container.encode(policies, for: "policies")
        try container.encode(inUse, for: "in_use")
    }
}
