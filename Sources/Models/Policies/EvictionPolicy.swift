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
    var name: EvictionPolicyName { get }
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

extension EvictionPolicy {
    /// Policies without ghost lists ignore identities.
    public func willInsert(identity: UInt64) {}
    /// Policies that do not size their parts ignore sizes.
    @inline(__always)
    public func willInsert(identity: UInt64, size: Int) { willInsert(identity: identity) }
    /// Policies without segments take any entry the capacity holds.
    @inline(__always)
    public func admits(size: Int) -> Bool { true }
    /// Policies without ghost lists treat an eviction as any removal.
    public func didEvict(_ slot: Int) { didRemove(slot) }
    /// Most policies never shed an entry on a hit.
    @inline(__always)
    public func takeShedSlot() -> Int? { nil }
}

/// The eviction policies a scenario can name.
public enum EvictionPolicyName: String, CaseIterable, Sendable {
    /// No cache at all: every request instantiates. The baseline.
    case none
    /// Least recently used goes first.
    case lru
    /// First inserted goes first, whatever was accessed since.
    case fifo
    /// A random entry goes first (NSCache makes no promise of order), drawn as the reference
    /// simulator draws it (a seeded generator over hash buckets).
    case random
    /// FIFO with one reference bit: an accessed entry at the front is sent to the back once.
    case clock
    /// Least frequently used goes first (counts forgotten on eviction); ties go to the entry that
    /// reached the count first.
    case lfu
    /// Adaptive replacement cache (Megiddo & Modha): recency and frequency lists sized by ghosts.
    case arc
    /// S3-FIFO (Yang et al., SOSP'23): a small probationary FIFO, a main FIFO, a ghost FIFO.
    case s3fifo = "s3-fifo"
    /// SIEVE (Zhang et al., NSDI'24): a hand sweeping from old to new, sparing visited entries.
    case sieve
    /// W-TinyLFU (Einziger et al.): a window LRU admitting into a segmented LRU by a frequency sketch.
    case wTinyLFU = "w-tinylfu"
    /// 2Q (Johnson & Shasha): a FIFO for first-time entries, an LRU for re-referenced ones, a ghost FIFO.
    case twoQ = "2q"
    /// Segmented LRU: a probationary and a protected segment (20% / 80%).
    case slru
    /// Belady's optimal: evicts the entry whose next request is furthest away. Needs the future.
    case optimal

    /// Whether a store with this policy keeps anything.
    public var caches: Bool { self != .none }

    /// Creates the policy. `seed` feeds `random`; `capacity` (0: learnt at the first eviction)
    /// sizes the policies with segments, in bytes when `sized` (entries weigh their sizes), else in
    /// entries (each weighs 1); `future` is the request stream `optimal` looks ahead in
    /// (identities in request order; without it every entry's next use is unknown).
    public func makePolicy(
        seed: UInt64, capacity: Int = 0, sized: Bool = false, parameters: EvictionParameters = EvictionParameters(),
        future: [UInt64] = []
    ) -> any EvictionPolicy {
        switch self {
        case .none: return NoCachePolicy()
        case .lru: return LRUPolicy()
        case .fifo: return FIFOPolicy()
        case .random: return RandomPolicy(seed: seed)
        case .clock: return ClockPolicy()
        case .lfu: return LFUPolicy()
        case .arc: return ARCPolicy(capacity: capacity, sized: sized)
        case .s3fifo: return S3FIFOPolicy(capacity: capacity, sized: sized, smallRatio: parameters.smallRatio)
        case .sieve: return SievePolicy()
        case .wTinyLFU: return WTinyLFUPolicy(capacity: capacity, sized: sized, windowRatio: parameters.windowRatio)
        case .twoQ: return TwoQueuePolicy(capacity: capacity, sized: sized)
        case .slru: return SLRUPolicy(capacity: capacity, sized: sized)
        case .optimal: return OptimalPolicy(future: future)
        }
    }
}

/// The tunable parameters of the policies that have them, with the reference simulator's defaults.
public struct EvictionParameters: Equatable, Sendable {
    /// `s3-fifo`: the small FIFO's share of the capacity, in (0, 1).
    public var smallRatio: Double
    /// `w-tinylfu`: the window LRU's share of the capacity, in (0, 1).
    public var windowRatio: Double

    /// Creates parameters; the defaults are S3-FIFO's 10% small queue and W-TinyLFU's 1% window.
    public init(smallRatio: Double = 0.10, windowRatio: Double = 0.01) {
        self.smallRatio = smallRatio
        self.windowRatio = windowRatio
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
