/// Decides which entry of a bounded store goes first when the store must shed entries.
///
/// Policies see *slots*: small dense integers a store assigns to its entries (a slot is reused once
/// its entry is gone). The store maps keys to slots once per operation, so a policy never hashes
/// a key and one policy type serves every store, whatever its key type. A store tells its policy
/// about every insertion, access and removal; when it needs room it asks for a victim, skipping
/// slots it has already tried and kept (an in-use entry under `pin`). Policies are deterministic:
/// the `random` one draws from a seeded generator.
public protocol EvictionPolicy: AnyObject {
    /// The policy's name, as a scenario file spells it.
    var name: EvictionPolicyName { get }
    /// An entry was inserted in `slot` (not tracked before).
    func didInsert(_ slot: Int)
    /// The entry in `slot` was read or updated.
    func didAccess(_ slot: Int)
    /// The entry in `slot` left the store, for any reason.
    func didRemove(_ slot: Int)
    /// Every entry left the store.
    func didRemoveAll()
    /// The slot to evict next, skipping those for which `skip` is true; `nil` if none is left.
    func victim(skipping skip: (Int) -> Bool) -> Int?
}

/// The eviction policies a scenario can name.
public enum EvictionPolicyName: String, CaseIterable, Sendable {
    /// No cache at all: every request instantiates. The baseline.
    case none
    /// Least recently used goes first.
    case lru
    /// First inserted goes first, whatever was accessed since.
    case fifo
    /// A uniformly random entry goes first (NSCache makes no promise of order), seeded.
    case random

    /// Whether a store with this policy keeps anything.
    public var caches: Bool { self != .none }

    /// Creates the policy. `seed` feeds `random`.
    public func makePolicy(seed: UInt64) -> any EvictionPolicy {
        switch self {
        case .none: return NoCachePolicy()
        case .lru: return LRUPolicy()
        case .fifo: return FIFOPolicy()
        case .random: return RandomPolicy(seed: seed)
        }
    }
}
