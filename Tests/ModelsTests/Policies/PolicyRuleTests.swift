import Models
import Testing

/// Drives a policy the way ``CacheReplay`` and ``BoundedStore`` do, with an object's id as its slot
/// and identity, and records what it evicts.
final class PolicyDriver {
    let policy: any EvictionPolicy
    let capacity: Int
    private(set) var resident: Set<Int> = []
    private(set) var evicted: [Int] = []

    init(_ policy: any EvictionPolicy, capacity: Int) {
        self.policy = policy
        self.capacity = capacity
    }

    /// Requests `ids` in order.
    func request(_ ids: Int...) {
        for id in ids {
            if resident.contains(id) {
                policy.didAccess(id)
                if let shed = policy.takeShedSlot() {
                    policy.didEvict(shed)
                    resident.remove(shed)
                    evicted.append(shed)
                }
                continue
            }
            policy.willInsert(identity: UInt64(id))
            while resident.count >= capacity, let victim = policy.victim(skipping: { _ in false }) {
                policy.didEvict(victim)
                resident.remove(victim)
                evicted.append(victim)
            }
            policy.didInsert(id)
            resident.insert(id)
        }
    }
}

@Suite("Rules of each eviction policy")
struct PolicyRuleTests {
    @Test("clock sends an accessed entry at the front to the back once, clearing its bit")
    func clockReinsertion() {
        let driver = PolicyDriver(ClockPolicy(), capacity: 3)
        driver.request(1, 2, 3, 1, 4)
        #expect(driver.evicted == [2], "1 was referenced, so it was reinserted and 2 went")
        driver.request(5)
        #expect(driver.evicted == [2, 3], "3 is now at the front with its bit clear; 1 behind it")
        driver.request(6)
        #expect(driver.evicted == [2, 3, 1], "1's bit was cleared by its reinsertion")
    }

    @Test("sieve's hand clears visited marks, wraps from the newest to the oldest entry and rests after its victim")
    func sieveHandWraps() {
        let policy = SievePolicy()
        let driver = PolicyDriver(policy, capacity: 3)
        driver.request(1, 2, 3, 2, 3, 4)
        #expect(driver.evicted == [1])
        #expect(policy.handSlot == 2, "the hand rests on the victim's newer neighbour")
        driver.request(2, 3, 4, 5)
        #expect(driver.evicted == [1, 2], "2, 3 and 4 were visited: the hand cleared them, wrapped, and took 2")
        #expect(policy.handSlot == 3)
        #expect(driver.resident == [3, 4, 5], "entries never move")
    }

    @Test("lfu evicts the lowest count, and among equal counts the entry that reached it first")
    func lfuTieRule() {
        let policy = LFUPolicy()
        let driver = PolicyDriver(policy, capacity: 3)
        driver.request(1, 2, 3, 3, 1, 4)
        #expect(driver.evicted == [2], "2 was the only entry with count 1")
        driver.request(4, 5)
        #expect(driver.evicted == [2, 3], "1, 3 and 4 have count 2; 3 reached it first, though 1 was inserted first")
        #expect(policy.frequency(of: 1) == 2)
        #expect(policy.frequency(of: 5) == 1)
    }

    @Test("s3-fifo moves a small-queue entry with two hits to main (count reset) and sends one with fewer to the ghost")
    func s3fifoPromotesAtTwoHits() {
        let policy = S3FIFOPolicy(capacity: 10)
        let driver = PolicyDriver(policy, capacity: 10)
        driver.request(1, 1, 1, 2, 2)
        driver.request(3, 4, 5, 6, 7, 8, 9, 10, 11)
        #expect(policy.isInMain(1), "two hits in small: moved to main")
        #expect(driver.evicted == [2], "one hit is not enough: evicted from small")
        #expect(policy.sizes.ghost == 1)
        driver.request(2)
        #expect(policy.isInMain(2), "a ghost hit enters main directly")
        #expect(driver.evicted == [2, 3], "3 left small for the ghost to make room")
    }

    @Test("arc raises p on a B1 ghost hit and lowers it on a B2 ghost hit")
    func arcAdaptsP() {
        let policy = ARCPolicy(capacity: 2)
        let driver = PolicyDriver(policy, capacity: 2)
        driver.request(1, 1, 2, 3)
        #expect(driver.evicted == [2], "T1 (holding 2) was above p = 0")
        #expect(policy.sizes.b1 == 1)
        #expect(policy.p == 0)
        driver.request(2)
        #expect(policy.p == 1, "B1 hit: p += max(|B2| / |B1|, 1)")
        #expect(driver.evicted == [2, 1], "|T1| = p and 2 was not in B2: T2's LRU went, to B2")
        #expect(policy.sizes.b2 == 1)
        driver.request(1)
        #expect(policy.p == 0, "B2 hit: p -= max(|B1| / |B2|, 1), at least 0")
    }

    @Test("optimal evicts the entry whose next request is furthest away, never-again first")
    func beladyChoice() {
        let stream: [Int] = [1, 2, 3, 1, 4, 2, 1, 3]
        let policy = OptimalPolicy(future: stream.map(UInt64.init))
        let driver = PolicyDriver(policy, capacity: 2)
        for id in stream { driver.request(id) }
        // At 3: 1 is next used at 3, 2 at 5 -> evict 2. At 4: 3 at 7, 1 at 6 -> evict 3.
        // At 2: 1 at 6, 4 never -> evict 4. At 3: 1 never, 2 never -> either.
        #expect(Array(driver.evicted.prefix(3)) == [2, 3, 4])
        #expect(CacheReplay.misses(of: .optimal, capacity: 2, requests: stream.map(UInt32.init)) == 6)
    }

    @Test("slru puts a probation entry hit again in the protected segment")
    func slruProtectsOnHit() {
        let policy = SLRUPolicy(capacity: 10)
        let driver = PolicyDriver(policy, capacity: 10)
        driver.request(1, 2, 1)
        #expect(policy.isProtected(1))
        #expect(!policy.isProtected(2))
        driver.request(3, 4)
        #expect(policy.isProtected(4), "probation (2 entries) is full: warm-up fills protected directly")
        driver.request(5, 6, 7, 8, 9, 10, 11)
        #expect(driver.evicted == [2], "the victim is probation's least recently used")
    }

    @Test("2q lets only entries seen again after leaving the FIFO into its LRU")
    func twoQueueAdmitsFromGhost() {
        let policy = TwoQueuePolicy(capacity: 4)
        let driver = PolicyDriver(policy, capacity: 4)
        driver.request(1, 1, 2, 3, 4, 5)
        #expect(driver.evicted == [1], "a hit in the FIFO changes nothing")
        #expect(!policy.isInLRU(2))
        driver.request(1)
        #expect(policy.isInLRU(1), "1's identity was in the ghost")
    }

    @Test("w-tinylfu admits the window victim only when its estimated frequency is higher")
    func wTinyLFUAdmission() {
        let policy = WTinyLFUPolicy(capacity: 100, windowRatio: 0.01)
        let driver = PolicyDriver(policy, capacity: 100)
        for id in 1...100 { driver.request(id) }
        for round in 0..<5 { driver.request(101, 200 + round) }
        #expect(driver.resident.contains(101) && !policy.isInWindow(101), "101 kept coming back: admitted into main")
        #expect(!driver.resident.contains(200), "200 was seen once: rejected at the window")
    }

    /// At C = 100 the main cache holds 99 entries but its segments 19 + 79: the 99th lands in a full
    /// probation, and the first hit that overflows the protected segment sheds probation's oldest.
    @Test("w-tinylfu sheds probation's oldest entry when a hit overflows both segments of its main cache")
    func wTinyLFUShedsOnOverflow() {
        let policy = WTinyLFUPolicy(capacity: 100, windowRatio: 0.01)
        let driver = PolicyDriver(policy, capacity: 100)
        for id in 1...101 { driver.request(id) }
        #expect(driver.evicted == [100], "1-99 moved to main, 100 lost at the window")
        driver.request(1)
        #expect(driver.evicted == [100, 2], "1 promoted, 20 demoted, probation over its 19: 2 shed")
        #expect(driver.resident.count == 99)
    }

    @Test("random's hash is XXH3 of the identity's 8 bytes, as the reference hashes ids")
    func randomHash() {
        #expect(RandomPolicy.hash(0) == 0xC77B_3ABB_6F87_ACD9)
        #expect(RandomPolicy.hash(1) == 0x2FBC_5935_64DB_792E)
        #expect(RandomPolicy.hash(12_345) == 0x9BE8_6739_2A73_B1C1)
    }

    /// The reference redraws its generator until a bucket is non-empty; the policy walks the
    /// generator's cycle instead. Both must evict the same entries in the same order.
    @Test("random evicts what redrawing the seeded generator over hash buckets evicts", arguments: [UInt64(0), 7, 123_456_789])
    func randomDrawsAsTheReference(seed: UInt64) {
        let policy = RandomPolicy(seed: seed)
        var buckets: [UInt64: [Int]] = [:]  // newest first
        for id in 1...300 {
            policy.willInsert(identity: UInt64(id))
            policy.didInsert(id)
            buckets[RandomPolicy.hash(UInt64(id)) & 0xFFFF, default: []].insert(id, at: 0)
        }
        var state = seed
        for _ in 0..<300 {
            var bucket: UInt64
            repeat {
                state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                bucket = state & 0xFFFF
            } while buckets[bucket, default: []].isEmpty
            let expected = buckets[bucket, default: []].removeFirst()
            let victim = policy.victim(skipping: { _ in false })
            #expect(victim == expected)
            if let victim { policy.didEvict(victim) }
        }
        #expect(policy.victim(skipping: { _ in false }) == nil)
    }

    /// A store numbers keys 1, 2, 3, ... in the order they are first inserted; the replay gets the
    /// same numbers, so hashing policies (`w-tinylfu`'s sketch, `random`'s buckets) see the same
    /// identities, and `w-tinylfu`'s shed entries leave the store as they leave the replay.
    @Test(
        "a policy with ghosts, a sketch or hash buckets sees the same identities through a store as in a replay",
        arguments: [PolicyName.arc, .s3fifo, .twoQ, .wTinyLFU, .random])
    func storeMatchesReplay(policy: PolicyName) {
        final class Box {}
        let requests = Array(ZipfTrace(count: 20_000, objects: 2_000, alpha: 0.9, seed: 7).requests)
        let store = BoundedStore<UInt32, Box>(costLimit: 100, policy: policy.makePolicy(seed: 0, capacity: 100))
        var misses = 0
        for id in requests where store.value(forKey: id) == nil {
            misses += 1
            store.setValue(Box(), forKey: id, cost: 1)
        }
        var identity: [UInt32: UInt32] = [:]
        let identities = requests.map { id in
            if let known = identity[id] { return known }
            let next = UInt32(identity.count + 1)
            identity[id] = next
            return next
        }
        #expect(misses == CacheReplay.misses(of: policy, capacity: 100, requests: identities))
    }
}
