import CustomCache
import Models
import Testing

@Suite("LRU-2")
struct LRU2PolicyTests {
    static func victim(after events: [(String, Int)]) -> Int? {
        let policy = LRU2Policy(PolicyContext())
        for (event, slot) in events {
            if event == "insert" { policy.didInsert(slot) } else { policy.didAccess(slot) }
        }
        return policy.victim(skipping: { _ in false })
    }

    @Test("an entry seen once goes before any entry seen twice, however recent")
    func seenOnceGoesFirst() {
        #expect(Self.victim(after: [("insert", 0), ("access", 0), ("insert", 1), ("insert", 2)]) == 1)
    }

    @Test("among entries seen twice, the one whose second most recent access is oldest goes first")
    func oldestPenultimateGoesFirst() {
        // 0: accesses at 1, 4; 1: at 2, 3, 5 (penultimate 3). 0's penultimate (1) is older.
        #expect(Self.victim(after: [("insert", 0), ("insert", 1), ("access", 1), ("access", 0), ("access", 1)]) == 0)
    }

    @Test("registered by name, it replays like any policy")
    func registeredByName() throws {
        if PolicyRegistry.descriptor(named: LRU2Policy.policyName) == nil {
            try PolicyRegistry.register(LRU2Policy.self)
        }
        let stream: [UInt32] = [1, 2, 1, 3, 4, 1, 2, 5, 1]
        // Capacity 2: 1 is seen twice early and stays; the others come and go.
        #expect(CacheReplay.misses(of: LRU2Policy.policyName, capacity: 2, requests: stream) == 6)
    }
}
