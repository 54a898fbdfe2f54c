import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// A directory of one process's temporary files that no other user can enter or predict:
/// made with `mkdtemp(3)` (a random name, mode 0700) under a parent, its files created with
/// `O_CREAT|O_EXCL|O_NOFOLLOW` (never through a link planted at their path, never an existing
/// file), removed whole by ``remove()``.
///
/// Why: a name keyed only by the process id (`/tmp/workbench-<pid>-...`) is shared by every
/// process of that pid, and in containers sharing a temporary directory that is many: two runs
/// read each other's files, and anyone who can write there can plant a link at the next name.
public struct PrivateDirectory: Sendable {
    /// The directory.
    public let url: URL

    /// Makes `<parent>/<prefix>XXXXXX` (the X's random) with mode 0700; `parent` is created if
    /// missing.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    public init(in parent: URL, prefix: String) throws {
        if !FileManager.default.fileExists(atPath: parent.path) {
            try? FileManager.default.createDirectory(at: parent, withIntermediateDirectories: true)
        }
        var template = Array(parent.appendingPathComponent("\(prefix)XXXXXX").path.utf8CString)
        let made = template.withUnsafeMutableBufferPointer { buffer -> Bool in
            guard let base = buffer.baseAddress else { return false }
            return mkdtemp(base) != nil
        }
        guard made else {
            throw ReportError.writeFailed(
                path: parent.path, reason: "creating a private directory: \(String(cString: strerror(errno)))")
        }
        url = URL(fileURLWithPath: String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self), isDirectory: true)
    }

    /// `<directory>/<name>`.
    public func file(_ name: String) -> URL {
        url.appendingPathComponent(name, isDirectory: false)
    }

    /// Removes the directory and everything in it.
    public func remove() {
        try? FileManager.default.removeItem(at: url)
    }

    /// Creates the file at `path` for writing (mode 0600), refusing one that exists and a
    /// symbolic link (`O_CREAT|O_EXCL|O_NOFOLLOW`); its descriptor.
    /// - Throws: ``ReportError/writeFailed(path:reason:)``.
    public static func createExclusively(_ path: String) throws -> Int32 {
        let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_NOFOLLOW | O_CLOEXEC, 0o600)
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == EEXIST ? "it exists already (a file or a link planted there): refused" : String(cString: strerror(code))
            throw ReportError.writeFailed(path: path, reason: reason)
        }
        return descriptor
    }

    /// Opens the regular file at `path` for reading without following a symbolic link at it;
    /// nil when it is missing, a link or not a regular file.
    public static func openRegularForReading(_ path: String) -> Int32? {
        let descriptor = open(path, O_RDONLY | O_NOFOLLOW | O_CLOEXEC | O_NONBLOCK)
        guard descriptor >= 0 else { return nil }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG else {
            close(descriptor)
            return nil
        }
        return descriptor
    }
}
