import Foundation
import Models
import Synchronization
import Testing

/// The `optimistic` design under real threads: seqlock readers while two writers update their keys
/// in place, insert and remove others (so the table grows, fills with removed buckets and is
/// rehashed in place) and run bulk writes. Run these under `--sanitize=thread` too:
/// ThreadSanitizer must report nothing.
@Suite("ReaderWriterStore optimistic design under concurrency")
struct OptimisticDesignConcurrencyTests {
    /// A value of two words whose second is the first's complement: a torn read breaks the pair.
    struct Stamped: Codable, Sendable, Equatable {
        var version: Int
        var check: Int

        init(_ version: Int) {
            self.version = version
            check = ~version
        }

        var isWhole: Bool { check == ~version }
    }

    @Test("optimistic reads never see a torn value, never go back, and are never older than a returned write, while the table grows and rehashes")
    func optimisticReadsAreWholeAndFresh() throws {
        let store = ReaderWriterStore<Int, Stamped>(design: .optimistic)
        #expect(store.readsOptimistically)
        let keys = 16
        let writers = 2
        let readers = 2 * ProcessInfo.processInfo.activeProcessorCount
        let rounds = 3_000
        let check = FreshnessCheck(keys: keys)
        for key in 0..<keys { store[key] = Stamped(0) }
        let torn = Counter()
        onThreads(writers + readers) { thread in
            if thread < writers {
                let owned = Array(stride(from: thread, to: keys, by: writers))
                for round in 1...rounds {
                    let key = owned[round % owned.count]
                    if round.isMultiple(of: 101) {
                        store.addEntries([key: Stamped(round)])
                    } else {
                        store[key] = Stamped(round)
                    }
                    check.publish(key, round)
                    // Churn beside the watched keys: inserts and removes of keys of its own,
                    // which grow the table and leave removed buckets until a rehash.
                    let churn = 1_000 + thread * 1_000_000 + round
                    store[churn] = Stamped(round)
                    if round > 40 { store.remove(keys: [churn - 40]) }
                }
                check.writersDone.increment()
            } else {
                check.readUntilWritersDone(thread: thread, writers: writers, step: 5, increment: 1) { key in
                    guard let seen = store[key] else { return nil }
                    if !seen.isWhole { torn.increment() }
                    return seen.version
                }
            }
        }
        #expect(torn.value == 0, "a read returned a value half old, half new")
        #expect(check.stale.value == 0, "reads older than a returned write")
        #expect(check.backwards.value == 0, "a reader saw a key's versions go backwards")
        #expect(check.reads.value > 0)
        let shape = try #require(store.optimisticTableShape())
        #expect(shape.capacity <= 1_024, "removed buckets were not cleared: \(shape)")
        for key in 0..<keys { #expect(store[key]?.version == check.published[key].value) }
        #expect(store.count == keys + writers * 40)
    }

    /// A key of three words, so that a torn key could match another's first word.
    struct WideKey: Hashable, Codable, Sendable {
        var a: Int
        var b: Int
        var c: Int
    }

    @Test("a reader of two keys never sees part of a bulk add or removal, with keys of several words")
    func bulkWritesAreWholeToOptimisticReads() {
        let store = ReaderWriterStore<WideKey, Stamped>(design: .optimistic)
        #expect(store.readsOptimistically)
        let first = WideKey(a: 1, b: -1, c: 7)
        let second = WideKey(a: 2, b: -2, c: 7)
        store.addEntries([first: Stamped(0), second: Stamped(0)])
        // Odd rounds add both keys at the round's version, even rounds remove both; `completed`
        // is the last round whose call has returned.
        let completed = Counter()
        let done = Flag()
        let partialAdds = Counter()
        let partialRemovals = Counter()
        let torn = Counter()
        let reads = Counter()
        onThreads(3) { thread in
            if thread == 0 {
                for round in 1...4_000 {
                    if round.isMultiple(of: 2) {
                        store.remove(keys: [first, second])
                    } else {
                        store.addEntries([first: Stamped(round), second: Stamped(round)])
                    }
                    completed.atomic.store(round, ordering: .releasing)
                }
                done.raise()
            } else {
                // Each reader reads the two keys in its own order.
                let (one, other) = thread == 1 ? (first, second) : (second, first)
                var own = 0
                while !done.isRaised || own < 200 {
                    own += 1
                    let before = completed.atomic.load(ordering: .acquiring)
                    let x = store[one]
                    let y = store[other]
                    for value in [x, y] where value?.isWhole == false { torn.increment() }
                    if let x, let y, y.version < x.version { partialAdds.increment() }
                    // `one` absent: a removal after round `before` began; `other`, read later, is
                    // then absent too or re-added at a later round, never one up to `before`.
                    if x == nil, let y, y.version <= before { partialRemovals.increment() }
                    reads.increment()
                }
            }
        }
        #expect(torn.value == 0)
        #expect(partialAdds.value == 0, "a reader saw one key of a bulk add and not the other")
        #expect(partialRemovals.value == 0, "a reader saw one key of a bulk removal and not the other")
        #expect(reads.value > 0)
    }

    @Test("optimistic reads while removeAll and bulk adds run see a key's whole value or none")
    func optimisticReadsDuringRemoveAll() {
        let store = ReaderWriterStore<Int, Stamped>(design: .optimistic)
        let keys = 64
        let done = Counter()
        let torn = Counter()
        let reads = Counter()
        onThreads(3) { thread in
            if thread == 0 {
                for round in 1...500 {
                    store.addEntries(Dictionary(uniqueKeysWithValues: (0..<keys).map { ($0, Stamped(round)) }))
                    if round.isMultiple(of: 3) { store.removeAll() }
                }
                done.increment()
            } else {
                var key = thread
                while done.value == 0 {
                    key = (key &* 7 &+ 3) % keys
                    if let seen = store[key], !seen.isWhole { torn.increment() }
                    reads.increment()
                }
            }
        }
        #expect(torn.value == 0)
        #expect(reads.value > 0)
        #expect(store.count == keys)
    }
}
