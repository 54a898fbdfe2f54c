import Foundation
import Testing

@testable import Models

/// YMCache's two write variants (NOTES.md: the document is the specification, the code a second
/// variant): `synchronous` (the code, the default) makes `remove(keys:)`, `removeAll` and the
/// loader synchronous barriers; `asynchronous` (the document: "all write operations occur
/// asynchronously") writes them as `set` is.
@Suite("ReaderWriterStore write modes")
struct ReaderWriterStoreWriteModeTests {
    static let designs = StoreDesignName.allCases

    /// Holds `store`'s write access (a synchronous write of the design) from a background thread
    /// until ``release()``: every synchronous write waits meanwhile, an asynchronous one queues.
    final class HeldWrite: Sendable {
        private let entered = DispatchSemaphore(value: 0)
        private let released = DispatchSemaphore(value: 0)
        private let done = DispatchSemaphore(value: 0)

        init<Key, Value>(_ store: ReaderWriterStore<Key, Value>) {
            Thread { [self] in
                var signalled = false
                store.storage.write { _ in
                    guard !signalled else { return }
                    signalled = true
                    self.entered.signal()
                    _ = self.released.wait(timeout: .now() + 5)
                }
                self.done.signal()
            }.start()
            _ = entered.wait(timeout: .now() + 5)
        }

        func release() {
            released.signal()
            _ = done.wait(timeout: .now() + 10)
        }
    }

    /// Runs `body` on a new thread; the returned flag turns true when it has returned.
    static func inBackground(_ body: @escaping @Sendable () -> Void) -> Shared<Bool> {
        let returned = Shared(false)
        Thread {
            body()
            returned.set(true)
        }.start()
        return returned
    }

    @Test("the store's writes are synchronous by default", arguments: designs)
    func synchronousByDefault(design: StoreDesignName) {
        #expect(Store(design: design).writes == .synchronous)
    }

    // MARK: remove(keys:) and removeAll

    @Test("synchronous writes: remove(keys:) and removeAll wait for an earlier write, and remove(keys:) counts", arguments: designs)
    func synchronousRemovalsWait(design: StoreDesignName) {
        let store = Store(design: design, writes: .synchronous)
        store.addEntries(["a": 1, "b": 2])
        let held = HeldWrite(store)
        let removed = Shared<Int?>(nil)
        let removal = Self.inBackground { removed.set(store.remove(keys: ["a", "zzz"])) }
        let clearing = Self.inBackground { store.removeAll() }
        usleep(100_000)
        #expect(!removal.get(), "remove(keys:) returned while an earlier write held the store")
        #expect(!clearing.get(), "removeAll returned while an earlier write held the store")
        held.release()
        #expect(waitUntil { removal.get() && clearing.get() })
        #expect(store.count == 0)
        #expect(removed.get() == 1 || removed.get() == 0, "a count, however the two removals were ordered")
    }

    @Test("asynchronous writes: gcd-barrier's remove(keys:) and removeAll return once enqueued, as its set does")
    func asynchronousRemovalsReturnAtOnce() {
        let store = Store(design: .gcdBarrier, writes: .asynchronous)
        store.addEntries(["a": 1, "b": 2, "c": 3])
        let held = HeldWrite(store)
        let returned = Self.inBackground {
            #expect(store.remove(keys: ["a"]) == nil, "how many existed is not known when it returns")
            store.removeAll()
        }
        #expect(waitUntil(timeout: 2) { returned.get() }, "the removals waited for the earlier write")
        held.release()
        #expect(store.count == 0, "a read after the removals waits for them")
    }

    @Test("asynchronous writes: removals are applied, reported and ordered before later reads in every design", arguments: designs)
    func asynchronousRemovalsKeepTheRules(design: StoreDesignName) {
        let store = Store(design: design, writes: .asynchronous)
        store.notificationInterval = 1_000
        store.addEntries(["a": 1, "b": 2])
        store.flushNotifications()
        #expect(store.remove(keys: ["a", "absent"]) == nil)
        #expect(store["a"] == nil && store["b"] == 2)
        #expect(store.flushNotifications() == StoreChange(removed: ["a"]), "only keys that existed are reported")
        store["c"] = 3
        store.removeAll()
        #expect(store.allItems().isEmpty)
        #expect(store.flushNotifications() == StoreChange(removed: ["b", "c"]))
        #expect(store.invariantViolation() == nil)
        store.notificationInterval = 0
    }

    // MARK: The loader

    @Test("synchronous writes: the loader runs inside a write, so another thread's write waits for the load", arguments: designs)
    func synchronousLoaderHoldsTheStore(design: StoreDesignName) {
        let store = Store(design: design, writes: .synchronous)
        let loading = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let loaded = Self.inBackground {
            _ = try? store.value(forKey: "k") { _ in
                loading.signal()
                _ = finish.wait(timeout: .now() + 5)
                return 1
            }
        }
        _ = loading.wait(timeout: .now() + 5)
        let written = Self.inBackground { store.storage.write { _ in } }
        usleep(100_000)
        #expect(!written.get(), "a write ran while the loader was loading")
        finish.signal()
        #expect(waitUntil { loaded.get() && written.get() })
        #expect(store["k"] == 1)
    }

    @Test("asynchronous writes: the loader runs outside any lock, so another thread's write goes on during the load", arguments: designs)
    func asynchronousLoaderHoldsNothing(design: StoreDesignName) {
        let store = Store(design: design, writes: .asynchronous)
        let loading = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let result = Shared<Int?>(nil)
        let loaded = Self.inBackground {
            let value = try? store.value(forKey: "k") { _ in
                loading.signal()
                _ = finish.wait(timeout: .now() + 5)
                return 1
            }
            result.set(value ?? nil)
        }
        _ = loading.wait(timeout: .now() + 5)
        let written = Self.inBackground { store.storage.write { _ in } }
        #expect(waitUntil(timeout: 2) { written.get() }, "a write waited for the loader")
        #expect(store["other"] == nil, "a read waited for the loader")
        finish.signal()
        #expect(waitUntil { loaded.get() })
        #expect(result.get() == 1)
        #expect(store["k"] == 1, "the loaded value is stored, and a later read sees it")
    }

    @Test("asynchronous writes: a value set during the load wins; the call still returns what it loaded", arguments: designs)
    func asynchronousLoadStoresOnlyIfAbsent(design: StoreDesignName) {
        let store = Store(design: design, writes: .asynchronous)
        store.notificationInterval = 1_000
        let loading = DispatchSemaphore(value: 0)
        let finish = DispatchSemaphore(value: 0)
        let result = Shared<Int?>(nil)
        let loaded = Self.inBackground {
            let value = try? store.value(forKey: "k") { _ in
                loading.signal()
                _ = finish.wait(timeout: .now() + 5)
                return 1
            }
            result.set(value ?? nil)
        }
        _ = loading.wait(timeout: .now() + 5)
        store["k"] = 7
        finish.signal()
        #expect(waitUntil { loaded.get() })
        #expect(result.get() == 1)
        #expect(store["k"] == 7)
        #expect(store.flushNotifications() == StoreChange(updated: ["k": 7]))
        store.notificationInterval = 0
    }

    @Test("asynchronous writes: a loaded value counts as an update, a nil one stores nothing, a throwing one reaches the caller", arguments: designs)
    func asynchronousLoaderOutcomes(design: StoreDesignName) throws {
        struct LoadFailed: Error, Equatable {}
        let store = Store(design: design, writes: .asynchronous)
        store.notificationInterval = 1_000
        #expect(try store.value(forKey: "a") { _ in 3 } == 3)
        #expect(try store.value(forKey: "a") { _ in 4 } == 3, "a hit does not load")
        #expect(try store.value(forKey: "none") { _ in nil } == nil)
        #expect(throws: LoadFailed()) { try store.value(forKey: "b") { _ in throw LoadFailed() } }
        #expect(store.allItems() == ["a": 3])
        #expect(store.flushNotifications() == StoreChange(updated: ["a": 3]))
        store.notificationInterval = 0
    }

    @Test("asynchronous writes: a loader calling the store is still refused", arguments: designs)
    func asynchronousLoaderReentrancy(design: StoreDesignName) {
        let store = Store(design: design, writes: .asynchronous)
        #expect(throws: ReaderWriterStoreError.reentrantCall(operation: "subscript get")) {
            try store.value(forKey: "a") { _ in store["other"] ?? 5 }
        }
        #expect(store.count == 0)
    }

    @Test("asynchronous writes: a purge removes the chosen keys and returns how many it chose", arguments: designs)
    func asynchronousPurge(design: StoreDesignName) throws {
        let store = Store(design: design, evictionDecider: { _, value, _ in value > 1 }, writes: .asynchronous)
        store.addEntries(["a": 1, "b": 2, "c": 3])
        #expect(try store.purge() == 2)
        #expect(store.allItems() == ["a": 1])
    }
}
