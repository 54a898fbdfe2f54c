// The `parallel-readers` scenario kind: a reader-writer store (YMCache's YMMemoryCache) loaded
// by real reader and writer threads. Types and validation only; the driver lives beside it.

/// `kind: parallel-readers`. Top-level keys: `ScenarioHeader.keys` + `store`, `keys`,
/// `value_size`, `distribution`, `readers`, `writers`, `eviction`, `notification_interval`.
///
/// Times: `duration`, `warmup`, `sample_interval`, `memory_pressure` and the roles' `bursts` are
/// real time (the threads are real); `eviction` ages are on the store's clock, which runs
/// `eviction.time_scale` times faster.
public struct ParallelReadersScenario: Codable, Equatable, Sendable {
    public var header: ScenarioHeader
    /// The designs to compare (`store.designs`).
    public var designs: [PolicyName]
    /// Keys in the store, `0..<keyCount`, all loaded before the threads start.
    public var keyCount: Int
    /// Payload bytes per value.
    public var valueSize: Int
    public var distribution: KeyDistributionSpec
    public var readers: ThreadRole
    /// `nil`: no writer threads.
    public var writers: ThreadRole?
    /// `nil`: no eviction decider (purging does nothing, as the seed says).
    public var eviction: EvictionRule?
    /// The store's `notificationInterval`; 0: no notifications.
    public var notificationInterval: Seconds

    public static let keys = [
        "store", "keys", "value_size", "distribution", "readers", "writers", "eviction", "notification_interval",
    ]

    /// The largest key count (the zipfian table holds one double per key).
    public static let maxKeys = 1_000_000
    /// The most threads of one role.
    public static let maxThreads = 256

    public init(
        header: ScenarioHeader, designs: [PolicyName] = PolicyName.storeDesigns, keyCount: Int, valueSize: Int = 64,
        distribution: KeyDistributionSpec = .uniform, readers: ThreadRole, writers: ThreadRole? = nil,
        eviction: EvictionRule? = nil, notificationInterval: Seconds = .zero
    ) {
        self.header = header
        self.designs = designs
        self.keyCount = keyCount
        self.valueSize = valueSize
        self.distribution = distribution
        self.readers = readers
        self.writers = writers
        self.eviction = eviction
        self.notificationInterval = notificationInterval
    }

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ScenarioHeader.keys + Self.keys)
        header = try ScenarioHeader(from: decoder)
        let f = try Fields(sharedMapping: decoder)
        if header.kind != .parallelReaders {
            throw f.invalid("kind", "expected '\(ScenarioKind.parallelReaders.rawValue)' here, found '\(header.kind.rawValue)'")
        }
        let store = try f.optional("store", as: StoreSpec.self) ?? StoreSpec(designs: PolicyName.storeDesigns)
        designs = store.designs
        keyCount = try f.required("keys")
        try f.check("keys", keyCount >= 1 && keyCount <= Self.maxKeys, "must be between 1 and \(Self.maxKeys)")
        let size: ByteCount = try f.optional("value_size") ?? ByteCount(bytes: 64)
        valueSize = size.bytes
        try f.check("value_size", valueSize >= 0 && valueSize <= 1 << 20, "must be between 0 and 1MB")
        distribution = try f.optional("distribution") ?? .uniform
        readers = try f.required("readers", as: ReaderRoleSpec.self).role
        writers = try f.optional("writers", as: WriterRoleSpec.self)?.role
        eviction = try f.optional("eviction")
        notificationInterval = try f.optional("notification_interval") ?? .zero

        for (key, role) in [("readers", Optional(readers)), ("writers", writers)] {
            guard let role else { continue }
            try role.checkExpressible(duration: header.duration, at: f.path(key))
        }
        if let writers, writers.threads > keyCount {
            throw SchemaViolation(
                .constraint("must be at most keys (\(keyCount)): each writer owns the keys k with k mod writers = its index"),
                at: f.path("writers") + [AnyCodingKey("threads")])
        }
        try header.expect.validate(
            policies: designs, modes: [], metrics: Self.summaryColumns, fields: f)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try header.encodeFields(into: &container)
        try container.encode(StoreSpec(designs: designs), for: "store")
        try container.encode(keyCount, for: "keys")
        try container.encode(valueSize, for: "value_size")
        try container.encode(distribution, for: "distribution")
        try container.encode(readers, for: "readers")
        try container.encodeIfPresent(writers, for: "writers")
        try container.encodeIfPresent(eviction, for: "eviction")
        try container.encode(notificationInterval, for: "notification_interval")
    }

    /// Every thread role, readers first.
    var roles: [(kind: ThreadRole.Kind, role: ThreadRole)] {
        [(.reader, readers)] + (writers.map { [(.writer, $0)] } ?? [])
    }
}

/// `store:` — the designs to compare.
struct StoreSpec: Codable {
    var designs: [PolicyName]

    static let keys = ["designs"]

    init(designs: [PolicyName]) {
        self.designs = designs
    }

    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        designs = try f.optional("designs") ?? PolicyName.storeDesigns
        try f.check("designs", !designs.isEmpty, "must list at least one design")
        try rejectDuplicates(designs, key: "designs", in: f)
        for (index, design) in designs.enumerated() where !PolicyName.storeDesigns.contains(design) {
            throw SchemaViolation(
                .invalid(
                    "'\(design.rawValue)' is not a store design (expected one of: \(PolicyName.storeDesigns.map(\.rawValue).joined(separator: ", ")))"),
                at: f.path("designs") + [AnyCodingKey(index: index)])
        }
    }
}

/// The operations a thread can do, by their names in `mix`.
public enum StoreOperation: String, CaseIterable, Codable, Sendable, SchemaChoice {
    /// `store[key]`.
    case get
    /// `store[key] = value`.
    case set
    /// `remove(keys: [key])`.
    case remove
    /// `addEntries(_:)` with `batch` entries.
    case bulkAdd = "bulk_add"
    /// `allItems()`.
    case allItems = "all_items"
    /// `purge(context: nil)`: the eviction rule's age test.
    case purge

    static var choiceNoun: String { "operation" }

    /// What reader threads may do: reads only (writes belong to writers, who own their keys).
    static let readOperations: [StoreOperation] = [.get, .allItems]

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }

    /// Index in `allCases`, for per-operation arrays.
    var index: Int {
        switch self {
        case .get: 0
        case .set: 1
        case .remove: 2
        case .bulkAdd: 3
        case .allItems: 4
        case .purge: 5
        }
    }
}

/// `readers:` or `writers:` — a group of threads doing the same mix of operations.
///
/// How long a thread runs: with `rate`, open loop, it issues `rate` operations per second (within
/// `bursts`, if given) over `duration`, each at its intended time, latency measured from that
/// time (coordinated omission corrected); with `operations`, closed loop, it does exactly that
/// many, back to back; with neither, closed loop for `duration` (the operation counts are then
/// measurements, not fixed by the seed).
public struct ThreadRole: Codable, Equatable, Sendable {
    public enum Kind: String, Sendable {
        case reader, writer
    }

    public var threads: Int
    /// Percent per operation; sums to 100.
    public var mix: [StoreOperation: Double]
    /// Operations per second per thread (open loop).
    public var rate: Double?
    /// Operations per thread (closed loop).
    public var operations: Int?
    public var bursts: Bursts?
    /// Entries per `bulk_add`.
    public var batch: Int

    public init(
        threads: Int, mix: [StoreOperation: Double], rate: Double? = nil, operations: Int? = nil, bursts: Bursts? = nil,
        batch: Int = 16
    ) {
        self.threads = threads
        self.mix = mix
        self.rate = rate
        self.operations = operations
        self.bursts = bursts
        self.batch = batch
    }

    static let keys = ["threads", "mix", "rate", "operations", "bursts", "batch"]

    /// The highest rate a thread can be asked for: one operation per nanosecond of the clock.
    static let maxRate = 1e9

    init(from decoder: Decoder, kind: Kind) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        threads = try f.optional("threads") ?? 1
        try f.check("threads", threads >= 1 && threads <= ParallelReadersScenario.maxThreads,
            "must be between 1 and \(ParallelReadersScenario.maxThreads) (leave the \(kind == .writer ? "writers" : "readers") block out for none)")
        let mix = try f.required("mix", as: OperationMix.self)
        self.mix = mix.percentages
        if kind == .reader {
            for (index, operation) in mix.order.enumerated() where !StoreOperation.readOperations.contains(operation) {
                throw SchemaViolation(
                    .invalid(
                        "readers only read (get, all_items): put '\(operation.rawValue)' under writers, which own the keys they write"),
                    at: f.path("mix") + [AnyCodingKey(mix.keys[index])], target: .key)
            }
        }
        rate = try f.optionalNumber("rate")
        operations = try f.optional("operations")
        if rate != nil, operations != nil {
            throw SchemaViolation(
                .invalid("give 'rate' (open loop, for the duration) or 'operations' (closed loop), not both"),
                at: f.path("operations"), target: .key)
        }
        if let rate {
            try f.check("rate", rate > 0, "must be > 0 operations per second per thread")
            try f.check(
                "rate", rate <= Self.maxRate,
                "cannot be expressed: above \(Int(Self.maxRate)) operations per second the interval between intended starts is under the clock's 1 ns")
        }
        if let operations { try f.check("operations", operations, in: ScenarioLimits.operationsPerThread) }
        bursts = try f.optional("bursts")
        batch = try f.optional("batch") ?? 16
        try f.check("batch", batch >= 1 && batch <= 100_000, "must be between 1 and 100000")
    }

    /// Fails when `rate` cannot be kept: its interval between operations is longer than the run,
    /// or than a burst (the thread would issue one operation whatever the rate).
    func checkExpressible(duration: Seconds, at path: [CodingKey]) throws {
        guard let rate else { return }
        let interval = 1 / rate
        var window = (duration.value, "the \(formatNumber(duration.value))s duration")
        if let bursts, bursts.length.value < duration.value {
            window = (bursts.length.value, "its \(formatNumber(bursts.length.value))s bursts")
        }
        if rate * window.0 < 1 {
            throw SchemaViolation(
                .constraint(
                    "cannot be expressed: at \(formatNumber(rate)) operations per second one operation every \(formatNumber(interval))s does not fit in \(window.1); raise the rate or lengthen them"),
                at: path + [AnyCodingKey("rate")])
        }
    }

    /// Open loop: how many operations one thread issues in `duration` seconds — those whose
    /// intended start falls inside it.
    func intendedOperations(duration: Double) -> Int {
        guard let rate else { return 0 }
        guard let bursts, let perBurst = operationsPerBurst else { return Self.starts(rate: rate, within: duration) }
        let whole = Int((duration / bursts.every.value).rounded(.down))
        let rest = duration - Double(whole) * bursts.every.value
        return whole * perBurst + min(perBurst, Self.starts(rate: rate, within: rest))
    }

    /// Open loop with bursts: the operations whose intended start falls inside one burst.
    var operationsPerBurst: Int? {
        guard let rate, let bursts else { return nil }
        return Self.starts(rate: rate, within: bursts.length.value)
    }

    /// How many of the starts 0, 1/rate, 2/rate ... come before `seconds` (forgiving the
    /// rounding of a product that should be whole).
    static func starts(rate: Double, within seconds: Double) -> Int {
        let exact = rate * seconds
        return max(0, Int((exact - 1e-9 * max(1, exact)).rounded(.up)))
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(threads, for: "threads")
        // Operations in their declared order: a dictionary's order would vary between processes.
        var mixMap = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("mix"))
        for operation in StoreOperation.allCases {
            if let percent = mix[operation] { try mixMap.encode(percent, for: operation.rawValue) }
        }
        try container.encodeIfPresent(rate, for: "rate")
        try container.encodeIfPresent(operations, for: "operations")
        try container.encodeIfPresent(bursts, for: "bursts")
        try container.encode(batch, for: "batch")
    }

    public init(from decoder: Decoder) throws {
        try self.init(from: decoder, kind: .writer)
    }
}

/// Decodes `readers:` with the reader's restrictions.
struct ReaderRoleSpec: Decodable {
    let role: ThreadRole
    init(from decoder: Decoder) throws { role = try ThreadRole(from: decoder, kind: .reader) }
}

/// Decodes `writers:`.
struct WriterRoleSpec: Decodable {
    let role: ThreadRole
    init(from decoder: Decoder) throws { role = try ThreadRole(from: decoder, kind: .writer) }
}

/// `mix: {get: 95, set: 5}` — percent per operation, summing to 100.
struct OperationMix: Decodable {
    var percentages: [StoreOperation: Double] = [:]
    /// The operations in file order, and their keys as written.
    var order: [StoreOperation] = []
    var keys: [String] = []

    init(from decoder: Decoder) throws {
        let container: KeyedDecodingContainer<AnyCodingKey>
        do {
            container = try decoder.container(keyedBy: AnyCodingKey.self)
        } catch {
            throw SchemaViolation(.expected("a mapping of operation → percent, e.g. {get: 95, set: 5}"), at: decoder.codingPath)
        }
        for key in container.allKeys {
            guard let operation = StoreOperation(rawValue: key.stringValue) else {
                throw SchemaViolation(
                    .invalid("unknown operation '\(key.stringValue)' (expected one of: \(StoreOperation.choiceList))"),
                    at: decoder.codingPath + [key], target: .key)
            }
            let percent: Double
            do {
                percent = try container.decode(Double.self, forKey: key)
            } catch {
                throw SchemaViolation(.expected("a percentage (a number from 0 to 100)"), at: decoder.codingPath + [key])
            }
            if !(percent.isFinite && percent >= 0 && percent <= 100) {
                throw SchemaViolation(.constraint("must be a percentage from 0 to 100"), at: decoder.codingPath + [key])
            }
            percentages[operation] = percent
            order.append(operation)
            keys.append(key.stringValue)
        }
        if order.isEmpty {
            throw SchemaViolation(.invalid("must name at least one operation, e.g. {get: 100}"), at: decoder.codingPath)
        }
        let total = percentages.values.reduce(0, +)
        if abs(total - 100) > 1e-9 {
            throw SchemaViolation(
                .invalid("the percentages sum to \(formatNumber(total))%, not 100%"), at: decoder.codingPath, target: .mapping)
        }
    }
}

/// `bursts: {every: 1s, length: 200ms}` — the role works only in the first `length` of every
/// `every` (a writer that updates in bursts).
public struct Bursts: Codable, Equatable, Sendable {
    public var every: Seconds
    public var length: Seconds

    public init(every: Seconds, length: Seconds) {
        self.every = every
        self.length = length
    }

    static let keys = ["every", "length"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        every = try f.required("every")
        try f.check("every", every.value > 0, "must be > 0")
        length = try f.required("length")
        try f.check("length", length.value > 0 && length.value < every.value, "must be > 0 and shorter than 'every'")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(every, for: "every")
        try container.encode(length, for: "length")
    }

    /// Whether `t` seconds after the start falls inside a burst.
    func isActive(at t: Double) -> Bool {
        t - (t / every.value).rounded(.down) * every.value < length.value
    }

    /// The start of the next burst at or after `t`.
    func nextStart(after t: Double) -> Double {
        isActive(at: t) ? t : ((t / every.value).rounded(.down) + 1) * every.value
    }
}

/// `distribution:` — which keys operations touch.
///
/// `uniform`; `{zipfian: 0.99}` (rank r, key r, with probability ∝ 1/(r+1)^alpha);
/// `{hotspot: {keys: 0.2, operations: 0.8}}` (a fraction of the keys gets a fraction of the
/// operations, uniformly within each set); `latest` or `{latest: 0.99}` (zipfian over how recently
/// a key was written: the key written last is the most likely).
public enum KeyDistributionSpec: Codable, Equatable, Sendable {
    case uniform
    case zipfian(alpha: Double)
    case hotspot(keys: Double, operations: Double)
    case latest(alpha: Double)

    /// YCSB's default skew.
    public static let defaultAlpha = 0.99

    static let keys = ["zipfian", "hotspot", "latest"]

    public init(from decoder: Decoder) throws {
        if let single = try? decoder.singleValueContainer(), let word = try? single.decode(String.self) {
            switch word {
            case "uniform": self = .uniform
            case "zipfian": self = .zipfian(alpha: Self.defaultAlpha)
            case "latest": self = .latest(alpha: Self.defaultAlpha)
            default:
                throw SchemaViolation(
                    .invalid(
                        "unknown distribution '\(word)' (expected uniform, zipfian, latest, {zipfian: 0.99}, {latest: 0.99} or {hotspot: {keys: 0.2, operations: 0.8}})"),
                    at: decoder.codingPath)
            }
            return
        }
        let f = try Fields(decoder, allowed: Self.keys)
        let present = try Self.keys.filter { try f.isPresent($0) }
        guard present.count == 1, let which = present.first else {
            throw SchemaViolation(
                .invalid("give exactly one of zipfian, hotspot or latest"), at: f.codingPath, target: .mapping)
        }
        switch which {
        case "hotspot":
            let hot = try f.required("hotspot", as: HotspotSpec.self)
            self = .hotspot(keys: hot.keys, operations: hot.operations)
        default:
            let alpha = try f.requiredNumber(which)
            try f.check(which, alpha > 0, "alpha must be > 0")
            try f.check(which, alpha <= 10, "alpha must be at most 10")
            self = which == "zipfian" ? .zipfian(alpha: alpha) : .latest(alpha: alpha)
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .uniform:
            var container = encoder.singleValueContainer()
            try container.encode("uniform")
        case .zipfian(let alpha):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(alpha, for: "zipfian")
        case .latest(let alpha):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(alpha, for: "latest")
        case .hotspot(let keys, let operations):
            var container = encoder.container(keyedBy: AnyCodingKey.self)
            try container.encode(["keys": keys, "operations": operations], for: "hotspot")
        }
    }

    /// How the summary's `distribution` column names it.
    public var label: String {
        switch self {
        case .uniform: "uniform"
        case .zipfian(let alpha): "zipfian(\(formatNumber(alpha)))"
        case .latest(let alpha): "latest(\(formatNumber(alpha)))"
        case .hotspot(let keys, let operations): "hotspot(\(formatNumber(keys)),\(formatNumber(operations)))"
        }
    }
}

extension ByteCount {
    init(bytes: Int) { self.bytes = bytes }
}

/// `hotspot: {keys: 0.2, operations: 0.8}`.
struct HotspotSpec: Decodable {
    let keys: Double
    let operations: Double

    init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: ["keys", "operations"])
        keys = try f.requiredNumber("keys")
        try f.check("keys", keys > 0 && keys < 1, "must be a fraction of the keys between 0 and 1 (exclusive)")
        operations = try f.requiredNumber("operations")
        try f.check("operations", operations >= 0 && operations <= 1, "must be a fraction of the operations from 0 to 1")
    }
}

/// `eviction:` — the store's eviction decider and timer.
///
/// The decider evicts an item whose last write is older than `older_than` on the store's clock.
/// A periodic purge — the store's eviction timer, `purge(context: nil)` — runs every `every` on
/// that clock, from the driver's thread.
/// Memory pressure purges with the level as context: `moderate` applies the age test, `warning`
/// evicts everything.
public struct EvictionRule: Codable, Equatable, Sendable {
    public var olderThan: Seconds
    /// The eviction timer's interval on the store's clock; `nil`: no timer.
    public var every: Seconds?
    /// Store-clock seconds per real second.
    public var timeScale: Double

    public init(olderThan: Seconds, every: Seconds? = nil, timeScale: Double = 1) {
        self.olderThan = olderThan
        self.every = every
        self.timeScale = timeScale
    }

    static let keys = ["older_than", "every", "time_scale"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        olderThan = try f.required("older_than")
        try f.check("older_than", olderThan.value > 0, "must be > 0")
        every = try f.optional("every")
        if let every { try f.check("every", every.value > 0, "must be > 0") }
        timeScale = try f.optionalNumber("time_scale") ?? 1
        try f.check("time_scale", timeScale > 0 && timeScale <= 1e6, "must be > 0 and at most 1000000")
        if let every {
            try f.check("every", every.value / timeScale >= 0.001, "must be at least 1 ms of real time (every / time_scale)")
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(olderThan, for: "older_than")
        try container.encodeIfPresent(every, for: "every")
        try container.encode(timeScale, for: "time_scale")
    }
}
