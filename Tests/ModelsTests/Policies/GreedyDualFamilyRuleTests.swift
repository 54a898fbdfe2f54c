import Models
import Testing

/// Drives a policy as a replay does, with sizes: an object's id is its slot and identity, a miss
/// evicts until the object fits in `capacity` (bytes, or entries when every size is 1) and records
/// the victims.
private final class SizedDriver {
    let policy: any EvictionPolicy
    let capacity: Int
    private(set) var sizes: [Int: Int] = [:]
    private(set) var evicted: [Int] = []
    private var used = 0

    init(_ policy: any EvictionPolicy, capacity: Int) {
        self.policy = policy
        self.capacity = capacity
    }

    var resident: Set<Int> { Set(sizes.keys) }

    /// Requests each (id, size) in order.
    func request(_ requests: (id: Int, size: Int)...) {
        for (id, size) in requests {
            if sizes[id] != nil {
                policy.didAccess(id)
                shed()
                continue
            }
            policy.willInsert(identity: UInt64(id), size: size)
            guard size <= capacity, policy.admits(size: size) else { continue }
            while used + size > capacity, let victim = policy.victim(skipping: { _ in false }) {
                evict(victim)
            }
            policy.didInsert(id)
            sizes[id] = size
            used += size
            shed()
        }
    }

    /// Requests `ids` in order, each of size 1.
    func request(_ ids: Int...) {
        for id in ids { request((id, 1)) }
    }

    private func evict(_ slot: Int) {
        policy.didEvict(slot)
        used -= sizes.removeValue(forKey: slot) ?? 0
        evicted.append(slot)
    }

    private func shed() {
        while let slot = policy.takeShedSlot() { evict(slot) }
    }
}

@Suite("Rules of the priority policies (gdsf, size, lfuda, belady-size)")
struct GreedyDualFamilyRuleTests {
    // MARK: gdsf

    @Test("gdsf: of two entries with equal frequency, the larger goes first")
    func gdsfLargerFirst() {
        let driver = SizedDriver(GDSFPolicy(sized: true), capacity: 1000)
        driver.request((1, 100), (2, 400), (3, 200), (4, 300))
        driver.request((5, 100))
        #expect(driver.evicted == [2], "2 has the lowest 10⁶ / size, though 1 is older")
    }

    @Test("gdsf: a hit raises the frequency: of entries of equal size, one used twice outlasts older and newer ones used once")
    func gdsfFrequencyCounts() {
        let driver = SizedDriver(GDSFPolicy(sized: true), capacity: 600)
        driver.request((1, 200), (2, 200), (3, 200))
        driver.request((1, 200))
        driver.request((4, 200))
        #expect(driver.evicted == [2], "1 has 2 × 10⁶ / 200, 2 and 3 have 10⁶ / 200: the older of those goes")
    }

    @Test("gdsf: among equal priorities the entry whose last request is oldest goes first, not the oldest inserted")
    func gdsfTiesByLastRequest() {
        let driver = SizedDriver(GDSFPolicy(), capacity: 3)
        driver.request(1, 2, 3, 3, 1, 2)
        driver.request(4)
        #expect(driver.evicted == [3], "all three have priority 2 × 10⁶; 3's last request is the oldest")
        driver.request(5)
        #expect(driver.evicted == [3, 1], "4 entered at L + 10⁶ = 3 × 10⁶; of 1 and 2, 1 was requested before 2")
    }

    @Test("gdsf: an eviction sets the age L to the victim's priority, and a newcomer starts at L + 10⁶ / size")
    func gdsfAgeing() throws {
        let policy = GDSFPolicy(sized: true)
        let driver = SizedDriver(policy, capacity: 400)
        driver.request((1, 200), (2, 200))
        #expect(policy.currentAge == 0)
        driver.request((3, 100))
        #expect(driver.evicted == [1])
        #expect(policy.currentAge == 1.0e6 / 200)
        let age: Double = 1.0e6 / 200
        #expect(try #require(policy.priority(of: 3)) == age + 1.0e6 / 100)
        driver.request((2, 200))
        let lifted: Double = age + 2.0e6 / 200
        #expect(try #require(policy.priority(of: 2)) == lifted, "a hit recomputes with the current L")
    }

    @Test("gdsf: unsized, every entry weighs 1 and it is LFU with ageing: an old frequent entry is eventually aged out")
    func gdsfUnsizedAgeing() {
        let driver = SizedDriver(GDSFPolicy(), capacity: 2)
        driver.request(1, 1, 1)  // 1: priority 3 × 10⁶
        driver.request(2, 3)  // 2 goes at 10⁶: L = 10⁶, 3 enters at 2 × 10⁶
        driver.request(4)  // 3 goes (2 × 10⁶ < 3 × 10⁶): L = 2 × 10⁶, 4 enters at 3 × 10⁶, tied with 1
        #expect(driver.evicted == [2, 3])
        driver.request(5)
        #expect(driver.evicted == [2, 3, 1], "L caught up with 1's priority: 1, requested before 4, goes")
    }

    // MARK: size

    @Test("size: the largest entry goes first, whatever its use")
    func sizeLargestFirst() {
        let driver = SizedDriver(SizePolicy(sized: true), capacity: 1000)
        driver.request((1, 500), (2, 200), (3, 300), (1, 500), (1, 500))
        driver.request((4, 100))
        #expect(driver.evicted == [1], "1 is the largest; its hits do not save it")
        driver.request((5, 400), (6, 300))
        #expect(driver.evicted == [1, 5], "5 fits without an eviction, then goes for 6")
        driver.request((7, 300))
        #expect(driver.evicted == [1, 5, 3], "3 and 6 tie at 300: 3, inserted first, is on the heap's top")
    }

    @Test("size: among equal sizes the victim is the reference heap's top: the first inserted, then the last moved to the top")
    func sizeTiesFollowTheHeap() {
        let driver = SizedDriver(SizePolicy(), capacity: 4)
        driver.request(1, 2, 3, 4, 2, 3)
        driver.request(5)
        #expect(driver.evicted == [1], "the first inserted is the heap's top")
        driver.request(6, 7, 8)
        #expect(driver.evicted == [1, 4, 5, 6], "the array's last entry takes the top and sinks below no equal child")
    }

    // MARK: lfuda

    @Test("lfuda: a newcomer starts at K = L + 1, L the last victim's priority, so an old frequent entry is eventually aged out")
    func lfudaAgeing() throws {
        let policy = LFUDAPolicy()
        let driver = SizedDriver(policy, capacity: 2)
        driver.request(1, 1, 1, 2)
        driver.request(3)
        #expect(driver.evicted == [2] && policy.currentAge == 1)
        #expect(try #require(policy.priority(of: 3)) == 2)
        driver.request(4)
        #expect(driver.evicted == [2, 3] && policy.currentAge == 2)
        driver.request(5)
        #expect(driver.evicted == [2, 3, 1], "4 entered at 3, tied with 1 (3 requests): 1, requested before 4, goes")
    }

    @Test("lfuda: a hit sets K = F + L with the current L, not the old priority plus L")
    func lfudaHitRecomputes() throws {
        let policy = LFUDAPolicy()
        let driver = SizedDriver(policy, capacity: 2)
        driver.request(1, 2, 2)
        driver.request(3)
        #expect(driver.evicted == [1] && policy.currentAge == 1)
        driver.request(2)
        #expect(try #require(policy.priority(of: 2)) == 4, "F = 3, L = 1 (the old K + L would be 3)")
    }

    @Test("lfuda: sizes play no part in the priority; sized, entries go one at a time until the newcomer fits")
    func lfudaIgnoresSizes() {
        let driver = SizedDriver(LFUDAPolicy(), capacity: 1000)
        driver.request((1, 800), (2, 100), (1, 800))
        driver.request((3, 200))
        #expect(driver.evicted == [2], "2 has K = 1, 1 has K = 2: the small one goes, and 1000 bytes are then enough")
        driver.request((4, 300))
        #expect(driver.evicted == [2, 1], "1 and 3 both have K = 2 (L + 1 and 0 + 2): 1, requested before 3, goes, large as it is")
    }

    // MARK: belady-size

    @Test("belady-size: the largest size × distance to the next request goes first, not the entry requested furthest ahead")
    func beladySizeScore() {
        let stream: [(id: Int, size: Int)] = [(1, 600), (2, 100), (3, 300), (4, 100), (4, 100), (1, 600), (3, 300), (4, 100), (2, 100)]
        let policy = BeladySizePolicy(future: stream.map { UInt64($0.id) }, sized: true, samples: 0)
        let driver = SizedDriver(policy, capacity: 1000)
        driver.request(stream[0], stream[1], stream[2], stream[3])
        #expect(driver.evicted == [1], "at request 3: 1 scores 600 × 2, 3 scores 300 × 3, 2 (furthest) 100 × 5")
    }

    @Test("belady-size: among equal scores the entry requested again later goes first")
    func beladySizeTies() {
        let stream: [(id: Int, size: Int)] = [(1, 200), (2, 100), (3, 100), (3, 100), (1, 200), (3, 100), (2, 100)]
        let policy = BeladySizePolicy(future: stream.map { UInt64($0.id) }, sized: true, samples: 0)
        let driver = SizedDriver(policy, capacity: 300)
        driver.request(stream[0], stream[1], stream[2])
        #expect(driver.evicted == [2], "1 scores 200 × 2 and 2 scores 100 × 4: equal, and 2 comes back later")
    }

    @Test("belady-size: an entry never requested again is not kept: room is made for it, then it leaves; a hit on its last request drops it")
    func beladySizeDropsTheNeverAgain() {
        let ids = [1, 2, 3, 1, 2]
        let policy = BeladySizePolicy(future: ids.map { UInt64($0) }, samples: 0)
        let driver = SizedDriver(policy, capacity: 2)
        driver.request(1, 2, 3)
        #expect(driver.evicted == [2, 3], "2 (back at request 4) made room for 3, which never comes back")
        driver.request(1)
        #expect(driver.evicted == [2, 3, 1] && driver.resident.isEmpty, "1's last request is a hit that drops it")
        driver.request(2)
        #expect(driver.evicted == [2, 3, 1, 2])
    }
}
