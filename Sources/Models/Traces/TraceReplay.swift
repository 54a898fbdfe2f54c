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
    case objects(Int)
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
/// inserts, a hit never does). An object larger than the whole capacity is a miss that is not
/// inserted. A hit does not change the size the object was inserted with.
///
/// It drives the policies through the same protocol calls, in the same order, as
/// ``BoundedStore`` and ``CacheReplay`` (which it agrees with on a stream of ids), with an
/// object's key as its identity and an open-addressing table from keys to slots.
public enum TraceReplay {
    /// A cache with `policy` at `capacity`, ready for ``TraceReplaying/replay(_:counted:)``.
    /// - Parameters:
    ///   - seed: `random`'s seed.
    ///   - parameters: the tunable policies' parameters.
    ///   - future: the keys of the whole trace in order, for `optimal` (ignored by the others).
    public static func make(
        policy: EvictionPolicyName, capacity: ReplayCapacity, seed: UInt64 = 0,
        parameters: EvictionParameters = EvictionParameters(), future: [UInt64] = []
    ) -> any TraceReplaying {
        let entries: Int
        switch capacity {
        case .objects(let count): entries = count
        case .bytes: entries = 0  // learnt at the first eviction
        }
        let made = policy.makePolicy(seed: seed, capacity: entries, parameters: parameters, future: future)
        switch made {
        case let made as LRUPolicy: return replayer(made, capacity: capacity)
        case let made as FIFOPolicy: return replayer(made, capacity: capacity)
        case let made as RandomPolicy: return replayer(made, capacity: capacity)
        case let made as ClockPolicy: return replayer(made, capacity: capacity)
        case let made as LFUPolicy: return replayer(made, capacity: capacity)
        case let made as ARCPolicy: return replayer(made, capacity: capacity)
        case let made as S3FIFOPolicy: return replayer(made, capacity: capacity)
        case let made as SievePolicy: return replayer(made, capacity: capacity)
        case let made as WTinyLFUPolicy: return replayer(made, capacity: capacity)
        case let made as TwoQueuePolicy: return replayer(made, capacity: capacity)
        case let made as SLRUPolicy: return replayer(made, capacity: capacity)
        case let made as OptimalPolicy: return replayer(made, capacity: capacity)
        default: return replayer(made, capacity: capacity)
        }
    }

    /// A replayer whose loop is specialised for `Policy`: the closure is made where the policy's
    /// class is known, so the loop it calls is compiled for that class (a generic class's
    /// methods would run unspecialised behind the protocol).
    private static func replayer<Policy: EvictionPolicy>(_ policy: Policy, capacity: ReplayCapacity) -> any TraceReplaying {
        let state = ReplayState(capacity: capacity)
        return PolicyReplayer(state: state) { requests, counted in
            replayLoop(policy, state, requests, counted: counted)
        }
    }

    /// The replay loop: a hit updates the policy; a miss evicts until the object fits, then inserts it.
    @inline(never)
    static func replayLoop<Policy: EvictionPolicy>(
        _ policy: Policy, _ state: ReplayState, _ requests: UnsafeBufferPointer<TraceRequest>, counted: Bool
    ) {
        var counts = state.counts
        var used = state.used
        let limit = state.limit
        let bySize = state.bySize
        defer {
            state.counts = counts
            state.used = used
        }
        for request in requests {
            let cost = bySize ? Int(request.size) : 1
            if counted {
                counts.requests += 1
                counts.requestedBytes += Int(request.size)
            }
            if let slot = state.slotOf.value(for: request.key) {
                policy.didAccess(Int(slot))
                // A hit may make the policy drop an entry (W-TinyLFU when both segments overflow).
                if let shed = policy.takeShedSlot() {
                    policy.didEvict(shed)
                    state.slotOf.removeValue(for: state.keyIn[shed])
                    used -= bySize ? Int(state.sizeIn[shed]) : 1
                    state.freeSlots.append(Int32(truncatingIfNeeded: shed))
                    if counted { counts.evictions += 1 }
                }
                continue
            }
            if counted {
                counts.misses += 1
                counts.missedBytes += Int(request.size)
            }
            policy.willInsert(identity: request.key)
            guard cost <= limit else { continue }  // larger than the whole cache: not inserted
            while used + cost > limit {
                guard let victim = policy.victim(skipping: { _ in false }) else { break }
                policy.didEvict(victim)
                state.slotOf.removeValue(for: state.keyIn[victim])
                used -= bySize ? Int(state.sizeIn[victim]) : 1
                state.freeSlots.append(Int32(truncatingIfNeeded: victim))
                if counted { counts.evictions += 1 }
            }
            let slot: Int
            if let reused = state.freeSlots.popLast() {
                slot = Int(reused)
                state.keyIn[slot] = request.key
                state.sizeIn[slot] = request.size
            } else {
                slot = state.keyIn.count
                state.keyIn.append(request.key)
                state.sizeIn.append(request.size)
            }
            state.slotOf.set(Int32(truncatingIfNeeded: slot), for: request.key)
            used += cost
            policy.didInsert(slot)
        }
    }

    /// The misses of `policy` at each of `capacities` over a trace given as a chunk source: the
    /// one function a miss-ratio curve of one policy comes from.
    /// - Parameters:
    ///   - chunks: calls its argument with each chunk of the trace, in order.
    ///   - future: as for ``make(policy:capacity:seed:parameters:future:)``.
    public static func misses(
        of policy: EvictionPolicyName, capacities: [ReplayCapacity], seed: UInt64 = 0,
        parameters: EvictionParameters = EvictionParameters(), future: [UInt64] = [],
        chunks: ((UnsafeBufferPointer<TraceRequest>) -> Void) -> Void
    ) -> [Int] {
        let caches = capacities.map { make(policy: policy, capacity: $0, seed: seed, parameters: parameters, future: future) }
        chunks { chunk in
            for cache in caches { cache.replay(chunk, counted: true) }
        }
        return caches.map(\.counts.misses)
    }
}

/// A cache's state under replay: its bound, the table from keys to slots, each slot's key and
/// size, and what was counted.
final class ReplayState {
    let limit: Int
    let bySize: Bool
    var slotOf: IdentityTable
    var keyIn: [UInt64] = []
    var sizeIn: [UInt32] = []
    var freeSlots: [Int32] = []
    var used = 0
    var counts = ReplayCounts()

    init(capacity: ReplayCapacity) {
        switch capacity {
        case .objects(let count):
            limit = count
            bySize = false
        case .bytes(let count):
            limit = count
            bySize = true
        }
        slotOf = IdentityTable(capacity: bySize ? 1024 : min(limit, 1 << 22))
    }
}

/// A cache under replay: its state and its policy's specialised loop.
final class PolicyReplayer: TraceReplaying {
    private let state: ReplayState
    private let step: (UnsafeBufferPointer<TraceRequest>, Bool) -> Void

    init(state: ReplayState, step: @escaping (UnsafeBufferPointer<TraceRequest>, Bool) -> Void) {
        self.state = state
        self.step = step
    }

    var counts: ReplayCounts { state.counts }
    var residentObjects: Int { state.slotOf.count }

    func replay(_ requests: UnsafeBufferPointer<TraceRequest>, counted: Bool) {
        step(requests, counted)
    }
}
