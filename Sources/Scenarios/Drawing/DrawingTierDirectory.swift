import Foundation
import Report

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the drawing kind's disk tiers live, and their clean-up; the parallel-readers store's save
/// files (``StoreSaveFile``) live here too.
///
/// Each process keeps its tiers in a directory of its own under the root (`run --cache-dir`, by
/// default the system temporary directory): `<root>/workbench-XXXXXX/`, made with `mkdtemp`
/// (a random name, mode 0700), with one subdirectory per run, removed when the run ends. The
/// directory holds a lock file, `.workbench-drawing-tiers.lock`, which the process keeps locked
/// (`flock`) while it lives: the kernel releases the lock when the process exits, however it
/// exits. The command line removes its directory when it finishes (also after SIGINT/SIGTERM)
/// and, at start, the directories whose lock nobody holds (a killed run's). A lock says whether
/// its holder lives whatever pid namespace it runs in, where a process id would not; a directory
/// that cannot be judged (no lock file, another user's, an earlier version's
/// `workbench-<pid>` with its `.workbench-drawing-tiers` marker) is left alone.
public enum DrawingTierDirectory {
    /// The process directory's name before its random part.
    public static let prefix = "workbench-"
    /// The lock file marking a process directory as one of ours, locked while its process lives.
    public static let markerName = ".workbench-drawing-tiers.lock"

    /// This process's directory under each root it used, with its lock file's descriptor.
    nonisolated(unsafe) private static var made: [String: (url: URL, lock: Int32)] = [:]
    nonisolated(unsafe) private static var configuredRoot: URL?
    private static let lock = NSLock()

    /// The directory holding the process directories: set by `--cache-dir`, else the system
    /// temporary directory.
    public static var root: URL {
        get { lock.withLock { configuredRoot } ?? FileManager.default.temporaryDirectory }
        set { lock.withLock { configuredRoot = newValue } }
    }

    /// This process's directory under `root`, made (and locked) on first use.
    /// - Throws: when the directory or its lock file cannot be made.
    public static func processDirectory(in root: URL = root) throws -> URL {
        try lock.withLock {
            let key = root.standardizedFileURL.path
            if let existing = made[key] { return existing.url }
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            var directory = try PrivateDirectory(in: root, prefix: prefix)
            // An all-digit name would read as an earlier version's `workbench-<pid>`.
            while directory.url.lastPathComponent.dropFirst(prefix.count).allSatisfy(\.isNumber) {
                directory.remove()
                directory = try PrivateDirectory(in: root, prefix: prefix)
            }
            // Locked under a temporary name, then renamed: the marker never exists unlocked.
            let temporary = directory.file(".lock-in-progress").path
            let descriptor = try PrivateDirectory.createExclusively(temporary)
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0, rename(temporary, directory.file(markerName).path) == 0 else {
                let reason = String(cString: strerror(errno))
                close(descriptor)
                directory.remove()
                throw ReportError.writeFailed(path: directory.url.path, reason: "locking the tier directory: \(reason)")
            }
            made[key] = (directory.url, descriptor)
            return directory.url
        }
    }

    /// Creates this process's directory under `root` if needed, and returns a new, not yet
    /// existing subdirectory for one run's tier named after `label`.
    /// - Throws: when the directory or its lock file cannot be created.
    public static func makeRunDirectory(in root: URL = root, label: String) throws -> URL {
        let process = try processDirectory(in: root)
        let safe = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(80))
        return process.appendingPathComponent("\(safe)-\(UUID().uuidString)", isDirectory: true)
    }

    /// Removes this process's directory under `root` and everything in it (nothing if it made none).
    public static func removeProcessDirectory(in root: URL = root) {
        lock.withLock {
            let key = root.standardizedFileURL.path
            guard let entry = made.removeValue(forKey: key) else { return }
            try? FileManager.default.removeItem(at: entry.url)
            close(entry.lock)
        }
    }

    /// Removes the process directories under `root` whose lock nobody holds (their process has
    /// exited); returns them. Live processes' directories (in any pid namespace), this
    /// process's, and what cannot be judged are left alone.
    /// - Complexity: O(*n*) file-system calls for *n* names in `root`.
    @discardableResult
    public static func removeStale(in root: URL = root) -> [URL] {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: root.path)) ?? []
        let own = Set(lock.withLock { made.values.map(\.url.standardizedFileURL.path) })
        var removed: [URL] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            let directory = root.appendingPathComponent(name, isDirectory: true)
            guard !own.contains(directory.standardizedFileURL.path), isOwnedDirectory(directory.path),
                let descriptor = PrivateDirectory.openRegularForReading(directory.appendingPathComponent(markerName).path)
            else { continue }
            defer { close(descriptor) }
            // Held: its process lives. Taken: nobody holds it; removed while this process holds it.
            guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else { continue }
            if (try? fileManager.removeItem(at: directory)) != nil { removed.append(directory) }
        }
        return removed
    }

    /// Whether `path` is a directory (not a link to one) of this process's user.
    private static func isOwnedDirectory(_ path: String) -> Bool {
        var status = stat()
        return lstat(path, &status) == 0 && status.st_mode & S_IFMT == S_IFDIR && status.st_uid == geteuid()
    }
}
