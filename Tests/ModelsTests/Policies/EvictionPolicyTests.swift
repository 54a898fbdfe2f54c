import Models
import Testing

@Suite("Eviction policies")
struct EvictionPolicyTests {
    @Test("lru picks the least recently used key")
    func lruOrder() {
        let policy = LRUPolicy()
        for key in 1...3 { policy.didInsert(key) }
        policy.didAccess(1)
        #expect(policy.victim(skipping: { _ in false }) == 2)
        policy.didRemove(2)
        #expect(policy.victim(skipping: { _ in false }) == 3)
        #expect(policy.victim(skipping: { $0 == 3 }) == 1)
    }

    @Test("fifo picks the first inserted key, whatever was accessed")
    func fifoOrder() {
        let policy = FIFOPolicy()
        for key in 1...3 { policy.didInsert(key) }
        policy.didAccess(1)
        #expect(policy.victim(skipping: { _ in false }) == 1)
        #expect(policy.victim(skipping: { $0 == 1 }) == 2)
    }

    @Test("random is deterministic for a seed and honours skipping")
    func randomSeeded() {
        func draws(_ seed: UInt64) -> [Int] {
            let policy = RandomPolicy(seed: seed)
            for key in 0..<50 { policy.didInsert(key) }
            return (0..<20).compactMap { _ in policy.victim(skipping: { _ in false }) }
        }
        #expect(draws(9) == draws(9))
        #expect(draws(9) != draws(10))
        let policy = RandomPolicy(seed: 1)
        for key in 0..<5 { policy.didInsert(key) }
        for _ in 0..<20 { #expect(policy.victim(skipping: { $0 != 4 }) == 4) }
        #expect(policy.victim(skipping: { _ in true }) == nil)
    }

    @Test("none never yields a victim")
    func noneHasNoVictim() {
        let policy = PolicyName.none.makePolicy(seed: 1)
        policy.didInsert(1)
        #expect(policy.victim(skipping: { _ in false }) == nil)
        #expect(!PolicyName.none.caches)
    }

    @Test("the store evicts in policy order down to its cost limit and asks the handler first")
    func storeEnforcesLimit() {
        final class Box { let id: Int; init(_ id: Int) { self.id = id } }
        let store = BoundedStore<String, Box>(costLimit: 3, policy: LRUPolicy())
        var offered: [String] = []
        store.evictionHandler = { key, _ in
            offered.append(key)
            return key == "a" ? .keep(cost: 1) : .evict
        }
        store.setValue(Box(1), forKey: "a", cost: 2)
        store.setValue(Box(2), forKey: "b", cost: 1)
        store.setValue(Box(3), forKey: "c", cost: 1)
        #expect(offered == ["a"], "a was offered first and kept at a lower cost")
        #expect(store.totalCost == 3)
        store.setValue(Box(4), forKey: "d", cost: 1)
        #expect(offered == ["a", "a", "b"])
        #expect(store.peek("b") == nil)
        #expect(store.evictionCount == 1)
        store.removeValue(forKey: "c")
        #expect(offered.count == 3, "manual removal never asks the handler")
        store.setValue(Box(5), forKey: "e", cost: 1)
        #expect(store.peek("e") != nil, "a freed slot is reused")
        #expect(Set(store.keys) == ["a", "d", "e"])
    }

    @Test("oldest-first shedding follows insertion order, whatever the policy saw since; a replaced value keeps its age")
    func storeShedsOldestFirst() {
        final class Box { let id: Int; init(_ id: Int) { self.id = id } }
        let store = BoundedStore<String, Box>(costLimit: 0, policy: LRUPolicy())
        var offered: [String] = []
        store.evictionHandler = { key, _ in
            offered.append(key)
            return key == "b" ? .keep(cost: 1) : .evict
        }
        for key in ["a", "b", "c", "d"] { store.setValue(Box(0), forKey: key, cost: 1) }
        _ = store.value(forKey: "a")  // most recently used
        store.setValue(Box(1), forKey: "a", cost: 1)  // replaced: still the oldest
        store.trim(toCost: 2, order: .oldestFirst)
        #expect(offered == ["a", "b", "c"], "b is kept, so c goes too")
        #expect(Set(store.keys) == ["b", "d"])
        offered.removeAll()
        store.evictAll(order: .oldestFirst)
        #expect(offered == ["b", "d"])
        #expect(store.keys == ["b"])
    }
}
