import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// The `optimistic` design's read path: a hash table (open addressing, linear probing) of the
/// store's items as words, each bucket guarded by its own sequence number, read without writing
/// anything shared. A trivial value of plain pointers, so that the store's inlined read path loads
/// it without touching a reference count.
///
/// Layout. A *header* block (128 bytes, its own lines): word 0 is the structure version (odd while
/// a writer moves buckets about, an in-place rehash or a `removeAll`, or writes a bulk operation of
/// several keys), word 1 the current table's address. A *table*: word 0 its bucket mask (capacity − 1, never changed), words 1–7 unused,
/// then the buckets, ``bucketWords`` words each: a control word, then the key's words, then the
/// value's. A control word holds, from bit 0: a *writing* bit, two bits of state (empty, full,
/// removed) and the bucket's version above them, which only ever grows (clearing a bucket advances
/// it too), so a control word never takes the same value twice.
///
/// A read (a seqlock read, per bucket):
/// 1. loads the structure version (acquiring; waits while it is odd) and the table's address;
/// 2. for each bucket along the key's probe sequence, loads the control word (acquiring; waits
///    while the writing bit is set), the key's and value's words (relaxed), fences (acquiring)
///    and loads the control word again: if it changed, the bucket is read again; an empty bucket
///    ends the probe (absent); a full one whose key equals the key ends it (found);
/// 3. fences and loads the structure version again: if it changed, the read starts over.
///
/// Every word is an atomic, so nothing is a data race (ThreadSanitizer sees none), and a torn
/// bucket is never used: its words become a key or value only after the second load of its control
/// word proved that no write ran while they were read. So only keys and values that are plain
/// data (no references, no custom copy: ``isEligible``) may be kept here.
///
/// A write (under the store's writers' lock) changes one bucket: it sets the writing bit (relaxed),
/// fences (releasing), stores the words (relaxed) and stores the new control word (releasing), with
/// the version advanced. A key keeps its bucket until it is removed (the bucket becomes *removed*,
/// and probes go on past it), so a probe never misses a key that stayed put. Growing builds a new
/// table and publishes its address; the old table is kept, unchanged, until the store goes away (a
/// read that loaded its address may still be in it, and finds the state as it was when the new
/// table was published), so the tables kept sum to less than twice the largest. A rehash in place
/// (to clear removed buckets), `removeAll` and a bulk add or removal of several keys make the
/// structure version odd while they work: reads wait, so none sees part of a bulk operation.
@usableFromInline
struct StoreOptimisticReadSide<Key: Hashable, Value>: @unchecked Sendable {
    /// Words before the first bucket of a table (one cache line).
    @inlinable static var tableHeaderWords: Int { 8 }
    @inlinable static var keyWords: Int { (MemoryLayout<Key>.size + 7) / 8 }
    @inlinable static var valueWords: Int { (MemoryLayout<Value>.size + 7) / 8 }
    /// Words a bucket uses: the control word, the key, the value.
    @inlinable static var usedWords: Int { 1 &+ keyWords &+ valueWords }
    /// Words per bucket: ``usedWords`` rounded up to 2, 4 or 8, or to a multiple of 8 beyond, so
    /// that no bucket straddles two cache lines (a write to one key would make readers of the
    /// neighbouring key miss too).
    @inlinable static var bucketWords: Int {
        let used = usedWords
        if used > 8 { return (used &+ 7) & ~7 }
        var words = 2
        while words < used { words &*= 2 }
        return words
    }

    /// Control word states (bits 1–2).
    @inlinable static var emptyState: UInt64 { 0 }
    @inlinable static var fullState: UInt64 { 1 }
    @inlinable static var removedState: UInt64 { 2 }
    /// The version's unit in a control word (above the writing bit and the state).
    @inlinable static var versionUnit: UInt64 { 8 }

    /// A control word's state (empty, full or removed).
    @inlinable @inline(__always)
    static func state(_ control: UInt64) -> UInt64 { (control >> 1) & 3 }

    /// The control word after `control` with state `state`: the version one on, not writing.
    @inlinable @inline(__always)
    static func next(after control: UInt64, state: UInt64) -> UInt64 {
        ((control & ~(versionUnit &- 1)) &+ versionUnit) | state << 1
    }

    /// Whether a store of these types can keep its items here: both plain data (bitwise copyable,
    /// nothing to retain) with an alignment of at most 8.
    public static var isEligible: Bool {
        _isPOD(Key.self) && _isPOD(Value.self) && MemoryLayout<Key>.alignment <= 8 && MemoryLayout<Value>.alignment <= 8
    }

    /// The header block: the structure version, then the current table's address.
    @usableFromInline let header: UnsafeMutablePointer<Atomic<UInt64>>

    @usableFromInline
    init(header: UnsafeMutablePointer<Atomic<UInt64>>) {
        self.header = header
    }

    /// The first word of bucket `index` of `table`.
    @inlinable @inline(__always)
    static func bucket(_ table: UnsafeMutablePointer<Atomic<UInt64>>, _ index: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        table + (tableHeaderWords &+ index &* bucketWords)
    }

    /// Reads `count` words at `words` (relaxed) into a value of type `T`: for the writer, whose
    /// buckets nobody else writes.
    @inlinable @inline(__always)
    static func load<T>(_ type: T.Type, from words: UnsafeMutablePointer<Atomic<UInt64>>, count: Int) -> T {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(count, 1)) { buffer in
            buffer[0] = 0
            for word in 0..<count { buffer[word] = words[word].load(ordering: .relaxed) }
            return UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped).load(as: T.self)
        }
    }

    /// One seqlock read of `bucket`: its key's and value's words copied (relaxed) between two loads
    /// of its control word, then `body` with the control word and the copied words, only once the
    /// second load proved no write ran meanwhile; nil if one did (read the bucket again). The words
    /// become a key or a value only inside `body`, after that proof.
    @inlinable @inline(__always)
    static func read<R>(
        _ bucket: UnsafeMutablePointer<Atomic<UInt64>>, control: UInt64, _ body: (UnsafeRawPointer) -> R
    ) -> R? {
        let count = keyWords &+ valueWords
        return withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(count, 1)) { buffer -> R? in
            buffer[0] = 0
            for word in 0..<count { buffer[word] = bucket[1 &+ word].load(ordering: .relaxed) }
            atomicMemoryFence(ordering: .acquiring)
            guard bucket[0].load(ordering: .relaxed) == control else { return nil }
            return body(UnsafeRawPointer(buffer.baseAddress.unsafelyUnwrapped))
        }
    }

    /// The value for `key`, or nil: a seqlock read as the type describes. Writes nothing shared.
    /// - Complexity: O(1) expected (a probe of about 1/(1 − load) buckets, load at most 0.7); waits
    ///   only while a writer is in the bucket it reads or moves buckets about.
    @inlinable
    func value(forKey key: Key) -> Value? {
        let hash = UInt64(UInt(bitPattern: key.hashValue))
        var spins = 0
        while true {
            let structure = header[0].load(ordering: .acquiring)
            if structure & 1 != 0 {
                StoreOptimisticSpin.pause(&spins)
                continue
            }
            let table = UnsafeMutablePointer<Atomic<UInt64>>(bitPattern: UInt(header[1].load(ordering: .acquiring)))!
            let mask = table[0].load(ordering: .relaxed)
            var index = hash & mask
            var probes: UInt64 = 0
            var found: Value?
            while probes <= mask {
                let bucket = Self.bucket(table, Int(index))
                let control = bucket[0].load(ordering: .acquiring)
                if control & 1 != 0 {
                    StoreOptimisticSpin.pause(&spins)
                    continue
                }
                let state = Self.state(control)
                if state == Self.emptyState { break }
                // nil: a write ran meanwhile, read the bucket again; .some(nil): not this key.
                let outcome = Self.read(bucket, control: control) { words -> Value? in
                    guard state == Self.fullState, words.load(as: Key.self) == key else { return nil }
                    return (words + Self.keyWords &* 8).load(as: Value.self)
                }
                guard let outcome else { continue }
                if let outcome {
                    found = outcome
                    break
                }
                index = (index &+ 1) & mask
                probes &+= 1
            }
            atomicMemoryFence(ordering: .acquiring)
            if header[0].load(ordering: .relaxed) == structure { return found }
        }
    }
}

/// The tables behind a ``StoreOptimisticReadSide``, and its writes. Writes must be serialised by
/// the caller (the store's writers' lock); reads need nothing.
@usableFromInline
final class StoreOptimisticIndex<Key: Hashable, Value>: @unchecked Sendable {
    @usableFromInline typealias Side = StoreOptimisticReadSide<Key, Value>

    @usableFromInline let readSide: StoreOptimisticReadSide<Key, Value>
    /// The current table and its capacity.
    @exclusivity(unchecked) @usableFromInline var table: UnsafeMutablePointer<Atomic<UInt64>>
    @exclusivity(unchecked) @usableFromInline var capacity: Int
    /// Full buckets, and full plus removed ones.
    @exclusivity(unchecked) @usableFromInline var count = 0
    @exclusivity(unchecked) @usableFromInline var used = 0
    /// How many ``moving(_:)`` calls are running (nested: a rehash inside a bulk write).
    @exclusivity(unchecked) private var movingDepth = 0
    /// Tables replaced by a larger one, freed with the index.
    @exclusivity(unchecked) private var retired: [(UnsafeMutablePointer<Atomic<UInt64>>, Int)] = []

    /// How many tables this one replaced.
    var retiredCount: Int { retired.count }

    /// The smallest capacity.
    static var minimumCapacity: Int { 16 }

    /// An empty index.
    init() {
        let header = UnsafeMutableRawPointer.allocate(byteCount: 128, alignment: 128)
            .bindMemory(to: Atomic<UInt64>.self, capacity: 16)
        for word in 0..<16 { (header + word).initialize(to: Atomic(0)) }
        capacity = Self.minimumCapacity
        table = Self.makeTable(capacity: capacity)
        header[1].store(UInt64(UInt(bitPattern: table)), ordering: .releasing)
        readSide = Side(header: header)
    }

    deinit {
        Self.free(table, capacity: capacity)
        for (old, oldCapacity) in retired { Self.free(old, capacity: oldCapacity) }
        readSide.header.deinitialize(count: 16)
        UnsafeMutableRawPointer(readSide.header).deallocate()
    }

    private static func words(capacity: Int) -> Int { Side.tableHeaderWords + capacity * Side.bucketWords }

    private static func makeTable(capacity: Int) -> UnsafeMutablePointer<Atomic<UInt64>> {
        let count = words(capacity: capacity)
        let table = UnsafeMutableRawPointer.allocate(byteCount: count * 8, alignment: 64)
            .bindMemory(to: Atomic<UInt64>.self, capacity: count)
        for word in 0..<count { (table + word).initialize(to: Atomic(0)) }
        table[0].store(UInt64(capacity - 1), ordering: .relaxed)
        return table
    }

    private static func free(_ table: UnsafeMutablePointer<Atomic<UInt64>>, capacity: Int) {
        table.deinitialize(count: words(capacity: capacity))
        UnsafeMutableRawPointer(table).deallocate()
    }

    /// Stores `count` words of `value` at `words` (relaxed; the caller fences).
    @inlinable @inline(__always)
    static func store<T>(_ value: T, to words: UnsafeMutablePointer<Atomic<UInt64>>, count: Int) {
        withUnsafeTemporaryAllocation(of: UInt64.self, capacity: max(count, 1)) { buffer in
            buffer.initialize(repeating: 0)
            withUnsafeBytes(of: value) { bytes in
                UnsafeMutableRawBufferPointer(buffer).copyMemory(from: bytes)
            }
            for word in 0..<count { words[word].store(buffer[word], ordering: .relaxed) }
        }
    }

    /// Rewrites one bucket as a seqlock write: its state, and its key and value if given.
    @inlinable @inline(__always)
    static func write(bucket: UnsafeMutablePointer<Atomic<UInt64>>, state: UInt64, key: Key?, value: Value?) {
        let control = bucket[0].load(ordering: .relaxed)
        bucket[0].store(control | 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        if let key { store(key, to: bucket + 1, count: Side.keyWords) }
        if let value { store(value, to: bucket + (1 + Side.keyWords), count: Side.valueWords) }
        bucket[0].store(Side.next(after: control, state: state), ordering: .releasing)
    }

    /// The bucket holding `key`, or nil.
    @inlinable
    func find(_ key: Key, hash: Int) -> Int? {
        let mask = capacity - 1
        var index = hash & mask
        for _ in 0..<capacity {
            let bucket = Side.bucket(table, index)
            let state = Side.state(bucket[0].load(ordering: .relaxed))
            if state == Side.emptyState { return nil }
            if state == Side.fullState, Side.load(Key.self, from: bucket + 1, count: Side.keyWords) == key { return index }
            index = (index + 1) & mask
        }
        return nil
    }

    /// Sets `key` to `value`, or removes it for nil.
    /// - Complexity: O(1) amortised; a growth or rehash is O(capacity).
    @inlinable
    func set(_ value: Value?, forKey key: Key) {
        let hash = key.hashValue
        if let index = find(key, hash: hash) {
            let bucket = Side.bucket(table, index)
            if let value {
                Self.write(bucket: bucket, state: Side.fullState, key: nil, value: value)
            } else {
                Self.write(bucket: bucket, state: Side.removedState, key: nil, value: nil)
                count -= 1
            }
            return
        }
        guard let value else { return }
        if (used + 1) * 10 > capacity * 7 { rehash(forCount: count + 1) }
        insert(key, value, hash: hash)
    }

    /// Puts an absent key in the first empty or removed bucket of its probe sequence.
    @inlinable
    func insert(_ key: Key, _ value: Value, hash: Int) {
        let mask = capacity - 1
        var index = hash & mask
        while true {
            let bucket = Side.bucket(table, index)
            let state = Side.state(bucket[0].load(ordering: .relaxed))
            if state != Side.fullState {
                if state == Side.emptyState { used += 1 }
                count += 1
                Self.write(bucket: bucket, state: Side.fullState, key: key, value: value)
                return
            }
            index = (index + 1) & mask
        }
    }

    /// Every item, read by the writer.
    private func items() -> [(Key, Value)] {
        var items: [(Key, Value)] = []
        items.reserveCapacity(count)
        for index in 0..<capacity {
            let bucket = Side.bucket(table, index)
            guard Side.state(bucket[0].load(ordering: .relaxed)) == Side.fullState else { continue }
            items.append(
                (
                    Side.load(Key.self, from: bucket + 1, count: Side.keyWords),
                    Side.load(Value.self, from: bucket + (1 + Side.keyWords), count: Side.valueWords)
                ))
        }
        return items
    }

    /// Makes room for `needed` items: a new table twice as large (or larger) when they would fill
    /// more than half, else the removed buckets cleared in place.
    @usableFromInline
    func rehash(forCount needed: Int) {
        let live = items()
        if needed * 2 > capacity {
            var newCapacity = capacity * 2
            while needed * 2 > newCapacity { newCapacity *= 2 }
            let newTable = Self.makeTable(capacity: newCapacity)
            retired.append((table, capacity))
            table = newTable
            capacity = newCapacity
            count = 0
            used = 0
            for (key, value) in live { insert(key, value, hash: key.hashValue) }
            readSide.header[1].store(UInt64(UInt(bitPattern: newTable)), ordering: .releasing)
        } else {
            moving {
                clearBuckets()
                for (key, value) in live { insert(key, value, hash: key.hashValue) }
            }
        }
    }

    /// Runs `body` with the structure version odd: reads wait, then start over. Nested calls (a
    /// rehash inside a bulk write) leave the version to the outermost.
    private func moving(_ body: () -> Void) {
        movingDepth += 1
        defer { movingDepth -= 1 }
        guard movingDepth == 1 else { return body() }
        let header = readSide.header
        let structure = header[0].load(ordering: .relaxed)
        header[0].store(structure | 1, ordering: .relaxed)
        atomicMemoryFence(ordering: .releasing)
        body()
        header[0].store(structure &+ 2, ordering: .releasing)
    }

    /// Runs the writes of one bulk operation (`body`, several keys) as one: reads wait until all
    /// of them are done, so none sees part of it. One key needs no more than its bucket's seqlock.
    /// - Complexity: O(1) plus `body`.
    func bulk(keys: Int, _ body: () -> Void) {
        if keys > 1 { moving(body) } else { body() }
    }

    /// Empties every bucket of the current table (inside ``moving(_:)``). A control word keeps
    /// counting its versions (empty, one version on): a bucket's control word never takes the same
    /// value twice, so a read that straddled the clearing can never match its two loads by chance.
    private func clearBuckets() {
        for index in 0..<capacity {
            let bucket = Side.bucket(table, index)
            bucket[0].store(Side.next(after: bucket[0].load(ordering: .relaxed), state: Side.emptyState), ordering: .relaxed)
        }
        count = 0
        used = 0
    }

    /// The control word of `key`'s bucket, or nil if absent; for tests.
    func controlWord(forKey key: Key) -> UInt64? {
        find(key, hash: key.hashValue).map { Side.bucket(table, $0)[0].load(ordering: .relaxed) }
    }

    /// Adds or replaces every entry, as one write (``bulk(keys:_:)``).
    /// - Complexity: O(*m*) amortised for *m* entries.
    func add(_ entries: [Key: Value]) {
        bulk(keys: entries.count) {
            for (key, value) in entries { set(value, forKey: key) }
        }
    }

    /// Removes every item.
    /// - Complexity: O(capacity)
    func removeAll() {
        moving { clearBuckets() }
    }
}

/// The wait of a read that found a writer in its way (non-generic, so that it is one function
/// whatever the store's types).
@usableFromInline
enum StoreOptimisticSpin {
    /// Waits a moment for a writer: spins, and after a thousand tries yields the core (a writer
    /// that was preempted mid-write then gets to finish).
    @usableFromInline @inline(never)
    static func pause(_ spins: inout Int) {
        spins += 1
        if spins > 1_000 { sched_yield() }
    }
}
