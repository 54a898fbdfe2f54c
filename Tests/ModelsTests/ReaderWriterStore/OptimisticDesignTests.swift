import Foundation
@testable import Models
import Testing

/// The `optimistic` design's table, single-threaded: it must agree with the store's items through
/// every kind of write, growth and rehash, for keys and values of any plain-data size.
@Suite("ReaderWriterStore optimistic design")
struct OptimisticDesignTests {
    struct Wide: Hashable, Codable, Sendable {
        var a: Int
        var b: Int32
        var c: UInt8
    }

    struct Empty: Codable, Sendable, Equatable {}

    @Test("an optimistic store of plain-data keys and values reads through its table; one with strings reads under its lock")
    func tableOnlyForPlainData() {
        #expect(ReaderWriterStore<Int, Double>(design: .optimistic).readsOptimistically)
        #expect(ReaderWriterStore<Wide, Bool>(design: .optimistic).readsOptimistically)
        #expect(!ReaderWriterStore<String, Int>(design: .optimistic).readsOptimistically)
        #expect(!ReaderWriterStore<Int, [UInt8]>(design: .optimistic).readsOptimistically)
        #expect(!ReaderWriterStore<Int, Double>(design: .mutex).readsOptimistically)
    }

    @Test("random sets, removals, bulk adds, removeAll and loads agree with a dictionary, key by key, through growth and rehashes")
    func tableAgreesWithDictionary() throws {
        let store = ReaderWriterStore<Int, Int>(design: .optimistic)
        #expect(store.readsOptimistically)
        var reference: [Int: Int] = [:]
        var generator = SeededGenerator(seed: 0x9E37_79B9_7F4A_7C15)
        func next(_ bound: Int) -> Int { generator.next(below: bound) }
        let keySpace = 400
        for step in 0..<6_000 {
            let key = next(keySpace)
            switch next(100) {
            case 0..<55:
                store[key] = step
                reference[key] = step
            case 55..<80:
                store[key] = nil
                reference[key] = nil
            case 80..<88:
                let keys = (0..<8).map { _ in next(keySpace) }
                let removed = store.remove(keys: keys)
                let expected = Set(keys).filter { reference[$0] != nil }.count
                #expect(removed == expected)
                for removedKey in keys { reference[removedKey] = nil }
            case 88..<96:
                let entries = Dictionary((0..<16).map { _ in (next(keySpace), step) }, uniquingKeysWith: { $1 })
                store.addEntries(entries)
                reference.merge(entries) { $1 }
            case 96..<98:
                let loaded = try store.value(forKey: key) { _ in step }
                if reference[key] == nil { reference[key] = step }
                #expect(loaded == reference[key])
            default:
                if next(4) == 0 {
                    store.removeAll()
                    reference.removeAll()
                }
            }
            if step.isMultiple(of: 50) || step > 5_900 {
                for probe in 0..<keySpace { #expect(store[probe] == reference[probe], "key \(probe) at step \(step)") }
                #expect(store.allItems() == reference)
            }
        }
        #expect(store.invariantViolation() == nil)
    }

    @Test("removed buckets are cleared in place: churn through distinct keys keeps the table small")
    func churnKeepsTableSmall() throws {
        let store = ReaderWriterStore<Int, Int>(design: .optimistic)
        for key in 0..<100_000 {
            store[key] = key
            if key >= 8 { store[key - 8] = nil }
        }
        let shape = try #require(store.optimisticTableShape())
        #expect(shape.capacity <= 32, "\(shape)")
        #expect(shape.retired <= 1, "it grew once, to hold 9 keys at a time")
        #expect(store.count == 8)
        for key in 99_992..<100_000 { #expect(store[key] == key) }
        #expect(store[99_991] == nil)
    }

    @Test("a bucket's control word never takes the same value twice, across removeAll and rehashes in place")
    func controlWordsNeverRepeat() throws {
        let index = StoreOptimisticIndex<Int, Int>()
        index.set(1, forKey: 5)
        let first = try #require(index.controlWord(forKey: 5))
        index.removeAll()
        #expect(index.controlWord(forKey: 5) == nil)
        index.set(1, forKey: 5)
        let second = try #require(index.controlWord(forKey: 5))
        #expect(second > first, "the bucket's version went back after removeAll: \(first) then \(second)")
        // Churn beside it until rehashes in place have cleared the removed buckets (100 keys
        // through 16 buckets), which put key 5 back: its version went on.
        for key in 100..<200 {
            index.set(key, forKey: key)
            index.set(nil, forKey: key)
        }
        let third = try #require(index.controlWord(forKey: 5))
        #expect(third > second, "the bucket's version went back after a rehash in place: \(second) then \(third)")
        #expect(index.count == 1)
        #expect(index.capacity == StoreOptimisticIndex<Int, Int>.minimumCapacity, "churn of one key at a time never grows it")
    }

    @Test("growing keeps every item and the replaced tables sum to less than the current one")
    func growthKeepsItems() throws {
        let store = ReaderWriterStore<Int, Int>(design: .optimistic)
        for key in 0..<10_000 { store[key] = key * 3 }
        let shape = try #require(store.optimisticTableShape())
        #expect(shape.capacity >= 10_000 * 10 / 7)
        #expect(shape.retired > 0)
        // 16 + 32 + ... + capacity / 2 < capacity.
        #expect((0..<shape.retired).reduce(0) { $0 + (shape.capacity >> ($1 + 1)) } < shape.capacity)
        for key in 0..<10_000 { #expect(store[key] == key * 3) }
        #expect(store[10_000] == nil)
    }

    @Test("keys and values of several words, of a few bytes and of none are stored and found")
    func oddSizesRoundTrip() {
        let wide = ReaderWriterStore<Wide, Wide>(design: .optimistic)
        let bytes = ReaderWriterStore<UInt8, Bool>(design: .optimistic)
        let empty = ReaderWriterStore<Int, Empty>(design: .optimistic)
        #expect(wide.readsOptimistically && bytes.readsOptimistically && empty.readsOptimistically)
        for n in 0..<200 {
            wide[Wide(a: n, b: Int32(-n), c: UInt8(n % 7))] = Wide(a: -n, b: Int32(n), c: UInt8(n % 5))
            bytes[UInt8(n)] = n.isMultiple(of: 2)
            if n.isMultiple(of: 3) { empty[n] = Empty() }
        }
        for n in 0..<200 {
            #expect(wide[Wide(a: n, b: Int32(-n), c: UInt8(n % 7))] == Wide(a: -n, b: Int32(n), c: UInt8(n % 5)))
            #expect(wide[Wide(a: n, b: Int32(-n), c: UInt8((n + 1) % 7))] == nil)
            #expect(bytes[UInt8(n)] == n.isMultiple(of: 2))
            #expect((empty[n] != nil) == n.isMultiple(of: 3))
        }
    }

    @Test("purges, loads from a file and the loader's store reach the table")
    func otherWritesReachTable() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("optimistic-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("store.json")
        let store = ReaderWriterStore<Int, Int>(design: .optimistic, evictionDecider: { _, value, _ in value.isMultiple(of: 2) })
        for key in 0..<50 { store[key] = key }
        #expect(try store.purge(context: nil) == 25)
        for key in 0..<50 { #expect(store[key] == (key.isMultiple(of: 2) ? nil : key)) }
        try store.save(to: file)
        let loaded = ReaderWriterStore<Int, Int>(design: .optimistic)
        #expect(try loaded.load(from: file) == 25)
        for key in 0..<50 { #expect(loaded[key] == store[key]) }
        #expect(try loaded.value(forKey: 100) { $0 * 2 } == 200)
        #expect(loaded[100] == 200)
    }
}
