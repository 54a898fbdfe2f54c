import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Persistence (YMCache's `YMCachePersistenceController`): save and load through the store's
/// ``StoreSerializer``, once or periodically.
extension ReaderWriterStore {
    /// How ``save(to:)`` writes the file (YMCache's `fileWritingOptions`, passed to `NSData`'s
    /// write): `.atomic` (the default) writes a temporary file and renames it over the old one;
    /// without it the file is overwritten in place; `.withoutOverwriting` refuses to replace an
    /// existing file (it cannot be combined with `.atomic`, as in Foundation). Read at each save,
    /// so a change applies from the next write on, the periodic save's included. Other options
    /// (file protection) are passed on to Foundation.
    /// - Complexity: O(1)
    public var fileWritingOptions: Data.WritingOptions {
        get { settings.withLock { $0.fileWritingOptions } }
        set { settings.withLock { $0.fileWritingOptions = newValue } }
    }

    /// Writes a snapshot of all items (one read) to `url`, as ``fileWritingOptions`` says; by
    /// default atomically: the serializer's output goes to a temporary file in the same directory,
    /// which is then renamed over `url`. A reader of `url` then sees the old file or the new one,
    /// never part of one, and a failed save leaves the old file and no temporary file.
    /// - Throws: ``ReaderWriterStoreError/encodingFailed(reason:)``,
    ///   ``ReaderWriterStoreError/writeFailed(path:reason:)``, or
    ///   ``ReaderWriterStoreError/reentrantCall(operation:)`` from a decider or loader.
    /// - Complexity: O(*n*) for *n* items, plus the serializer and the file system.
    public func save(to url: URL) throws {
        if reentrancy.isReentrant("save(to:)") { throw ReaderWriterStoreError.reentrantCall(operation: "save(to:)") }
        let items = allItems()
        do {
            let data: Data
            do {
                data = try serializer.encode(items)
            } catch {
                throw ReaderWriterStoreError.encodingFailed(reason: "\(error)")
            }
            try Self.write(data, to: url, options: fileWritingOptions)
        } catch {
            settings.withLock { $0.saveFailures += 1 }
            throw error
        }
        settings.withLock { $0.saves += 1 }
    }

    /// How many saves (``save(to:)``, the periodic save's included) wrote their file, and how
    /// many failed (could not encode or write; a refused reentrant call is not a save) since
    /// the store was made.
    /// - Complexity: O(1)
    public var saveCounts: (saves: Int, failures: Int) {
        settings.withLock { ($0.saves, $0.saveFailures) }
    }

    /// Merges the items saved at `url` into the store, in one synchronous write, as
    /// ``addEntries(_:)`` does: loaded keys replace current ones and are reported as updated in
    /// the next notification. A missing file loads nothing and is not an error. On any error the
    /// store and the file are left as they were.
    /// - Returns: how many entries were loaded.
    /// - Throws: ``ReaderWriterStoreError/unreadableFile(path:reason:)``,
    ///   ``ReaderWriterStoreError/corruptFile(path:reason:)``,
    ///   ``ReaderWriterStoreError/wrongRootType(path:)``, or
    ///   ``ReaderWriterStoreError/reentrantCall(operation:)`` from a decider or loader.
    /// - Complexity: O(*m*) for *m* loaded entries, plus the serializer and the file system.
    @discardableResult
    public func load(from url: URL) throws -> Int {
        if reentrancy.isReentrant("load(from:)") { throw ReaderWriterStoreError.reentrantCall(operation: "load(from:)") }
        let path = url.path
        guard FileManager.default.fileExists(atPath: path) else { return 0 }
        let data: Data
        do {
            data = try Data(contentsOf: url)
        } catch {
            throw ReaderWriterStoreError.unreadableFile(path: path, reason: Self.reason(error))
        }
        let entries: [Key: Value]
        do {
            entries = try serializer.decode(data)
        } catch DecodingError.typeMismatch(_, let context) where context.codingPath.isEmpty {
            throw ReaderWriterStoreError.wrongRootType(path: path)
        } catch let error as ReaderWriterStoreError {
            throw error
        } catch {
            throw ReaderWriterStoreError.corruptFile(path: path, reason: Self.reason(error))
        }
        if !entries.isEmpty { storage.write { copy in states[copy].add(entries) } }
        return entries.count
    }

    /// Saves to `url` now, then every `interval` seconds on a background thread until
    /// ``stopPeriodicSave()``, a new start, or a failed save: a failure stops the timer and is
    /// passed to ``onBackgroundError``. An interval of 0 saves once. Replaces any running periodic
    /// save.
    /// - Throws: what the first ``save(to:)`` throws; then no timer is started.
    /// - Complexity: as ``save(to:)``.
    public func startPeriodicSave(to url: URL, interval: TimeInterval) throws {
        if reentrancy.isReentrant("startPeriodicSave(to:interval:)") {
            throw ReaderWriterStoreError.reentrantCall(operation: "startPeriodicSave(to:interval:)")
        }
        stopPeriodicSave()
        try save(to: url)
        guard interval.isFinite, interval > 0 else { return }
        settings.withLock { settings in
            let generation = settings.saveGeneration
            settings.saveTimer = StoreTimer(interval: interval, queue: timerQueue) { [weak self] in
                self?.periodicSave(to: url, generation: generation)
            }
        }
    }

    /// Stops the periodic save; a save already running finishes.
    /// - Complexity: O(1)
    public func stopPeriodicSave() {
        settings.withLock { settings in
            settings.saveGeneration += 1
            settings.saveTimer?.cancel()
            settings.saveTimer = nil
        }
    }

    /// Stops the periodic save (``stopPeriodicSave()``) and waits for a save already running to
    /// finish: once it returns, no save of the periodic one writes the file any more. Not to be
    /// called from ``onBackgroundError`` (which runs where the periodic save does).
    /// - Complexity: O(1), plus the running save's time.
    public func stopPeriodicSaveAndWait() {
        stopPeriodicSave()
        timerQueue.sync {}
    }

    /// Whether a periodic save is scheduled.
    public var isPeriodicSaveRunning: Bool {
        settings.withLock { $0.saveTimer != nil }
    }

    private func periodicSave(to url: URL, generation: Int) {
        guard settings.withLock({ $0.saveGeneration == generation }) else { return }
        do {
            try save(to: url)
        } catch {
            let stopped = settings.withLock { settings -> Bool in
                guard settings.saveGeneration == generation else { return false }
                settings.saveGeneration += 1
                settings.saveTimer?.cancel()
                settings.saveTimer = nil
                return true
            }
            if stopped {
                reportBackground(error as? ReaderWriterStoreError ?? .writeFailed(path: url.path, reason: "\(error)"))
            }
        }
    }

    /// Writes `data` to `url` with `options`: atomically through ``writeAtomically(_:to:options:)``,
    /// or in place.
    private static func write(_ data: Data, to url: URL, options: Data.WritingOptions) throws {
        guard options.contains(.atomic) else {
            do {
                try data.write(to: url, options: options)
            } catch {
                throw ReaderWriterStoreError.writeFailed(path: url.path, reason: reason(error))
            }
            return
        }
        if options.contains(.withoutOverwriting) {
            throw ReaderWriterStoreError.writeFailed(path: url.path, reason: "withoutOverwriting cannot be combined with atomic")
        }
        try writeAtomically(data, to: url, options: options.subtracting(.atomic))
    }

    /// Writes `data` to a temporary file beside `url` (with `options`) and renames it over `url`.
    private static func writeAtomically(_ data: Data, to url: URL, options: Data.WritingOptions) throws {
        let directory = url.deletingLastPathComponent()
        let temporary = directory.appendingPathComponent(".\(url.lastPathComponent).\(UUID().uuidString).tmp")
        do {
            try data.write(to: temporary, options: options)
        } catch {
            try? FileManager.default.removeItem(at: temporary)
            throw ReaderWriterStoreError.writeFailed(path: url.path, reason: reason(error))
        }
        guard rename(temporary.path, url.path) == 0 else {
            let message = String(cString: strerror(errno))
            try? FileManager.default.removeItem(at: temporary)
            throw ReaderWriterStoreError.writeFailed(path: url.path, reason: message)
        }
    }

    private static func reason(_ error: Error) -> String {
        if let error = error as? DecodingError {
            switch error {
            case .dataCorrupted(let context), .keyNotFound(_, let context), .typeMismatch(_, let context),
                .valueNotFound(_, let context):
                let path = context.codingPath.map(\.stringValue).joined(separator: ".")
                return path.isEmpty ? context.debugDescription : "\(path): \(context.debugDescription)"
            @unknown default:
                return "\(error)"
            }
        }
        return (error as NSError).localizedDescription
    }
}
