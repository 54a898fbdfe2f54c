/// What a replay counted: requests, misses, their bytes, and evictions (warm-up excluded).
public struct ReplayCounts: Equatable, Sendable {
    public var requests = 0
    public var misses = 0
    public var requestedBytes = 0
    public var missedBytes = 0
    public var evictions = 0

    public init() {}

    /// misses / requests; 0 without requests.
    public var missRatio: Double { requests == 0 ? 0 : Double(misses) / Double(requests) }
    /// missed bytes / requested bytes; 0 without requests.
    public var byteMissRatio: Double { requestedBytes == 0 ? 0 : Double(missedBytes) / Double(requestedBytes) }
}

/// A cache's bound in a replay: a number of objects, or a number of bytes with each object
/// taking its size.
public enum ReplayCapacity: Equatable, Sendable {
    /// At most this many objects, whatever their sizes.
    case objects(Int)
    /// At most this many bytes, each object weighing its size.
    case bytes(Int)

    /// The bound's value, in objects or bytes.
    public var value: Int {
        switch self {
        case .objects(let count): count
        case .bytes(let count): count
        }
    }
}

/// A cache under replay, fed a trace chunk by chunk. Create one with ``TraceReplay/make(policy:capacity:seed:parameters:future:)``.
public protocol TraceReplaying: AnyObject {
    /// Replays `requests` in order; with `counted` false they warm the cache without being counted.
    /// - Complexity: O(*n*) for *n* requests (O(*n* log *m*) for `optimal`).
    func replay(_ requests: UnsafeBufferPointer<TraceRequest>, counted: Bool)
    /// What was counted so far.
    var counts: ReplayCounts { get }
    /// Objects in the cache now.
    var residentObjects: Int { get }
}

/// Replays a trace through an eviction policy the way a cache simulator does: cold at the start;
/// a hit updates the policy; a miss evicts until the object fits, then inserts it (every miss
/// inserts, a hit never does). An object larger than the whole capacity, or than the part of the
/// cache its policy must put it in (``EvictionPolicy/admits(size:)``), is a miss that is not
/// inserted. A hit does not change the size the object was inserted with. With a capacity in
/// bytes the policy sizes its queues, segments and ghost lists in bytes; in objects, in entries.
///
/// It drives the policies through the same protocol calls, in the same order, as
/// ``BoundedStore`` and ``CacheReplay`` (which it agrees with on a stream of ids), with an
/// object's key as its identity and an open-addressing table from keys to slots (or, for a
/// trace of dense object ids, an array from ids to slots).
public enum TraceReplay {
    /// A cache with `policy` at `capacity`, ready for ``TraceReplaying/replay(_:counted:)``.
    /// - Parameters:
    ///   - seed: `random`'s seed.
    ///   - parameters: the tunable policies' parameters.
    ///   - future: the keys of the whole trace in order, for `optimal` (ignored by the others).
    ///   - denseKeys: the trace's object table when its requests carry dense object ids
    ///     (0..<`denseKeys.count`) in `key` rather than keys: slots are then found in an array
    ///     indexed by id, with no hash table, and each object's identity is its key from the table
    ///     (so the counts are those of the same trace replayed by key).
    ///   - expectedObjects: the most objects the trace can bring (its distinct keys or its
    ///     requests, when known): the cache reserves room for no more than this, so a capacity far
    ///     above the trace allocates nothing for objects that never come. It grows past it if need be.
    public static func make(
        policy: PolicyName, capacity: ReplayCapacity, seed: UInt64 = 0,
        parameters: PolicyParameters = PolicyParameters(), future: [UInt64] = [],
        denseKeys: [UInt64]? = nil, expectedObjects: Int? = nil
    ) -> any TraceReplaying {
        // The policy sizes its parts in the capacity's unit: bytes (entries weigh their sizes) or objects.
        let sized: Bool
        switch capacity {
        case .objects: sized = false
        case .bytes: sized = true
        }
        let context = policy.context(seed: seed, capacity: capacity.value, sized: sized, parameters: parameters, future: future)
        guard let descriptor = policy.descriptor else {
            return replayer(NoCachePolicy(), capacity: capacity, denseKeys: denseKeys, expectedObjects: expectedObjects)
        }
        return descriptor.makeTraceReplayer(context, capacity, denseKeys, expectedObjects)
    }

    /// A replayer whose loop is specialised for `Policy`: the closure is made where the policy's
    /// class is known, so the loop it calls is compiled for that class (a generic class's
    /// methods would run unspecialised behind the protocol). Inlinable (but internal), with the
    /// loop and the types it touches: in another module the class is known in, the loop is
    /// compiled for it there.
    @inlinable
    static func replayer<Policy: EvictionPolicy>(
        _ policy: Policy, capacity: ReplayCapacity, denseKeys: [UInt64]?, expectedObjects: Int?
    ) -> any TraceReplaying {
        let state = ReplayState(capacity: capacity, expectedObjects: expectedObjects)
        if let denseKeys {
            let index = DenseIndex(keys: denseKeys)
            return PolicyReplayer(state: state, resident: { index.count }) { requests, counted in
                replayLoop(policy, state, index, requests, counted: counted)
            }
        }
        let index = KeyIndex(capacity: state.reserved)
        return PolicyReplayer(state: state, resident: { index.table.count }) { requests, counted in
            replayLoop(policy, state, index, requests, counted: counted)
        }
    }

    /// The replay loop: a hit updates the policy; a miss evicts until the object fits, then inserts it.
    @inlinable @inline(never)
    static func replayLoop<Policy: EvictionPolicy, Index: ReplayIndex>(
        _ policy: Policy, _ state: ReplayState, _ index: Index, _ requests: UnsafeBufferPointer<TraceRequest>, counted: Bool
    ) {
        var counts = state.counts
        var used = state.used
        let limit = state.limit
        let bySize = state.bySize
        var slots = state.slots
        defer {
            state.counts = counts
            state.used = used
            state.slots = slots
        }
        for request in requests {
            let cost = bySize ? Int(request.size) : 1
            if counted {
                counts.requests += 1
                counts.requestedBytes += Int(request.size)
            }
            /// Evicts `slot`, then whatever the policy sheds on that eviction.
            @inline(__always)
            func evict(_ slot: Int) {
                var next: Int? = slot
                while let victim = next {
                    policy.didEvict(victim)
                    index.remove(slots.keys[victim])
                    used -= bySize ? Int(slots.sizes[victim]) : 1
                    slots.free(victim)
                    if counted { counts.evictions += 1 }
                    next = policy.takeShedSlot()
                }
            }
            if let slot = index.slot(of: request.key) {
                policy.didAccess(Int(slot))
                // A hit may make the policy drop entries (a segmented policy's probation overflowing).
                if let shed = policy.takeShedSlot() { evict(shed) }
                continue
            }
            if counted {
                counts.misses += 1
                counts.missedBytes += Int(request.size)
            }
            policy.willInsert(identity: index.identity(of: request.key), size: cost)
            // Larger than the whole cache, or than the part of it the policy must put it in: not inserted.
            guard cost <= limit, policy.admits(size: cost) else { continue }
            while used + cost > limit {
                guard let victim = policy.victim(skipping: { _ in false }) else { break }
                evict(victim)
            }
            let slot = slots.take(key: request.key, size: request.size, storage: state)
            index.set(Int32(truncatingIfNeeded: slot), for: request.key)
            used += cost
            policy.didInsert(slot)
            // An insertion may make the policy drop entries (2Q's LRU taking a ghost hit).
            if let shed = policy.takeShedSlot() { evict(shed) }
        }
    }

    /// The misses of `policy` at each of `capacities` over a trace given as a chunk source: the
    /// one function a miss-ratio curve of one policy comes from.
    /// - Parameters:
    ///   - chunks: calls its argument with each chunk of the trace, in order.
    ///   - future: as for ``make(policy:capacity:seed:parameters:future:denseKeys:expectedObjects:)``.
    public static func misses(
        of policy: PolicyName, capacities: [ReplayCapacity], seed: UInt64 = 0,
        parameters: PolicyParameters = PolicyParameters(), future: [UInt64] = [],
        chunks: ((UnsafeBufferPointer<TraceRequest>) -> Void) -> Void
    ) -> [Int] {
        let caches = capacities.map { make(policy: policy, capacity: $0, seed: seed, parameters: parameters, future: future) }
        chunks { chunk in
            for cache in caches { cache.replay(chunk, counted: true) }
        }
        return caches.map(\.counts.misses)
    }
}

/// A cache's state under replay: its bound, each slot's key (or dense id) and size (``SlotTable``),
/// and what was counted. The index from keys to slots is beside it (``ReplayIndex``).
@usableFromInline
final class ReplayState {
    @usableFromInline let limit: Int
    @usableFromInline let bySize: Bool
    @exclusivity(unchecked) @usableFromInline var slots: SlotTable
    @exclusivity(unchecked) @usableFromInline var used = 0
    @exclusivity(unchecked) @usableFromInline var counts = ReplayCounts()
    /// The buffers `slots` points into: each slot's key and size, and the stack of freed slots.
    @exclusivity(unchecked) private var keyBuffer: UnsafeMutablePointer<UInt64>
    @exclusivity(unchecked) private var sizeBuffer: UnsafeMutablePointer<UInt32>
    @exclusivity(unchecked) private var freeBuffer: UnsafeMutablePointer<Int32>

    /// The slots reserved up front (the index reserves as many).
    @usableFromInline let reserved: Int

    @usableFromInline
    init(capacity: ReplayCapacity, expectedObjects: Int? = nil) {
        switch capacity {
        case .objects(let count):
            limit = count
            bySize = false
        case .bytes(let count):
            limit = count
            bySize = true
        }
        let capacity = max(1, min(bySize ? 1024 : limit, 1 << 22, expectedObjects ?? .max))
        reserved = capacity
        keyBuffer = .allocate(capacity: capacity)
        sizeBuffer = .allocate(capacity: capacity)
        freeBuffer = .allocate(capacity: capacity)
        slots = SlotTable(keys: keyBuffer, sizes: sizeBuffer, free: freeBuffer, capacity: capacity)
    }

    deinit {
        keyBuffer.deallocate()
        sizeBuffer.deallocate()
        freeBuffer.deallocate()
    }

    /// Doubles the buffers, keeping `slots`' contents; the table pointing into the new ones.
    @usableFromInline
    func grown(_ table: SlotTable) -> SlotTable {
        let capacity = 2 * table.capacity
        func moved<T>(_ old: UnsafeMutablePointer<T>, _ count: Int) -> UnsafeMutablePointer<T> {
            let new = UnsafeMutablePointer<T>.allocate(capacity: capacity)
            new.moveInitialize(from: old, count: count)
            old.deallocate()
            return new
        }
        keyBuffer = moved(keyBuffer, table.count)
        sizeBuffer = moved(sizeBuffer, table.count)
        freeBuffer = moved(freeBuffer, table.freeCount)
        var table = table
        table.keys = keyBuffer
        table.sizes = sizeBuffer
        table.freeSlots = freeBuffer
        table.capacity = capacity
        return table
    }
}

/// The cache's slots during a replay: each slot's key (or dense id) and size, and the freed
/// slots, reused last freed first (as a store reuses them). A value over buffers its
/// ``ReplayState`` owns, held in a local by the loop: no copy-on-write check per request.
@usableFromInline
struct SlotTable {
    @usableFromInline var keys: UnsafeMutablePointer<UInt64>
    @usableFromInline var sizes: UnsafeMutablePointer<UInt32>
    @usableFromInline var freeSlots: UnsafeMutablePointer<Int32>
    @usableFromInline var capacity: Int
    /// Slots handed out so far.
    @usableFromInline var count = 0
    @usableFromInline var freeCount = 0

    init(keys: UnsafeMutablePointer<UInt64>, sizes: UnsafeMutablePointer<UInt32>, free: UnsafeMutablePointer<Int32>, capacity: Int) {
        self.keys = keys
        self.sizes = sizes
        freeSlots = free
        self.capacity = capacity
    }

    @inlinable @inline(__always)
    mutating func free(_ slot: Int) {
        freeSlots[freeCount] = Int32(truncatingIfNeeded: slot)
        freeCount += 1
    }

    /// A slot for `key`: the last freed one, else a new one (growing the buffers when full).
    @inlinable @inline(__always)
    mutating func take(key: UInt64, size: UInt32, storage: ReplayState) -> Int {
        let slot: Int
        if freeCount > 0 {
            freeCount -= 1
            slot = Int(freeSlots[freeCount])
        } else {
            if count == capacity { self = storage.grown(self) }
            slot = count
            count += 1
        }
        keys[slot] = key
        sizes[slot] = size
        return slot
    }
}

/// How a replay finds the slot of a request's object, and the identity the policy knows it by.
@usableFromInline
protocol ReplayIndex: AnyObject {
    func slot(of key: UInt64) -> Int32?
    func identity(of key: UInt64) -> UInt64
    /// Records `key` (not in the index) at `slot`.
    func set(_ slot: Int32, for key: UInt64)
    /// Removes `key` (in the index).
    func remove(_ key: UInt64)
}

/// Requests carry keys: an open-addressing table from keys to slots; the identity is the key.
@usableFromInline
final class KeyIndex: ReplayIndex {
    @usableFromInline let table: IdentityTable

    @usableFromInline
    init(capacity: Int) { table = IdentityTable(capacity: capacity) }

    @inlinable @inline(__always) func slot(of key: UInt64) -> Int32? { table.value(for: key) }
    @inlinable @inline(__always) func identity(of key: UInt64) -> UInt64 { key }
    @inlinable @inline(__always) func set(_ slot: Int32, for key: UInt64) { table.set(slot, for: key) }
    @inlinable @inline(__always) func remove(_ key: UInt64) { _ = table.removeValue(for: key) }
}

/// Requests carry dense object ids: an array from ids to slots (-1: not cached); the identity
/// is the id's key in the trace's object table.
@usableFromInline
final class DenseIndex: ReplayIndex {
    @usableFromInline let slots: UnsafeMutablePointer<Int32>
    @usableFromInline let keys: [UInt64]
    /// Ids cached now (only ``set(_:for:)`` and ``remove(_:)`` change it).
    @exclusivity(unchecked) @usableFromInline var count = 0

    @usableFromInline
    init(keys: [UInt64]) {
        self.keys = keys
        slots = .allocate(capacity: max(1, keys.count))
        slots.initialize(repeating: -1, count: max(1, keys.count))
    }

    deinit { slots.deallocate() }

    @inlinable @inline(__always) func slot(of key: UInt64) -> Int32? {
        let slot = slots[Int(truncatingIfNeeded: key)]
        return slot < 0 ? nil : slot
    }

    @inlinable @inline(__always) func identity(of key: UInt64) -> UInt64 { keys[Int(truncatingIfNeeded: key)] }

    // Stores only: the loop sets an id it just missed and removes one it holds, so neither reads
    // the slot first (a victim's slot is a cache miss away).
    @inlinable @inline(__always) func set(_ slot: Int32, for key: UInt64) {
        slots[Int(truncatingIfNeeded: key)] = slot
        count += 1
    }

    @inlinable @inline(__always) func remove(_ key: UInt64) {
        slots[Int(truncatingIfNeeded: key)] = -1
        count -= 1
    }
}

/// A cache under replay: its state and its policy's specialised loop.
@usableFromInline
final class PolicyReplayer: TraceReplaying {
    private let state: ReplayState
    private let resident: () -> Int
    private let step: (UnsafeBufferPointer<TraceRequest>, Bool) -> Void

    @usableFromInline
    init(state: ReplayState, resident: @escaping () -> Int, step: @escaping (UnsafeBufferPointer<TraceRequest>, Bool) -> Void) {
        self.state = state
        self.resident = resident
        self.step = step
    }

    @usableFromInline var counts: ReplayCounts { state.counts }
    @usableFromInline var residentObjects: Int { resident() }

    @usableFromInline
    func replay(_ requests: UnsafeBufferPointer<TraceRequest>, counted: Bool) {
        step(requests, counted)
    }
}
