import Foundation

/// Eviction by a decider (YMCache's `evictionDecider`, `purgeEvictableItems:` and
/// `evictionInterval`).
extension ReaderWriterStore {
    /// The eviction interval a store with a decider starts with: 600 s.
    public static var defaultEvictionInterval: TimeInterval { 600 }

    /// Seconds between automatic purges, which run on a background thread with a nil context;
    /// 0 cancels the timer. A store without a decider ignores this and keeps 0. Setting a new
    /// value restarts the timer: the next purge is one interval later. Negative and non-finite
    /// values count as 0.
    /// - Complexity: O(1)
    public var evictionInterval: TimeInterval {
        get { settings.withLock { $0.evictionInterval } }
        set {
            if reentrancy.isReentrant("evictionInterval") || evictionDecider == nil { return }
            let interval = newValue.isFinite ? max(0, newValue) : 0
            settings.withLock { settings in
                settings.evictionInterval = interval
                settings.evictionTimer?.cancel()
                settings.evictionTimer = nil
                guard interval > 0 else { return }
                settings.evictionTimer = StoreTimer(interval: interval, queue: timerQueue) { [weak self] in
                    self?.timerPurge()
                }
            }
        }
    }

    /// Evicts what the decider chooses: takes a snapshot of all items (one read), asks the decider
    /// about each on the caller's thread, outside any lock, passing `context`, then removes the
    /// chosen keys in one write (``remove(keys:)``, synchronous or asynchronous as ``writes``
    /// says: they are reported as removed). Without a decider it does nothing. A key changed
    /// between the snapshot and the removal is still removed, as in the seed.
    /// - Returns: how many chosen keys were removed (asynchronous: how many were chosen).
    /// - Throws: ``ReaderWriterStoreError/reentrantCall(operation:)`` if the decider called the
    ///   store (nothing is removed) or if this call comes from a decider or loader.
    /// - Complexity: O(*n*) decider calls for *n* items.
    @discardableResult
    public func purge(context: Any? = nil) throws -> Int {
        if reentrancy.isReentrant("purge(context:)") {
            throw ReaderWriterStoreError.reentrantCall(operation: "purge(context:)")
        }
        guard let evictionDecider else { return 0 }
        let snapshot = allItems()
        let chosen = try reentrancy.runCallback {
            snapshot.compactMap { key, value in evictionDecider(key, value, context) ? key : nil }
        }
        guard !chosen.isEmpty else { return 0 }
        return remove(keys: chosen) ?? chosen.count
    }

    /// A purge from the eviction timer; a failure goes to ``onBackgroundError``.
    func timerPurge() {
        do {
            try purge(context: nil)
        } catch {
            reportBackground(error as? ReaderWriterStoreError ?? .reentrantCall(operation: "\(error)"))
        }
    }

    /// Called, on a background queue, with failures no caller sees: a periodic save that failed
    /// (the periodic save has stopped) or a timer purge whose decider called the store.
    /// - Complexity: O(1)
    public var onBackgroundError: (@Sendable (ReaderWriterStoreError) -> Void)? {
        get { settings.withLock { $0.onBackgroundError } }
        set { settings.withLock { $0.onBackgroundError = newValue } }
    }

    func reportBackground(_ error: ReaderWriterStoreError) {
        settings.withLock { $0.onBackgroundError }?(error)
    }
}
