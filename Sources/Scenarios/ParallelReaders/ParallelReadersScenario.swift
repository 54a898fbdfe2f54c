import Models
// The `parallel-readers` scenario kind: a reader-writer store (YMCache's YMMemoryCache) loaded
// by real reader and writer threads. Types and validation only; the driver lives beside it.

/// `kind: parallel-readers`. Top-level keys: `ScenarioHeader.keys` + `store`, `keys`,
/// `value_size`, `distribution`, `readers`, `writers` (each one mapping, or a list of named
/// groups: ``ThreadRole/decodeGroups(_:kind:)``), `eviction`, `notification_interval`.
///
/// Times: `duration`, `warmup`, `sample_interval`, `memory_pressure` and the roles' `bursts` are
/// real time (the threads are real); `eviction` ages are on the store's clock, which runs
/// `eviction.time_scale` times faster.
public struct ParallelReadersScenario: DeclaredMapping, Equatable, Sendable {
    public var header: ScenarioHeader
    /// The designs to compare (`store.designs`).
    public var designs: [PolicyName]
    /// Keys in the store, `0..<keyCount`, all loaded before the threads start.
    public var keyCount: Int
    /// Payload bytes per value.
    public var valueSize: Int
    public var distribution: KeyDistributionSpec
    /// The reader groups: one unnamed group (`readers:` a mapping) or named groups (a list).
    public var readers: [ThreadRole]
    /// The writer groups, as `readers`; empty: no writer threads.
    public var writers: [ThreadRole]
    /// `nil`: no eviction decider (purging does nothing, as the seed says).
    public var eviction: EvictionRule?
    /// The store's `notificationInterval`; 0: no notifications.
    public var notificationInterval: Seconds
    /// Whether the store's removals and loader are synchronous or asynchronous (`store.writes`).
    public var writes: StoreWritesName = .synchronous
    /// The store's periodic save (`store.persistence`); nil: the store saves nothing.
    public var persistence: StorePersistenceSpec?

    /// This kind's own top-level keys (besides the header's).
    public static var keys: [String] { schema.keyNames.filter { !ScenarioHeader.keys.contains($0) } }

    /// The largest key count (the zipfian table holds one double per key).
    public static let maxKeys = 1_000_000
    /// The most threads of one role.
    public static let maxThreads = 256

    public init(
        header: ScenarioHeader, designs: [PolicyName] = PolicyName.storeDesigns, keyCount: Int, valueSize: Int = 64,
        distribution: KeyDistributionSpec = .uniform, readers: [ThreadRole], writers: [ThreadRole] = [],
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

    /// `store:` as a file writes it: the designs.
    var store: StoreSpec {
        get { StoreSpec(designs: designs, writes: writes, persistence: persistence) }
        set {
            designs = newValue.designs
            writes = newValue.writes
            persistence = newValue.persistence
        }
    }

    public static var blank: Self {
        Self(header: .blank, keyCount: 0, readers: [.blank])
    }

    public static var schema: Schema<Self> {
        Schema([
            .header(\.header, of: .parallelReaders, checksDecide: false),
            .optional(
                "store", \.store, default: StoreSpec(designs: PolicyName.storeDesigns),
                shown: "{designs: \(renderDefault(PolicyName.storeDesigns)), writes: synchronous}", "The store under test."),
            .required(
                "keys", \.keyCount,
                "How many keys the store holds (0 to keys - 1), all loaded before the threads start.", example: "10000",
                .within(1...maxKeys)),
            .custom(
                [
                    .key(
                        "value_size", ByteCount.self, .defaulted("64"), "Payload bytes per value.", example: "1KB",
                        rules: ["must be between 0 and 1MB"])
                ],
                decode: { scenario, f in
                    let size: ByteCount = try f.optional("value_size") ?? ByteCount(bytes: 64)
                    scenario.valueSize = size.bytes
                    try f.check(
                        "value_size", scenario.valueSize >= 0 && scenario.valueSize <= 1 << 20, "must be between 0 and 1MB")
                },
                encode: { scenario, container in try container.encode(scenario.valueSize, for: "value_size") }),
            .optional(
                "distribution", \.distribution, default: .uniform, shown: "uniform",
                "Which keys operations touch: uniform, zipfian, latest (zipfian over recency) or a hotspot.",
                example: "{zipfian: 0.99}"),
            .custom(
                [
                    .groups(
                        "readers", .required,
                        "The reader threads: how many, and their mix of reads (get, all_items); or a list of named groups, each with its own.")
                ],
                decode: { scenario, f in scenario.readers = try f.required("readers", as: ReaderGroupsSpec.self).groups },
                encode: { scenario, container in try ThreadRole.encode(groups: scenario.readers, for: "readers", into: &container) }),
            .custom(
                [
                    .groups(
                        "writers", .optional("no writer threads"),
                        "The writer threads: how many, and their mix of operations; or a list of named groups. Each writer (of every group) owns the keys k with k mod writers = its index.")
                ],
                decode: { scenario, f in scenario.writers = try f.optional("writers", as: WriterGroupsSpec.self)?.groups ?? [] },
                encode: { scenario, container in try ThreadRole.encode(groups: scenario.writers, for: "writers", into: &container) }),
            .optional(
                "eviction", \.eviction, absent: "no eviction decider (purging does nothing)",
                "The store's eviction decider and eviction timer."),
            .optional(
                "notification_interval", \.notificationInterval, default: .zero,
                "The store's notification interval (real time); 0 sends no notifications.", example: "50ms"),
            .rule("a role's rate gives at least one operation within the duration and within its bursts") { scenario, f in
                for (path, _, role) in scenario.groupPaths(f) {
                    try role.checkExpressible(duration: scenario.header.duration, at: path)
                }
            },
            .rule("writers.threads is at most keys") { scenario, f in
                try scenario.checkWriterThreads(f)
            },
            .rule("a role's groups have at most \(maxThreads) threads in all") { scenario, f in
                try scenario.checkGroupThreads(f)
            },
            .rule("group names are unique and name no column twice") { scenario, f in
                try scenario.checkGroupNames(f)
            },
            .rule("decide names columns of this scenario's summary, its groups' included") { scenario, f in
                if let decide = scenario.header.decide { try decide.check(columns: scenario.summaryMetricColumns, fields: f) }
            },
            .rule("expectations name designs and metrics of this scenario") { scenario, f in
                try scenario.header.expect.validate(
                    policies: scenario.designs, modes: [], metrics: scenario.summaryMetricColumns, fields: f)
            },
        ])
    }

    /// Every thread group, readers first.
    var roles: [(kind: ThreadRole.Kind, role: ThreadRole)] {
        readers.map { (.reader, $0) } + writers.map { (.writer, $0) }
    }
}

/// `store:` — the designs to compare, whether removals and the loader are asynchronous, and
/// the store's persistence.
struct StoreSpec: DeclaredMapping {
    var designs: [PolicyName]
    var writes: StoreWritesName
    var persistence: StorePersistenceSpec?

    init(designs: [PolicyName], writes: StoreWritesName = .synchronous, persistence: StorePersistenceSpec? = nil) {
        self.designs = designs
        self.writes = writes
        self.persistence = persistence
    }

    static var blank: StoreSpec { StoreSpec(designs: []) }

    static var schema: Schema<StoreSpec> {
        Schema([
            .optional(
                "designs", \.designs, default: PolicyName.storeDesigns,
                "The reader-writer store designs to compare, one run each.", example: "[gcd-barrier, big-reader]",
                .must("must list at least one design") { !$0.isEmpty },
                .check("no duplicates") { values, _, f, key in try rejectDuplicates(values, key: key, in: f) },
                .check("store designs only, \(PolicyName.listed(PolicyName.storeDesigns))") { designs, _, f, key in
                    try rejectPolicies(notIn: PolicyName.storeDesigns, designs, key: key, in: f) {
                        "'\($0.rawValue)' is not a store design"
                    }
                }),
            .optional(
                "writes", \.writes, default: .synchronous,
                "Whether remove, removeAll and the loader are synchronous writes (the seed's code) or asynchronous ones, as set is (the seed's document: in gcd-barrier they return once enqueued).",
                example: "asynchronous"),
            .optional(
                "persistence", \.persistence, absent: "the store saves nothing",
                "The store's periodic save to a file in the run's private temporary directory (YMCache's persistence controller): how often, and whether atomically.",
                example: "{every: 250ms, atomic: true}"),
        ])
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
public struct ThreadRole: DeclaredMapping, Equatable, Sendable {
    public enum Kind: String, Sendable {
        case reader, writer
    }

    /// The group's name (`readers:` a list of groups); nil for `readers:` a single mapping.
    public var name: String?
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
    /// The group's own key distribution; nil: the scenario's.
    public var distribution: KeyDistributionSpec?

    public init(
        name: String? = nil, threads: Int, mix: [StoreOperation: Double], rate: Double? = nil, operations: Int? = nil,
        bursts: Bursts? = nil, batch: Int = 16, distribution: KeyDistributionSpec? = nil
    ) {
        self.name = name
        self.distribution = distribution
        self.threads = threads
        self.mix = mix
        self.rate = rate
        self.operations = operations
        self.bursts = bursts
        self.batch = batch
    }

    /// The highest rate a thread can be asked for: one operation per nanosecond of the clock.
    static let maxRate = 1e9

    public static var blank: ThreadRole { ThreadRole(threads: 1, mix: [:]) }

    /// A role read where nothing says which: the writers' (they may do every operation).
    public static var schema: Schema<ThreadRole> { schema(kind: .writer) }

    /// The role's keys; readers' mixes may only read. `grouped`: one group of a list (it has a
    /// name and may have its own distribution).
    static func schema(kind: Kind, grouped: Bool = false) -> Schema<ThreadRole> {
        let block = kind == .writer ? "writers" : "readers"
        return Schema([
            nameField(block: block, grouped: grouped),
            .optional(
                "threads", \.threads, default: 1, "How many threads of this role run.", example: "4",
                .must(
                    "must be between 1 and \(ParallelReadersScenario.maxThreads)",
                    { threads, _ in threads >= 1 && threads <= ParallelReadersScenario.maxThreads },
                    message: { _, _ in
                        "must be between 1 and \(ParallelReadersScenario.maxThreads) (leave the \(block) block out for none)"
                    })),
            .custom(
                [
                    .key(
                        "mix", OperationMix.self, .required,
                        "Percent of each thread's operations per operation (\(StoreOperation.choiceList)), summing to 100.",
                        example: "{get: 95, set: 5}",
                        rules: [
                            "percentages from 0 to 100, summing to 100",
                            "readers only read: get and all_items",
                        ])
                ],
                decode: { role, f in
                    let mix = try f.required("mix", as: OperationMix.self)
                    role.mix = mix.percentages
                    if kind == .reader {
                        for (index, operation) in mix.order.enumerated()
                        where !StoreOperation.readOperations.contains(operation) {
                            throw SchemaViolation(
                                .invalid(
                                    "readers only read (get, all_items): put '\(operation.rawValue)' under writers, which own the keys they write"),
                                at: f.path("mix") + [AnyCodingKey(mix.keys[index])], target: .key)
                        }
                    }
                },
                encode: { role, container in
                    // Operations in their declared order: a dictionary's order would vary between processes.
                    var mixMap = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("mix"))
                    for operation in StoreOperation.allCases {
                        if let percent = role.mix[operation] { try mixMap.encode(percent, for: operation.rawValue) }
                    }
                }),
            .custom(
                [
                    .key(
                        "rate", Double.self, .optional("closed loop"),
                        "Open loop: operations per second per thread, each at its intended time (give rate or operations, not both).",
                        example: "5000",
                        rules: [
                            "must be > 0 operations per second per thread",
                            "at most \(Int(maxRate)) operations per second (the clock's 1 ns)",
                        ]),
                    .key(
                        "operations", Int.self, .optional("closed loop for the duration"),
                        "Closed loop: exactly this many operations per thread, back to back.", example: "3000",
                        rules: [ScenarioLimits.operationsPerThread.requirement]),
                ],
                decode: { role, f in try role.decodeLoop(f) },
                encode: { role, container in
                    try container.encodeIfPresent(role.rate, for: "rate")
                    try container.encodeIfPresent(role.operations, for: "operations")
                }),
            .optional(
                "bursts", \.bursts, absent: "works for the whole run",
                "The role works only in the first length of every period (real time)."),
            .optional(
                "batch", \.batch, default: 16, "Entries per bulk_add.", example: "8", .within(1...100_000)),
            distributionField(block: block, grouped: grouped),
        ])
    }

    /// `rate` (open loop) or `operations` (closed loop), not both.
    private mutating func decodeLoop(_ f: Fields) throws {
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
        let whole = Int(saturating: (duration / bursts.every.value).rounded(.down))
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
        return max(0, Int(saturating: (exact - 1e-9 * max(1, exact)).rounded(.up)))
    }
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
public struct Bursts: DeclaredMapping, Equatable, Sendable {
    public var every: Seconds
    public var length: Seconds

    public init(every: Seconds, length: Seconds) {
        self.every = every
        self.length = length
    }

    public static var blank: Bursts { Bursts(every: .zero, length: .zero) }

    public static var schema: Schema<Bursts> {
        Schema([
            .required(
                "every", \.every, "The bursts' period (real time): one burst starts every this long.", example: "1s",
                .must("must be > 0") { $0.value > 0 }),
            .required(
                "length", \.length, "How long each burst lasts, from the start of its period.", example: "200ms",
                .must(
                    "must be > 0 and shorter than 'every'",
                    { length, bursts in length.value > 0 && length.value < bursts.every.value },
                    message: { _, _ in "must be > 0 and shorter than 'every'" })),
        ])
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
public enum KeyDistributionSpec: DeclaredUnion, Sendable {
    case uniform
    case zipfian(alpha: Double)
    case hotspot(keys: Double, operations: Double)
    case latest(alpha: Double)

    /// YCSB's default skew.
    public static let defaultAlpha = 0.99

    public static var union: UnionSchema<KeyDistributionSpec> {
        let skewRules: [KeyRule<Void, Double>] = [.must("alpha must be > 0") { $0 > 0 }, .must("alpha must be at most 10") { $0 <= 10 }]
        return UnionSchema(
            noun: "distribution",
            words: [
                .word("uniform", .uniform), .word("zipfian", .zipfian(alpha: defaultAlpha), "skew 0.99"),
                .word("latest", .latest(alpha: defaultAlpha), "skew 0.99"),
            ],
            forms: [
                .key(
                    "zipfian", Double.self, { .zipfian(alpha: $0) }, match: { if case .zipfian(let alpha) = $0 { alpha } else { nil } },
                    "Zipfian over the keys with this skew alpha: key r has probability ∝ 1/(r+1)^alpha.", example: "0.99", skewRules),
                .key(
                    "hotspot", HotspotSpec.self, { .hotspot(keys: $0.keys, operations: $0.operations) },
                    match: { if case .hotspot(let keys, let operations) = $0 { HotspotSpec(keys: keys, operations: operations) } else { nil } },
                    "A share of the keys gets a share of the operations, uniformly within each set."),
                .key(
                    "latest", Double.self, { .latest(alpha: $0) }, match: { if case .latest(let alpha) = $0 { alpha } else { nil } },
                    "Zipfian over how recently a key was written, with this skew: the key written last is the most likely.",
                    example: "0.99", skewRules),
            ])
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
struct HotspotSpec: DeclaredMapping {
    var keys: Double
    var operations: Double

    static var blank: HotspotSpec { HotspotSpec(keys: 0, operations: 0) }

    static var schema: Schema<HotspotSpec> {
        Schema([
            .required(
                "keys", \.keys, "The hot set's share of the keys.", example: "0.2",
                .must("must be a fraction of the keys between 0 and 1 (exclusive)") { $0 > 0 && $0 < 1 }),
            .required(
                "operations", \.operations, "The share of the operations that go to the hot set.", example: "0.8",
                .must("must be a fraction of the operations from 0 to 1") { $0 >= 0 && $0 <= 1 }),
        ])
    }
}

/// `eviction:` — the store's eviction decider and timer.
///
/// The decider evicts an item whose last write is older than `older_than` on the store's clock.
/// A periodic purge — the store's eviction timer, `purge(context: nil)` — runs every `every` on
/// that clock, from the driver's thread.
/// Memory pressure purges with the level as context: `moderate` applies the age test, `warning`
/// evicts everything.
public struct EvictionRule: DeclaredMapping, Equatable, Sendable {
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

    public static var blank: EvictionRule { EvictionRule(olderThan: .zero) }

    public static var schema: Schema<EvictionRule> {
        Schema([
            .required(
                "older_than", \.olderThan,
                "The decider evicts an item whose last write is older than this, on the store's clock.", example: "5m",
                .must("must be > 0") { $0.value > 0 }),
            .optional(
                "every", \.every, absent: "no eviction timer",
                "The eviction timer's interval on the store's clock: a purge runs this often.", example: "1m",
                .must("must be > 0") { $0.value > 0 }),
            .optional(
                "time_scale", \.timeScale, default: 1, "Store-clock seconds per real second.", example: "60",
                .must("must be > 0 and at most 1000000") { $0 > 0 && $0 <= 1e6 }),
            .rule("every / time_scale is between 1 ms and 1000000000 s of real time") { rule, f in
                if let every = rule.every {
                    let real = every.value / rule.timeScale
                    try f.check("every", real >= 0.001, "must be at least 1 ms of real time (every / time_scale)")
                    // The timer's interval in nanoseconds must fit the run's clock (a UInt64).
                    try f.check(
                        "every", real <= ScenarioLimits.maxSeconds,
                        "must be at most \(formatNumber(ScenarioLimits.maxSeconds)) s of real time (every / time_scale is \(formatNumber(real)) s)")
                }
            },
        ])
    }
}
