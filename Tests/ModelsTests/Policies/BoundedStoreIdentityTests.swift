import Models
import Testing

/// Records the identities a store hands its policy; evicts first in, first out.
private final class IdentitySpy: EvictionPolicy {
    var identities: [UInt64] = []
    private let fifo = FIFOPolicy()
    var name: PolicyName { .fifo }
    func willInsert(identity: UInt64) { identities.append(identity) }
    func didInsert(_ slot: Int) { fifo.didInsert(slot) }
    func didAccess(_ slot: Int) {}
    func didRemove(_ slot: Int) { fifo.didRemove(slot) }
    func didRemoveAll() { fifo.didRemoveAll() }
    func victim(skipping skip: (Int) -> Bool) -> Int? { fifo.victim(skipping: skip) }
}

private final class Box {}

@Suite("BoundedStore identities")
struct BoundedStoreIdentityTests {
    @Test("a key's identity is numbered by first insertion, the same in every process, and kept across removal")
    func identitiesFollowInsertionOrder() {
        let spy = IdentitySpy()
        let store = BoundedStore<String, Box>(costLimit: 2, policy: spy)
        for key in ["b", "a", "c", "b", "d", "a"] { store.setValue(Box(), forKey: key, cost: 1) }
        // "b" and "a" were evicted before they came back: they keep their first numbers.
        #expect(spy.identities == [1, 2, 3, 1, 4, 2])
    }

    @Test("identities of keys long gone are forgotten, so a store fed ever new keys stays bounded")
    func identitiesOfGoneKeysAreForgotten() {
        let spy = IdentitySpy()
        let store = BoundedStore<Int, Box>(costLimit: 1, policy: spy)
        store.setValue(Box(), forKey: -1, cost: 1)
        for key in 0..<10_000 { store.setValue(Box(), forKey: key, cost: 1) }
        store.setValue(Box(), forKey: -1, cost: 1)
        // -1 left the store 10,000 insertions ago: its identity was forgotten, it gets a new one.
        #expect(spy.identities.first == 1)
        #expect(spy.identities.last == 10_002)
        // A key that left recently is still known.
        store.setValue(Box(), forKey: 9_998, cost: 1)
        #expect(spy.identities.last == 10_000)
    }
}
