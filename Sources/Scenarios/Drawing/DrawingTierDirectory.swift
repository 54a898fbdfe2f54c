import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Where the drawing kind's disk tiers live, and their clean-up.
///
/// Each process keeps its tiers in `<root>/workbench-<pid>/` (the root: `run --cache-dir`, by
/// default the system temporary directory), marked by a `.workbench-drawing-tiers` file, with one
/// subdirectory per run, removed when the run ends. The command line removes its process directory
/// when it finishes (also after SIGINT/SIGTERM) and, at start, the process directories of processes
/// that no longer exist (a killed run's). Only marked directories are ever removed, so a stranger's
/// `workbench-123` is left alone.
public enum DrawingTierDirectory {
    /// The process directory's name before the process id.
    public static let prefix = "workbench-"
    /// The file marking a process directory as one of ours.
    public static let markerName = ".workbench-drawing-tiers"

    nonisolated(unsafe) private static var configuredRoot: URL?
    private static let lock = NSLock()

    /// The directory holding the process directories: set by `--cache-dir`, else the system
    /// temporary directory.
    public static var root: URL {
        get { lock.withLock { configuredRoot } ?? FileManager.default.temporaryDirectory }
        set { lock.withLock { configuredRoot = newValue } }
    }

    /// `<root>/workbench-<pid>` for this process (or `pid`).
    public static func processDirectory(
        in root: URL = root, pid: Int32 = ProcessInfo.processInfo.processIdentifier
    ) -> URL {
        root.appendingPathComponent("\(prefix)\(pid)", isDirectory: true)
    }

    /// Creates this process's directory under `root` with its marker, and returns a new, not yet
    /// existing subdirectory for one run's tier named after `label`.
    /// - Throws: when the directory or its marker cannot be created.
    public static func makeRunDirectory(in root: URL = root, label: String) throws -> URL {
        let process = processDirectory(in: root)
        try FileManager.default.createDirectory(at: process, withIntermediateDirectories: true)
        let marker = process.appendingPathComponent(markerName)
        if !FileManager.default.fileExists(atPath: marker.path) {
            try Data().write(to: marker)
        }
        let safe = String(label.map { $0.isLetter || $0.isNumber || $0 == "-" ? $0 : "_" }.prefix(80))
        return process.appendingPathComponent("\(safe)-\(UUID().uuidString)", isDirectory: true)
    }

    /// Removes this process's directory under `root` and everything in it.
    public static func removeProcessDirectory(in root: URL = root) {
        try? FileManager.default.removeItem(at: processDirectory(in: root))
    }

    /// Removes the marked process directories under `root` whose process no longer exists; returns
    /// them. This process's own directory and those of live processes are left alone.
    /// - Complexity: O(*n*) file-system calls for *n* names in `root`.
    @discardableResult
    public static func removeStale(in root: URL = root, isAlive: (Int32) -> Bool = processExists) -> [URL] {
        let fileManager = FileManager.default
        let names = (try? fileManager.contentsOfDirectory(atPath: root.path)) ?? []
        let own = ProcessInfo.processInfo.processIdentifier
        var removed: [URL] = []
        for name in names.sorted() where name.hasPrefix(prefix) {
            guard let pid = Int32(name.dropFirst(prefix.count)), pid > 0, pid != own, !isAlive(pid) else { continue }
            let directory = root.appendingPathComponent(name, isDirectory: true)
            let attributes = try? fileManager.attributesOfItem(atPath: directory.path)
            guard attributes?[.type] as? FileAttributeType == .typeDirectory,
                fileManager.fileExists(atPath: directory.appendingPathComponent(markerName).path)
            else { continue }
            if (try? fileManager.removeItem(at: directory)) != nil { removed.append(directory) }
        }
        return removed
    }

    /// Whether a process `pid` exists (signal 0: EPERM means it exists but is not ours).
    public static func processExists(_ pid: Int32) -> Bool {
        kill(pid, 0) == 0 || errno == EPERM
    }
}
