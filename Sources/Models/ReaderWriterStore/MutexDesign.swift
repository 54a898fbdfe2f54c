#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// One `pthread_mutex_t` around everything: reads exclude each other as well as writes. The
/// baseline against which the reader-writer designs show what concurrent reads are worth.
/// Writes are synchronous.
final class MutexDesign: StoreDesign, @unchecked Sendable {
    /// On the heap: a pthread lock must not move.
    private let lock: UnsafeMutablePointer<pthread_mutex_t>

    init() {
        lock = StorePThreads.makeMutex()
    }

    deinit {
        StorePThreads.destroy(lock)
    }

    /// Takes shared access for the caller's own read.
    /// - Complexity: O(1)
    @inline(__always)
    func beginRead() -> StoreReadTicket? {
        pthread_mutex_lock(lock)
        return StoreReadTicket(copy: 0, token: 0)
    }

    /// - Complexity: O(1)
    @inline(__always)
    func endRead(_ ticket: StoreReadTicket) {
        pthread_mutex_unlock(lock)
    }

    /// - Complexity: O(1) plus the read.
    func read<Read: StoreRead>(_ read: inout Read) {
        readBracketed(&read)
    }

    /// - Complexity: O(1) plus `body`.
    func write(_ body: (_ copy: Int) -> Void) {
        pthread_mutex_lock(lock)
        body(0)
        pthread_mutex_unlock(lock)
    }
}
