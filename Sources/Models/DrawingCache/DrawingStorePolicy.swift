import Foundation

/// Which tiers hold cached drawings; scenarios compare them.
public enum DrawingStorePolicy: Equatable, Sendable {
    /// No cache: every request draws.
    case none
    /// A memory tier only: a cost-limited store (cost = bitmap bytes) shedding in `policy` order.
    /// `capacityBytes` 0 means no limit; `policy` `.none` keeps nothing.
    case memory(policy: PolicyName, capacityBytes: Int)
    /// The EGOCache-like disk tier in `directory` alone, as EGOUICache runs: nothing is kept in
    /// memory, so every hit reads the entry's PNG file and decodes it. `limit` bounds its file bytes.
    case disk(directory: URL, limit: DiskLimit = .unlimited)
    /// The memory tier in front of an EGOCache-like disk tier in `directory`; a disk hit is copied
    /// into the memory tier. With `policy` `.none` the disk tier works alone, as in
    /// ``disk(directory:limit:)``. `diskLimit` bounds the disk tier's file bytes.
    case memoryAndDisk(policy: PolicyName, capacityBytes: Int, directory: URL, diskLimit: DiskLimit = .unlimited)

    /// The memory tier's eviction policy, if the memory tier keeps anything.
    public var memoryPolicy: PolicyName? {
        switch self {
        case .none, .disk: return nil
        case .memory(let policy, _), .memoryAndDisk(let policy, _, _, _): return policy.caches ? policy : nil
        }
    }

    /// The memory tier's capacity in bytes (0: unlimited).
    public var capacityBytes: Int {
        switch self {
        case .none, .disk: return 0
        case .memory(_, let capacity), .memoryAndDisk(_, let capacity, _, _): return max(0, capacity)
        }
    }

    /// The disk tier's directory, if there is a disk tier.
    public var directory: URL? {
        switch self {
        case .none, .memory: return nil
        case .disk(let directory, _), .memoryAndDisk(_, _, let directory, _): return directory
        }
    }

    /// The disk tier's byte limit and eviction policy (``DiskLimit/unlimited`` without a disk tier).
    public var diskLimit: DiskLimit {
        switch self {
        case .none, .memory: return .unlimited
        case .disk(_, let limit), .memoryAndDisk(_, _, _, let limit): return limit
        }
    }

    /// A short name for reports: `none`, `memory`, `disk`, `memory+disk`.
    public var name: String {
        switch self {
        case .none: return "none"
        case .memory: return "memory"
        case .disk: return "disk"
        case .memoryAndDisk: return "memory+disk"
        }
    }
}

/// The disk tier's bound: the entry files' bytes it may hold, and the policy choosing which entries
/// it deletes to stay within them. Evictions are counted (``DrawingStore/diskEvictions``).
public struct DiskLimit: Equatable, Sendable {
    /// File bytes the tier may hold; 0: no limit.
    public var capacityBytes: Int
    /// Which entry goes first: `lru` (least recently read or written), `fifo` (oldest written) or
    /// `random`. After a restart the order starts as the entries' write order (their expiry dates).
    public var eviction: PolicyName

    public init(capacityBytes: Int, eviction: PolicyName = PolicyRegistry.defaultPolicy) {
        self.capacityBytes = max(0, capacityBytes)
        self.eviction = eviction.caches ? eviction : PolicyRegistry.defaultPolicy
    }

    /// No byte limit: nothing is evicted.
    public static let unlimited = DiskLimit(capacityBytes: 0)
}

extension PolicyName {
    /// Drawing caches: a memory tier only.
    public static let memory: PolicyName = "memory"
    /// Drawing caches: a disk tier only (EGOUICache over EGOCache: every hit reads and decodes a file).
    public static let disk: PolicyName = "disk"
    /// Drawing caches: a memory tier in front of a disk tier.
    public static let memoryAndDisk: PolicyName = "memory+disk"

    /// The drawing store's tiers.
    public static let drawingTiers: [PolicyName] = [.memory, .disk, .memoryAndDisk]
}
