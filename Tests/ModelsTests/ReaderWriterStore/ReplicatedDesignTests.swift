import Foundation
import Synchronization
import Testing

@testable import Models

/// The `replicated` design's mechanism: `set` only appends to the log, each replica replays the
/// log before its next read, a writer waits for no reader, and the writer replays the log into a
/// replica whose threads stopped reading once the ring wraps.
@Suite("ReaderWriterStore replicated design")
struct ReplicatedDesignTests {
    /// The store's read side and design, which a `replicated` store always has.
    static func parts(_ store: Store) throws -> (side: ReplicatedReadSide, design: ReplicatedDesign) {
        let reads = try #require(store.replicatedReads)
        return (reads.side, reads.design.takeUnretainedValue())
    }

    /// How many log entries each slot's replica has applied.
    static func applied(_ store: Store) throws -> [Int] {
        let (side, design) = try parts(store)
        return (0..<design.copies).map { side.applied(slot: $0).pointee.load(ordering: .acquiring) }
    }

    /// Runs `body` on a new thread (so with a reader slot of its own) and waits for it.
    static func onNewThread<T: Sendable>(_ body: @escaping @Sendable () -> T) -> T {
        let result = Shared<T?>(nil)
        let done = DispatchSemaphore(value: 0)
        Thread {
            result.set(body())
            done.signal()
        }.start()
        done.wait()
        return result.get()!
    }

    @Test("replicated holds one replica per reader slot, at least two")
    func oneReplicaPerSlot() throws {
        let store = Store(design: .replicated)
        let (side, design) = try Self.parts(store)
        #expect(design.copies >= 2)
        #expect(design.copies == side.slotMask + 1)
    }

    @Test("a set only appends to the log; a reader's replica replays it before the next read, on any thread")
    func setAppendsReadReplays() throws {
        let store = Store(design: .replicated)
        let (side, _) = try Self.parts(store)
        store["a"] = 1
        store["b"] = 2
        store["a"] = nil
        #expect(side.isPublished(0) && side.isPublished(1) && side.isPublished(2))
        #expect(!side.isPublished(3))
        #expect(try Self.applied(store).allSatisfy { $0 == 0 }, "no replica applied a set when it was written")
        let seen = Self.onNewThread { (store["a"], store["b"], StorePThreads.readerIndex & side.slotMask) }
        #expect(seen.0 == nil && seen.1 == 2, "a read after the sets returned sees all three")
        #expect(try Self.applied(store)[seen.2] == 3, "the reader's replica replayed the log")
        #expect(store["b"] == 2)
        #expect(store.invariantViolation() == nil)
    }

    @Test("a set returns while a reader holds its slot: a writer waits for no reader")
    func writerWaitsForNoReader() throws {
        let store = Store(design: .replicated)
        let (side, _) = try Self.parts(store)
        store["a"] = 1
        let entered = DispatchSemaphore(value: 0)
        let release = DispatchSemaphore(value: 0)
        let left = Shared(false)
        Thread {
            // A read in progress on this thread's slot: counted in, never leaving until released.
            let slot = StorePThreads.readerIndex & side.slotMask
            _ = side.enterSlot(slot)
            entered.signal()
            _ = release.wait(timeout: .now() + 5)
            side.leave(slot: slot)
            left.set(true)
        }.start()
        entered.wait()
        // A ring's worth of sets: only a replica that lags a whole ring is waited for.
        for value in 2...ReplicatedReadSide.logCapacity { store["a"] = value }
        #expect(!left.get(), "the sets returned while the reader still held its slot")
        release.signal()
        #expect(waitUntil { left.get() })
        #expect(store["a"] == ReplicatedReadSide.logCapacity)
    }

    @Test("the writer replays the log into a replica whose threads stopped reading when the ring wraps")
    func writerReplaysIdleReplica() throws {
        let store = Store(design: .replicated)
        let sets = 3 * ReplicatedReadSide.logCapacity + 5
        // Only the main thread reads, once: every other replica stays idle.
        store["k"] = 0
        #expect(store["k"] == 0)
        for value in 1...sets { store["k"] = value }
        let applied = try Self.applied(store)
        #expect(applied.allSatisfy { $0 > sets - ReplicatedReadSide.logCapacity }, "every replica is within a ring of the log: \(applied)")
        #expect(Self.onNewThread { store["k"] } == sets)
        #expect(store["k"] == sets)
        #expect(store.invariantViolation() == nil)
    }

    @Test("a barrier write replays the log into every replica first, then applies itself to each")
    func barrierReplaysEveryReplica() throws {
        let store = Store(design: .replicated)
        store["a"] = 1
        store["b"] = 2
        store.addEntries(["c": 3])
        #expect(try Self.applied(store).allSatisfy { $0 == 2 })
        #expect(store.invariantViolation() == nil)
        #expect(Self.onNewThread { store.allItems() } == ["a": 1, "b": 2, "c": 3])
        #expect(store.remove(keys: ["a", "z"]) == 1)
        #expect(Self.onNewThread { store.allItems() } == ["b": 2, "c": 3])
    }

    @Test("a logged set reports its change like any write")
    func loggedSetsNotify() throws {
        let store = Store(design: .replicated)
        store.notificationInterval = 3_600
        store["a"] = 1
        store["b"] = 2
        store["a"] = nil
        let change = store.flushNotifications()
        #expect(change?.updated == ["b": 2])
        #expect(change?.removed == ["a"])
        #expect(store.invariantViolation() == nil)
    }
}
