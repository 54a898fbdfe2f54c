import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A ``ReplicatedDesign``'s read path and layout as plain pointers (its first reader slot, its
/// log) and the slot mask: a trivial value, so that the store's inlined read path loads it from
/// the store and touches no reference count (a retain and a release of the design per read would
/// be two atomic writes to a line every reader shares), and replays the log specialised for the
/// store's key and value types.
@usableFromInline
struct ReplicatedReadSide: @unchecked Sendable {
    /// Entries in the log ring; a power of two.
    @inlinable static var logCapacity: Int { 256 }
    /// Bytes per log position: the address of its entry (0 until the position's first use).
    @inlinable static var entryStride: Int { 8 }
    /// In a slot's state word: set while one thread holds the slot exclusively (a writer's
    /// barrier, or a reader replaying the log); the rest counts the slot's readers.
    @inlinable static var exclusiveBit: Int { 1 << 62 }

    @usableFromInline let slots: UnsafeMutableRawPointer
    @usableFromInline let slotMask: Int
    @usableFromInline let log: UnsafeMutableRawPointer
    /// ``StorePThreads/readerIndexKey``, copied here so that a read finds its slot with one
    /// `pthread_getspecific`, without the lazy global's once-check call before it.
    @usableFromInline let readerIndexKey: pthread_key_t?

    @usableFromInline
    init(slots: UnsafeMutableRawPointer, slotMask: Int, log: UnsafeMutableRawPointer) {
        self.slots = slots
        self.slotMask = slotMask
        self.log = log
        readerIndexKey = StorePThreads.readerIndexKey
    }

    /// The calling thread's slot: its ``StorePThreads/readerIndex`` masked to the slot count.
    /// - Complexity: O(1); no allocation after the thread's first read.
    @inlinable @inline(__always)
    var callerSlot: Int {
        if let readerIndexKey, let stored = pthread_getspecific(readerIndexKey) {
            return (Int(bitPattern: stored) &- 1) & slotMask
        }
        return StorePThreads.readerIndex & slotMask
    }

    /// Slot `slot`'s state word: the exclusive bit and the reader count.
    @inlinable
    func stateWord(slot: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (slots + StoreReaderSlots.offset(slot: slot, counter: 0)).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// How many log entries slot `slot`'s replica has applied.
    @inlinable
    func applied(slot: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (slots + StoreReaderSlots.offset(slot: slot, counter: 1)).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// The ring cell of log index `index`: its entry's address bits, 0 until the position is
    /// first used, then never changed (so the ring's lines stay shared by every core; what
    /// changes per write is the entry object itself).
    @inlinable
    func cell(_ index: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        let offset: Int = (index & (Self.logCapacity &- 1)) &* Self.entryStride
        return (log + offset).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// The entry at log index `index`'s ring position (an ``ReplicatedLogSlot``, retained by the
    /// log), or nil if the position has not been used yet.
    @inlinable
    func entry(_ index: Int) -> UnsafeRawPointer? {
        UnsafeRawPointer(bitPattern: cell(index).pointee.load(ordering: .acquiring))
    }

    /// Whether log index `index` has been published (an acquiring load of its entry's sequence
    /// number: the write it holds is then visible). The sequence number sits beside the key and
    /// value, so a reader that finds a new entry reads it from the line it just loaded.
    @inlinable
    func isPublished(_ index: Int) -> Bool {
        guard let entry = entry(index) else { return false }
        return Unmanaged<ReplicatedLogSlot>.fromOpaque(entry)._withUnsafeGuaranteedRef {
            $0.sequence.load(ordering: .acquiring) == index &+ 1
        }
    }

    /// Counts the caller in slot `slot` (waiting while a thread holds it exclusively) and returns
    /// whether its replica lacks a published entry. One atomic increment on the slot's own line:
    /// a reader that finds the exclusive bit set takes its count back and waits for the bit to
    /// clear (the holder waits for the count to reach 0, so a count taken back is only a delay).
    /// - Complexity: O(1) without an exclusive holder.
    @inlinable @inline(__always)
    func enterSlot(_ slot: Int) -> Bool {
        let word = stateWord(slot: slot)
        while word.pointee.wrappingAdd(1, ordering: .acquiring).oldValue & Self.exclusiveBit != 0 {
            word.pointee.wrappingSubtract(1, ordering: .relaxed)
            waitWhileExclusive(word)
        }
        return isPublished(applied(slot: slot).pointee.load(ordering: .relaxed))
    }

    /// Waits until the state word `word` has no exclusive holder: spins a little, then yields.
    /// - Complexity: the wait.
    @usableFromInline
    func waitWhileExclusive(_ word: UnsafeMutablePointer<Atomic<Int>>) {
        var spins = 0
        while word.pointee.load(ordering: .relaxed) & Self.exclusiveBit != 0 { StoreReaderSlots.backOff(&spins) }
    }

    /// Turns the caller's exclusive hold of slot `slot` into one reader's. An atomic addition, not
    /// a store: a reader may be between its increment and taking it back.
    /// - Complexity: O(1)
    @inlinable
    func becomeReader(slot: Int) {
        stateWord(slot: slot).pointee.wrappingAdd(1 &- Self.exclusiveBit, ordering: .releasing)
    }

    /// Releases the caller's exclusive hold of slot `slot`. An atomic subtraction, not a store: a
    /// reader may be between its increment and taking it back.
    /// - Complexity: O(1)
    @inlinable
    func releaseExclusively(slot: Int) {
        stateWord(slot: slot).pointee.wrappingSubtract(Self.exclusiveBit, ordering: .releasing)
    }

    /// Enters the calling thread's slot and returns it (the replica to read), having replayed
    /// into it every entry published before the call; `design` (unretained: the store holds it)
    /// serves the slow path.
    /// - Complexity: O(1) when the replica is current; otherwise O(*k*) for *k* entries.
    @inlinable
    func enter<Key, Value>(states: StoreStateCopies<Key, Value>, design: Unmanaged<ReplicatedDesign>) -> Int {
        let slot = callerSlot
        if enterSlot(slot) { replay(slot: slot, states: states, design: design) }
        return slot
    }

    /// Leaves slot `slot`.
    /// - Complexity: O(1)
    @inlinable
    func leave(slot: Int) {
        stateWord(slot: slot).pointee.wrappingSubtract(1, ordering: .releasing)
    }

    /// The slow path of ``enter(states:design:)``: takes the slot exclusively, applies the entries
    /// its replica lacks (each a ``ReplicatedLogEntry`` of the store's types), and turns the
    /// exclusive hold into one reader's, the caller's. A caller alone in its slot (the common case:
    /// one thread per slot) takes it with one compare-exchange that keeps its own count; otherwise
    /// it leaves, waits for the slot's other readers and takes it. Inlinable so that it is
    /// specialised, never inlined so that the fast path stays small.
    /// - Complexity: O(*k*) for *k* entries, plus the wait for the slot's other readers.
    @inlinable @inline(never)
    func replay<Key, Value>(
        slot: Int, states: StoreStateCopies<Key, Value>, design: Unmanaged<ReplicatedDesign>
    ) {
        let word = stateWord(slot: slot)
        if !word.pointee.compareExchange(expected: 1, desired: Self.exclusiveBit | 1, ordering: .acquiring).exchanged {
            leave(slot: slot)
            design._withUnsafeGuaranteedRef { $0.takeExclusively(slot: slot) }
            word.pointee.wrappingAdd(1, ordering: .relaxed)
        }
        let done = applied(slot: slot)
        var index = done.pointee.load(ordering: .relaxed)
        while isPublished(index) {
            if let entry = entry(index) {
                Unmanaged<ReplicatedLogSlot>.fromOpaque(entry)._withUnsafeGuaranteedRef {
                    unsafeDowncast($0, to: ReplicatedLogEntry<Key, Value>.self).replay(copy: slot)
                }
            }
            index &+= 1
        }
        done.pointee.store(index, ordering: .releasing)
        releaseExclusively(slot: slot)
    }

    /// A logged `set` of `key` to `value` (nil removes): fills the entry at the log index
    /// ``ReplicatedDesign/beginAppend()`` hands out (creating it on the position's first use)
    /// and publishes it (a releasing store of its sequence number). Returns without waiting for any reader; every read that starts after it
    /// returns replays it first. Inlinable, so that the entry is filled specialised.
    /// - Complexity: O(1) amortised; allocates only on a ring position's first use.
    @inlinable
    func append<Key, Value>(
        _ value: Value?, forKey key: Key, states: StoreStateCopies<Key, Value>,
        design: Unmanaged<ReplicatedDesign>
    ) {
        design._withUnsafeGuaranteedRef { design in
            let index = design.beginAppend()
            if let entry = entry(index) {
                Unmanaged<ReplicatedLogSlot>.fromOpaque(entry)._withUnsafeGuaranteedRef {
                    let entry = unsafeDowncast($0, to: ReplicatedLogEntry<Key, Value>.self)
                    entry.key = key
                    entry.value = value
                    entry.sequence.store(index &+ 1, ordering: .releasing)
                }
            } else {
                let entry: ReplicatedLogSlot = ReplicatedLogEntry(key: key, value: value, states: states, sequence: index &+ 1)
                cell(index).pointee.store(Int(bitPattern: Unmanaged.passRetained(entry).toOpaque()), ordering: .releasing)
            }
            design.endAppend(index)
        }
    }
}
