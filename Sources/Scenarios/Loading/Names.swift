// Closed sets of names used in scenario files. Each kind's driver maps them onto model types.

/// Cache eviction policy names (`cache.policies`, `--policy`).
///
/// `none` caches nothing; `lru`, `fifo`, `random` and the other eviction policies (`clock`, `lfu`,
/// `arc`, `s3-fifo`, `sieve`, `w-tinylfu`, `2q`, `slru`) bound the cache to its capacity; `forever`
/// keeps everything until a memory warning (the view factory's own behaviour; for the controller
/// cache, an NSCache without a limit); `memory`, `disk` and `memory+disk` are the drawing store's tiers;
/// `gcd-barrier`, `rwlock`, `mutex`, `big-reader` and `left-right` are the reader-writer store's
/// designs.
/// Each kind checks that its file names only the policies it runs.
public enum PolicyName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case none, lru, fifo, random, forever
    /// Eviction policies beyond NSCache's (see ``EvictionPolicyName`` for each one's rule).
    case clock, lfu, arc
    case s3fifo = "s3-fifo"
    case sieve
    case wTinyLFU = "w-tinylfu"
    case twoQ = "2q"
    case slru
    /// Belady's: evicts the entry requested again furthest in the future. A run first records its
    /// stream in a pass under lru, then runs with that future (the drawing kind: `eviction`, memory
    /// tier only; a trace replay reads the trace ahead).
    case optimal
    /// Drawing caches: a memory tier only.
    case memory
    /// Drawing caches: a disk tier only (EGOUICache over EGOCache: every hit reads and decodes a file).
    case disk
    /// Drawing caches: a memory tier in front of a disk tier.
    case memoryAndDisk = "memory+disk"
    /// Reader-writer stores: the seed's concurrent queue with barrier writes.
    case gcdBarrier = "gcd-barrier"
    /// Reader-writer stores: one pthread read-write lock.
    case rwlock
    /// Reader-writer stores: one mutex (reads exclude each other too).
    case mutex
    /// Reader-writer stores: a big-reader lock, one read-write lock per reader slot.
    case bigReader = "big-reader"
    /// Reader-writer stores: left-right, two copies; reads wait-free, writes applied twice.
    case leftRight = "left-right"
    /// Reader-writer stores: one replica per reader slot, `set`s appended to a log the replicas replay.
    case replicated

    /// The policies of the controller cache and the view factory (not the drawing store's tiers).
    public static let controllerPolicies: [PolicyName] = [.none, .forever] + evictionPolicies

    /// The policies that evict to stay within a capacity.
    public static let evictionPolicies: [PolicyName] = [
        .lru, .fifo, .random, .clock, .lfu, .arc, .s3fifo, .sieve, .wTinyLFU, .twoQ, .slru, .optimal,
    ]

    /// The reader-writer store's synchronisation designs (`parallel-readers`).
    public static let storeDesigns: [PolicyName] = [.gcdBarrier, .rwlock, .mutex, .bigReader, .leftRight, .replicated]

    /// Whether the policy evicts to stay within a capacity.
    public var isBounded: Bool { Self.evictionPolicies.contains(self) }

    /// Whether runs of this policy carry an in-use mode (`lru/repopulate`): the controller
    /// caches' policies, `none` (no cache) aside.
    public var takesInUseMode: Bool { self != .none && Self.controllerPolicies.contains(self) }

    static var choiceNoun: String { "policy" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// What the cache does with an entry that is in use when it would be evicted (`cache.in_use`).
public enum InUseModeName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case repopulate, pin, drop

    static var choiceNoun: String { "in_use mode" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// Simulated memory-pressure notification levels (`memory_pressure[i].level`).
/// Stands for `Models.MemoryPressureLevel`.
public enum PressureLevelName: String, CaseIterable, Codable, Sendable, SchemaChoice {
    case moderate, warning

    static var choiceNoun: String { "memory pressure level" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}
