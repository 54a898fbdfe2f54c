import Foundation

/// Which tiers hold cached drawings; scenarios compare them.
public enum DrawingStorePolicy: Equatable, Sendable {
    /// No cache: every request draws.
    case none
    /// A memory tier only: a cost-limited store (cost = bitmap bytes) shedding in `policy` order.
    /// `capacityBytes` 0 means no limit; `policy` `.none` keeps nothing.
    case memory(policy: EvictionPolicyName, capacityBytes: Int)
    /// The EGOCache-like disk tier in `directory` alone, as EGOUICache runs: nothing is kept in
    /// memory, so every hit reads the entry's PNG file and decodes it.
    case disk(directory: URL)
    /// The memory tier in front of an EGOCache-like disk tier in `directory`; a disk hit is copied
    /// into the memory tier. With `policy` `.none` the disk tier works alone, as in ``disk(directory:)``.
    case memoryAndDisk(policy: EvictionPolicyName, capacityBytes: Int, directory: URL)

    /// The memory tier's eviction policy, if the memory tier keeps anything.
    public var memoryPolicy: EvictionPolicyName? {
        switch self {
        case .none, .disk: return nil
        case .memory(let policy, _), .memoryAndDisk(let policy, _, _): return policy.caches ? policy : nil
        }
    }

    /// The memory tier's capacity in bytes (0: unlimited).
    public var capacityBytes: Int {
        switch self {
        case .none, .disk: return 0
        case .memory(_, let capacity), .memoryAndDisk(_, let capacity, _): return max(0, capacity)
        }
    }

    /// The disk tier's directory, if there is a disk tier.
    public var directory: URL? {
        switch self {
        case .none, .memory: return nil
        case .disk(let directory), .memoryAndDisk(_, _, let directory): return directory
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
