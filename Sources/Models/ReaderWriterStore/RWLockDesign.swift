#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `pthread_rwlock_t`: reads take it shared, writes exclusive, both on the caller's thread;
/// writes are synchronous.
///
/// The lock lives on the heap (`UnsafeMutablePointer`): a pthread lock must not move, and a
/// Swift stored struct may be moved or copied. On glibc it prefers writers, as a GCD barrier
/// does; glibc's default prefers readers, which starves writers under read-heavy load.
final class RWLockDesign: StoreDesign, @unchecked Sendable {
    private let lock: UnsafeMutablePointer<pthread_rwlock_t>

    init() {
        lock = .allocate(capacity: 1)
        StorePThreads.initialize(lock)
    }

    deinit {
        pthread_rwlock_destroy(lock)
        lock.deallocate()
    }

    /// Takes shared access for the caller's own read.
    /// - Complexity: O(1)
    @inline(__always)
    func beginRead() -> StoreReadTicket? {
        pthread_rwlock_rdlock(lock)
        return StoreReadTicket(copy: 0, token: 0)
    }

    /// - Complexity: O(1)
    @inline(__always)
    func endRead(_ ticket: StoreReadTicket) {
        pthread_rwlock_unlock(lock)
    }

    /// - Complexity: O(1) plus the read.
    func read<Read: StoreRead>(_ read: inout Read) {
        readBracketed(&read)
    }

    /// - Complexity: O(1) plus `body`.
    func write(_ body: (_ copy: Int) -> Void) {
        pthread_rwlock_wrlock(lock)
        body(0)
        pthread_rwlock_unlock(lock)
    }
}
