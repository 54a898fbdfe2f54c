import Foundation
import Models
import Testing

/// The store with asynchronous writes (`remove`, `removeAll` and the loader written as `set` is)
/// under real threads, for every design. Run these under `--sanitize=thread` too.
@Suite("ReaderWriterStore with asynchronous writes under concurrency")
struct ReaderWriterStoreAsyncWritesConcurrencyTests {
    static let designs = StoreDesignName.allCases

    @Test("asynchronous removals, loads and sets from many threads keep the state consistent and each thread's own order", arguments: designs)
    func asynchronousWritersKeepTheirOrder(design: StoreDesignName) {
        let store = Store(design: design, writes: .asynchronous)
        store.notificationInterval = 0.005
        let received = Collector<StoreChange<String, Int>>()
        store.addObserver { received.append($0) }
        let threads = 4
        let rounds = 400
        let wrong = Collector<String>()
        onThreads(threads) { thread in
            for index in 0..<rounds {
                let key = "\(thread)-\(index % 20)"
                store[key] = index
                if store[key] != index { wrong.append("\(key) after set") }
                _ = store.remove(keys: [key])
                if store[key] != nil { wrong.append("\(key) after remove") }
                let loaded = try? store.value(forKey: key) { _ in index + 1 }
                if loaded != index + 1 { wrong.append("\(key) load returned \(String(describing: loaded))") }
                if store[key] != index + 1 { wrong.append("\(key) after load") }
            }
        }
        store.flushNotifications()
        store.notificationInterval = 0
        #expect(wrong.all.isEmpty, "a thread read something other than its own last write: \(wrong.all.prefix(3))")
        #expect(store.invariantViolation() == nil)
        for change in received.all {
            #expect(Set(change.updated.keys).isDisjoint(with: change.removed))
        }
    }

    @Test("asynchronous removeAll racing sets, removals and loads leaves consistent copies and change buffers", arguments: designs)
    func asynchronousRemoveAllRaces(design: StoreDesignName) {
        let store = Store(design: design, writes: .asynchronous)
        store.notificationInterval = 0.005
        onThreads(4) { thread in
            for index in 0..<400 {
                let key = "k\(index % 30)"
                switch (thread + index) % 4 {
                case 0: store[key] = index
                case 1: _ = store.remove(keys: [key, "\(key)b"])
                case 2: _ = try? store.value(forKey: key) { _ in index }
                default: if index % 10 == 0 { store.removeAll() } else { store.addEntries([key: index, "\(key)b": index]) }
                }
            }
        }
        store.flushNotifications()
        store.notificationInterval = 0
        #expect(store.invariantViolation() == nil)
    }
}
