import Models
import Testing

/// A cache run the way libCacheSim runs `RandomTwo.c`, `RandomLRU.c` and `Hyperbolic.c`, written
/// plainly from their source: a chained hash table of 2^`power` buckets by the low bits of XXH3 of
/// the id (newest first in a bucket; doubled, every chain re-pushed in bucket order, when an
/// insertion finds more entries than buckets), and a draw that steps the generator
/// `s = 6364136223846793005·s + 1442695040888963407` until its low bits name a non-empty bucket and
/// takes that bucket's first entry. `get` counts the request, updates a hit, and on a miss evicts
/// (one entry per `evict()`) until the object fits, then inserts it.
final class LibCacheSimSampledCache {
    enum Rule {
        /// `RandomTwo.c` (2 draws) and `RandomLRU.c` (64): the draw with the oldest access goes.
        case leastRecentOf(draws: Int)
        /// `Hyperbolic.c`: the first draw with the lowest 1e8 · freq / (n_req − vtime_enter_cache).
        case hyperbolic(draws: Int)
    }

    private struct Object {
        var size: Int
        var lastAccess: Int
        var freq: Int
        var entered: Int
    }

    private let rule: Rule
    private let capacity: Int
    private let sized: Bool
    private var buckets: [[UInt64]]
    private var objects: [UInt64: Object] = [:]
    private var state: UInt64
    private var used = 0
    private var requests = 0
    private(set) var misses = 0
    private(set) var missedBytes = 0
    private(set) var evicted: [UInt64] = []

    /// A cache of `capacity` bytes if `sized`, else objects (every size counting 1).
    init(_ rule: Rule, capacity: Int, sized: Bool = false, power: Int, seed: UInt64 = 0) {
        self.rule = rule
        self.capacity = capacity
        self.sized = sized
        buckets = Array(repeating: [], count: 1 << power)
        state = seed
    }

    private func bucket(of id: UInt64) -> Int { Int(RandomPolicy.hash(id) & UInt64(buckets.count - 1)) }

    private func draw() -> UInt64 {
        repeat {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
        } while buckets[Int(state & UInt64(buckets.count - 1))].isEmpty
        return buckets[Int(state & UInt64(buckets.count - 1))][0]
    }

    private func evict() {
        var victim: UInt64
        switch rule {
        case .leastRecentOf(let draws):
            victim = draw()
            for _ in 1..<draws {
                let candidate = draw()
                if objects[candidate]!.lastAccess < objects[victim]!.lastAccess { victim = candidate }
            }
        case .hyperbolic(let draws):
            victim = 0
            var best = 1.0e16
            for _ in 0..<draws {
                let candidate = draw()
                let object = objects[candidate]!
                let score = 1.0e8 * Double(object.freq) / Double(requests - object.entered)
                if best > score {
                    victim = candidate
                    best = score
                }
            }
        }
        used -= objects.removeValue(forKey: victim)!.size
        buckets[bucket(of: victim)].removeAll { $0 == victim }
        evicted.append(victim)
    }

    /// One request for `id` of `size` bytes; whether it hit.
    @discardableResult
    func get(_ id: UInt64, size: Int = 1) -> Bool {
        requests += 1
        if objects[id] != nil {
            objects[id]!.lastAccess = requests
            objects[id]!.freq += 1
            return true
        }
        misses += 1
        missedBytes += size
        let cost = sized ? size : 1
        guard cost <= capacity else { return false }
        while used + cost > capacity { evict() }
        if objects.count > buckets.count {
            let old = buckets
            buckets = Array(repeating: [], count: 2 * old.count)
            for chain in old {
                for id in chain { buckets[bucket(of: id)].insert(id, at: 0) }
            }
        }
        buckets[bucket(of: id)].insert(id, at: 0)
        objects[id] = Object(size: cost, lastAccess: requests, freq: 1, entered: requests)
        used += cost
        return false
    }
}

/// Rules of the policies that draw their candidates at random from the reference's hash table.
@Suite("Rules of the sampled eviction policies")
struct SampledPolicyRuleTests {
    /// Whether `ids` fall in distinct buckets of a table of 2^`power` (then, as the generator's low
    /// bits run through every bucket once per cycle, consecutive draws give distinct entries
    /// until each was drawn once).
    static func inDistinctBuckets(_ ids: ClosedRange<Int>, power: Int) -> Bool {
        Set(ids.map { RandomPolicy.hash(UInt64($0)) & (1 << UInt64(power) - 1) }).count == ids.count
    }

    /// Where the policy's victims first differ from the reference's (`nil`: they are the same),
    /// with both there, rather than two long lists.
    static func firstDifference(_ victims: [Int], _ reference: [UInt64]) -> String? {
        let common = min(victims.count, reference.count)
        let mismatch = (0..<common).first { UInt64(victims[$0]) != reference[$0] }
        guard let index = mismatch ?? (victims.count == reference.count ? nil : common) else { return nil }
        let ours = index < victims.count ? "\(victims[index])" : "none"
        let theirs = index < reference.count ? "\(reference[index])" : "none"
        return "eviction \(index + 1) of \(reference.count): \(ours), the reference's \(theirs)"
    }

    /// A stream of `count` requests over ids 1...`objects`, repeatable.
    static func stream(_ count: Int, objects: Int, seed: UInt64) -> [Int] {
        var state = seed
        return (0..<count).map { _ in
            state = state &* 2_862_933_555_777_941_757 &+ 3_037_000_493
            return Int((state >> 33) % UInt64(objects)) + 1
        }
    }

    @Test("random-two: with two entries held the draws are both, and the less recently used goes")
    func randomTwoEvictsTheOlderOfTwo() throws {
        try #require(Self.inDistinctBuckets(1...4, power: 16))
        let driver = PolicyDriver(RandomTwoPolicy(seed: 0), capacity: 2)
        driver.request(1, 2, 1, 3)
        #expect(driver.evicted == [2], "1 was read after 2 came in")
        driver.request(1, 4)
        #expect(driver.evicted == [2, 3], "3 came in before 1 was read again")
        driver.request(4, 1, 2)
        #expect(driver.evicted == [2, 3, 4], "4 was read before 1")
    }

    @Test("random-two: holding several entries, it never evicts the most recently used one", arguments: [UInt64(0), 7, 123_456_789])
    func randomTwoSparesTheNewest(seed: UInt64) throws {
        try #require(Self.inDistinctBuckets(1...12, power: 16))
        let driver = PolicyDriver(RandomTwoPolicy(seed: seed), capacity: 4)
        var previous: Int?
        for id in Self.stream(2_000, objects: 12, seed: seed) {
            let before = driver.evicted.count
            driver.request(id)
            if driver.evicted.count > before, let previous { #expect(driver.evicted.last != previous) }
            previous = id
        }
        #expect(driver.evicted.count > 500)
    }

    @Test(
        "random-two draws and evicts as libCacheSim's RandomTwo.c, written plainly, does",
        arguments: [UInt64(0), 7, 123_456_789])
    func randomTwoAsTheReference(seed: UInt64) {
        let reference = LibCacheSimSampledCache(.leastRecentOf(draws: 2), capacity: 20, power: 16, seed: seed)
        let driver = PolicyDriver(RandomTwoPolicy(seed: seed), capacity: 20)
        for id in Self.stream(5_000, objects: 60, seed: seed) {
            reference.get(UInt64(id))
            driver.request(id)
        }
        #expect(Self.firstDifference(driver.evicted, reference.evicted) == nil)
        #expect(reference.evicted.count > 2_000)
    }

    /// At the 16th request the three entries have 6 reads in 15 requests (1, the most recently
    /// used), 7 in 10 (2, the least recently used) and 2 in 3 (3, the least frequently used).
    @Test("hyperbolic: the entry with the fewest accesses per request in the cache goes, neither the LRU nor the LFU one")
    func hyperbolicEvictsTheLowestRate() throws {
        try #require(Self.inDistinctBuckets(1...4, power: 12))
        let driver = PolicyDriver(HyperbolicPolicy(seed: 0), capacity: 3)
        driver.request(1, 1, 1, 1, 1)
        driver.request(2, 2, 2, 2, 2, 2, 2)
        driver.request(3, 3)
        driver.request(1)
        driver.request(4)
        #expect(driver.evicted == [1], "6/15 < 2/3 < 7/10")
    }

    @Test("hyperbolic: a priority decays with time in the cache: five reads over 27 requests lose to one read in one request")
    func hyperbolicPriorityDecays() throws {
        try #require(Self.inDistinctBuckets(1...4, power: 12))
        let driver = PolicyDriver(HyperbolicPolicy(seed: 0), capacity: 3)
        driver.request(1, 1, 1, 1)  // requests 1-4
        driver.request(2)  // request 5
        for _ in 0..<20 { driver.request(2) }  // requests 6-25: 21 reads of 2
        driver.request(1, 3)  // requests 26 (1's fifth read) and 27
        driver.request(4)  // request 28
        #expect(driver.evicted == [1], "5/27 < 21/23 < 1/1: neither lru's victim (2) nor lfu's (3)")
    }

    @Test(
        "hyperbolic draws and evicts as libCacheSim's Hyperbolic.c, written plainly, does, its table doubling past 4,096 entries",
        arguments: [(UInt64(0), 30), (7, 30), (123_456_789, 6_000)])
    func hyperbolicAsTheReference(seed: UInt64, capacity: Int) {
        let reference = LibCacheSimSampledCache(.hyperbolic(draws: 64), capacity: capacity, power: 12, seed: seed)
        let driver = PolicyDriver(HyperbolicPolicy(seed: seed), capacity: capacity)
        for id in Self.stream(30_000, objects: 3 * capacity, seed: seed) {
            reference.get(UInt64(id))
            driver.request(id)
        }
        #expect(Self.firstDifference(driver.evicted, reference.evicted) == nil)
        #expect(reference.evicted.count > capacity)
    }

    @Test("random-lru: with no more entries than draws every entry is drawn, so it evicts what lru evicts")
    func randomLRUWithEnoughDrawsIsLRU() throws {
        try #require(Self.inDistinctBuckets(1...12, power: 16))
        let sampled = PolicyDriver(RandomLRUPolicy(seed: 0), capacity: 6)
        let lru = PolicyDriver(LRUPolicy(), capacity: 6)
        for id in Self.stream(3_000, objects: 12, seed: 5) {
            sampled.request(id)
            lru.request(id)
        }
        #expect(sampled.evicted == lru.evicted)
        #expect(lru.evicted.count > 1_000)
    }

    @Test("random-lru: with n_samples 2 it is random-two")
    func randomLRUOfTwoIsRandomTwo() {
        let sampled = PolicyDriver(RandomLRUPolicy(seed: 3, samples: 2), capacity: 25)
        let two = PolicyDriver(RandomTwoPolicy(seed: 3), capacity: 25)
        for id in Self.stream(5_000, objects: 80, seed: 3) {
            sampled.request(id)
            two.request(id)
        }
        #expect(sampled.evicted == two.evicted)
    }

    @Test(
        "random-lru draws 64 entries and evicts the least recently used, as libCacheSim's RandomLRU.c, written plainly, does",
        arguments: [UInt64(0), 7, 123_456_789])
    func randomLRUAsTheReference(seed: UInt64) {
        let reference = LibCacheSimSampledCache(.leastRecentOf(draws: 64), capacity: 200, power: 16, seed: seed)
        let driver = PolicyDriver(RandomLRUPolicy(seed: seed), capacity: 200)
        for id in Self.stream(6_000, objects: 600, seed: seed) {
            reference.get(UInt64(id))
            driver.request(id)
        }
        #expect(Self.firstDifference(driver.evicted, reference.evicted) == nil)
        #expect(reference.evicted.count > 2_000)
    }

    @Test("the sampled policies skip what the store keeps, and find nothing when everything is kept")
    func sampledPoliciesHonourSkipping() {
        let policies: [any EvictionPolicy] = [RandomTwoPolicy(seed: 1), HyperbolicPolicy(seed: 1), RandomLRUPolicy(seed: 1)]
        for policy in policies {
            for key in 0..<5 {
                policy.willInsert(identity: UInt64(key))
                policy.didInsert(key)
            }
            for _ in 0..<10 { #expect(policy.victim(skipping: { $0 != 4 }) == 4, "\(policy.name)") }
            #expect(policy.victim(skipping: { _ in true }) == nil, "\(policy.name)")
        }
    }
}
