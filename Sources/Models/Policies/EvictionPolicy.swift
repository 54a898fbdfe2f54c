/// Decides which entry of a bounded store goes first when the store must shed entries.
///
/// Policies see *slots*: small dense integers a store assigns to its entries (a slot is reused once
/// its entry is gone). The store maps keys to slots once per operation, so a policy never hashes
/// a key and one policy type serves every store, whatever its key type. A store tells its policy
/// about every insertion, access and removal; when it needs room it asks for a victim, skipping
/// slots it has already tried and kept (an in-use entry under `pin`). Policies are deterministic:
/// the `random` one draws from a seeded generator.
///
/// A miss runs in the order a cache simulator runs it: ``willInsert(identity:size:)`` with the
/// incoming key's 64-bit identity and size (policies with ghost lists look it up there, before any
/// eviction), then, if the policy ``admits(size:)`` it, ``victim(skipping:)`` and ``didEvict(_:)``
/// until there is room, then ``didInsert(_:)``. The identity, unlike a slot, stays the same when a
/// key leaves and comes back. After ``didAccess(_:)``, ``didInsert(_:)`` and ``didEvict(_:)`` the
/// store evicts whatever ``takeShedSlot()`` hands it, until it hands nothing.
///
/// Sizes are in the unit of the cache's capacity: a policy made `sized` (a capacity in bytes) sizes
/// its queues, segments and ghost lists by the entries' sizes, as the reference simulator does; an
/// unsized one (a capacity in entries) counts every entry as 1, whatever size it is given.
public protocol EvictionPolicy: AnyObject {
    /// The policy's name, as a scenario file spells it.
    var name: PolicyName { get }
    /// A key with `identity` is about to be inserted; evictions to make room come first.
    func willInsert(identity: UInt64)
    /// A key with `identity` and `size` (in the capacity's unit) is about to be inserted, if the
    /// policy ``admits(size:)`` it; evictions to make room come first.
    func willInsert(identity: UInt64, size: Int)
    /// Whether an entry of `size` may enter (the store checks the whole capacity itself): a
    /// policy with segments refuses one larger than the segment it must enter, as the reference
    /// does. A refused entry is a miss that evicts nothing and is not inserted.
    func admits(size: Int) -> Bool
    /// An entry was inserted in `slot` (not tracked before).
    func didInsert(_ slot: Int)
    /// The entry in `slot` was read or updated.
    func didAccess(_ slot: Int)
    /// The entry in `slot` left the store without being evicted (a manual removal).
    func didRemove(_ slot: Int)
    /// The entry in `slot`, the last ``victim(skipping:)``, was evicted.
    func didEvict(_ slot: Int)
    /// Every entry left the store.
    func didRemoveAll()
    /// The slot to evict next, skipping those for which `skip` is true; `nil` if none is left.
    /// Policies that give second chances (`clock`, `sieve`, `s3-fifo`, ...) update their order here.
    func victim(skipping skip: (Int) -> Bool) -> Int?
    /// An entry the last ``didAccess(_:)``, ``didInsert(_:)`` or ``didEvict(_:)`` decided to shed,
    /// which the store evicts now (and then calls ``didEvict(_:)``); `nil` when there is none left.
    /// The segmented policies shed: `slru` and `w-tinylfu` when a hit overflows probation, `2q` when
    /// a ghost hit enters a full LRU, `w-tinylfu` when an admitted window entry does not fit in
    /// main, as the reference does.
    func takeShedSlot() -> Int?
}

// Inlinable, like the replay loops that call them: a policy of another module that keeps these
// defaults gets them inlined into its specialised loops (a policy that never sheds, no shed check).
extension EvictionPolicy {
    /// Policies without ghost lists ignore identities.
    @inlinable
    public func willInsert(identity: UInt64) {}
    /// Policies that do not size their parts ignore sizes.
    @inlinable @inline(__always)
    public func willInsert(identity: UInt64, size: Int) { willInsert(identity: identity) }
    /// Policies without segments take any entry the capacity holds.
    @inlinable @inline(__always)
    public func admits(size: Int) -> Bool { true }
    /// Policies without ghost lists treat an eviction as any removal.
    @inlinable
    public func didEvict(_ slot: Int) { didRemove(slot) }
    /// Most policies never shed an entry on a hit.
    @inlinable @inline(__always)
    public func takeShedSlot() -> Int? { nil }
}

extension PolicyName {
    /// Makes the policy of this name: a registered eviction policy with its parameter values from
    /// `parameters` (defaults where unset), or no cache for ``PolicyName/none`` and any name that
    /// is not an eviction policy (a scenario's names are checked when it is loaded).
    /// - Parameters:
    ///   - seed: feeds `random`.
    ///   - capacity: sizes the policies with segments (0: learnt at the first eviction), in bytes
    ///     when `sized` (entries weigh their sizes), else in entries (each weighs 1).
    ///   - sized: whether the capacity is in bytes.
    ///   - parameters: the tunable policies' parameter values.
    ///   - future: the request stream a policy that needs it looks ahead in (identities in
    ///     request order; without it every entry's next use is unknown).
    ///   - log: the run's request log such a policy follows its position by.
    public func makePolicy(
        seed: UInt64, capacity: Int = 0, sized: Bool = false, parameters: PolicyParameters = PolicyParameters(),
        future: [UInt64] = [], following log: CacheRequestLog? = nil
    ) -> any EvictionPolicy {
        guard let descriptor else { return NoCachePolicy() }
        return descriptor.make(context(seed: seed, capacity: capacity, sized: sized, parameters: parameters, future: future, log: log))
    }

    /// The context the policy of this name is made from.
    func context(
        seed: UInt64, capacity: Int, sized: Bool, parameters: PolicyParameters, future: [UInt64],
        log: CacheRequestLog? = nil
    ) -> PolicyContext {
        PolicyContext(
            capacity: capacity, sized: sized, seed: seed, settings: parameters.settings(for: self),
            future: needsFuture ? future : [], log: log)
    }
}

/// The capacity a segmented policy works with, in its unit (bytes or entries): the configured one,
/// or else what the store held when it first had to evict (it was full then).
struct LearntCapacity {
    private(set) var value: Int

    init(_ configured: Int) { value = max(0, configured) }

    var isKnown: Bool { value > 0 }

    /// Learns the capacity from what is resident at an eviction; returns whether it was just learnt.
    @inline(__always)
    mutating func learn(resident: Int) -> Bool {
        guard value == 0 else { return false }
        value = max(1, resident)
        return true
    }
}
