import Foundation
import Models
import Testing

#if canImport(CDispatch)
    import CDispatch
#endif

/// One test per access rule of YMCache.md and its notes, run against every design.
@Suite("ReaderWriterStore")
struct ReaderWriterStoreTests {
    static let designs = StoreDesignName.allCases

    @Test("the design names are the scenario spellings", arguments: designs)
    func designNames(design: StoreDesignName) {
        #expect(StoreDesignName(rawValue: design.rawValue) == design)
        #expect(Store(design: design).design == design)
        #expect(Set(StoreDesignName.allCases.map(\.rawValue)) == ["gcd-barrier", "rwlock", "mutex", "big-reader", "left-right", "replicated", "optimistic"])
    }

    @Test("a set value is read back; setting nil removes the key", arguments: designs)
    func setGetRemove(design: StoreDesignName) {
        let store = Store(design: design)
        #expect(store["a"] == nil)
        store["a"] = 1
        #expect(store["a"] == 1)
        store["a"] = 2
        #expect(store["a"] == 2)
        store["a"] = nil
        #expect(store["a"] == nil)
        #expect(store.count == 0)
        #expect(store.invariantViolation() == nil)
    }

    @Test("a read that starts after a write has returned sees it", arguments: designs)
    func readAfterWrite(design: StoreDesignName) {
        let store = Store(design: design)
        for round in 0..<500 {
            store["k"] = round
            #expect(store["k"] == round)
            store.addEntries(["b\(round)": round, "k": round + 1])
            #expect(store["b\(round)"] == round)
            #expect(store["k"] == round + 1)
            store["k"] = nil
            #expect(store["k"] == nil)
        }
        #expect(store.count == 500)
    }

    @Test("reads run on the caller's thread", arguments: designs)
    func readsOnCallersThread(design: StoreDesignName) {
        let storage = design.makeDesign()
        var read = ThreadRecordingRead()
        storage.read(&read)
        #expect(read.thread == currentThread)
    }

    @Test("addEntries adds or replaces every entry in one operation", arguments: designs)
    func addEntries(design: StoreDesignName) {
        let store = Store(design: design)
        store["a"] = 0
        store.addEntries(["a": 1, "b": 2, "c": 3])
        #expect(store.allItems() == ["a": 1, "b": 2, "c": 3])
        store.addEntries([:])
        #expect(store.count == 3)
    }

    @Test("remove(keys:) removes only the listed keys and counts those that existed", arguments: designs)
    func removeKeys(design: StoreDesignName) {
        let store = Store(design: design)
        store.addEntries(["a": 1, "b": 2, "c": 3])
        #expect(store.remove(keys: ["a", "c", "zzz"]) == 2)
        #expect(store.allItems() == ["b": 2])
        #expect(store.remove(keys: []) == 0)
    }

    @Test("removeAll empties the store", arguments: designs)
    func removeAll(design: StoreDesignName) {
        let store = Store(design: design)
        store.addEntries(["a": 1, "b": 2])
        store.removeAll()
        #expect(store.allItems().isEmpty)
        #expect(store.count == 0)
    }

    @Test("allItems is a snapshot that later writes do not change", arguments: designs)
    func allItemsSnapshot(design: StoreDesignName) {
        let store = Store(design: design)
        store.addEntries(["a": 1, "b": 2])
        let snapshot = store.allItems()
        store["a"] = 10
        store.removeAll()
        #expect(snapshot == ["a": 1, "b": 2])
    }

    // MARK: Get with loader

    @Test("a miss runs the loader once and stores its value", arguments: designs)
    func loaderOnMiss(design: StoreDesignName) throws {
        let store = Store(design: design)
        var calls: [String] = []
        let value = try store.value(forKey: "a") { key in
            calls.append(key)
            return 7
        }
        #expect(value == 7)
        #expect(calls == ["a"])
        #expect(store["a"] == 7)
    }

    @Test("a hit does not run the loader", arguments: designs)
    func loaderNotOnHit(design: StoreDesignName) throws {
        let store = Store(design: design)
        store["a"] = 1
        var calls = 0
        let value = try store.value(forKey: "a") { _ in
            calls += 1
            return 2
        }
        #expect(value == 1)
        #expect(calls == 0)
    }

    @Test("a loader returning nil stores nothing", arguments: designs)
    func loaderNil(design: StoreDesignName) throws {
        let store = Store(design: design)
        store.notificationInterval = 100
        #expect(try store.value(forKey: "a") { _ in nil } == nil)
        #expect(store.count == 0)
        #expect(store.flushNotifications() == nil)
    }

    @Test("a throwing loader stores nothing and its error reaches the caller", arguments: designs)
    func loaderThrows(design: StoreDesignName) {
        struct LoadFailed: Error, Equatable {}
        let store = Store(design: design)
        #expect(throws: LoadFailed()) { try store.value(forKey: "a") { _ in throw LoadFailed() } }
        #expect(store.count == 0)
    }

    @Test("a loaded value counts as an update", arguments: designs)
    func loadedValueIsUpdate(design: StoreDesignName) throws {
        let store = Store(design: design)
        store.notificationInterval = 100
        _ = try store.value(forKey: "a") { _ in 3 }
        #expect(store.flushNotifications() == StoreChange(updated: ["a": 3]))
    }

    // MARK: Reentrancy

    @Test("a loader calling the store is refused and the load throws reentrantCall", arguments: designs)
    func loaderReentrancy(design: StoreDesignName) {
        let store = Store(design: design)
        store["other"] = 1
        var seen: Int? = -1
        #expect(throws: ReaderWriterStoreError.reentrantCall(operation: "subscript get")) {
            try store.value(forKey: "a") { _ in
                seen = store["other"]
                return 5
            }
        }
        #expect(seen == nil, "the refused read returns nil")
        #expect(store["a"] == nil, "nothing is stored")
        #expect(store["other"] == 1, "the store still works afterwards")
    }

    @Test("every store operation from a loader is refused without deadlock", arguments: designs)
    func loaderReentrancyEveryOperation(design: StoreDesignName) throws {
        let store = Store(design: design)
        let directory = try TemporaryDirectory()
        defer { directory.cleanUp() }
        let operations: [(String, () throws -> Void)] = [
            ("subscript set", { store["x"] = 1 }),
            ("count", { _ = store.count }),
            ("allItems()", { _ = store.allItems() }),
            ("addEntries(_:)", { store.addEntries(["x": 1]) }),
            ("remove(keys:)", { store.remove(keys: ["x"]) }),
            ("removeAll()", { store.removeAll() }),
            ("value(forKey:loader:)", { _ = try store.value(forKey: "x") { _ in 1 } }),
            ("purge(context:)", { try store.purge() }),
            ("notificationInterval", { store.notificationInterval = 1 }),
            ("flushNotifications()", { store.flushNotifications() }),
            ("save(to:)", { try store.save(to: directory.file()) }),
            ("load(from:)", { try store.load(from: directory.file()) }),
        ]
        for (name, operation) in operations {
            #expect(throws: ReaderWriterStoreError.reentrantCall(operation: name)) {
                try store.value(forKey: "a") { _ in
                    try? operation()
                    return 1
                }
            }
        }
        #expect(store.count == 0)
        #expect(store.notificationInterval == 0)
        #expect(directory.contents.isEmpty)
    }

    @Test("a decider calling the store is refused and purge throws reentrantCall", arguments: designs)
    func deciderReentrancy(design: StoreDesignName) {
        let holder = Shared<Store?>(nil)
        let store = Store(design: design) { _, _, _ in
            holder.get()?["c"] = 3
            return true
        }
        holder.set(store)
        defer { holder.set(nil) }
        store.addEntries(["a": 1, "b": 2])
        #expect(throws: ReaderWriterStoreError.reentrantCall(operation: "subscript set")) { try store.purge() }
        #expect(store.allItems() == ["a": 1, "b": 2], "nothing removed, nothing added")
    }

    @Test("a store called from another store's loader is not refused", arguments: designs)
    func otherStoreNotReentrant(design: StoreDesignName) throws {
        let first = Store(design: design)
        let second = Store(design: design)
        second["b"] = 2
        let value = try first.value(forKey: "a") { _ in second["b"] }
        #expect(value == 2)
        #expect(first["a"] == 2)
    }

    @Test("errors describe themselves in one short line")
    func errorDescriptions() {
        #expect(
            ReaderWriterStoreError.reentrantCall(operation: "purge(context:)").description
                == "reentrant call: purge(context:) called from inside an eviction decider or loader of the same store")
        #expect(ReaderWriterStoreError.wrongRootType(path: "/x.json").description == "/x.json: wrong root type")
        #expect(ReaderWriterStoreError.corruptFile(path: "/x", reason: "bad").description == "/x: corrupt: bad")
    }
}

/// A read that notes the thread it runs on.
struct ThreadRecordingRead: StoreRead {
    var thread: UInt = 0
    mutating func run(copy: Int) { thread = currentThread }
}

/// Rules of one design, or of the store's identity, rather than of every design.
@Suite("ReaderWriterStore designs")
struct ReaderWriterStoreDesignTests {
    @Test("gcd-barrier's set and bulk add return before their write runs, as the seed's async barriers do")
    func gcdBarrierWritesAreAsynchronous() {
        let store = Store(design: .gcdBarrier)
        let blocker = WriteBlocker(store, key: "blocker")
        store["a"] = 1
        store.addEntries(["b": 2])
        #expect(blocker.isHolding, "set and addEntries returned while an earlier write still held the queue")
        blocker.release()
        #expect(store["a"] == 1, "a read after the set waits for it")
        #expect(store["b"] == 2)
    }

    @Test("the other designs' set has written when it returns", arguments: StoreDesignName.allCases.filter { $0 != .gcdBarrier })
    func otherDesignsWriteSynchronously(design: StoreDesignName) {
        let store = Store(design: design)
        let blocker = WriteBlocker(store, key: "blocker", timeout: 0.5)
        store["a"] = 1
        #expect(!blocker.isHolding, "set waited for the write access held by the loader")
        blocker.release()
        #expect(store["a"] == 1)
    }

    @Test("left-right's reads return while a write is in progress: a writer never blocks a reader")
    func leftRightReadsNeverWait() {
        let store = Store(design: .leftRight)
        store["a"] = 1
        let blocker = WriteBlocker(store, key: "blocker")
        #expect(store["a"] == 1)
        #expect(store.allItems() == ["a": 1])
        #expect(store.count == 1)
        #expect(blocker.isHolding, "the reads returned while the loader still held the write")
        blocker.release()
    }

    @Test("a store keeps its name; without one it has none", arguments: StoreDesignName.allCases)
    func name(design: StoreDesignName) {
        #expect(Store(name: "quotes", design: design).name == "quotes")
        #expect(Store(design: design).name == nil)
    }

    @Test("gcd-barrier labels its queue with the store's name, as the seed does")
    func gcdBarrierQueueLabel() {
        var named = QueueLabelRead()
        StoreDesignName.gcdBarrier.makeDesign(name: "quotes").read(&named)
        #expect(named.label == "workbench.reader-writer-store.gcd-barrier quotes")
        var unnamed = QueueLabelRead()
        StoreDesignName.gcdBarrier.makeDesign().read(&unnamed)
        #expect(unnamed.label == "workbench.reader-writer-store.gcd-barrier")
    }
}

/// A read that notes the label of the dispatch queue it runs on.
struct QueueLabelRead: StoreRead {
    var label = ""
    mutating func run(copy: Int) {
        #if canImport(CDispatch)
            label = String(cString: dispatch_queue_get_label(nil))
        #else
            label = String(cString: __dispatch_queue_get_label(nil))
        #endif
    }
}
