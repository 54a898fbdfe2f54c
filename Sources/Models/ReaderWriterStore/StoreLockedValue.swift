import Foundation

/// A value behind a lock, for the store's bookkeeping (settings, observers, callback
/// registrations), never for its items.
///
/// An `NSLock` (a pthread mutex) rather than `Synchronization.Mutex`: on Linux ThreadSanitizer
/// cannot see `Mutex`'s futex-based locking (the module is not instrumented), so every access it
/// guards is reported as a race.
final class StoreLockedValue<Value>: @unchecked Sendable {
    private let lock = NSLock()
    @exclusivity(unchecked) private var value: Value

    init(_ value: Value) {
        self.value = value
    }

    /// Runs `body` with the lock held.
    /// - Complexity: O(1) plus `body`.
    func withLock<R>(_ body: (inout Value) throws -> R) rethrows -> R {
        lock.lock()
        defer { lock.unlock() }
        return try body(&value)
    }
}
