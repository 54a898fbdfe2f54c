import Models
import Testing

/// Drives a policy as ``TraceReplay`` does, with an object's id as its slot and identity: a miss
/// announces the object and its size, is refused if the policy does not admit it, evicts the
/// victims the policy names while the store is over its capacity (a policy may name none and let
/// the store go over), then inserts; whatever the policy sheds is evicted.
final class LIRSFamilyDriver {
    let policy: any EvictionPolicy
    let capacity: Int
    private(set) var resident: Set<Int> = []
    private(set) var sizes: [Int: Int] = [:]
    private(set) var evicted: [Int] = []
    private(set) var refused: [Int] = []
    private(set) var misses = 0

    init(_ policy: any EvictionPolicy, capacity: Int) {
        self.policy = policy
        self.capacity = capacity
    }

    var used: Int { resident.reduce(0) { $0 + sizes[$1, default: 1] } }

    private func evict(_ slot: Int) {
        var next: Int? = slot
        while let victim = next {
            policy.didEvict(victim)
            resident.remove(victim)
            evicted.append(victim)
            next = policy.takeShedSlot()
        }
    }

    /// Requests `ids` in order, each of size 1.
    func request(_ ids: Int...) {
        for id in ids { request(id, size: 1) }
    }

    /// Requests `id` with `size`.
    func request(_ id: Int, size: Int) {
        if resident.contains(id) {
            policy.didAccess(id)
            if let shed = policy.takeShedSlot() { evict(shed) }
            return
        }
        misses += 1
        policy.willInsert(identity: UInt64(id), size: size)
        guard size <= capacity, policy.admits(size: size) else {
            refused.append(id)
            return
        }
        while used + size > capacity, let victim = policy.victim(skipping: { _ in false }) {
            evict(victim)
        }
        resident.insert(id)
        sizes[id] = size
        policy.didInsert(id)
        if let shed = policy.takeShedSlot() { evict(shed) }
    }
}

@Suite("Rules of LIRS and the policies beside it")
struct LIRSFamilyRuleTests {
    @Test("lirs: misses enter as LIR while the LIR share has room, then as resident HIR entries in Q, whose oldest is evicted first")
    func lirsFillsLIRThenQueue() {
        let policy = LIRSPolicy(capacity: 4)  // LIR share 3, HIR share 1
        let driver = LIRSFamilyDriver(policy, capacity: 4)
        driver.request(1, 2, 3, 4)
        #expect([1, 2, 3].allSatisfy { policy.isLIR($0) })
        #expect(!policy.isLIR(4) && policy.isInQueue(4))
        driver.request(5)
        #expect(driver.evicted == [4], "both shares are full: Q's oldest goes, not an LIR entry")
        #expect(policy.remembers(4), "its identity stays in S, non-resident")
        #expect(policy.isInQueue(5))
    }

    @Test("lirs: a miss on a non-resident HIR identity still in S makes it LIR, demoting S's bottom LIR entry to Q")
    func lirsRevivesNonResident() {
        let policy = LIRSPolicy(capacity: 4)
        let driver = LIRSFamilyDriver(policy, capacity: 4)
        driver.request(1, 2, 3, 4, 5, 4)
        #expect(driver.evicted == [4, 5], "1 moved to Q, which evicted 5 to make room")
        #expect(policy.isLIR(4))
        #expect(policy.isInQueue(1) && !policy.isLIR(1), "the demoted LIR entry stays cached, in Q")
        #expect(policy.remembers(5))
        #expect(driver.resident == [1, 2, 3, 4])
    }

    @Test("lirs: a hit on a resident HIR entry in S makes it LIR, demoting S's bottom LIR entry to Q")
    func lirsHitPromotesHIR() {
        let policy = LIRSPolicy(capacity: 4)
        let driver = LIRSFamilyDriver(policy, capacity: 4)
        driver.request(1, 2, 3, 4, 4)
        #expect(driver.evicted.isEmpty)
        #expect(policy.isLIR(4) && !policy.isInQueue(4))
        #expect(policy.isInQueue(1) && !policy.isLIR(1))
        driver.request(5)
        #expect(driver.evicted == [1], "Q's only entry, 1, goes; LIR entries 2, 3 and 4 stay")
        #expect(!policy.remembers(1), "1 had left S: nothing remembers it")
    }

    @Test("lirs: a hit on S's bottom LIR entry prunes the HIR identities below the next LIR entry")
    func lirsPrunesStack() {
        let policy = LIRSPolicy(capacity: 4)
        let driver = LIRSFamilyDriver(policy, capacity: 4)
        driver.request(1, 2, 3, 4, 5)
        #expect(policy.stackCount == 5)
        driver.request(1, 2)
        #expect(policy.stackCount == 5, "2 and 3 were LIR: nothing to prune")
        driver.request(3)
        #expect(policy.stackCount == 3, "4 (non-resident) and 5 (resident, in Q) were pruned")
        #expect(!policy.remembers(4))
        #expect(policy.isInQueue(5))
        driver.request(4)
        #expect(driver.evicted == [4, 5], "4 is new again: it enters Q, which evicts 5")
    }

    @Test("lirs: a hit on an entry in Q only that Q evicts while demoting stays cached outside the occupancy, until it becomes LIR")
    func lirsKeepsEvictedAccessedEntry() {
        let policy = LIRSPolicy(capacity: 4)
        let driver = LIRSFamilyDriver(policy, capacity: 4)
        driver.request(1, 2, 3, 4, 5, 1, 2, 3)  // S: 1, 2, 3 (LIR); Q: 5
        driver.request(5)
        #expect(driver.evicted == [4], "1 moved to Q and pushed 5 out, yet 5 stays cached")
        #expect(driver.resident == [1, 2, 3, 5])
        driver.request(6)
        #expect(driver.evicted == [4], "the occupancy (LIR 2, 3 and Q's 1) had room: nothing evicted")
        #expect(driver.resident == [1, 2, 3, 5, 6], "five entries in a cache of four")
        driver.request(5)
        #expect(driver.misses == 6, "5 is a hit")
        #expect(policy.isLIR(5))
        #expect(driver.evicted == [4, 1], "5 became LIR: 2 moved to Q, which evicted 1")
        #expect(driver.resident == [2, 3, 5, 6])
    }

    @Test("lirs: S forgets its oldest non-resident identities once it names more than twice the capacity")
    func lirsBoundsStack() {
        let policy = LIRSPolicy(capacity: 4)
        let driver = LIRSFamilyDriver(policy, capacity: 4)
        driver.request(1, 2, 3, 4, 5, 6, 7, 8, 9, 10)
        #expect(policy.stackCount == 8)
        #expect(!policy.remembers(4) && !policy.remembers(5))
        #expect((6...9).allSatisfy { policy.remembers(UInt64($0)) })
    }

    @Test("lirs, sized: a new object larger than the HIR share (1% of the bytes) is refused, one that fits enters")
    func lirsRefusesLargeObjects() {
        let policy = LIRSPolicy(capacity: 1000, sized: true)  // HIR share 10 bytes, LIR share 990
        let driver = LIRSFamilyDriver(policy, capacity: 1000)
        driver.request(1, size: 11)
        #expect(driver.refused == [1])
        driver.request(2, size: 10)
        #expect(driver.resident == [2] && policy.isLIR(2))
        driver.request(3, size: 985)
        #expect(driver.refused == [1, 3], "larger than the HIR share, though the LIR share has room")
    }

    @Test("qdlp: a miss enters the FIFO; the FIFO's oldest entry, not hit there, leaves the cache and its identity joins the ghost")
    func qdlpDemotesQuickly() {
        let policy = QDLPPolicy(capacity: 20)  // FIFO 2, main 18, ghost 18
        let driver = LIRSFamilyDriver(policy, capacity: 20)
        driver.request(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20)
        #expect(!policy.isInMain(1) && !policy.isInMain(20), "the FIFO holds whatever main does not")
        driver.request(21)
        #expect(driver.evicted == [1], "the FIFO's oldest goes first, though the FIFO is over its share")
        #expect(policy.ghostCount == 1)
    }

    @Test("qdlp: the FIFO's oldest entry, hit once there, moves to main instead of leaving")
    func qdlpPromotesLazily() {
        let policy = QDLPPolicy(capacity: 20)
        let driver = LIRSFamilyDriver(policy, capacity: 20)
        driver.request(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 1)
        #expect(!policy.isInMain(1), "a hit in the FIFO does not move the entry yet")
        driver.request(21)
        #expect(driver.evicted == [2], "1 moved to main when it reached the FIFO's front; 2 went")
        #expect(policy.isInMain(1))
    }

    @Test("qdlp: a miss whose identity is in the ghost enters main, and the ghost forgets it")
    func qdlpGhostHitEntersMain() {
        let policy = QDLPPolicy(capacity: 20)
        let driver = LIRSFamilyDriver(policy, capacity: 20)
        driver.request(1, 2, 3, 4, 5, 6, 7, 8, 9, 10, 11, 12, 13, 14, 15, 16, 17, 18, 19, 20, 21)
        driver.request(1)
        #expect(driver.evicted == [1, 2])
        #expect(policy.isInMain(1))
        #expect(policy.ghostCount == 1, "1 left the ghost, 2 joined it")
    }

    @Test("qdlp: an entry moving to a full main makes main evict as CLOCK with 2-bit counters (a hit entry goes round with one less)")
    func qdlpMainIsClock() {
        let policy = QDLPPolicy(capacity: 4, fifoRatio: 0.5)  // FIFO 2, main 2
        let driver = LIRSFamilyDriver(policy, capacity: 4)
        driver.request(1, 2, 3, 4, 1, 2, 3, 4, 5)
        #expect(driver.evicted == [1], "1 and 2 moved to main; 3 moving there made main evict its oldest, 1")
        #expect(policy.isInMain(2) && policy.isInMain(3) && !policy.isInMain(4))
        driver.request(2, 6)
        #expect(driver.evicted == [1, 3], "4 moved to main: 2 (hit) went round, 3 went")
        #expect(driver.resident == [2, 4, 5, 6])
    }

    @Test("qdlp, sized: an entry larger than the FIFO's share is refused; one of exactly its share has room made and is not cached")
    func qdlpSizedFIFOShare() {
        let policy = QDLPPolicy(capacity: 100, sized: true)  // FIFO 10 bytes
        let driver = LIRSFamilyDriver(policy, capacity: 100)
        driver.request(1, size: 11)
        #expect(driver.refused == [1])
        driver.request(2, size: 9)
        driver.request(3, size: 10)
        #expect(driver.resident == [2] && driver.evicted == [3])
        #expect(policy.ghostCount == 0, "3 was never in the FIFO: no ghost")
    }

    @Test("fifo-merge: while the cache holds at most n_exam entries it evicts the oldest, as FIFO, hits or not")
    func fifoMergeSmallCacheIsFIFO() {
        let driver = LIRSFamilyDriver(FIFOMergePolicy(examined: 4, kept: 1), capacity: 3)
        driver.request(1, 2, 3, 1, 1, 4, 5)
        #expect(driver.evicted == [1, 2])
    }

    @Test(
        "fifo-merge: past n_exam entries it evicts a window's n_exam − n_keep − 1 fewest-hit entries, then examines the next window where that one ended"
    )
    func fifoMergeWindows() {
        let policy = FIFOMergePolicy(examined: 4, kept: 1)  // 2 evicted per window of 4
        let driver = LIRSFamilyDriver(policy, capacity: 5)
        driver.request(1, 2, 3, 4, 5, 1, 1, 1, 3, 3, 4)  // hits: 1: 3, 2: 0, 3: 2, 4: 1, 5: 0
        driver.request(6, 7)
        #expect(driver.evicted == [2, 4], "the window 1, 2, 3, 4 by hits: 2, then 4; 5 (no hit) was not in it")
        #expect(policy.hits(of: 1) == 3 && policy.hits(of: 3) == 2, "the others stay where they are")
        driver.request(6, 7, 8)
        #expect(driver.evicted == [2, 4, 5], "the next window, 5, 6, 7 and (wrapping) 1: 5 has the fewest hits")
        #expect(driver.resident == [1, 3, 6, 7, 8], "3 (2 hits) was in neither window's eviction")
    }

    @Test("fifo-merge, sized: a window ranks hits per byte: of entries with equal hits the largest goes first")
    func fifoMergeHitsPerByte() {
        let driver = LIRSFamilyDriver(FIFOMergePolicy(sized: true, examined: 4, kept: 1), capacity: 16)
        for (id, size) in [(1, 2), (2, 8), (3, 2), (4, 2), (5, 2)] { driver.request(id, size: size) }
        driver.request(1, 2, 3, 4)
        driver.request(6, size: 2)
        #expect(driver.evicted == [2], "one hit in 8 bytes ranks below one hit in 2")
    }
}
