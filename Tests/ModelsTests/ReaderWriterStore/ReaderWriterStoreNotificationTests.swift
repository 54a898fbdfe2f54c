import Foundation
import Models
import Testing

/// The change-tracking and notification rules of YMCache's notes, run against every design.
/// Most tests use a long interval and ``ReaderWriterStore/flushNotifications()``, so that no timer
/// fires during the test; the timing rules use short intervals.
@Suite("ReaderWriterStore notifications")
struct ReaderWriterStoreNotificationTests {
    static let designs = StoreDesignName.allCases
    /// Long enough that the timer never fires during a test.
    static let never: TimeInterval = 1_000

    func trackedStore(_ design: StoreDesignName) -> Store {
        let store = Store(design: design)
        store.notificationInterval = Self.never
        return store
    }

    @Test("the notification interval defaults to 0 and then nothing is tracked", arguments: designs)
    func offByDefault(design: StoreDesignName) {
        let store = Store(design: design)
        let recorder = ChangeRecorder<String, Int>()
        recorder.observe(store)
        #expect(store.notificationInterval == 0)
        store["a"] = 1
        store.remove(keys: ["a"])
        #expect(store.flushNotifications() == nil)
        #expect(recorder.count == 0)
    }

    @Test("setting k=v removes k from removed and puts it in updated", arguments: designs)
    func setMovesToUpdated(design: StoreDesignName) {
        let store = trackedStore(design)
        store["a"] = 1
        store["a"] = nil
        store["a"] = 2
        #expect(store.flushNotifications() == StoreChange(updated: ["a": 2], removed: []))
    }

    @Test("setting k=nil when k exists moves it to removed", arguments: designs)
    func unsetMovesToRemoved(design: StoreDesignName) {
        let store = trackedStore(design)
        store["a"] = 1
        store.flushNotifications()
        store["a"] = 5
        store["a"] = nil
        #expect(store.flushNotifications() == StoreChange(updated: [:], removed: ["a"]))
    }

    @Test("unsetting an absent key changes nothing and posts nothing", arguments: designs)
    func unsetAbsentPostsNothing(design: StoreDesignName) {
        let store = trackedStore(design)
        let recorder = ChangeRecorder<String, Int>()
        recorder.observe(store)
        store["missing"] = nil
        #expect(store.flushNotifications() == nil)
        #expect(recorder.count == 0)
    }

    @Test("add then remove of an absent key reports it removed (not a net delta)", arguments: designs)
    func addThenRemoveReportsRemoved(design: StoreDesignName) {
        let store = trackedStore(design)
        store["new"] = 1
        store["new"] = nil
        #expect(store.flushNotifications() == StoreChange(updated: [:], removed: ["new"]))
    }

    @Test("bulk add records every entry as updated, even unchanged ones", arguments: designs)
    func bulkAddRecordsAll(design: StoreDesignName) {
        let store = trackedStore(design)
        store.addEntries(["a": 1, "b": 2])
        store.flushNotifications()
        store.addEntries(["a": 1, "b": 3])
        #expect(store.flushNotifications() == StoreChange(updated: ["a": 1, "b": 3]))
    }

    @Test("remove(keys:) records only keys that existed", arguments: designs)
    func removeKeysRecordsExisting(design: StoreDesignName) {
        let store = trackedStore(design)
        store.addEntries(["a": 1, "b": 2])
        store.flushNotifications()
        store.remove(keys: ["a", "absent"])
        #expect(store.flushNotifications() == StoreChange(removed: ["a"]))
    }

    @Test("removeAll records every key as removed", arguments: designs)
    func removeAllRecordsEveryKey(design: StoreDesignName) {
        let store = trackedStore(design)
        store.addEntries(["a": 1, "b": 2])
        store.flushNotifications()
        store["c"] = 3
        store.removeAll()
        #expect(store.flushNotifications() == StoreChange(removed: ["a", "b", "c"]))
        #expect(store.invariantViolation() == nil)
    }

    @Test("enabling notifications starts with empty buffers", arguments: designs)
    func enablingStartsEmpty(design: StoreDesignName) {
        let store = Store(design: design)
        store["before"] = 1
        store.notificationInterval = Self.never
        #expect(store.flushNotifications() == nil)
        store["after"] = 2
        #expect(store.flushNotifications() == StoreChange(updated: ["after": 2]))
    }

    @Test("every notification interval above 0 starts with empty buffers", arguments: designs)
    func everyPositiveIntervalStartsWithEmptyBuffers(design: StoreDesignName) {
        let store = trackedStore(design)
        let recorder = ChangeRecorder<String, Int>()
        recorder.observe(store)
        store["a"] = 1
        store.notificationInterval = Self.never / 2
        #expect(store.flushNotifications() == nil, "a was pending under the old interval")
        store["b"] = 2
        store.notificationInterval = Self.never / 2
        store["c"] = 3
        #expect(store.flushNotifications() == StoreChange(updated: ["c": 3]))
        #expect(recorder.changes == [StoreChange(updated: ["c": 3])])
        #expect(store.invariantViolation() == nil)
    }

    @Test("setting the notification interval to 0 discards the pending changes", arguments: designs)
    func settingZeroDiscardsPendingChanges(design: StoreDesignName) {
        let store = trackedStore(design)
        let recorder = ChangeRecorder<String, Int>()
        recorder.observe(store)
        store["a"] = 1
        store.notificationInterval = 0
        // Anything posted would go through the notification queue: a flush waits for it.
        #expect(store.flushNotifications() == nil)
        usleep(50_000)
        #expect(recorder.count == 0, "the pending change was posted: \(recorder.changes)")
        store["b"] = 2
        #expect(store.flushNotifications() == nil)
        #expect(store.invariantViolation() == nil)
        store.notificationInterval = Self.never
        #expect(store.flushNotifications() == nil, "nothing of before comes back")
    }

    @Test("flushNotifications delivers the pending change to every observer and returns it", arguments: designs)
    func flushDelivers(design: StoreDesignName) {
        let store = trackedStore(design)
        let first = ChangeRecorder<String, Int>()
        let second = ChangeRecorder<String, Int>()
        first.observe(store)
        second.observe(store)
        store["a"] = 1
        let change = store.flushNotifications()
        #expect(change == StoreChange(updated: ["a": 1]))
        #expect(first.changes == [StoreChange(updated: ["a": 1])])
        #expect(second.changes == first.changes)
        #expect(store.flushNotifications() == nil, "the buffers were emptied")
    }

    @Test("a removed observer gets no more notifications", arguments: designs)
    func removeObserver(design: StoreDesignName) {
        let store = trackedStore(design)
        let recorder = ChangeRecorder<String, Int>()
        let token = store.addObserver { _ in recorder.observeNothing() }
        store.removeObserver(token)
        recorder.observe(store)
        store["a"] = 1
        store.flushNotifications()
        #expect(recorder.count == 1)
    }

    @Test("the first notification comes one interval after enabling, on a background thread", arguments: designs)
    func firstNotificationAfterOneInterval(design: StoreDesignName) {
        let store = Store(design: design)
        let recorder = ChangeRecorder<String, Int>()
        recorder.observe(store)
        let interval: TimeInterval = 0.2
        let enabled = Date()
        store.notificationInterval = interval
        store["a"] = 1
        #expect(waitUntil { recorder.count == 1 })
        #expect(recorder.changes == [StoreChange(updated: ["a": 1])])
        if let delivered = recorder.times.first {
            #expect(delivered.timeIntervalSince(enabled) >= interval - 0.01)
        }
        #expect(recorder.threads.allSatisfy { $0 != currentThread })
        store.notificationInterval = 0
    }

    @Test("an interval with nothing pending posts nothing", arguments: designs)
    func emptyTickPostsNothing(design: StoreDesignName) {
        let store = Store(design: design)
        let recorder = ChangeRecorder<String, Int>()
        recorder.observe(store)
        store.notificationInterval = 0.02
        store["a"] = 1
        #expect(waitUntil { recorder.count == 1 })
        usleep(150_000)
        #expect(recorder.count == 1, "ticks after the first had nothing to post")
        store.notificationInterval = 0
    }

    @Test("an observer may flush from inside a notification without deadlock", arguments: designs)
    func flushFromObserver(design: StoreDesignName) {
        let store = trackedStore(design)
        let nested = Shared<Int>(0)
        store.addObserver { [weak store] _ in
            if store?.flushNotifications() == nil { nested.update { $0 += 1 } }
        }
        store["a"] = 1
        store.flushNotifications()
        #expect(nested.get() == 1)
    }
}

extension ChangeRecorder {
    /// An observer body that must never run.
    func observeNothing() { Issue.record("a removed observer was called") }
}
