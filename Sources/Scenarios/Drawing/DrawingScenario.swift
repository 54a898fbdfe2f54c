import Foundation
import Models

// The `drawing` scenario kind: views whose drawRect is cached as an image (EGOUICache over an
// EGOCache-like memory + disk store), redrawn as their content changes. Types and validation
// only; the driver lives beside it.

/// `kind: drawing`. Top-level keys: `ScenarioHeader.keys` + `refresh_hz`, `views`, `timeout`,
/// `restarts`, `cache`.
public struct DrawingScenario: Codable, Equatable, Sendable {
    public var header: ScenarioHeader
    /// Frames per virtual second, 60 or 120 (default 60).
    public var refreshHz: Int
    public var views: [DrawnViewSpec]
    /// The cache's timeout setting (EGOUICacheSetCacheTimeoutInterval), default one week.
    public var timeout: Seconds
    /// App restarts: the memory tier starts cold, the disk tier warm.
    public var restarts: [Seconds]
    public var cache: DrawingCacheSpec

    /// The store policies this kind compares. `disk` is how EGOUICache runs (EGOCache keeps no
    /// images in memory); `memory` and `memory+disk` put an NSCache-like memory tier in front.
    public static let policies: [PolicyName] = [.none, .memory, .disk, .memoryAndDisk]

    /// The policies with a memory tier (they need `cache.capacity`).
    public static let memoryTierPolicies: [PolicyName] = [.memory, .memoryAndDisk]

    /// The policies with a disk tier (bounded by `cache.disk_capacity`).
    public static let diskTierPolicies: [PolicyName] = [.disk, .memoryAndDisk]

    public static let keys = ["refresh_hz", "views", "timeout", "restarts", "cache"]

    public init(
        header: ScenarioHeader, refreshHz: Int = 60, views: [DrawnViewSpec], timeout: Seconds = .seconds(604_800),
        restarts: [Seconds] = [], cache: DrawingCacheSpec
    ) {
        self.header = header
        self.refreshHz = refreshHz
        self.views = views
        self.timeout = timeout
        self.restarts = restarts
        self.cache = cache
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ScenarioHeader.keys + Self.keys)
        header = try ScenarioHeader(from: decoder)
        let f = try Fields(sharedMapping: decoder)
        if header.kind != .drawing {
            throw f.invalid("kind", "expected '\(ScenarioKind.drawing.rawValue)' here, found '\(header.kind.rawValue)'")
        }
        refreshHz = try f.optional("refresh_hz") ?? ScenarioDefaults.refreshHz
        try f.check("refresh_hz", TableSpec.refreshRates.contains(refreshHz), "must be 60 or 120")
        views = try f.required("views")
        try f.check("views", !views.isEmpty, "must list at least one view")
        var seen: [String: Int] = [:]
        for (index, view) in views.enumerated() {
            if let first = seen[view.name] {
                throw SchemaViolation(
                    .invalid("duplicate view name '\(view.name)' (already at views[\(first)])"),
                    at: f.path("views") + [AnyCodingKey(index: index), AnyCodingKey("name")])
            }
            seen[view.name] = index
        }
        timeout = try f.optional("timeout") ?? .seconds(604_800)
        try f.check("timeout", timeout.value > 0, "must be > 0")
        restarts = try f.optional("restarts") ?? []
        cache = try f.required("cache")
        for (index, policy) in cache.policies.enumerated() where !Self.policies.contains(policy) {
            throw SchemaViolation(
                .invalid(
                    "policy '\(policy.rawValue)' is not a drawing store policy (expected one of: \(Self.policies.map(\.rawValue).joined(separator: ", ")))"),
                at: f.path("cache") + [AnyCodingKey("policies"), AnyCodingKey(index: index)])
        }
        try header.expect.validate(
            policies: cache.policies, modes: [], metrics: Self.summaryColumns, fields: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try header.encodeFields(into: &container)
        try container.encode(refreshHz, for: "refresh_hz")
        try container.encode(views, for: "views")
        try container.encode(timeout, for: "timeout")
        try container.encode(restarts, for: "restarts")
        try container.encode(cache, for: "cache")
    }
}

/// `views[i]`: a kind of view drawn with a cached drawing: its size and effects, how many are on
/// screen, how often they redraw, and how their content (the salt) changes.
public struct DrawnViewSpec: Codable, Equatable, Sendable {
    public var name: String
    /// Instances on screen (each draws; same content → same cached drawing).
    public var count: Int
    public var width: Double
    public var height: Double
    public var effects: DrawingEffects
    /// How often drawRect runs (seconds); `nil`: every frame.
    public var redrawEvery: Seconds?
    public var content: ContentChange
    /// Probability in 0...1 that a draw finds its data not loaded and cancels (EGOUICacheCancel).
    public var cancelRate: Double

    static let keys = ["name", "count", "size", "effects", "redraw_every", "content", "cancel_rate"]

    public init(
        name: String, count: Int = 1, width: Double, height: Double, effects: DrawingEffects = DrawingEffects(),
        redrawEvery: Seconds? = nil, content: ContentChange = .static, cancelRate: Double = 0
    ) {
        self.name = name
        self.count = count
        self.width = width
        self.height = height
        self.effects = effects
        self.redrawEvery = redrawEvery
        self.content = content
        self.cancelRate = cancelRate
    }

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        name = try f.required("name")
        try f.check("name", !name.isEmpty, "must not be empty")
        count = try f.optional("count") ?? 1
        try f.check("count", count, in: ScenarioLimits.drawnViewCount)
        let size: [Double] = try f.required("size")
        try f.check("size", size.count == 2, "must be [width, height]")
        width = size[0]
        height = size[1]
        try f.check("size", width >= 1 && height >= 1 && width <= 4096 && height <= 4096, "must be between 1 and 4096 points each")
        effects = try f.optional("effects") ?? DrawingEffects()
        redrawEvery = try f.optional("redraw_every")
        if let redrawEvery { try f.check("redraw_every", redrawEvery.value > 0, "must be > 0") }
        content = try f.optional("content") ?? .static
        cancelRate = try f.optionalNumber("cancel_rate") ?? 0
        try f.check("cancel_rate", cancelRate >= 0 && cancelRate <= 1, "must be a probability between 0 and 1")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(name, for: "name")
        try container.encode(count, for: "count")
        try container.encode([width, height], for: "size")
        try container.encode(effects, for: "effects")
        try container.encodeIfPresent(redrawEvery, for: "redraw_every")
        try container.encode(content, for: "content")
        try container.encode(cancelRate, for: "cancel_rate")
    }
}

/// `effects`: what a fresh draw paints (each costs real CPU time).
public struct DrawingEffects: Codable, Equatable, Sendable {
    public var gradient: Bool
    public var cornerRadius: Double
    /// Blur radius of a drop shadow in points; 0 = none.
    public var shadow: Double
    /// Draw a text-like glyph run of the content.
    public var text: Bool

    public init(gradient: Bool = true, cornerRadius: Double = 0, shadow: Double = 0, text: Bool = true) {
        self.gradient = gradient
        self.cornerRadius = cornerRadius
        self.shadow = shadow
        self.text = text
    }

    static let keys = ["gradient", "corner_radius", "shadow", "text"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        gradient = try f.optional("gradient") ?? true
        cornerRadius = try f.optionalNumber("corner_radius") ?? 0
        try f.check("corner_radius", cornerRadius >= 0, "must be >= 0")
        shadow = try f.optionalNumber("shadow") ?? 0
        try f.check("shadow", shadow >= 0 && shadow <= 64, "must be between 0 and 64")
        text = try f.optional("text") ?? true
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(gradient, for: "gradient")
        try container.encode(cornerRadius, for: "corner_radius")
        try container.encode(shadow, for: "shadow")
        try container.encode(text, for: "text")
    }
}

/// `content`: how a view's content — the cached drawing's salt — changes over time.
public enum ContentChange: Codable, Equatable, Sendable {
    /// Never changes.
    case `static`
    /// A new value every interval (a chart whose data updates every few seconds).
    case every(Seconds)
    /// A new value on every frame (the seed's warning case: a feed of changing data).
    case everyFrame
    /// One of a finite set of titles, switching every interval (round robin).
    case titles([String], every: Seconds)

    static let keys = ["changes_every", "titles", "every"]

    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let word = try? single.decode(String.self) {
            switch word {
            case "static": self = .static
            case "every_frame": self = .everyFrame
            default:
                throw SchemaViolation(
                    .invalid("unknown content '\(word)' (expected static, every_frame, {changes_every: 5s} or {titles: [...], every: 3s})"),
                    at: decoder.codingPath)
            }
            return
        }
        let f = try Fields(decoder, allowed: Self.keys)
        if try f.isPresent("titles") {
            let titles: [String] = try f.required("titles")
            try f.check("titles", !titles.isEmpty, "must list at least one title")
            let every: Seconds = try f.required("every")
            try f.check("every", every.value > 0, "must be > 0")
            self = .titles(titles, every: every)
        } else {
            let every: Seconds = try f.required("changes_every")
            try f.check("changes_every", every.value > 0, "must be > 0")
            self = .every(every)
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .static:
            var container = encoder.singleValueContainer()
            try container.encode("static")
        case .everyFrame:
            var container = encoder.singleValueContainer()
            try container.encode("every_frame")
        case .every(let interval):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(interval, for: "changes_every")
        case .titles(let titles, let every):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(titles, for: "titles")
            try container.encode(every, for: "every")
        }
    }
}

/// `cache:` — the drawing store under test: tiers (`policies`), the eviction policy, the memory
/// tier's capacity and the disk tier's in bytes. `capacity` is required when a listed policy has a
/// memory tier; `disk_capacity` has a default.
public struct DrawingCacheSpec: Codable, Equatable, Sendable {
    public var policies: [PolicyName]
    /// The eviction policy of both tiers (any of ``PolicyName/evictionPolicies``; default lru).
    public var eviction: PolicyName
    /// The memory tier's capacity in bytes (a number, or "512KB", "4MB"); 0 when the file gives
    /// none (no listed policy has a memory tier), which a memory tier reads as no limit.
    public var capacityBytes: Int
    /// The disk tier's limit on its PNG files' bytes (a number, or "512KB", "64MB"), within
    /// ``diskCapacityRange``; default ``defaultDiskCapacity``.
    public var diskCapacityBytes: Int
    /// `s3_fifo_small_ratio` and `w_tinylfu_window`: shares of the capacity, each in (0, 1).
    public var parameters: EvictionParameters

    /// `disk_capacity` when the file gives none: 64 MiB.
    public static let defaultDiskCapacity = 64 << 20
    /// The values `disk_capacity` may take: 64 KiB to 1 TiB.
    public static let diskCapacityRange = (64 << 10)...(1 << 40)

    static let keys = ["policies", "eviction", "capacity", "disk_capacity"] + EvictionParameters.keys

    /// Why `eviction: optimal` runs only with the memory tier.
    static let optimalDiskTierReason =
        "must not be optimal while a disk tier is listed: optimal needs the stream in advance and is recorded for the memory tier only, and the disk tier evicts by the same policy on a stream its background writer shapes; list no disk tier (disk, memory+disk), or choose another eviction policy"

    public init(
        policies: [PolicyName] = DrawingScenario.policies, eviction: PolicyName = .lru, capacityBytes: Int,
        diskCapacityBytes: Int = DrawingCacheSpec.defaultDiskCapacity, parameters: EvictionParameters = EvictionParameters()
    ) {
        self.policies = policies
        self.eviction = eviction
        self.capacityBytes = capacityBytes
        self.diskCapacityBytes = diskCapacityBytes
        self.parameters = parameters
    }

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        policies = try f.optional("policies") ?? DrawingScenario.policies
        try f.check("policies", !policies.isEmpty, "must list at least one policy")
        try rejectDuplicates(policies, key: "policies", in: f)
        eviction = try f.optional("eviction") ?? .lru
        try f.check(
            "eviction", eviction.isBounded,
            "must be an eviction policy (\(PolicyName.evictionPolicies.map(\.rawValue).joined(separator: ", ")))")
        try f.check(
            "eviction", eviction != .optimal || !policies.contains(where: DrawingScenario.diskTierPolicies.contains), Self.optimalDiskTierReason)
        if policies.contains(where: DrawingScenario.memoryTierPolicies.contains) {
            let capacity: ByteCount = try f.required("capacity")
            capacityBytes = capacity.bytes
            try f.check("capacity", capacityBytes > 0, "must be > 0")
        } else {
            let capacity: ByteCount? = try f.optional("capacity")
            capacityBytes = capacity?.bytes ?? 0
            try f.check("capacity", capacity == nil || capacityBytes > 0, "must be > 0")
        }
        let diskCapacity: ByteCount? = try f.optional("disk_capacity")
        diskCapacityBytes = diskCapacity?.bytes ?? Self.defaultDiskCapacity
        try f.check(
            "disk_capacity", Self.diskCapacityRange.contains(diskCapacityBytes),
            "must be between 64KB (65536) and 1024GB (1099511627776) bytes")
        parameters = try EvictionParameters(from: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(policies, for: "policies")
        try container.encode(eviction, for: "eviction")
        try container.encode(capacityBytes, for: "capacity")
        try container.encode(diskCapacityBytes, for: "disk_capacity")
        try parameters.encode(to: &container)
    }
}

/// A byte count: a number, or a string with a unit: `512KB`, `4MB`, `1GB` (powers of 1024).
struct ByteCount: Decodable, SchemaDescribed {
    let bytes: Int

    /// The largest byte count a file may give (1048576GB, 2^50 bytes): above it a key's own range
    /// applies; this bound only keeps the conversion to `Int` from trapping.
    static let maximum = 1 << 50

    static var schemaDescription: String { "a byte count, e.g. 4194304, 512KB or 4MB" }

    init(from decoder: Decoder) throws {
        let container = try decoder.singleValueContainer()
        if let number = try? container.decode(Int.self) {
            try decoder.check(number <= Self.maximum, "must be at most \(Self.maximum >> 30)GB")
            bytes = number
            return
        }
        guard let text = try? container.decode(String.self) else {
            throw SchemaViolation(.expected(Self.schemaDescription), at: decoder.codingPath)
        }
        let units: [(String, Int)] = [("GB", 1 << 30), ("MB", 1 << 20), ("KB", 1 << 10), ("B", 1)]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, scale) in units where trimmed.hasSuffix(suffix) {
            if let value = Double(trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)), value >= 0, value.isFinite {
                // Checked as a Double: `1e300MB` must be an error, not a trap converting to Int.
                guard value * Double(scale) <= Double(Self.maximum) else {
                    throw SchemaViolation(.constraint("must be at most \(Self.maximum >> 30)GB"), at: decoder.codingPath)
                }
                bytes = Int(value * Double(scale))
                return
            }
        }
        throw SchemaViolation(.invalid("cannot read byte count '\(text)' (expected e.g. 4194304, 512KB or 4MB)"), at: decoder.codingPath)
    }
}
