#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `pthread_mutex_t` around everything: reads exclude each other as well as writes. The
/// baseline against which the reader-writer designs show what concurrent reads are worth.
/// Writes are synchronous, so ``enqueueWrite(_:)`` is ``write(_:)``.
final class MutexDesign: StoreDesign, @unchecked Sendable {
    /// On the heap: a pthread lock must not move.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        lock = .allocate(capacity: 1)
        lock.initialize(to: pthread_mutex_t())
        pthread_mutex_init(lock, nil)
    }

    deinit {
        pthread_mutex_destroy(lock)
        lock.deallocate()
    }

    /// Takes shared access for the caller's own read.
    /// - Complexity: O(1)
    @inline(__always)
    func beginRead() -> Bool {
        pthread_mutex_lock(lock)
        return true
    }

    /// - Complexity: O(1)
    @inline(__always)
    func endRead() {
        pthread_mutex_unlock(lock)
    }

    /// - Complexity: O(1) plus the read.
    func read<Read: StoreRead>(_ read: inout Read) {
        pthread_mutex_lock(lock)
        read.run()
        pthread_mutex_unlock(lock)
    }

    /// - Complexity: O(1) plus `body`.
    func write(_ body: () -> Void) {
        pthread_mutex_lock(lock)
        body()
        pthread_mutex_unlock(lock)
    }

    /// Synchronous: returns after the write.
    /// - Complexity: O(1) plus `body`.
    func enqueueWrite(_ body: @escaping @Sendable () -> Void) {
        write(body)
    }
}
