import Models
import Testing

/// Cost-aware eviction in the app caches: a store passes each entry's stated cost of re-creation
/// to a policy that weighs it (`gdsf`, `greedy-dual`), and the controller cache counts the
/// instantiations that re-make what it let go.
@Suite("Cost-aware eviction")
struct CostAwareEvictionTests {
    final class Value {}

    /// The keys `policy` keeps of a store of 2 after `a` (cost 24), `b` and `c` (cost 2) go in.
    static func kept(_ policy: any EvictionPolicy, costs: [String: Double] = ["a": 24, "b": 2, "c": 2]) -> Set<String> {
        let store = BoundedStore<String, Value>(costLimit: 2, policy: policy)
        for key in ["a", "b", "c"] { store.setValue(Value(), forKey: key, cost: 1, recreationCost: costs[key]) }
        return Set(store.keys)
    }

    @Test("greedy-dual: of two entries the cheaper to re-create goes first, though the costly one is the least recently used")
    func greedyDualEvictsTheCheaper() {
        #expect(Self.kept(GreedyDualPolicy()) == ["a", "c"])
        #expect(Self.kept(LRUPolicy()) == ["b", "c"])
    }

    @Test("greedy-dual: with equal costs it evicts what lru evicts")
    func greedyDualWithEqualCostsIsLRU() {
        var rng: UInt64 = 7
        func run(_ policy: any EvictionPolicy) -> [String] {
            let store = BoundedStore<String, Value>(costLimit: 4, policy: policy)
            var misses: [String] = []
            for _ in 0..<2000 {
                rng = rng &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
                let key = "k\((rng >> 33) % 9)"
                if store.value(forKey: key) == nil {
                    misses.append(key)
                    store.setValue(Value(), forKey: key, cost: 1, recreationCost: 4e6)
                }
            }
            return misses
        }
        rng = 7
        let lru = run(LRUPolicy())
        rng = 7
        #expect(run(GreedyDualPolicy()) == lru)
    }

    @Test("greedy-dual: an entry's credit drains as the age rises: a costly entry not used again goes in the end")
    func greedyDualCreditDrains() {
        let store = BoundedStore<String, Value>(costLimit: 2, policy: GreedyDualPolicy())
        store.setValue(Value(), forKey: "costly", cost: 1, recreationCost: 5)
        for index in 0..<6 { store.setValue(Value(), forKey: "cheap\(index)", cost: 1, recreationCost: 2) }
        #expect(store.value(forKey: "costly") == nil)
    }

    @Test("gdsf: at equal frequency and size the cheaper to re-create goes first; without stated costs every entry costs 1")
    func gdsfWeighsRecreationCost() {
        #expect(Self.kept(GDSFPolicy()) == ["a", "c"])
        // Without costs: a, b, c all cost 1 and were used once; the oldest request (a) goes first.
        #expect(Self.kept(GDSFPolicy(), costs: [:]) == ["b", "c"])
    }

    @Test("a store passes a stated cost only to a policy that weighs it: lru's choices do not change")
    func storePassesRecreationCostToCostAwarePolicies() {
        #expect(Self.kept(LRUPolicy()) == Self.kept(LRUPolicy(), costs: [:]))
    }

    final class Cheap: ViewController {}
    final class Costly: ViewController {}

    @Test("the controller cache counts an instantiation that re-makes a controller it evicted as a re-creation")
    func controllerCacheCountsRecreations() {
        let runLoop = RunLoop(refreshRate: 60)
        let cache = ControllerCache(configuration: .init(capacity: 1, policy: .lru, inUseMode: .repopulate, seed: 1), runLoop: runLoop)
        _ = cache.controller(for: Cheap.self)
        _ = cache.controller(for: Costly.self)  // evicts Cheap
        #expect(cache.statistics.recreations == 0)
        _ = cache.controller(for: Cheap.self)  // re-made
        #expect(cache.statistics.recreations == 1)
        let none = ControllerCache(configuration: .init(capacity: 0, policy: .none, inUseMode: .repopulate, seed: 1), runLoop: runLoop)
        for _ in 0..<3 { _ = none.controller(for: Cheap.self) }
        #expect(none.statistics.recreations == 2, "with none, every instantiation of a type after its first")
    }

    @Test("the controller cache passes each type's stated cost to gdsf: the costly type stays")
    func controllerCachePassesTypeCosts() {
        let runLoop = RunLoop(refreshRate: 60)
        let cache = ControllerCache(configuration: .init(capacity: 2, policy: .gdsf, inUseMode: .repopulate, seed: 1), runLoop: runLoop)
        let costly = ControllerType(name: "product", recreationCost: 24e6) { ViewController() }
        let cheap = (0..<3).map { ControllerType(name: "row\($0)", recreationCost: 2e6) { ViewController() } }
        _ = cache.controller(for: costly)
        for type in cheap { _ = cache.controller(for: type) }
        #expect(cache.cachedInstances(of: costly).count == 1)
    }
}
