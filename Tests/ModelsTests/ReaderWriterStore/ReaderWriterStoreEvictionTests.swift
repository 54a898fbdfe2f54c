import Foundation
import Models
import Testing

/// The eviction rules of YMCache.md and its notes, run against every design.
@Suite("ReaderWriterStore eviction")
struct ReaderWriterStoreEvictionTests {
    static let designs = StoreDesignName.allCases

    @Test("without a decider purge does nothing and the eviction interval stays 0", arguments: designs)
    func noDecider(design: StoreDesignName) throws {
        let store = Store(design: design)
        store.addEntries(["a": 1])
        #expect(try store.purge(context: "anything") == 0)
        #expect(store.allItems() == ["a": 1])
        store.evictionInterval = 5
        #expect(store.evictionInterval == 0)
    }

    @Test("with a decider the eviction interval defaults to 600 s", arguments: designs)
    func defaultInterval(design: StoreDesignName) {
        let store = Store(design: design) { _, _, _ in false }
        #expect(store.evictionInterval == 600)
        store.evictionInterval = 0
        #expect(store.evictionInterval == 0)
    }

    @Test("purge removes the keys the decider chooses and reports them removed", arguments: designs)
    func purgeRemovesChosen(design: StoreDesignName) throws {
        let store = Store(design: design) { _, value, _ in value.isMultiple(of: 2) }
        store.notificationInterval = 1_000
        store.addEntries(["a": 1, "b": 2, "c": 3, "d": 4])
        store.flushNotifications()
        #expect(try store.purge() == 2)
        #expect(store.allItems() == ["a": 1, "c": 3])
        #expect(store.flushNotifications() == StoreChange(removed: ["b", "d"]))
    }

    @Test("the decider sees the caller's context, on the caller's thread, once per item", arguments: designs)
    func deciderSeesContext(design: StoreDesignName) throws {
        let seen = Shared<[(key: String, context: String?, thread: UInt)]>([])
        let store = Store(design: design) { key, _, context in
            let thread = currentThread
            seen.update { $0.append((key, context as? String, thread)) }
            return false
        }
        store.addEntries(["a": 1, "b": 2])
        try store.purge(context: "memory warning")
        let calls = seen.get()
        #expect(calls.map(\.key).sorted() == ["a", "b"])
        #expect(calls.allSatisfy { $0.context == "memory warning" })
        #expect(calls.allSatisfy { $0.thread == currentThread })
    }

    @Test("timer purges run on a background thread and pass no context", arguments: designs)
    func timerPurge(design: StoreDesignName) {
        let seen = Shared<[(context: Bool, thread: UInt)]>([])
        let store = Store(design: design) { _, _, context in
            let thread = currentThread
            seen.update { $0.append((context != nil, thread)) }
            return true
        }
        store.addEntries(["a": 1])
        store.evictionInterval = 0.03
        #expect(waitUntil { store.count == 0 })
        store.evictionInterval = 0
        let calls = seen.get()
        #expect(!calls.isEmpty)
        #expect(calls.allSatisfy { !$0.context && $0.thread != currentThread })
    }

    @Test("setting the eviction interval to 0 cancels the timer", arguments: designs)
    func zeroCancelsTimer(design: StoreDesignName) {
        let calls = Shared(0)
        let store = Store(design: design) { _, _, _ in
            calls.update { $0 += 1 }
            return true
        }
        store.addEntries(["a": 1])
        store.evictionInterval = 0.05
        store.evictionInterval = 0
        usleep(200_000)
        #expect(calls.get() == 0)
        #expect(store.count == 1)
    }

    @Test("a timer purge whose decider calls the store reports reentrantCall", arguments: designs)
    func timerPurgeReentrancy(design: StoreDesignName) {
        let holder = Shared<Store?>(nil)
        let errors = Shared<[ReaderWriterStoreError]>([])
        let store = Store(design: design) { _, _, _ in
            _ = holder.get()?.count
            return true
        }
        holder.set(store)
        defer { holder.set(nil) }
        store.onBackgroundError = { error in errors.update { $0.append(error) } }
        store.addEntries(["a": 1])
        store.evictionInterval = 0.03
        #expect(waitUntil { !errors.get().isEmpty })
        store.evictionInterval = 0
        #expect(errors.get().first == .reentrantCall(operation: "count"))
        #expect(store.count == 1, "nothing was evicted")
    }
}
