import Models
import Testing

/// The byte rules of the policies with parts (segments, queues, ghost lists): sized by the
/// capacity's unit, refusing an object larger than the part it must enter, shedding what a hit or
/// an insertion overflows; the reference simulator's rules (`S3FIFO.c`, `TwoQ.c`, `SLRU.c`,
/// `WTinyLFU.c`, `ARC.c`).
@Suite("Policies sized in bytes")
struct ByteSizedPolicyTests {
    /// Replays `(key, size)` requests at `capacity` and returns the counts and the objects left.
    static func replay(_ policy: PolicyName, _ capacity: ReplayCapacity, _ requests: [(UInt64, UInt32)]) -> (
        counts: ReplayCounts, resident: Int
    ) {
        let cache = TraceReplay.make(policy: policy, capacity: capacity)
        let trace = requests.enumerated().map { TraceRequest(time: Double($0.offset + 1), key: $0.element.0, size: $0.element.1) }
        trace.withUnsafeBufferPointer { cache.replay($0, counted: true) }
        return (cache.counts, cache.residentObjects)
    }

    @Test(
        "an object larger than the part of the cache it must enter is a miss that is never cached (s3-fifo: small, 2q: A1in, slru: probation, w-tinylfu: window)",
        arguments: [
            (PolicyName.s3fifo, 100), (.twoQ, 250), (.slru, 200), (.wTinyLFU, 10),
        ])
    func largerThanItsSegmentIsRefused(policy: PolicyName, segment: Int) {
        let tooLarge = Self.replay(policy, .bytes(1000), [(1, UInt32(segment + 1)), (1, UInt32(segment + 1))])
        #expect(tooLarge.counts.misses == 2)
        #expect(tooLarge.resident == 0)
        #expect(tooLarge.counts.missedBytes == 2 * (segment + 1))
        // Sizes ignored (a capacity in objects), the same object is cached.
        let inObjects = Self.replay(policy, .objects(1000), [(1, UInt32(segment + 1)), (1, UInt32(segment + 1))])
        #expect(inObjects.counts.misses == 1)
        #expect(inObjects.resident == 1)
    }

    @Test("s3-fifo makes room for an object of exactly its small FIFO's size, then does not keep it")
    func s3FIFOExactlySmallIsDropped() {
        let result = Self.replay(.s3fifo, .bytes(1000), [(1, 99), (2, 100), (2, 100)])
        #expect(result.counts.misses == 3)
        #expect(result.resident == 1)
    }

    @Test("arc sizes T1, T2, B1 and B2 in bytes when sized, each ghost keeping its entry's size")
    func arcSizesInBytes() {
        let policy = ARCPolicy(capacity: 1000, sized: true)
        policy.willInsert(identity: 1, size: 300)
        policy.didInsert(0)
        policy.willInsert(identity: 2, size: 200)
        policy.didInsert(1)
        policy.didAccess(1)
        #expect(policy.sizes == (t1: 300, t2: 200, b1: 0, b2: 0))
        policy.willInsert(identity: 3, size: 700)
        let victim = policy.victim(skipping: { _ in false })
        #expect(victim == 0, "T1 (300 B) is above p (0): its oldest entry goes")
        if let victim { policy.didEvict(victim) }
        #expect(policy.sizes == (t1: 0, t2: 200, b1: 300, b2: 0))
        // A hit in B1 moves p by |B2| / |B1| bytes, at least one byte.
        policy.didInsert(0)
        policy.willInsert(identity: 1, size: 300)
        #expect(policy.p == 1)
    }

    @Test("2q: a ghost hit entering a full LRU sheds the LRU's least recently used entries until it fits in its share")
    func twoQGhostHitShedsLRU() {
        let policy = TwoQueuePolicy(capacity: 1000, sized: true)  // A1in 250, A1out 500, Am 750
        for (slot, identity) in [(0, UInt64(1)), (1, 2), (2, 3)] {
            policy.willInsert(identity: identity, size: 250)
            policy.didInsert(slot)
            policy.didEvict(slot)  // into A1out
            policy.willInsert(identity: identity, size: 250)  // a ghost hit
            policy.didInsert(slot)  // into Am
            #expect(policy.isInLRU(slot))
            #expect(policy.takeShedSlot() == nil)
        }
        policy.willInsert(identity: 4, size: 240)
        policy.didInsert(3)
        policy.didEvict(3)
        policy.willInsert(identity: 4, size: 240)
        policy.didInsert(3)
        #expect(policy.takeShedSlot() == 0, "Am held 750 B: 240 more needs its oldest entry gone")
        #expect(policy.takeShedSlot() == nil)
    }

    /// Probation 200 B, protected 800 B: a (100) in probation; b-e (200 each) land in protected
    /// while probation has no room for them; f and g (50 each) fill probation. A hit on a moves it
    /// up, protected overflows and sends b down, and probation then sheds f and g.
    @Test("slru: a hit that overflows the protected segment sheds probation's oldest entries until it is within its share")
    func slruHitShedsSeveral() {
        let requests: [(UInt64, UInt32)] = [(1, 100), (2, 200), (3, 200), (4, 200), (5, 200), (6, 50), (7, 50), (1, 100)]
        let result = Self.replay(.slru, .bytes(1000), requests)
        #expect(result.counts.misses == 7)
        #expect(result.counts.evictions == 2)
        #expect(result.resident == 5)
        // A store sheds them as the replay does.
        final class Box {}
        let store = BoundedStore<UInt64, Box>(
            costLimit: 1000, policy: PolicyName.slru.makePolicy(seed: 0, capacity: 1000, sized: true))
        for (key, size) in requests where store.value(forKey: key) == nil {
            store.setValue(Box(), forKey: key, cost: Int(size))
        }
        #expect(store.count == 5)
        #expect(store.evictionCount == 2)
        #expect(store.peek(6) == nil && store.peek(7) == nil)
    }

    @Test("a store whose policy is sized in bytes does not keep an entry the policy refuses")
    func storeHonoursRefusal() {
        final class Box {}
        let store = BoundedStore<Int, Box>(
            costLimit: 1000, policy: PolicyName.s3fifo.makePolicy(seed: 0, capacity: 1000, sized: true))
        store.setValue(Box(), forKey: 1, cost: 500)
        #expect(store.count == 0, "500 B is larger than the small FIFO's 100 B")
        store.setValue(Box(), forKey: 2, cost: 50)
        #expect(store.count == 1)
    }
}
