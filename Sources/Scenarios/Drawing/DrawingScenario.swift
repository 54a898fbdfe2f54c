import Foundation
import Models

// The `drawing` scenario kind: views whose drawRect is cached as an image (EGOUICache over an
// EGOCache-like memory + disk store), redrawn as their content changes. Types and validation
// only; the driver lives beside it.

/// `kind: drawing`. Top-level keys: `ScenarioHeader.keys` + `refresh_hz`, `views`, `timeout`,
/// `restarts`, `cache`.
public struct DrawingScenario: DeclaredMapping, Equatable, Sendable {
    public var header: ScenarioHeader
    /// Frames per virtual second, 60 or 120 (default 60).
    public var refreshHz: Int
    public var views: [DrawnViewSpec]
    /// The cache's timeout setting (EGOUICacheSetCacheTimeoutInterval), default one week.
    public var timeout: Seconds
    /// App restarts: the memory tier starts cold, the disk tier warm.
    public var restarts: [Seconds]
    public var cache: DrawingCacheSpec
    /// Named device costs (`device:`) per drawn view; nil when the file gives none.
    public var device: DeviceProfile?

    /// The store policies this kind compares. `disk` is how EGOUICache runs (EGOCache keeps no
    /// images in memory); `memory` and `memory+disk` put an NSCache-like memory tier in front.
    public static let policies: [PolicyName] = [.none, .memory, .disk, .memoryAndDisk]

    /// The policies with a memory tier (they need `cache.capacity`).
    public static let memoryTierPolicies: [PolicyName] = [.memory, .memoryAndDisk]

    /// The policies with a disk tier (bounded by `cache.disk_capacity`).
    public static let diskTierPolicies: [PolicyName] = [.disk, .memoryAndDisk]

    /// This kind's own top-level keys (besides the header's).
    public static var keys: [String] { schema.keyNames.filter { !ScenarioHeader.keys.contains($0) } }

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

    public static var blank: Self {
        Self(header: .blank, views: [], cache: .blank)
    }

    public static var schema: Schema<Self> {
        Schema([
            .header(\.header, of: .drawing),
            .optional(
                "refresh_hz", \.refreshHz, default: ScenarioDefaults.refreshHz, "Frames per (virtual) second.",
                .must("must be \(TableSpec.refreshRates.map(String.init).joined(separator: " or "))") {
                    TableSpec.refreshRates.contains($0)
                }),
            .required(
                "views", \.views, "The kinds of view drawn with a cached drawing.",
                .must("must list at least one view") { !$0.isEmpty },
                .check("names unique") { views, _, f, key in
                    var seen: [String: Int] = [:]
                    for (index, view) in views.enumerated() {
                        if let first = seen[view.name] {
                            throw SchemaViolation(
                                .invalid("duplicate view name '\(view.name)' (already at views[\(first)])"),
                                at: f.path(key) + [AnyCodingKey(index: index), AnyCodingKey("name")])
                        }
                        seen[view.name] = index
                    }
                }),
            .optional(
                "timeout", \.timeout, default: .seconds(604_800), shown: "1w",
                "The cache's timeout setting (EGOUICacheSetCacheTimeoutInterval): older drawings are redrawn.",
                example: "1h", .must("must be > 0") { $0.value > 0 }),
            .optional(
                "restarts", \.restarts, default: [], shown: "[]",
                "App restarts, in time from the start of the run: the memory tier starts cold, the disk tier warm.",
                example: "[30s, 60s]"),
            .required("cache", \.cache, "The drawing store under test."),
            .device(\.device, kinds: "drawn view name"),
            .deviceNames(\.device, kinds: "drawn view name", sized: { $0.views.map(\.name) }, takesScale: true) { $0.views.map(\.name) },
            .rule("expectations name runs and metrics of this scenario") { scenario, f in
                try scenario.header.expect.validate(
                    policies: scenario.cache.policies, modes: [], metrics: summaryColumns, fields: f)
            },
        ])
    }
}

/// `views[i]`: a kind of view drawn with a cached drawing: its size and effects, how many are on
/// screen, how often they redraw, and how their content (the salt) changes.
public struct DrawnViewSpec: DeclaredMapping, Equatable, Sendable {
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
    /// What one fresh draw (the rasterisation) of this view costs on a device, as measured there:
    /// charged to the frame beside the measured stand-in draw. Nil: the `device:` profile's cost
    /// of this name, if any.
    public var cost: Seconds?
    /// What one cached drawing of this view holds on the device, stated: it overrides the
    /// `device:` profile's size of this name and its `scale:`. Nil: the profile's.
    public var bytes: Int?

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

    public static var blank: DrawnViewSpec { DrawnViewSpec(name: "", width: 0, height: 0) }

    public static var schema: Schema<DrawnViewSpec> {
        Schema([
            .required(
                "name", \.name, "The view's name, unique in views.", example: "chart",
                .must("must not be empty") { !$0.isEmpty }),
            .optional(
                "count", \.count, default: 1, "How many of these views are on screen (each draws).", example: "12",
                .within(ScenarioLimits.drawnViewCount)),
            .custom(
                [
                    .key(
                        "size", [Double].self, .required, "The view's [width, height], in points.", example: "[320, 180]",
                        rules: ["must be [width, height]", "must be between 1 and 4096 points each"])
                ],
                decode: { view, f in
                    let size: [Double] = try f.required("size")
                    try f.check("size", size.count == 2, "must be [width, height]")
                    view.width = size[0]
                    view.height = size[1]
                    try f.check(
                        "size", view.width >= 1 && view.height >= 1 && view.width <= 4096 && view.height <= 4096,
                        "must be between 1 and 4096 points each")
                },
                encode: { view, container in try container.encode([view.width, view.height], for: "size") }),
            .optional(
                "effects", \.effects, default: DrawingEffects(), shown: "{}",
                "What a fresh draw paints (each effect costs CPU time)."),
            .optional(
                "redraw_every", \.redrawEvery, absent: "every frame", "How often drawRect runs.", example: "1s",
                .must("must be > 0") { $0.value > 0 }),
            .optional(
                "content", \.content, default: .static,
                "How the view's content (the cached drawing's salt) changes: static, every_frame, "
                    + "{changes_every: 5s} or {titles: [...], every: 3s}.",
                example: "{changes_every: 5s}"),
            .optional(
                "cancel_rate", \.cancelRate, default: 0,
                "The probability that a draw finds its data not loaded and cancels (EGOUICacheCancel).", example: "0.1",
                .must("must be a probability between 0 and 1") { $0 >= 0 && $0 <= 1 }),
            .optional(
                "cost", \.cost, absent: "the device profile's cost of this view, if any; else only the measured draw counts",
                "What one fresh draw of this view (its rasterisation) costs on a device, measured there: charged to the frame beside the measured stand-in draw, in the device_* columns. Overrides the device profile.",
                example: "1.1ms",
                .must("must be >= 0 and at most \(formatNumber(NibSpec.maxCost))s") { $0.value >= 0 && $0.value <= NibSpec.maxCost }),
            .deviceBytes(
                \.bytes, absent: "the device profile's size of this view, else width × height × 4 × scale² with its scale:, else none",
                "What one cached drawing of this view holds on the device (its bitmap there), in the device_bytes_held_* columns. Overrides the device profile.",
                example: "600KB"),
        ])
    }
}

/// `effects`: what a fresh draw paints (each costs real CPU time).
public struct DrawingEffects: DeclaredMapping, Equatable, Sendable {
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

    public static var blank: DrawingEffects { DrawingEffects() }

    public static var schema: Schema<DrawingEffects> {
        Schema([
            .optional("gradient", \.gradient, default: true, "Whether the draw fills a gradient."),
            .optional(
                "corner_radius", \.cornerRadius, default: 0, "The radius of the drawing's rounded corners, in points.",
                example: "8", .must("must be >= 0") { $0 >= 0 }),
            .optional(
                "shadow", \.shadow, default: 0, "The blur radius of a drop shadow, in points; 0 draws none.",
                example: "4", .must("must be between 0 and 64") { $0 >= 0 && $0 <= 64 }),
            .optional("text", \.text, default: true, "Whether the draw paints a text-like glyph run of the content."),
        ])
    }
}

/// `content`: how a view's content — the cached drawing's salt — changes over time.
public enum ContentChange: DeclaredUnion, Sendable {
    /// Never changes.
    case `static`
    /// A new value every interval (a chart whose data updates every few seconds).
    case every(Seconds)
    /// A new value on every frame (the seed's warning case: a feed of changing data).
    case everyFrame
    /// One of a finite set of titles, switching every interval (round robin).
    case titles([String], every: Seconds)

    public static var union: UnionSchema<ContentChange> {
        UnionSchema(
            noun: "content",
            words: [.word("static", .static, "never changes"), .word("every_frame", .everyFrame, "a new value every frame")],
            forms: [
                .key(
                    "changes_every", Seconds.self, ContentChange.every, match: { if case .every(let s) = $0 { s } else { nil } },
                    "A new value every interval (a chart updated every few seconds).", example: "5s", .must("must be > 0") { $0.value > 0 }),
                .custom(
                    [
                        .key(
                            "titles", [String].self, .optional(nil), "One of these titles, switching round robin every `every`.",
                            example: "[Inbox, Sent]", rules: ["must list at least one title"]),
                        .key(
                            "every", Seconds.self, .optional(nil), "Goes with titles: how often the title switches.", example: "3s",
                            rules: ["must be > 0"]),
                    ],
                    decode: { f in
                        let titles: [String] = try f.required("titles")
                        try f.check("titles", !titles.isEmpty, "must list at least one title")
                        let every: Seconds = try f.required("every")
                        try f.check("every", every.value > 0, "must be > 0")
                        return .titles(titles, every: every)
                    },
                    matches: { if case .titles = $0 { true } else { false } },
                    encode: { value, container in
                        guard case .titles(let titles, let every) = value else { return }
                        try container.encode(titles, for: "titles")
                        try container.encode(every, for: "every")
                    }),
            ])
    }
}

/// `cache:` — the drawing store under test: tiers (`policies`), the eviction policy, the memory
/// tier's capacity and the disk tier's in bytes. `capacity` is required when a listed policy has a
/// memory tier; `disk_capacity` has a default.
public struct DrawingCacheSpec: DeclaredMapping, Equatable, Sendable {
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
    public var parameters: PolicyParameters

    /// `disk_capacity` when the file gives none: 64 MiB.
    public static let defaultDiskCapacity = 64 << 20
    /// The values `disk_capacity` may take: 64 KiB to 1 TiB.
    public static let diskCapacityRange = (64 << 10)...(1 << 40)

    /// Why `eviction: optimal` runs only with the memory tier.
    static let optimalDiskTierReason =
        "must not be optimal while a disk tier is listed: optimal needs the stream in advance and is recorded for the memory tier only, and the disk tier evicts by the same policy on a stream its background writer shapes; list no disk tier (disk, memory+disk), or choose another eviction policy"

    public init(
        policies: [PolicyName] = DrawingScenario.policies, eviction: PolicyName = PolicyRegistry.defaultPolicy, capacityBytes: Int,
        diskCapacityBytes: Int = DrawingCacheSpec.defaultDiskCapacity, parameters: PolicyParameters = PolicyParameters()
    ) {
        self.policies = policies
        self.eviction = eviction
        self.capacityBytes = capacityBytes
        self.diskCapacityBytes = diskCapacityBytes
        self.parameters = parameters
    }

    public static var blank: DrawingCacheSpec { DrawingCacheSpec(capacityBytes: 0) }

    public static var schema: Schema<DrawingCacheSpec> {
        let evictionRequirement =
            "must be an eviction policy (\(PolicyName.evictionPolicies.map(\.rawValue).joined(separator: ", ")))"
        let diskCapacityRequirement = "must be between 64KB (65536) and 1024GB (1099511627776) bytes"
        return Schema([
            .optional(
                "policies", \.policies, default: DrawingScenario.policies,
                "The store policies to run, one run each: which tiers the store has.", example: "[disk, memory+disk]",
                .must("must list at least one policy") { !$0.isEmpty },
                .check("no duplicates") { values, _, f, key in try rejectDuplicates(values, key: key, in: f) },
                .check("drawing store policies, \(PolicyName.listed(DrawingScenario.policies))") { values, _, f, key in
                    try rejectPolicies(notIn: DrawingScenario.policies, values, key: key, in: f) {
                        "policy '\($0.rawValue)' is not a drawing store policy"
                    }
                }),
            .optional(
                "eviction", \.eviction, default: PolicyRegistry.defaultPolicy, "The eviction policy of both tiers.", example: "s3-fifo",
                .must(evictionRequirement) { $0.isBounded },
                .must(
                    "must not be optimal while a disk tier is listed",
                    { eviction, spec in
                        !eviction.needsFuture || !spec.policies.contains(where: DrawingScenario.diskTierPolicies.contains)
                    },
                    message: { _, _ in optimalDiskTierReason })),
            .custom(
                [
                    .key(
                        "capacity", ByteCount.self,
                        .optional("no limit; required when a policy with a memory tier (memory, memory+disk) is listed"),
                        "The memory tier's capacity, in bytes.", example: "4MB", rules: ["must be > 0"])
                ],
                decode: { spec, f in
                    if spec.policies.contains(where: DrawingScenario.memoryTierPolicies.contains) {
                        let capacity: ByteCount = try f.required("capacity")
                        spec.capacityBytes = capacity.bytes
                        try f.check("capacity", spec.capacityBytes > 0, "must be > 0")
                    } else {
                        let capacity: ByteCount? = try f.optional("capacity")
                        spec.capacityBytes = capacity?.bytes ?? 0
                        try f.check("capacity", capacity == nil || spec.capacityBytes > 0, "must be > 0")
                    }
                },
                encode: { spec, container in try container.encode(spec.capacityBytes, for: "capacity") }),
            .custom(
                [
                    .key(
                        "disk_capacity", ByteCount.self, .defaulted("64MB"),
                        "The disk tier's limit on its PNG files' bytes.", example: "256MB", rules: [diskCapacityRequirement])
                ],
                decode: { spec, f in
                    let diskCapacity: ByteCount? = try f.optional("disk_capacity")
                    spec.diskCapacityBytes = diskCapacity?.bytes ?? defaultDiskCapacity
                    try f.check("disk_capacity", diskCapacityRange.contains(spec.diskCapacityBytes), diskCapacityRequirement)
                },
                encode: { spec, container in try container.encode(spec.diskCapacityBytes, for: "disk_capacity") }),
            .inline(\.parameters, PolicyParameters.schema),
        ])
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
            if let value = DecimalText.parse(trimmed.dropLast(suffix.count)), value >= 0 {
                // Checked as a Double: `1e300MB` must be an error, not a trap converting to Int.
                guard value * Double(scale) <= Double(Self.maximum) else {
                    throw SchemaViolation(.constraint("must be at most \(Self.maximum >> 30)GB"), at: decoder.codingPath)
                }
                bytes = Int(saturating: value * Double(scale))
                return
            }
        }
        throw SchemaViolation(.invalid("cannot read byte count '\(text)' (expected e.g. 4194304, 512KB or 4MB)"), at: decoder.codingPath)
    }
}
