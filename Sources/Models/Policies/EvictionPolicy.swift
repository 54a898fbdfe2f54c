/// Decides which entry of a bounded store goes first when the store must shed entries.
///
/// A store tells its policy about every insertion, access and removal; when it needs room it asks
/// for a victim, skipping keys it has already tried and kept (an in-use entry under `pin`).
/// Policies are deterministic: the `random` one draws from a seeded generator.
public protocol EvictionPolicy<Key>: AnyObject {
    associatedtype Key: Hashable

    /// The policy's name, as a scenario file spells it.
    var name: EvictionPolicyName { get }
    /// A key was inserted (it was not tracked before).
    func didInsert(_ key: Key)
    /// A tracked key was read or updated.
    func didAccess(_ key: Key)
    /// A tracked key left the store, for any reason.
    func didRemove(_ key: Key)
    /// Every key left the store.
    func didRemoveAll()
    /// The key to evict next, skipping those for which `skip` is true; `nil` if none is left.
    func victim(skipping skip: (Key) -> Bool) -> Key?
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

    /// Creates the policy for keys of type `Key`. `seed` feeds `random`.
    public func makePolicy<Key: Hashable>(for _: Key.Type = Key.self, seed: UInt64) -> any EvictionPolicy<Key> {
        switch self {
        case .none: return NoCachePolicy<Key>()
        case .lru: return LRUPolicy<Key>()
        case .fifo: return FIFOPolicy<Key>()
        case .random: return RandomPolicy<Key>(seed: seed)
        }
    }
}
