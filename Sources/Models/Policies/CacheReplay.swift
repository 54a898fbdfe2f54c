/// Replays a stream of object ids through an eviction policy the way a cache simulator does, for
/// capacity and policy sweeps: a cache of `capacity` objects, cold at the start, every request
/// counted; a miss evicts until there is room and then inserts (every miss inserts, a hit never does).
///
/// It drives the same policy objects the stores use, through the same protocol calls in the same
/// order as ``BoundedStore`` (``EvictionPolicy/willInsert(identity:)``, victims and
/// ``EvictionPolicy/didEvict(_:)``, then ``EvictionPolicy/didInsert(_:)``), with an object's id as
/// both its slot and its identity, so no hashing is needed. The loop is specialised for each policy
/// class inside this module: callers in other modules run the specialised code through one call.
public enum CacheReplay {
    /// The number of misses of `policy` at `capacity` objects over `requests`.
    /// - Parameters:
    ///   - seed: `random`'s seed.
    ///   - parameters: the tunable policies' parameters.
    /// - Complexity: O(*n*) requests, O(log *n*) each for `optimal`, which first computes the stream's
    ///   next uses (O(*n*) time and memory).
    public static func misses(
        of policy: EvictionPolicyName, capacity: Int, requests: [UInt32],
        seed: UInt64 = 0, parameters: EvictionParameters = EvictionParameters()
    ) -> Int {
        let future = policy == .optimal ? requests.map(UInt64.init) : []
        let made = policy.makePolicy(seed: seed, capacity: capacity, parameters: parameters, future: future)
        return requests.withUnsafeBufferPointer { stream in
            switch made {
            case let made as LRUPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as FIFOPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as RandomPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as ClockPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as LFUPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as ARCPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as S3FIFOPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as SievePolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as WTinyLFUPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as TwoQueuePolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as SLRUPolicy: return replay(made, capacity: capacity, requests: stream)
            case let made as OptimalPolicy: return replay(made, capacity: capacity, requests: stream)
            default: return replay(made, capacity: capacity, requests: stream)
            }
        }
    }

    /// The replay loop, specialised per policy class by the callers above.
    @inline(never)
    static func replay<Policy: EvictionPolicy>(
        _ policy: Policy, capacity: Int, requests: UnsafeBufferPointer<UInt32>
    ) -> Int {
        guard capacity > 0 else { return requests.count }
        let largest = Int(requests.max() ?? 0)
        var resident = [Bool](repeating: false, count: largest + 1)
        var count = 0
        var misses = 0
        resident.withUnsafeMutableBufferPointer { resident in
            for id in requests {
                let slot = Int(id)
                if resident[slot] {
                    policy.didAccess(slot)
                    continue
                }
                misses += 1
                policy.willInsert(identity: UInt64(id))
                while count >= capacity {
                    guard let victim = policy.victim(skipping: { _ in false }) else { break }
                    policy.didEvict(victim)
                    resident[victim] = false
                    count -= 1
                }
                policy.didInsert(slot)
                resident[slot] = true
                count += 1
            }
        }
        return misses
    }
}
