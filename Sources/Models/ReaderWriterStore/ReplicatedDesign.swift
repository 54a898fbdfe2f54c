import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Replicas kept current from an operation log (node replication, Calciu et al. 2017, with one
/// replica per reader slot rather than per NUMA node): each reader slot reads its own copy of the
/// state, and a `set` is not applied to any copy when it is written but appended to a shared log
/// that every replica replays, on its next read, before reading.
///
/// Why, for read-heavy load on a few cores: in `left-right` and `big-reader` a write makes the
/// writer visit every reader's slot and wait for it, and the value it stores sits on a line the
/// other cores then read: each write costs every core several cache misses, and with each thread
/// writing 5% of the time those misses, not the reads, set the read rate. Here a read touches its
/// slot (one atomic increment and one decrement on a line its core holds), the log entry its
/// replica would apply next (its ring cell, which never changes once filled, and the entry's
/// sequence number, which changes only when a write is appended) and its own replica (lines no
/// other core writes); a write takes the writers' mutex, fills one log entry and returns,
/// waiting for no reader (except, once the ring is full, a reader in the middle of a read whose
/// replica lags a whole ring: its thread stopped reading for that long). A reader pays for another thread's write with about one
/// miss, on the entry (its sequence number, key and value share the entry object), then replays
/// the write into its own replica. A read-your-writes read needs no more: the entry is published
/// (a releasing store of its sequence number) before `set` returns, and every read first looks at
/// the next entry its replica has not applied (an acquiring load), so a read that starts after a
/// `set` returned, on any thread, replays it first; and a thread always uses the same slot, so it
/// never sees a key's versions go backwards.
///
/// Only `set` is logged (the store's inlined `set` fills a log entry between ``beginAppend()``
/// and ``endAppend(_:)``). Every other write (bulk add, removals, the loader, notification
/// bookkeeping) is a barrier: it takes every slot exclusively, in order, replays the log into
/// every replica, applies its body to each and releases them together, so no reader sees part of
/// it. A slot's readers share its replica (more threads than slots); a reader that finds its
/// replica behind takes the slot exclusively to replay, then reads.
///
/// The log is a ring of ``ReplicatedReadSide/logCapacity`` entries, each a
/// ``ReplicatedLogEntry`` kept for the store's life and refilled by the next write that takes its
/// position, once every replica has applied it. When the ring is full the writer looks at every
/// replica's count of applied entries (once per ring, not per write) and replays the log itself
/// into a replica that lags a whole ring (a slot whose threads stopped reading). The cost: the
/// state is held once per slot (``copies``: the active processor count rounded up to a power of
/// two, at least 2 and at most 16), every `set` is applied once per replica, and a logged value
/// stays alive until its position is refilled.
@usableFromInline
final class ReplicatedDesign: StoreDesign, @unchecked Sendable {
    /// Per slot: counter 0 is the state word, counter 1 the number of log entries its replica
    /// has applied.
    let slots: StoreReaderSlots
    /// The read path, as plain pointers; also the log's and the slots' layout.
    @usableFromInline let readSide: ReplicatedReadSide
    /// The writers' block: the mutex, `tail` and `reusable` together on one 128-byte-aligned
    /// block, so that a `set` from another core moves one cache line to the writer, not three
    /// (a separately allocated mutex, and the fields of this object).
    private let writerBlock: UnsafeMutableRawPointer
    /// Serialises writers (a logged `set`, a barrier), and guards `tail`, `reusable` and the
    /// entries' contents. Adaptive: it spins a little before sleeping, for `set`s held well under
    /// a microsecond, and sleeps through a barrier's loader.
    private let writers: UnsafeMutablePointer<pthread_mutex_t>
    /// Where the index the next logged write takes is kept (in ``writerBlock``).
    private let tailWord: UnsafeMutablePointer<Int>
    /// Where the index below which every replica has applied the entries (their ring positions
    /// may be refilled) is kept (in ``writerBlock``).
    private let reusableWord: UnsafeMutablePointer<Int>

    /// The index the next logged write takes.
    private var tail: Int {
        get { tailWord.pointee }
        set { tailWord.pointee = newValue }
    }
    /// Every replica has applied the entries below this index: their ring positions may be
    /// refilled.
    private var reusable: Int {
        get { reusableWord.pointee }
        set { reusableWord.pointee = newValue }
    }

    /// One replica per slot.
    @usableFromInline var copies: Int { slots.count }

    /// Creates the design with `slotCount` slots (by default the active processor count, at least
    /// 2 and at most 16), each with its own replica.
    /// - Complexity: O(*s* + ``ReplicatedReadSide/logCapacity``).
    init(slotCount: Int? = nil) {
        let wanted = slotCount ?? min(16, max(2, ProcessInfo.processInfo.activeProcessorCount))
        slots = StoreReaderSlots(countersPerSlot: 2, slotCount: wanted)
        let capacity = ReplicatedReadSide.logCapacity
        let log = UnsafeMutableRawPointer.allocate(
            byteCount: capacity * ReplicatedReadSide.entryStride, alignment: StoreReaderSlots.stride)
        readSide = ReplicatedReadSide(slots: slots.base, slotMask: slots.mask, log: log)
        let mutexBytes = (MemoryLayout<pthread_mutex_t>.size + 7) & ~7
        writerBlock = .allocate(byteCount: max(StoreReaderSlots.stride, mutexBytes + 16), alignment: StoreReaderSlots.stride)
        writers = writerBlock.bindMemory(to: pthread_mutex_t.self, capacity: 1)
        StorePThreads.initializeMutex(writers, adaptive: true)
        tailWord = (writerBlock + mutexBytes).bindMemory(to: Int.self, capacity: 2)
        tailWord.initialize(to: 0)
        reusableWord = tailWord + 1
        reusableWord.initialize(to: 0)
        for index in 0..<capacity {
            (log + index * ReplicatedReadSide.entryStride).bindMemory(to: Atomic<Int>.self, capacity: 1)
                .initialize(to: Atomic(0))
        }
    }

    deinit {
        for index in 0..<ReplicatedReadSide.logCapacity {
            if let entry = readSide.entry(index) { Unmanaged<ReplicatedLogSlot>.fromOpaque(entry).release() }
            readSide.cell(index).deinitialize(count: 1)
        }
        readSide.log.deallocate()
        pthread_mutex_destroy(writers)
        writerBlock.deallocate()
    }

    // MARK: Reads

    /// Enters the calling thread's slot (waiting while a thread holds it exclusively) and, if the
    /// log has entries its replica has not applied, replays them first (unspecialised; the
    /// store's own read path uses ``ReplicatedReadSide/enter(states:)``, which replays them
    /// specialised). The ticket's copy is the slot's replica.
    /// - Complexity: O(1) when the replica is current; otherwise O(*k*) for *k* entries to replay.
    @usableFromInline
    func beginRead() -> StoreReadTicket? {
        let slot = StorePThreads.readerIndex & slots.mask
        if readSide.enterSlot(slot) {
            readSide.stateWord(slot: slot).pointee.wrappingSubtract(1, ordering: .releasing)
            takeExclusively(slot: slot)
            catchUp(slot: slot)
            readSide.becomeReader(slot: slot)
        }
        return StoreReadTicket(copy: slot, token: slot)
    }

    /// Leaves the ticket's slot.
    /// - Complexity: O(1)
    @usableFromInline
    func endRead(_ ticket: StoreReadTicket) {
        readSide.leave(slot: ticket.token)
    }

    /// Reads the caller's replica.
    /// - Complexity: as ``beginRead()`` plus the read.
    @usableFromInline
    func read<Read: StoreRead>(_ read: inout Read) {
        readBracketed(&read)
    }

    /// Applies to slot `slot`'s replica every published entry it lacks, through
    /// ``StoreWrite/apply(copy:)``. The caller holds the slot exclusively.
    /// - Complexity: O(*k*) for *k* entries.
    private func catchUp(slot: Int) {
        let applied = readSide.applied(slot: slot)
        var index = applied.pointee.load(ordering: .relaxed)
        let start = index
        while readSide.isPublished(index) {
            if let entry = readSide.entry(index) {
                Unmanaged<ReplicatedLogSlot>.fromOpaque(entry)._withUnsafeGuaranteedRef { $0.apply(copy: slot) }
            }
            index &+= 1
        }
        if index != start { applied.pointee.store(index, ordering: .releasing) }
    }

    /// Sets the exclusive bit on slot `slot` (once no other thread holds it) and waits for its
    /// readers to leave; new readers wait from the moment the bit is set.
    /// - Complexity: O(1) plus the wait.
    @usableFromInline
    func takeExclusively(slot: Int) {
        let word = readSide.stateWord(slot: slot)
        let exclusive = ReplicatedReadSide.exclusiveBit
        var spins = 0
        while true {
            let state = word.pointee.load(ordering: .relaxed)
            if state & exclusive == 0,
                word.pointee.compareExchange(expected: state, desired: state | exclusive, ordering: .acquiring).exchanged
            {
                break
            }
            StoreReaderSlots.backOff(&spins)
        }
        spins = 0
        while word.pointee.load(ordering: .acquiring) != exclusive { StoreReaderSlots.backOff(&spins) }
    }

    // MARK: Writes

    /// Starts a logged `set`: takes the writers' mutex and returns the log index it will take,
    /// whose ring position every replica has applied (a replica that lags a whole ring is
    /// brought up to date here, with its slot held exclusively). The caller fills the position's
    /// entry (``ReplicatedReadSide/append(_:forKey:states:design:)``) and calls
    /// ``endAppend(_:)``.
    /// - Complexity: O(1) amortised: O(*s*) slot loads per ``ReplicatedReadSide/logCapacity``
    ///   writes, plus any replay.
    @usableFromInline
    func beginAppend() -> Int {
        let index = lockLog()
        if index &- reusable >= ReplicatedReadSide.logCapacity {
            makeReusable(below: index &- ReplicatedReadSide.logCapacity &+ 1, tail: index)
        }
        return index
    }

    /// Ends a logged `set` whose entry the caller has published at log index `index` (every
    /// read that starts after this returns replays it first): moves the tail past it and
    /// releases the writers' mutex.
    /// - Complexity: O(1)
    @usableFromInline
    func endAppend(_ index: Int) {
        unlockLog(tail: index &+ 1)
    }

    /// Takes the writers' mutex and returns the log's tail.
    /// - Complexity: O(1) plus the wait.
    private func lockLog() -> Int {
        pthread_mutex_lock(writers)
        return tail
    }

    /// Moves the log's tail to `tail` and releases the writers' mutex.
    /// - Complexity: O(1)
    private func unlockLog(tail: Int) {
        self.tail = tail
        pthread_mutex_unlock(writers)
    }

    /// Moves ``reusable`` up to the lowest count of entries any replica has applied, and at least
    /// to `needed`: a replica that has not applied as far is brought up to date here, with its
    /// slot held exclusively. The caller holds the writers' mutex, with the log's tail at `tail`.
    /// - Complexity: O(*s*) for *s* slots, plus the entries replayed.
    private func makeReusable(below needed: Int, tail: Int) {
        var lowest = tail
        for slot in 0..<slots.count {
            var done = readSide.applied(slot: slot).pointee.load(ordering: .acquiring)
            if done < needed {
                takeExclusively(slot: slot)
                catchUp(slot: slot)
                done = readSide.applied(slot: slot).pointee.load(ordering: .relaxed)
                readSide.releaseExclusively(slot: slot)
            }
            lowest = min(lowest, done)
        }
        reusable = lowest
    }

    /// A barrier: takes every slot exclusively, in order, replays the log into every replica,
    /// runs `body` on each, then releases them all, so no reader sees part of the write; the
    /// whole ring is then reusable.
    /// - Complexity: O(*s*) slots plus the replay, plus `body` once per replica.
    @usableFromInline
    func write(_ body: (_ copy: Int) -> Void) {
        let tail = lockLog()
        for slot in 0..<slots.count { takeExclusively(slot: slot) }
        for slot in 0..<slots.count { catchUp(slot: slot) }
        for slot in 0..<slots.count { body(slot) }
        for slot in 0..<slots.count { readSide.releaseExclusively(slot: slot) }
        reusable = tail
        unlockLog(tail: tail)
    }
}
