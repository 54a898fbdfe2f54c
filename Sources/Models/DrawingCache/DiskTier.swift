import Foundation

/// EGOCache's disk tier: one file per entry in a directory, an in-memory index of expiry dates
/// persisted as `index.json`, and writes done asynchronously on a serial background queue.
///
/// - Start-up (synchronous, as EGOCache's `init`): creates the directory and checks that a file can
///   be written in it (else ``DrawingCacheError/directoryUnusable(path:reason:)``); loads the index;
///   deletes the files of entries past their date; drops entries whose file is gone or whose file
///   name is not one this tier makes (a damaged index must not delete arbitrary files); deletes entry
///   files no entry refers to. A missing index is a first start; an unreadable or unparsable one is a
///   *clean cold start*: the index starts empty and every entry file is removed as stale. Either way
///   the cleaned index is written back at once.
/// - Writes: ``write(_:key:expiresAt:)`` encodes the PNG on the caller's thread (as EGOCache's
///   `UIImagePNGRepresentation`), updates the index, and queues the file write; index saves are
///   coalesced (one queued at a time, writing the latest index, atomically). A failed background
///   write is counted and the entry is caught on read (file missing → a miss).
/// - Reads are synchronous on the caller's thread; a read of a file with a queued write or delete
///   first waits for the queue, so results never depend on timing.
///
/// - Bound: with a ``DiskLimit``, a write that takes the entry files over the limit deletes entries
///   in the limit's policy order (the new entry too, when it alone is over the limit) and counts
///   them as evictions. At start-up the kept entries are ordered by expiry date (their write order)
///   and the limit is enforced at once.
///
/// The index and the byte count are used from one thread (the cache's); only the queue's own
/// bookkeeping is shared, under a mutex. One tier per directory at a time.
final class DiskTier {
    /// Bookkeeping shared with the background queue, under a lock. (An `NSLock`, a pthread mutex,
    /// rather than `Synchronization.Mutex`, whose futex ThreadSanitizer on Linux does not see.)
    final class Background: @unchecked Sendable {
        struct State {
            var pendingFiles: [String: Int] = [:]
            var indexToSave: DiskIndex?
            var saveScheduled = false
            var writeFailures = 0
            var lastWriteError: String?
        }

        private let lock = NSLock()
        @exclusivity(unchecked) private var current = State()

        /// Runs `body` on the state while holding the lock.
        func withLock<Result>(_ body: (inout State) -> Result) -> Result {
            lock.lock()
            defer { lock.unlock() }
            return body(&current)
        }

        func recordFailure(_ message: String) {
            withLock { state in
                state.writeFailures += 1
                state.lastWriteError = message
            }
        }

        func finished(_ file: String) {
            withLock { state in
                let left = state.pendingFiles[file, default: 1] - 1
                state.pendingFiles[file] = left > 0 ? left : nil
            }
        }
    }

    /// The result of a read.
    enum Read {
        case hit(DrawnImage, expiresAt: Double)
        case expired
        case invalid(String)
        case miss
    }

    let directory: URL
    @exclusivity(unchecked) private(set) var index = DiskIndex()
    /// What start-up found.
    @exclusivity(unchecked) private(set) var startupReport = DiskStartupReport()
    /// The entry files' bytes added up.
    @exclusivity(unchecked) private(set) var fileBytes = 0

    private let indexURL: URL
    /// The entries in eviction order, cost = file bytes, under the limit.
    private let order: BoundedStore<String, OrderMark>
    private let queue = DispatchQueue(label: "workbench.drawing-cache.disk", qos: .utility)
    private let background = Background()

    /// Opens (creating if needed) the tier in `directory`, cleaning it as of time `now`.
    /// - Throws: ``DrawingCacheError/directoryUnusable(path:reason:)``.
    /// - Complexity: O(*n*) file-system calls for *n* entries and files.
    init(
        directory: URL, now: Double, limit: DiskLimit = .unlimited, seed: UInt64 = 1,
        parameters: PolicyParameters = PolicyParameters()
    ) throws {
        self.directory = directory
        indexURL = directory.appendingPathComponent(DiskIndex.fileName)
        order = BoundedStore(
            costLimit: limit.capacityBytes,
            policy: limit.eviction.makePolicy(seed: seed, capacity: limit.capacityBytes, sized: true, parameters: parameters))
        try DiskTier.prepare(directory)
        var report = DiskStartupReport()
        var loaded = DiskTier.loadIndex(at: indexURL, report: &report)
        var changed = report.indexState != .loaded
        let fileManager = FileManager.default
        for key in loaded.entries.keys.sorted() {
            guard let entry = loaded.entries[key] else { continue }
            guard DiskTier.isValid(entry) else {
                loaded.entries[key] = nil
                report.missingFilesDropped += 1
                changed = true
                continue
            }
            let url = directory.appendingPathComponent(entry.file)
            if entry.expires <= now {
                try? fileManager.removeItem(at: url)
                loaded.entries[key] = nil
                report.expiredRemoved += 1
                changed = true
            } else if !fileManager.fileExists(atPath: url.path) {
                loaded.entries[key] = nil
                report.missingFilesDropped += 1
                changed = true
            }
        }
        let referenced = Set(loaded.entries.values.map(\.file))
        let names = (try? fileManager.contentsOfDirectory(atPath: directory.path)) ?? []
        for name in names.sorted() where DiskEntryFile.isEntryFileName(name) && !referenced.contains(name) {
            try? fileManager.removeItem(at: directory.appendingPathComponent(name))
            report.staleFilesRemoved += 1
        }
        index = loaded
        fileBytes = loaded.entries.values.reduce(0) { $0 + $1.fileBytes }
        order.evictionHandler = { [unowned self] key, _ in
            forget(key: key)
            return .evict
        }
        let byAge = loaded.entries.sorted { ($0.value.expires, $0.key) < ($1.value.expires, $1.key) }
        for (key, entry) in byAge { order.setValue(OrderMark.shared, forKey: key, cost: entry.fileBytes) }
        if order.evictionCount > 0 { changed = true }
        report.entriesKept = index.entries.count
        report.evictedOverLimit = order.evictionCount
        startupReport = report
        if changed {
            do {
                try DiskTier.save(index, to: indexURL)
            } catch {
                throw DrawingCacheError.directoryUnusable(path: directory.path, reason: "cannot write the index")
            }
        }
    }

    /// Creates `directory` if needed and checks that a file can be written in it.
    private static func prepare(_ directory: URL) throws {
        let fileManager = FileManager.default
        let path = directory.path
        var isDirectory: ObjCBool = false
        if fileManager.fileExists(atPath: path, isDirectory: &isDirectory), !isDirectory.boolValue {
            throw DrawingCacheError.directoryUnusable(path: path, reason: "it is a file")
        }
        do {
            try fileManager.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw DrawingCacheError.directoryUnusable(path: path, reason: "cannot create it")
        }
        let probe = directory.appendingPathComponent(".write-probe-\(UUID().uuidString)")
        do {
            try Data([0]).write(to: probe, options: .atomic)
            try? fileManager.removeItem(at: probe)
        } catch {
            throw DrawingCacheError.directoryUnusable(path: path, reason: "cannot write in it")
        }
    }

    private static func loadIndex(at url: URL, report: inout DiskStartupReport) -> DiskIndex {
        guard FileManager.default.fileExists(atPath: url.path) else {
            report.indexState = .missing
            return DiskIndex()
        }
        guard let data = FileManager.default.contents(atPath: url.path) else {
            report.indexState = .corrupt("unreadable")
            return DiskIndex()
        }
        guard let decoded = try? JSONDecoder().decode(DiskIndex.self, from: data) else {
            report.indexState = .corrupt("unparsable")
            return DiskIndex()
        }
        guard decoded.version == DiskIndex.currentVersion else {
            report.indexState = .corrupt("version \(decoded.version)")
            return DiskIndex()
        }
        report.indexState = .loaded
        return decoded
    }

    /// Whether an index entry is one this tier could have written.
    private static func isValid(_ entry: DiskIndex.Entry) -> Bool {
        DiskEntryFile.isEntryFileName(entry.file) && !entry.file.contains("/") && !entry.expires.isNaN
            && (0...PNGFile.maxPixelBytes).contains(entry.pixelBytes) && (0...(1 << 40)).contains(entry.fileBytes)
    }

    private static func save(_ index: DiskIndex, to url: URL) throws {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys]
        try encoder.encode(index).write(to: url, options: .atomic)
    }

    // MARK: Entries

    /// The entry for `key`, checked: expired entries and invalid files are removed and reported.
    /// - Complexity: O(*n* + *w·h*): read, libpng's inflate and checks, premultiply.
    func read(key: String, now: Double) -> Read {
        guard let entry = index.entries[key] else { return .miss }
        if entry.expires <= now {
            remove(key: key)
            return .expired
        }
        if background.withLock({ $0.pendingFiles[entry.file] != nil }) { queue.sync {} }
        guard let data = FileManager.default.contents(atPath: directory.appendingPathComponent(entry.file).path) else {
            remove(key: key)
            return .invalid(DiskEntryFile.Problem.unreadable.description)
        }
        do {
            let image = try DiskEntryFile.decode([UInt8](data), key: key, pixelBytes: entry.pixelBytes)
            _ = order.value(forKey: key)
            return .hit(image, expiresAt: entry.expires)
        } catch {
            remove(key: key)
            return .invalid(String(describing: error))
        }
    }

    /// Records `image` under `key` until `expiresAt` and queues the file write. If libpng cannot
    /// encode the image, the failure is counted as a failed write and nothing is stored.
    /// - Complexity: O(*w·h*) on the caller's thread for the PNG; the write happens in the background.
    func write(_ image: DrawnImage, key: String, expiresAt: Double) {
        let bytes: [UInt8]
        do {
            bytes = try DiskEntryFile.encode(image)
        } catch {
            background.recordFailure("cannot encode \(key): \(error)")
            remove(key: key)
            return
        }
        let name = DiskEntryFile.fileName(for: key)
        if let old = index.entries[key] { fileBytes -= old.fileBytes }
        index.entries[key] = DiskIndex.Entry(file: name, expires: expiresAt, pixelBytes: image.byteCount, fileBytes: bytes.count)
        fileBytes += bytes.count
        let url = directory.appendingPathComponent(name)
        background.withLock { $0.pendingFiles[name, default: 0] += 1 }
        queue.async { [background] in
            do {
                try Data(bytes).write(to: url, options: .atomic)
            } catch {
                background.recordFailure("cannot write \(url.lastPathComponent)")
            }
            background.finished(name)
        }
        order.setValue(OrderMark.shared, forKey: key, cost: bytes.count)
        scheduleIndexSave()
    }

    /// Forgets `key` and queues the deletion of its file.
    func remove(key: String) {
        order.removeValue(forKey: key)
        if forget(key: key) { scheduleIndexSave() }
    }

    /// Drops `key` from the index and queues the deletion of its file (the order is the caller's
    /// business); false when the index did not hold it.
    @discardableResult
    private func forget(key: String) -> Bool {
        guard let entry = index.entries.removeValue(forKey: key) else { return false }
        fileBytes -= entry.fileBytes
        let url = directory.appendingPathComponent(entry.file)
        background.withLock { $0.pendingFiles[entry.file, default: 0] += 1 }
        queue.async { [background] in
            try? FileManager.default.removeItem(at: url)
            background.finished(entry.file)
        }
        return true
    }

    /// Queues a save of the index unless one is queued already (which will then save this version).
    private func scheduleIndexSave() {
        let snapshot = index
        let needsJob = background.withLock { state -> Bool in
            state.indexToSave = snapshot
            guard !state.saveScheduled else { return false }
            state.saveScheduled = true
            return true
        }
        guard needsJob else { return }
        let url = indexURL
        queue.async { [background] in
            let latest = background.withLock { state -> DiskIndex? in
                defer {
                    state.indexToSave = nil
                    state.saveScheduled = false
                }
                return state.indexToSave
            }
            guard let latest else { return }
            do {
                try DiskTier.save(latest, to: url)
            } catch {
                background.recordFailure("cannot write \(DiskIndex.fileName)")
            }
        }
    }

    /// Blocks until every queued write, delete and index save has finished.
    func waitForPendingWrites() { queue.sync {} }

    /// Entries in the index.
    var count: Int { index.entries.count }

    /// Entries the byte limit deleted since the tier was opened (start-up included).
    var evictionCount: Int { order.evictionCount }

    /// The byte limit (0: none).
    var capacityBytes: Int { order.costLimit }

    /// Background writes that failed.
    var writeFailures: Int { background.withLock { $0.writeFailures } }

    /// The last background failure, if any.
    var lastWriteError: String? { background.withLock { $0.lastWriteError } }

    /// The file holding `key`'s entry, if indexed.
    func fileURL(forKey key: String) -> URL? {
        index.entries[key].map { directory.appendingPathComponent($0.file) }
    }
}

/// The disk tier's order store holds no values, only keys and costs; this stands in for the value.
final class OrderMark: Sendable {
    static let shared = OrderMark()
}
