import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory built in a temporary sibling and renamed into place when complete, so a reader
/// sees the old directory or the new one, never a mix, and nothing of the old one survives.
///
/// ```text
/// results/
/// ├── .staging-<pid>-<hex>/     ← hidden sibling, created by init(replacing:)
/// │   └── feed/                 ← `directory`: write everything here (same name as the target,
/// │                               so plots titled after their directory read right)
/// └── feed/                     ← `target`: the previous results until commit()
/// ```
///
/// ``commit()`` swaps the two with `renameat2(RENAME_EXCHANGE)` where the system has it (one
/// atomic step), else renames the old one aside and the new one in (a moment with neither),
/// then removes the old one. ``discard()`` (or a failed write) removes the staging directory and
/// leaves the target as it was. Same parent means same file system, so the renames are atomic.
public struct StagedDirectory: Sendable {
    /// Where the directory ends up.
    public let target: URL
    /// Where to write its contents until ``commit()``.
    public let directory: URL
    /// The hidden sibling holding ``directory``.
    let staging: URL

    /// Prefix of staging directories: a results directory's own listing skips hidden names.
    public static let stagingPrefix = ".staging-"

    /// Creates the staging directory beside `target` (and `target`'s parent, if missing).
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    public init(replacing target: URL) throws {
        self.target = target.standardizedFileURL
        let parent = self.target.deletingLastPathComponent()
        let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
        staging = parent.appendingPathComponent("\(Self.stagingPrefix)\(getpid())-\(suffix)", isDirectory: true)
        directory = staging.appendingPathComponent(self.target.lastPathComponent, isDirectory: true)
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            try? FileManager.default.removeItem(at: staging)
            throw ReportError.writeFailed(path: self.target.path, reason: "creating \(directory.path): \(Self.reason(error))")
        }
    }

    /// Moves the staged directory into place, replacing the target whole, and removes the old one.
    /// - Throws: ``ReportError/writeFailed(path:reason:)`` (the target is then as it was).
    public func commit() throws {
        defer { try? FileManager.default.removeItem(at: staging) }
        let new = directory.path
        let old = target.path
        if Self.exchange(new, old) == 0 {
            // The old directory now sits in the staging directory, removed by the defer.
            return
        }
        if rename(new, old) == 0 { return }  // No target yet (or an empty one).
        guard errno == ENOTEMPTY || errno == EEXIST else { throw Self.failure(old, "renaming \(new) to it") }
        let aside = staging.appendingPathComponent(".previous", isDirectory: true).path
        guard rename(old, aside) == 0 else { throw Self.failure(old, "moving it aside") }
        guard rename(new, old) == 0 else {
            let error = Self.failure(old, "renaming \(new) to it")
            _ = rename(aside, old)
            throw error
        }
    }

    /// Removes the staging directory; the target stays as it was.
    public func discard() {
        try? FileManager.default.removeItem(at: staging)
    }

    /// Staging directories in `parent` left by processes that no longer run (killed mid-write).
    public static func removeStale(in parent: URL) {
        let names = (try? FileManager.default.contentsOfDirectory(atPath: parent.path)) ?? []
        for name in names where name.hasPrefix(stagingPrefix) {
            let pid = name.dropFirst(stagingPrefix.count).split(separator: "-").first.flatMap { Int32($0) }
            guard let pid, pid != getpid(), kill(pid, 0) != 0, errno == ESRCH else { continue }
            try? FileManager.default.removeItem(at: parent.appendingPathComponent(name, isDirectory: true))
        }
    }

    /// `renameat2(AT_FDCWD, a, AT_FDCWD, b, RENAME_EXCHANGE)`, looked up at run time (the C
    /// library declares it only for GNU sources); -1 where it is missing or refused.
    private static func exchange(_ a: String, _ b: String) -> Int32 {
        #if os(Linux)
            typealias RenameAt2 = @convention(c) (Int32, UnsafePointer<CChar>, Int32, UnsafePointer<CChar>, UInt32) -> Int32
            guard let symbol = dlsym(nil, "renameat2") else { return -1 }
            let renameat2 = unsafeBitCast(symbol, to: RenameAt2.self)
            let renameExchange: UInt32 = 1 << 1
            return renameat2(AT_FDCWD, a, AT_FDCWD, b, renameExchange)
        #else
            return -1
        #endif
    }

    private static func failure(_ target: String, _ step: String) -> ReportError {
        .writeFailed(path: target, reason: "\(step): \(String(cString: strerror(errno)))")
    }

    private static func reason(_ error: Error) -> String {
        let underlying = (error as NSError).userInfo[NSUnderlyingErrorKey] as? NSError
        if let underlying, underlying.domain == NSPOSIXErrorDomain, let code = Int32(exactly: underlying.code) {
            return String(cString: strerror(code))
        }
        return error.localizedDescription
    }
}
