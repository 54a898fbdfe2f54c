import Dispatch
import Foundation

/// Coalesced change notifications (YMCache's `notificationInterval` and
/// `kYFCacheDidChangeNotification`).
///
/// While ``notificationInterval`` is 0 (the default) nothing is tracked. Setting it to any value
/// above 0 (from 0 or from another positive interval) starts tracking with empty buffers: changes
/// made before are never reported. Every interval after that (the first one interval after
/// setting it), the changes since the last notification are taken in one write and, if there are
/// any, delivered as a ``StoreChange`` to every observer on the store's serial notification
/// queue, in order; an interval with no change posts nothing.
///
/// Setting it to 0 stops tracking and discards what is pending: those changes are never posted.
/// A caller that wants them calls ``flushNotifications()`` first.
extension ReaderWriterStore {
    /// A handle for ``removeObserver(_:)``.
    public struct ObserverToken: Hashable, Sendable {
        let id: Int
    }

    /// Seconds between change notifications; 0 (the default) turns tracking off. Negative and
    /// non-finite values count as 0. Every value above 0 starts with empty buffers; 0 discards
    /// the pending changes.
    /// - Complexity: O(1)
    public var notificationInterval: TimeInterval {
        get { settings.withLock { $0.notificationInterval } }
        set {
            if reentrancy.isReentrant("notificationInterval") { return }
            let interval = newValue.isFinite ? max(0, newValue) : 0
            settings.withLock { settings in
                let wasTracking = settings.notificationInterval > 0
                settings.notificationInterval = interval
                settings.notificationTimer?.cancel()
                settings.notificationTimer = nil
                guard interval > 0 else {
                    if wasTracking { storage.write { copy in states[copy].stopTracking() } }
                    return
                }
                storage.write { copy in states[copy].startTracking() }
                settings.notificationTimer = StoreTimer(interval: interval, queue: notificationQueue) {
                    [weak self] in self?.deliverPending()
                }
            }
        }
    }

    /// Registers `observer` for every change notification from now on. It runs on the store's
    /// serial notification queue (or, during ``flushNotifications()``, serialised with it), one
    /// notification at a time, in order. It may call the store.
    /// - Complexity: O(1)
    @discardableResult
    public func addObserver(_ observer: @escaping @Sendable (StoreChange<Key, Value>) -> Void) -> ObserverToken {
        settings.withLock { settings in
            settings.nextObserverID += 1
            settings.observers.append((settings.nextObserverID, observer))
            return ObserverToken(id: settings.nextObserverID)
        }
    }

    /// Unregisters an observer; a notification being delivered may still reach it.
    /// - Complexity: O(*o*) for *o* observers.
    public func removeObserver(_ token: ObserverToken) {
        settings.withLock { $0.observers.removeAll { $0.id == token.id } }
    }

    /// Takes and delivers the pending changes now, as a timer tick would, and returns them; nil
    /// (and nothing posted) when nothing is pending or tracking is off. The timer keeps its
    /// schedule. For deterministic tests and drivers.
    /// - Complexity: O(1) plus the observers.
    @discardableResult
    public func flushNotifications() -> StoreChange<Key, Value>? {
        if reentrancy.isReentrant("flushNotifications()") { return nil }
        if DispatchQueue.getSpecific(key: notificationQueueKey) == true { return deliverPending() }
        return notificationQueue.sync { deliverPending() }
    }

    /// One tick, on the notification queue.
    @discardableResult
    func deliverPending() -> StoreChange<Key, Value>? {
        var pending: StoreChange<Key, Value>?
        storage.write { copy in pending = states[copy].takePending() }
        guard let change = pending else { return nil }
        deliver(change)
        return change
    }

    private func deliver(_ change: StoreChange<Key, Value>) {
        let observers = settings.withLock { $0.observers.map(\.handler) }
        for observer in observers { observer(change) }
    }
}
