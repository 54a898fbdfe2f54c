import Foundation
import Models
import Synchronization
import Testing

/// The store's access rules under real threads, for every design. Run these under
/// `--sanitize=thread` too: ThreadSanitizer must report nothing.
@Suite("ReaderWriterStore under concurrency")
struct ReaderWriterStoreConcurrencyTests {
    static let designs = StoreDesignName.allCases

    @Test("many readers and writers leave every key at its last written value", arguments: designs)
    func readersAndWriters(design: StoreDesignName) {
        let store = Store(design: design)
        let threads = 4
        let writes = 1_500
        onThreads(threads) { thread in
            for index in 0..<writes {
                store["\(thread)-\(index % 100)"] = index
                _ = store["\((thread + 1) % threads)-\(index % 100)"]
                if index % 50 == 0 { _ = store.allItems() }
            }
        }
        let items = store.allItems()
        #expect(items.count == threads * 100)
        for thread in 0..<threads {
            for key in 0..<100 {
                #expect(items["\(thread)-\(key)"] == writes - 100 + key)
            }
        }
        #expect(store.invariantViolation() == nil)
    }

    @Test("a read that begins after a write returned sees that version or a later one", arguments: designs)
    func noStaleReads(design: StoreDesignName) {
        let store = Store(design: design)
        store["version"] = 0
        let published = Counter()
        let done = Flag()
        let stale = Counter()
        let backwards = Counter()
        let versions = 3_000
        onThreads(4) { thread in
            if thread == 0 {
                for version in 1...versions {
                    store["version"] = version
                    published.atomic.store(version, ordering: .releasing)
                }
                done.raise()
            } else {
                var last = 0
                while !done.isRaised {
                    let floor = published.atomic.load(ordering: .acquiring)
                    let seen = store["version"] ?? -1
                    if seen < floor { stale.increment() }
                    if seen < last { backwards.increment() }
                    last = seen
                }
            }
        }
        #expect(stale.value == 0, "reads older than a returned write")
        #expect(backwards.value == 0, "a reader saw versions go backwards")
        #expect(store["version"] == versions)
    }

    @Test("with several writers and readers on many keys, no read is older than a returned write", arguments: designs)
    func stressNoStaleReads(design: StoreDesignName) {
        let store = Store(design: design)
        let keys = 32
        let writers = 2
        let rounds = 1_500
        let check = FreshnessCheck(keys: keys)
        for key in 0..<keys { store["k\(key)"] = 0 }
        onThreads(writers + 3) { thread in
            if thread < writers {
                // Writer `thread` owns the keys k with k mod writers = thread, and publishes each
                // version once the call that wrote it has returned.
                let owned = Array(stride(from: thread, to: keys, by: writers))
                for round in 1...rounds {
                    if round.isMultiple(of: 5) {
                        store.addEntries(Dictionary(uniqueKeysWithValues: owned.map { ("k\($0)", round) }))
                        for key in owned { check.publish(key, round) }
                    } else {
                        let key = owned[round % owned.count]
                        store["k\(key)"] = round
                        check.publish(key, round)
                    }
                }
                check.writersDone.increment()
            } else {
                check.readUntilWritersDone(thread: thread, writers: writers, step: 7, increment: 3) { store["k\($0)"] }
            }
        }
        #expect(check.stale.value == 0, "reads older than a returned write")
        #expect(check.backwards.value == 0, "a reader saw a key's versions go backwards")
        #expect(check.reads.value > 0)
        #expect(store.invariantViolation() == nil)
    }

    @Test("a reader never sees part of a bulk operation", arguments: designs)
    func bulkOperationsAreAtomic(design: StoreDesignName) {
        let store = Store(design: design)
        let keys = (0..<16).map { "k\($0)" }
        let done = Flag()
        let torn = Collector<[String: Int]>()
        let rounds = 600
        onThreads(3) { thread in
            if thread == 0 {
                for round in 1...rounds {
                    store.addEntries(Dictionary(uniqueKeysWithValues: keys.map { ($0, round) }))
                    switch round % 3 {
                    case 0: store.removeAll()
                    case 1: store.remove(keys: keys)
                    default: break
                    }
                }
                done.raise()
            } else {
                while !done.isRaised {
                    let items = store.allItems()
                    let whole = items.isEmpty || (items.count == keys.count && Set(items.values).count == 1)
                    if !whole { torn.append(items) }
                }
            }
        }
        #expect(torn.all.isEmpty, "first torn snapshot: \(torn.all.first ?? [:])")
    }

    @Test("notifications from concurrent writers lose no change", arguments: designs)
    func notificationsLoseNothing(design: StoreDesignName) {
        let store = Store(design: design)
        let received = Collector<StoreChange<String, Int>>()
        store.addObserver { received.append($0) }
        store.notificationInterval = 0.002
        let threads = 4
        let perThread = 300
        onThreads(threads) { thread in
            for index in 0..<perThread { store["\(thread)-\(index)"] = index }
            for index in stride(from: 0, to: perThread, by: 2) { store["\(thread)-\(index)"] = nil }
        }
        // Setting the interval to 0 discards what is pending: take it first.
        store.flushNotifications()
        store.notificationInterval = 0
        #expect(waitForQuiet { received.all.count })
        var updated: [String: Int] = [:]
        var removed: Set<String> = []
        for change in received.all {
            #expect(!change.isEmpty, "an empty change was posted")
            #expect(Set(change.updated.keys).isDisjoint(with: change.removed))
            for (key, value) in change.updated {
                updated[key] = value
                removed.remove(key)
            }
            for key in change.removed {
                updated.removeValue(forKey: key)
                removed.insert(key)
            }
        }
        #expect(updated == store.allItems(), "replaying the notifications gives the store's items")
        #expect(removed.count == threads * perThread / 2)
    }

    @Test("concurrent misses for one key run the loader once", arguments: designs)
    func loaderRunsOnce(design: StoreDesignName) {
        let store = Store(design: design)
        let loads = Counter()
        let results = Collector<Int?>()
        let rounds = 20
        let threads = 4
        let arrived = Counter()
        for round in 0..<rounds {
            onThreads(threads) { _ in
                // Start together, so that several threads miss before the first one loads.
                arrived.increment()
                while arrived.value < (round + 1) * threads { sched_yield() }
                let value = try? store.value(forKey: "k\(round)") { _ in
                    loads.increment()
                    usleep(2_000)
                    return round
                }
                results.append(value)
            }
        }
        #expect(loads.value == rounds)
        #expect(results.all.count == rounds * threads)
        #expect(results.all.allSatisfy { $0 != nil })
    }

    @Test("reads run concurrently with each other, except in the mutex design", arguments: designs)
    func readsOverlap(design: StoreDesignName) {
        let storage = design.makeDesign()
        let inside = Counter()
        let met = Collector<Bool>()
        onThreads(2) { _ in
            var read = RendezvousRead(inside: inside, wanted: 2, timeout: design == .mutex ? 0.1 : 5)
            storage.read(&read)
            met.append(read.met)
        }
        if design == .mutex {
            #expect(met.all == [false, false], "mutex reads exclude each other")
        } else {
            #expect(met.all.contains(true), "two reads were inside at once")
        }
    }

    @Test("a stream of readers does not starve a writer", arguments: designs)
    func writersNotStarved(design: StoreDesignName) {
        let store = Store(design: design)
        store["k"] = 0
        let done = Flag()
        let started = Date()
        let elapsed = Collector<TimeInterval>()
        onThreads(4) { thread in
            if thread == 0 {
                for value in 1...200 {
                    store["k"] = value
                    _ = store.remove(keys: ["none"])
                }
                elapsed.append(Date().timeIntervalSince(started))
                done.raise()
            } else {
                while !done.isRaised { _ = store["k"] }
            }
        }
        #expect(elapsed.all.count == 1 && elapsed.all.allSatisfy { $0 < 10 }, "200 writes finish while readers stream (a starved writer never would)")
        #expect(store["k"] == 200)
    }

    @Test("a reader of the saved file never sees part of a save", arguments: designs)
    func savesAreAtomic(design: StoreDesignName) throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("rwstore-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("store.json")
        let store = Store(design: design)
        let big = Dictionary(uniqueKeysWithValues: (0..<3_000).map { ("key-\($0)", $0) })
        store.addEntries(big)
        try store.save(to: file)
        let done = Flag()
        let partial = Counter()
        let reads = Counter()
        let failures = Collector<String>()
        onThreads(2) { thread in
            if thread == 0 {
                for round in 0..<60 {
                    if round.isMultiple(of: 2) { store.removeAll() } else { store.addEntries(big) }
                    do { try store.save(to: file) } catch { failures.append("\(error)") }
                }
                done.raise()
            } else {
                while !done.isRaised {
                    guard let data = try? Data(contentsOf: file) else { continue }
                    reads.increment()
                    let items = try? JSONDecoder().decode([String: Int].self, from: data)
                    if items == nil || !(items?.isEmpty == true || items?.count == big.count) { partial.increment() }
                }
            }
        }
        #expect(failures.all.isEmpty)
        #expect(reads.value > 0)
        #expect(partial.value == 0, "reads of a half-written file")
        let leftovers = try FileManager.default.contentsOfDirectory(atPath: directory.path)
        #expect(leftovers == ["store.json"])
    }

    @Test("purges, loads, flushes and writes together keep the state consistent", arguments: designs)
    func mixedOperations(design: StoreDesignName) {
        let store = Store(design: design) { _, value, _ in value.isMultiple(of: 3) }
        store.notificationInterval = 0.005
        let received = Counter()
        store.addObserver { _ in received.increment() }
        onThreads(4) { thread in
            for index in 0..<400 {
                let key = "k\(index % 40)"
                switch (thread + index) % 6 {
                case 0: store[key] = index
                case 1: _ = try? store.value(forKey: key) { _ in index }
                case 2: if index % 20 == 0 { _ = try? store.purge(context: thread) }
                case 3: store.addEntries([key: index, "\(key)b": index])
                case 4: if index % 25 == 0 { store.flushNotifications() }
                default: store.remove(keys: [key])
                }
            }
        }
        store.notificationInterval = 0
        #expect(store.invariantViolation() == nil)
        #expect(received.value > 0)
    }
}

/// Waits until `count()` stops changing for 50 ms (at most 10 s); true if it settled.
func waitForQuiet(_ count: () -> Int) -> Bool {
    let deadline = Date().addingTimeInterval(10)
    var last = count()
    var stableSince = Date()
    while Date() < deadline {
        usleep(5_000)
        let now = count()
        if now != last {
            last = now
            stableSince = Date()
        } else if Date().timeIntervalSince(stableSince) > 0.05 {
            return true
        }
    }
    return false
}
