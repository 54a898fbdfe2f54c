import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Left-right concurrency control (Ramalhete and Correia, 2015; the Rust `left-right` and `evmap`
/// crates): two copies of the state, readers on one, the writer on the other.
///
/// A reader announces itself in its own reader slot (``StoreReaderSlots``: one counter per
/// version, on the slot's own cache lines), reads which copy is live, reads that copy with no
/// lock, and leaves. It never waits and never writes a line another reader writes: a read is
/// wait-free and costs one atomic increment and one decrement on a line its core already holds,
/// plus the lookup.
///
/// A writer (writers take a mutex, so one writes at a time) applies its change to the copy no
/// reader reads, makes that copy live, then waits until every reader that might still be on the
/// old copy has left, and applies the same change to the old copy, which becomes the next write's
/// target. So a writer never blocks a reader; it waits for readers instead, for as long as a read
/// takes. Which readers it waits for is told by the version index: a reader counts itself under
/// the version it read on arrival, and the writer toggles the version between its two waits, so
/// that readers arriving during the wait count under the other version and a stream of readers
/// cannot keep the writer waiting forever (the paper's `toggleVersionAndWait`).
///
/// The cost is on the write side: every change is applied twice (two lookups and stores per
/// `set`, two passes over the entries of a bulk operation), a write waits for the reads in flight
/// on each of two versions, and the state takes twice the memory.
///
/// Memory ordering: a reader's arrival (a sequentially consistent increment) is ordered before
/// its load of the live copy (sequentially consistent), and the writer's switch of the live copy
/// before its loads of the counters; so a reader the writer does not see counted must see the
/// switch and read the new copy.
@usableFromInline
final class LeftRightDesign: StoreDesign, @unchecked Sendable {
    /// Two copies of the state.
    @usableFromInline var copies: Int { 2 }

    /// Per slot: a reader count for version 0 and one for version 1.
    let slots = StoreReaderSlots(countersPerSlot: 2)
    /// The live copy (0 or 1) and the version index (0 or 1), alone in a 128-byte block: every
    /// reader reads them, only writers write them, once each per write.
    private let control: UnsafeMutableRawPointer
    /// The read path, as plain pointers.
    @usableFromInline let readSide: LeftRightReadSide
    /// Serialises writers.
    private let writers = StorePThreads.makeMutex(adaptive: true)

    init() {
        control = .allocate(byteCount: StoreReaderSlots.stride, alignment: StoreReaderSlots.stride)
        readSide = LeftRightReadSide(control: control, slots: slots.base, slotMask: slots.mask)
        readSide.liveCopy.initialize(to: Atomic(0))
        readSide.version.initialize(to: Atomic(0))
    }

    deinit {
        readSide.liveCopy.deinitialize(count: 1)
        readSide.version.deinitialize(count: 1)
        control.deallocate()
        StorePThreads.destroy(writers)
    }

    /// Counts the caller in its slot under the current version and returns the live copy.
    /// - Complexity: O(1); wait-free.
    @inlinable
    func beginRead() -> StoreReadTicket? {
        readSide.enter()
    }

    /// Uncounts the caller from the counter it arrived on.
    /// - Complexity: O(1); wait-free.
    @inlinable
    func endRead(_ ticket: StoreReadTicket) {
        readSide.leave(ticket)
    }

    /// Reads the live copy.
    /// - Complexity: O(1) plus the read; wait-free.
    @usableFromInline
    func read<Read: StoreRead>(_ read: inout Read) {
        readBracketed(&read)
    }

    /// Applies `body` to the copy nobody reads, makes it live, waits for the old copy's readers
    /// to leave, then applies `body` to the old copy.
    /// - Complexity: two calls of `body`, plus O(*s*) slot loads for *s* slots and the reads in
    ///   flight.
    @usableFromInline
    func write(_ body: (_ copy: Int) -> Void) {
        pthread_mutex_lock(writers)
        let live = readSide.liveCopy.pointee.load(ordering: .relaxed)
        body(1 - live)
        readSide.liveCopy.pointee.store(1 - live, ordering: .sequentiallyConsistent)
        // Wait for the readers counted under either version: those of the next version first (a
        // late arrival that read the version before the last toggle), then, after sending new
        // readers there, those of the current one.
        let version = readSide.version.pointee.load(ordering: .relaxed)
        slots.waitUntilEvery(counter: 1 - version, equals: 0)
        readSide.version.pointee.store(1 - version, ordering: .sequentiallyConsistent)
        slots.waitUntilEvery(counter: version, equals: 0)
        body(live)
        pthread_mutex_unlock(writers)
    }
}

/// A ``LeftRightDesign``'s read path as plain pointers (its control block and its first reader
/// slot) and the slot mask: a trivial value, so that the store's inlined read path loads it from
/// the store and touches no reference count (a retain and a release of the design per read would
/// be two atomic writes to a line every reader shares, the very cost the design removes).
@usableFromInline
struct LeftRightReadSide: @unchecked Sendable {
    @usableFromInline let control: UnsafeMutableRawPointer
    @usableFromInline let slots: UnsafeMutableRawPointer
    @usableFromInline let slotMask: Int

    @usableFromInline
    init(control: UnsafeMutableRawPointer, slots: UnsafeMutableRawPointer, slotMask: Int) {
        self.control = control
        self.slots = slots
        self.slotMask = slotMask
    }

    /// The live copy's index.
    @inlinable
    var liveCopy: UnsafeMutablePointer<Atomic<Int>> {
        control.assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// The version index: which of its slot's two counters an arriving reader increments.
    @inlinable
    var version: UnsafeMutablePointer<Atomic<Int>> {
        (control + MemoryLayout<Atomic<Int>>.stride).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// Counts the caller in its slot under the current version and returns the live copy; the
    /// ticket's token is the counter's offset. Never waits.
    /// - Complexity: O(1); wait-free.
    @inlinable
    func enter() -> StoreReadTicket {
        let current = version.pointee.load(ordering: .relaxed)
        let offset = StoreReaderSlots.offset(slot: StorePThreads.readerIndex & slotMask, counter: current)
        (slots + offset).assumingMemoryBound(to: Atomic<Int>.self).pointee
            .wrappingAdd(1, ordering: .sequentiallyConsistent)
        let copy = liveCopy.pointee.load(ordering: .sequentiallyConsistent)
        return StoreReadTicket(copy: copy, token: offset)
    }

    /// Uncounts the caller from the counter it arrived on.
    /// - Complexity: O(1); wait-free.
    @inlinable
    func leave(_ ticket: StoreReadTicket) {
        (slots + ticket.token).assumingMemoryBound(to: Atomic<Int>.self).pointee
            .wrappingSubtract(1, ordering: .releasing)
    }
}
