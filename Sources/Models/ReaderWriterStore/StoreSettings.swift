import Foundation

/// A ``ReaderWriterStore``'s timers, intervals and observers, guarded by their own lock (never
/// taken inside the design's lock, which may be taken inside it).
struct StoreSettings<Key: Hashable & Sendable, Value: Sendable> {
    typealias Observer = @Sendable (StoreChange<Key, Value>) -> Void

    var notificationInterval: TimeInterval = 0
    var notificationTimer: StoreTimer?
    var evictionInterval: TimeInterval = 0
    var evictionTimer: StoreTimer?
    var saveTimer: StoreTimer?
    /// Bumped by every start or stop of the periodic save, so that a late tick of a stopped timer
    /// can tell.
    var saveGeneration = 0
    var observers: [(id: Int, handler: Observer)] = []
    var nextObserverID = 0
    var onBackgroundError: (@Sendable (ReaderWriterStoreError) -> Void)?
    /// How ``ReaderWriterStore/save(to:)`` writes its file; atomically by default, as the seed.
    var fileWritingOptions: Data.WritingOptions = .atomic
    /// Saves that wrote their file, and saves that failed (``ReaderWriterStore/saveCounts``).
    var saves = 0
    var saveFailures = 0

    /// - Complexity: O(1)
    mutating func cancelTimers() {
        notificationTimer?.cancel()
        notificationTimer = nil
        evictionTimer?.cancel()
        evictionTimer = nil
        saveTimer?.cancel()
        saveTimer = nil
    }
}
