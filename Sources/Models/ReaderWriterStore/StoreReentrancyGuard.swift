import Synchronization

/// Detects a store's deciders and loaders calling back into the store.
///
/// The store runs each callback through ``runCallback(_:)``, which registers the calling thread;
/// every store operation first asks ``isReentrant(_:)``. The common case costs one relaxed atomic
/// load of a word that changes only when a callback starts or ends: a thread inside a callback
/// registered itself before the callback ran, so its own load always sees a non-zero count; other
/// threads may see a stale count, which only sends them to the slow path to find they are not
/// registered.
@usableFromInline
final class StoreReentrancyGuard: Sendable {
    private struct Registration {
        let thread: UInt
        var refusedOperation: String?
    }

    @usableFromInline let activeCallbacks = Atomic<Int>(0)
    private let registrations = StoreLockedValue<[Registration]>([])

    /// Whether the calling thread is inside one of this store's callbacks; if so, records
    /// `operation` as refused.
    /// - Complexity: O(1) outside callbacks; O(*c*) for *c* running callbacks inside.
    @inlinable
    func isReentrant(_ operation: StaticString) -> Bool {
        guard activeCallbacks.load(ordering: .relaxed) != 0 else { return false }
        return refuseIfRegistered(operation)
    }

    @usableFromInline
    func refuseIfRegistered(_ operation: StaticString) -> Bool {
        let thread = StorePThreads.currentThread
        return registrations.withLock { list in
            guard let index = list.firstIndex(where: { $0.thread == thread }) else { return false }
            if list[index].refusedOperation == nil { list[index].refusedOperation = operation.description }
            return true
        }
    }

    /// Runs `callback` on the calling thread with the thread registered.
    /// - Throws: ``ReaderWriterStoreError/reentrantCall(operation:)`` if the callback called the
    ///   store (even if it then threw), else what `callback` throws.
    /// - Complexity: O(*c*) for *c* running callbacks, plus `callback`.
    func runCallback<R>(_ callback: () throws -> R) throws -> R {
        let thread = StorePThreads.currentThread
        registrations.withLock { $0.append(Registration(thread: thread, refusedOperation: nil)) }
        activeCallbacks.add(1, ordering: .relaxed)
        let result = Result { try callback() }
        activeCallbacks.subtract(1, ordering: .relaxed)
        let refused = registrations.withLock { list -> String? in
            guard let index = list.lastIndex(where: { $0.thread == thread }) else { return nil }
            return list.remove(at: index).refusedOperation
        }
        if let refused { throw ReaderWriterStoreError.reentrantCall(operation: refused) }
        return try result.get()
    }
}
