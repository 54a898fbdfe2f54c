import Models
import Testing

/// Drives a policy as a replay does, an object's id as its slot and identity, recording its evictions.
private final class LearnedPolicyDriver {
    let policy: any EvictionPolicy
    let capacity: Int
    private(set) var resident: Set<Int> = []
    private(set) var evicted: [Int] = []

    init(_ policy: any EvictionPolicy, capacity: Int) {
        self.policy = policy
        self.capacity = capacity
    }

    func request(_ ids: Int...) {
        for id in ids {
            if resident.contains(id) {
                policy.didAccess(id)
                continue
            }
            policy.willInsert(identity: UInt64(id), size: 1)
            while resident.count >= capacity, let victim = policy.victim(skipping: { _ in false }) {
                policy.didEvict(victim)
                resident.remove(victim)
                evicted.append(victim)
            }
            policy.didInsert(id)
            resident.insert(id)
            while let shed = policy.takeShedSlot() {
                policy.didEvict(shed)
                resident.remove(shed)
                evicted.append(shed)
            }
        }
    }
}

@Suite("Rules of the learning eviction policies")
struct LearnedPolicyRuleTests {
    @Test("lecar: when the LRU and LFU experts propose the same entry it goes, with no draw and no history")
    func lecarAgreeingExperts() {
        let policy = LeCaRPolicy(capacity: 3)
        let driver = LearnedPolicyDriver(policy, capacity: 3)
        driver.request(1, 2, 3, 4)
        #expect(driver.evicted == [1])
        #expect(policy.historySizes == (0, 0))
        #expect(policy.weights == (0.5, 0.5))
    }

    @Test("lecar: when the experts disagree, the draw (next() mod 100) / 100 below w_lru takes LRU's victim, else LFU's")
    func lecarDraw() {
        // Seed 0: the first draw is 1442695040888963407 mod 100 = 7, r = 0.07.
        let even = LeCaRPolicy(capacity: 3, seed: 0)
        let first = LearnedPolicyDriver(even, capacity: 3)
        first.request(1, 1, 2, 3, 4)
        #expect(first.evicted == [1], "LRU proposes 1, LFU 2; 0.07 < 0.5")
        #expect(even.historySizes == (1, 0))
        let leaning = LeCaRPolicy(capacity: 3, seed: 0, lruWeight: 0.05)
        let second = LearnedPolicyDriver(leaning, capacity: 3)
        second.request(1, 1, 2, 3, 4)
        #expect(second.evicted == [2], "0.07 ≥ 0.05: LFU's victim")
        #expect(leaning.historySizes == (0, 1))
    }

    @Test("lecar: a miss on an identity in an expert's history lowers that expert's weight by e^(-0.45·d^t), then renormalises")
    func lecarRegret() {
        let policy = LeCaRPolicy(capacity: 3, seed: 0)
        let driver = LearnedPolicyDriver(policy, capacity: 3)
        driver.request(1, 1, 2, 3, 4, 1)
        // 1 was evicted by the LRU expert at request 5 and asked for at request 6: t = 1, d = 0.005^(1/3).
        #expect(abs(policy.weights.lru - 0.480_772_257_124_366_83) < 1e-15)
        #expect(abs(policy.weights.lfu - 0.519_227_742_771_787_6) < 1e-15)
        #expect(policy.historySizes.lru == 0, "the identity leaves the history")
    }

    @Test("lecar: each expert's history keeps at most half the capacity, its oldest identities dropped first")
    func lecarHistoryBound() {
        // w_lru = 0: every disagreement takes the LFU expert's victim.
        let policy = LeCaRPolicy(capacity: 4, seed: 0, lruWeight: 0)
        let driver = LearnedPolicyDriver(policy, capacity: 4)
        driver.request(1, 1, 2, 3, 4, 5, 6, 7)
        #expect(driver.evicted == [2, 3, 4])
        #expect(policy.historySizes == (0, 2))
        driver.request(3)
        let moved = policy.weights
        #expect(moved.lru > 0, "3 is still in the LFU expert's history: the weights moved (renormalised from 0 and 0.5)")
        driver.request(2)
        #expect(policy.weights == moved, "2 was dropped from the history: no regret")
    }

    @Test("cacheus: new entries enter SR, half the capacity; SR's overflow leaves the cache for H at once")
    func cacheusScanResistance() {
        let policy = CacheusPolicy(capacity: 4)
        let driver = LearnedPolicyDriver(policy, capacity: 4)
        driver.request(1, 2, 3)
        #expect(driver.evicted == [1], "SR holds 2 of the 4 entries; 1 went to H with the cache not yet full")
        #expect(policy.sizes.sr == 2 && policy.sizes.r == 0 && policy.sizes.history == 1)
    }

    @Test("cacheus: a hit in SR moves the entry to R; a miss whose identity is in H enters R with one more than its remembered count")
    func cacheusHistoryHit() {
        let policy = CacheusPolicy(capacity: 4)
        let driver = LearnedPolicyDriver(policy, capacity: 4)
        driver.request(1, 1, 2, 3, 4)
        #expect(driver.evicted == [2], "SR is 3 and 4; 2 went to H with count 1")
        #expect(policy.isInR(1) && policy.frequency(of: 1) == 2)
        driver.request(2)
        #expect(policy.isInR(2), "2 was in H: it enters R")
        #expect(policy.frequency(of: 2) == 2, "its count from H (1) plus one")
    }

    @Test(
        "cacheus: every eviction draws; r below w_lru takes SR's oldest entry into LRU's history, else the entry that reached the lowest count last into LFU's"
    )
    func cacheusDraw() {
        let policy = CacheusPolicy(capacity: 4, seed: 0)
        let driver = LearnedPolicyDriver(policy, capacity: 4)
        driver.request(1, 1, 2, 2, 3, 4)
        #expect(driver.evicted.isEmpty && policy.isInR(1) && policy.isInR(2))
        // Seed 0 draws 7 then 66 (mod 100): r = 0.07, then 0.66, against w_lru = 0.5.
        driver.request(5)
        #expect(driver.evicted == [3], "SR-LRU proposes 3, CR-LFU 4 (count 1, reached last); 0.07 < 0.5")
        driver.request(6)
        #expect(driver.evicted == [3, 5], "SR-LRU proposes 4, CR-LFU 5; 0.66 ≥ 0.5")
        #expect(policy.sizes.lruHistory == 1 && policy.sizes.lfuHistory == 1)
    }

    @Test("cacheus: each capacity's worth of requests moves the learning rate by −|lr·Δlr| while no interval is all hits")
    func cacheusLearningRate() {
        let policy = CacheusPolicy(capacity: 4, seed: 0, learningRate: 0.408)
        let driver = LearnedPolicyDriver(policy, capacity: 4)
        driver.request(1, 1, 2, 2, 3)
        #expect(policy.weights.learningRate == 0.241_536, "0.408 − 0.408·0.408 after the first 4 requests")
    }

    @Test("cacheus: a miss on an identity in LRU's history multiplies w_lru by e^(−lr), then both are renormalised")
    func cacheusRegret() {
        let policy = CacheusPolicy(capacity: 4, seed: 0, learningRate: 0.408)
        let driver = LearnedPolicyDriver(policy, capacity: 4)
        driver.request(1, 1, 2, 2, 3, 4, 5, 6)
        #expect(policy.sizes.lruHistory == 1, "3 is in LRU's history")
        driver.request(3)
        // The rate moved twice (after requests 4 and 8): 0.241536, then 0.201328951296.
        #expect(abs(policy.weights.lru - 0.449_837_087_048_924_94) < 1e-15)
        #expect(abs(policy.weights.lfu - 0.550_162_912_951_075) < 1e-15)
        #expect(policy.sizes.lruHistory == 0)
    }

    @Test(
        "lhd: an entry ranks by its class's hit density at its age over its size; a new entry is class 0, (0 + 17) / (age + 1) before any reconfiguration"
    )
    func lhdNewEntryRank() {
        let policy = LHDPolicy(capacity: 3)
        let driver = LearnedPolicyDriver(policy, capacity: 3)
        driver.request(1)
        #expect(policy.rank(of: 1) == 17, "age 0 (ages count 1,024 requests), class 0")
        driver.request(2)
        for _ in 0..<1024 { driver.request(2) }
        #expect(policy.rank(of: 1) == Float(17.0 / 2.0), "age 1")
    }

    @Test("lhd: a hit records the entry's last two hit ages; an entry hit at age 0 twice is class 15, density 32 at age 0")
    func lhdHitAgeClass() {
        let policy = LHDPolicy(capacity: 3)
        let driver = LearnedPolicyDriver(policy, capacity: 3)
        driver.request(1, 1)
        #expect(policy.rank(of: 1) == 32, "hit ages 0 and 0: class 15, (15 + 17) / 1")
    }

    @Test("lhd: the lowest rank among the drawn entries and the recent low-ranked admissions goes")
    func lhdVictim() {
        let policy = LHDPolicy(capacity: 3, seed: 0)
        let driver = LearnedPolicyDriver(policy, capacity: 3)
        driver.request(1, 2, 3)
        for _ in 0..<550 { driver.request(2, 3) }
        #expect(policy.rank(of: 1) == Float(17.0 / 2.0) && policy.rank(of: 2) == 32)
        driver.request(4)
        #expect(driver.evicted == [1], "1, aged past 1,024 requests, ranks lowest")
        #expect(
            policy.statistics.averageVictimRank == (1 - Float(0.9)) * 8.5,
            "the average, from 0, moves a tenth of the way (in 32-bit floats)")
    }

    @Test("lhd: one access in 32 draws an explorer, ranked one higher, while 1% of the capacity is left for explorers")
    func lhdExplorer() {
        // Seed 21: the first draw is 0 mod 32.
        let policy = LHDPolicy(capacity: 100, seed: 21)
        let driver = LearnedPolicyDriver(policy, capacity: 100)
        driver.request(1)
        #expect(policy.rank(of: 1) == 18, "17 + 1")
        #expect(policy.statistics.explorerBudget == 0, "the budget, 1 entry, is spent")
        let other = LHDPolicy(capacity: 3, seed: 21)
        LearnedPolicyDriver(other, capacity: 3).request(1)
        #expect(other.rank(of: 1) == 17, "no budget at capacity 3: no explorer")
    }

    /// A store numbers keys 1, 2, 3, ... in the order they are first inserted; the replay gets the
    /// same numbers, so the histories (kept by identity) and the draws match.
    @Test(
        "lecar, cacheus and lhd draw and remember identities through a store as in a replay",
        arguments: [PolicyName.lecar, .cacheus, .lhd])
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
