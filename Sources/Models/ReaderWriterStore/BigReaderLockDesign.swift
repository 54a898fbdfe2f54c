import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A big-reader lock (Linux's brlock, "per-CPU rwlock"): one reader-writer lock per reader slot,
/// each on its own cache lines. A reader locks only its thread's slot, shared; a writer locks
/// every slot, exclusively, in index order.
///
/// Why, for read-heavy load: with one reader-writer lock (or one concurrent GCD queue) every read
/// does an atomic read-modify-write on the same lock word, twice. Readers never wait for each
/// other, yet each acquisition pulls that word's cache line over to its core in exclusive state,
/// so concurrent reads queue up on the cache-coherence traffic and read throughput stops growing,
/// or falls, as cores are added. Here a thread always uses the same slot (slots are handed out
/// per thread, in the order threads first read), and each slot's lock sits alone in a 128-byte
/// block (two cache lines, against adjacent-line prefetch), so a read touches only a line its own
/// core already holds: reads scale with cores. Writers pay instead: a write takes *s* locks, one
/// per slot, always in the same order, so two writers cannot deadlock; that is a good trade only
/// when writes are rare, which is what read-heavy means. Slots are themselves rwlocks, so threads
/// sharing a slot (more threads than slots) still read concurrently, and writer-preferring, so a
/// stream of readers cannot starve a writer.
///
/// Why not striped locks: stripes split the *keys*, but `allItems`, bulk add and `removeAll` must
/// take every stripe anyway, and readers of one hot key still share one stripe's line. Read-heavy
/// contention is between *readers*, so the lock is split by reader.
final class BigReaderLockDesign: StoreDesign, @unchecked Sendable {
    /// Bytes between slots: two 64-byte cache lines.
    static var slotStride: Int { 128 }

    /// The number of slots, a power of two.
    let slotCount: Int
    private let slotMask: Int
    private let slots: UnsafeMutableRawPointer

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
            StorePThreads.initialize((slots + index * Self.slotStride).bindMemory(to: pthread_rwlock_t.self, capacity: 1))
        }
    }

    deinit {
        for index in 0..<slotCount { pthread_rwlock_destroy(lock(index)) }
        slots.deallocate()
    }

    @inline(__always)
    private func lock(_ index: Int) -> UnsafeMutablePointer<pthread_rwlock_t> {
        (slots + index * Self.slotStride).assumingMemoryBound(to: pthread_rwlock_t.self)
    }

    /// Locks the calling thread's slot only.
    /// - Complexity: O(1) plus the read.
    func read<Read: StoreRead>(_ read: inout Read) {
        let slot = lock(StorePThreads.readerIndex & slotMask)
        pthread_rwlock_rdlock(slot)
        read.run()
        pthread_rwlock_unlock(slot)
    }

    /// Locks every slot in index order.
    /// - Complexity: O(*s*) for *s* slots, plus `body`.
    func write(_ body: () -> Void) {
        for index in 0..<slotCount { pthread_rwlock_wrlock(lock(index)) }
        body()
        for index in (0..<slotCount).reversed() { pthread_rwlock_unlock(lock(index)) }
    }

    /// Synchronous: returns after the write.
    /// - Complexity: as ``write(_:)``.
    func enqueueWrite(_ body: @escaping @Sendable () -> Void) {
        write(body)
    }
}
