/// Replays a stream of object ids through an eviction policy the way a cache simulator does, for
/// capacity and policy sweeps: a cache of `capacity` objects, cold at the start, every request
/// counted; a miss evicts until there is room and then inserts (every miss inserts, a hit never does).
///
/// It drives the same policy objects the stores use, through the same protocol calls in the same
/// order as ``BoundedStore`` (``EvictionPolicy/willInsert(identity:)``, victims and
/// ``EvictionPolicy/didEvict(_:)``, then ``EvictionPolicy/didInsert(_:)``), with an object's id as
/// its identity and an array (not a hash table) from ids to slots. The loop is specialised for each policy
/// class where its ``PolicyDescriptor`` is made, in the module that makes it (this one for the built-in
/// policies, a team's own for a policy it registers): callers run the specialised code through one call.
public enum CacheReplay {
    /// The number of misses of `policy` at `capacity` objects over `requests`.
    /// - Parameters:
    ///   - seed: `random`'s seed.
    ///   - parameters: the tunable policies' parameters.
    /// - Complexity: O(*n*) requests, O(log *n*) each for `optimal`, which first computes the stream's
    ///   next uses (O(*n*) time and memory).
    public static func misses(
        of policy: PolicyName, capacity: Int, requests: [UInt32],
        seed: UInt64 = 0, parameters: PolicyParameters = PolicyParameters()
    ) -> Int {
        guard let descriptor = policy.descriptor else { return requests.count }
        let context = policy.context(
            seed: seed, capacity: capacity, sized: false, parameters: parameters,
            future: policy.needsFuture ? requests.map(UInt64.init) : [])
        return requests.withUnsafeBufferPointer { descriptor.replayMisses(context, $0) }
    }

    /// The replay loop, specialised per policy class by ``PolicyDescriptor/of(_:)``. Objects get dense slots
    /// as in a store (a slot freed by an eviction is reused), so the policy's per-slot state is
    /// sized by the capacity, not by the number of objects.
    ///
    /// Inlinable (but internal): a policy registered from another module gets its own copy of the
    /// loop, specialised in that module; never inlined, so that copy is one function per class.
    @inlinable @inline(never)
    static func replay<Policy: EvictionPolicy>(
        _ policy: Policy, capacity: Int, requests: UnsafeBufferPointer<UInt32>
    ) -> Int {
        guard capacity > 0 else { return requests.count }
        let largest = Int(requests.max() ?? 0)
        var slotOf = [Int32](repeating: -1, count: largest + 1)
        // Room for every distinct id: a policy may keep more entries than the capacity (`lirs`
        // keeps some outside its occupancy, as the reference does).
        let slotBound = min(largest + 1, requests.count) + 1
        var objectIn = [UInt32](repeating: 0, count: slotBound)
        var freeSlots: [Int32] = []
        freeSlots.reserveCapacity(slotBound)
        var nextSlot = 0
        var misses = 0
        slotOf.withUnsafeMutableBufferPointer { slotOf in
            objectIn.withUnsafeMutableBufferPointer { objectIn in
                for id in requests {
                    let slot = slotOf[Int(id)]
                    if slot >= 0 {
                        policy.didAccess(Int(slot))
                        // A hit may make the policy drop entries (a segmented policy's probation overflowing).
                        while let shed = policy.takeShedSlot() {
                            policy.didEvict(shed)
                            slotOf[Int(objectIn[shed])] = -1
                            freeSlots.append(Int32(truncatingIfNeeded: shed))
                        }
                        continue
                    }
                    misses += 1
                    policy.willInsert(identity: UInt64(id), size: 1)
                    while nextSlot - freeSlots.count >= capacity {
                        guard let victim = policy.victim(skipping: { _ in false }) else { break }
                        var next: Int? = victim
                        while let evicted = next {
                            policy.didEvict(evicted)
                            slotOf[Int(objectIn[evicted])] = -1
                            freeSlots.append(Int32(truncatingIfNeeded: evicted))
                            next = policy.takeShedSlot()
                        }
                    }
                    let free: Int
                    if let reused = freeSlots.popLast() {
                        free = Int(reused)
                    } else {
                        free = nextSlot
                        nextSlot += 1
                    }
                    slotOf[Int(id)] = Int32(truncatingIfNeeded: free)
                    objectIn[free] = id
                    policy.didInsert(free)
                    // An insertion may make the policy drop entries (2Q's LRU taking a ghost hit).
                    while let shed = policy.takeShedSlot() {
                        policy.didEvict(shed)
                        slotOf[Int(objectIn[shed])] = -1
                        freeSlots.append(Int32(truncatingIfNeeded: shed))
                    }
                }
            }
        }
        return misses
    }
}
