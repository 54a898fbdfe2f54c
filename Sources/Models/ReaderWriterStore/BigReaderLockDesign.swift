import Foundation
import Synchronization

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A big-reader lock (Linux's brlock, "per-CPU rwlock"): one reader count per reader slot, each
/// on its own cache lines, with a writer bit. A reader enters only its thread's slot; a writer
/// sets the writer bit on every slot and waits for each slot's readers to leave.
///
/// Why, for read-heavy load: with one reader-writer lock (or one concurrent GCD queue) every read
/// does an atomic read-modify-write on the same lock word, twice. Readers never wait for each
/// other, yet each acquisition pulls that word's cache line over to its core in exclusive state,
/// so concurrent reads queue up on the cache-coherence traffic and read throughput stops growing,
/// or falls, as cores are added. Here a thread always uses the same slot (slots are handed out
/// per thread, in the order threads first read), and each slot sits alone in a 128-byte block
/// (two cache lines, against adjacent-line prefetch), so a read touches only a line its own core
/// already holds: reads scale with cores. Writers pay instead: a write visits every slot, and
/// writers take a mutex first, so two writers never interleave; that is a good trade only when
/// writes are rare, which is what read-heavy means.
///
/// Why counts and spinning rather than a pthread rwlock per slot: a read holds its slot for tens
/// of nanoseconds and a write for about a microsecond, while putting a thread to sleep on a futex
/// and waking it costs several microseconds. So a reader entering, and a writer waiting for a
/// slot to empty, spin a little and then yield the processor (`sched_yield`), never sleep; and the
/// read is one compare-and-swap and one subtraction on the thread's own line, with no call into
/// the pthread library. Writers are preferred: once a writer has set its bit, new readers of that
/// slot wait, so a stream of readers cannot starve a writer. Threads sharing a slot (more threads
/// than slots) still read concurrently: the slot counts them.
///
/// Why not striped locks: stripes split the *keys*, but `allItems`, bulk add and `removeAll` must
/// take every stripe anyway, and readers of one hot key still share one stripe's line. Read-heavy
/// contention is between *readers*, so the lock is split by reader.
final class BigReaderLockDesign: StoreDesign, @unchecked Sendable {
    /// Bytes between slots: two 64-byte cache lines.
    static var slotStride: Int { 128 }

    /// Set in a slot's word while a writer holds (or is waiting for) it; the rest counts readers.
    static var writerBit: Int { 1 << 62 }

    /// Spins before a waiting thread starts yielding.
    static var spinsBeforeYield: Int { 64 }

    /// The number of slots, a power of two.
    let slotCount: Int
    private let slotMask: Int
    private let slots: UnsafeMutableRawPointer
    /// Serialises writers: each then visits every slot alone.
    private let writers: UnsafeMutablePointer<pthread_mutex_t>

    /// Creates the lock with `slotCount` slots (rounded up to a power of two); by default twice
    /// the active processor count, at least 4 and at most 64.
    /// - Complexity: O(*s*) for *s* slots.
    init(slotCount: Int? = nil) {
        let wanted = slotCount ?? min(64, max(4, 2 * ProcessInfo.processInfo.activeProcessorCount))
        var count = 1
        while count < wanted { count <<= 1 }
        self.slotCount = count
        slotMask = count - 1
        slots = .allocate(byteCount: count * Self.slotStride, alignment: Self.slotStride)
        for index in 0..<count {
            (slots + index * Self.slotStride).bindMemory(to: Atomic<Int>.self, capacity: 1).initialize(to: Atomic(0))
        }
        writers = .allocate(capacity: 1)
        writers.initialize(to: pthread_mutex_t())
        pthread_mutex_init(writers, nil)
    }

    deinit {
        for index in 0..<slotCount { slot(index).deinitialize(count: 1) }
        slots.deallocate()
        pthread_mutex_destroy(writers)
        writers.deallocate()
    }

    @inline(__always)
    private func slot(_ index: Int) -> UnsafeMutablePointer<Atomic<Int>> {
        (slots + index * Self.slotStride).assumingMemoryBound(to: Atomic<Int>.self)
    }

    /// The calling thread's slot.
    @inline(__always)
    private var mySlot: UnsafeMutablePointer<Atomic<Int>> {
        slot(StorePThreads.readerIndex & slotMask)
    }

    /// Spins `spins` times, then yields the processor on every call after.
    @inline(__always)
    private static func backOff(_ spins: inout Int) {
        spins += 1
        if spins > spinsBeforeYield { sched_yield() }
    }

    /// Enters the calling thread's slot: waits while a writer holds it.
    /// - Complexity: O(1) without a writer.
    @inline(__always)
    func beginRead() -> Bool {
        let slot = mySlot
        var spins = 0
        while true {
            let word = slot.pointee.load(ordering: .relaxed)
            if word & Self.writerBit == 0,
                slot.pointee.compareExchange(expected: word, desired: word &+ 1, ordering: .acquiring).exchanged
            {
                return true
            }
            Self.backOff(&spins)
        }
    }

    /// Leaves the calling thread's slot.
    /// - Complexity: O(1)
    @inline(__always)
    func endRead() {
        mySlot.pointee.subtract(1, ordering: .releasing)
    }

    /// Enters the calling thread's slot only, for the read.
    /// - Complexity: O(1) plus the read.
    func read<Read: StoreRead>(_ read: inout Read) {
        _ = beginRead()
        read.run()
        endRead()
    }

    /// Takes the writers' mutex, sets the writer bit on every slot, waits for each slot's readers
    /// to leave, runs `body`, then clears the bits.
    /// - Complexity: O(*s*) for *s* slots, plus `body`.
    func write(_ body: () -> Void) {
        pthread_mutex_lock(writers)
        for index in 0..<slotCount {
            slot(index).pointee.bitwiseOr(Self.writerBit, ordering: .acquiringAndReleasing)
        }
        for index in 0..<slotCount {
            var spins = 0
            while slot(index).pointee.load(ordering: .acquiring) != Self.writerBit { Self.backOff(&spins) }
        }
        body()
        // No reader can have entered while the bit was set: each word is exactly the bit.
        for index in 0..<slotCount {
            slot(index).pointee.store(0, ordering: .releasing)
        }
        pthread_mutex_unlock(writers)
    }

    /// Synchronous: returns after the write.
    /// - Complexity: as ``write(_:)``.
    func enqueueWrite(_ body: @escaping @Sendable () -> Void) {
        write(body)
    }
}
