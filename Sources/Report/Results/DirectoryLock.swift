import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// An exclusive lock on a results directory, so two processes never write into it at once.
///
/// The lock is `flock(2)` on `<directory>/.workbench.lock`, which holds the holder's pid (for the
/// message the next process gets). The kernel releases it when the process exits, however it
/// exits, so a killed run leaves no stale lock; the file itself stays, harmless. The file is
/// opened without following a symbolic link and refused unless it is a regular file of one
/// name, so a link planted there never truncates another file.
public final class DirectoryLock: Sendable {
    /// The lock file's name inside the locked directory.
    public static let fileName = ".workbench.lock"

    private let descriptor: Int32

    /// Creates `directory` if missing and takes its lock, without waiting.
    /// - Throws: ``ReportError/directoryInUse(path:pid:)`` when another process holds it;
    ///   ``ReportError/writeFailed(path:reason:)`` when the directory or the file cannot be made.
    public init(_ directory: URL) throws {
        let path = directory.appendingPathComponent(Self.fileName, isDirectory: false).path
        do {
            try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        } catch {
            throw ReportError.writeFailed(path: directory.path, reason: "cannot create the directory")
        }
        // Never through a symbolic link (which would truncate its target), never a FIFO or a
        // device (O_NONBLOCK: opening one does not wait), never a file with another name.
        let descriptor = open(path, O_RDWR | O_CREAT | O_CLOEXEC | O_NOFOLLOW | O_NONBLOCK, 0o644)
        guard descriptor >= 0 else {
            let code = errno
            let reason = code == ELOOP ? "it is a symbolic link: refused" : String(cString: strerror(code))
            throw ReportError.writeFailed(path: path, reason: "opening the lock file: \(reason)")
        }
        var status = stat()
        guard fstat(descriptor, &status) == 0, status.st_mode & S_IFMT == S_IFREG, status.st_nlink == 1 else {
            let hardLinked = status.st_mode & S_IFMT == S_IFREG
            close(descriptor)
            throw ReportError.writeFailed(
                path: path,
                reason: "opening the lock file: "
                    + (hardLinked ? "it has another name (a hard link): refused" : "not a regular file: refused"))
        }
        guard flock(descriptor, LOCK_EX | LOCK_NB) == 0 else {
            let code = errno
            let holder = Self.pid(in: descriptor)
            close(descriptor)
            if code == EWOULDBLOCK { throw ReportError.directoryInUse(path: directory.path, pid: holder) }
            throw ReportError.writeFailed(path: path, reason: "locking: \(String(cString: strerror(code)))")
        }
        let text = Array("\(getpid())\n".utf8)
        _ = ftruncate(descriptor, 0)
        _ = text.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, 0) }
        self.descriptor = descriptor
    }

    deinit {
        close(descriptor)
    }

    /// The pid written in the lock file, if it reads as one.
    private static func pid(in descriptor: Int32) -> Int32? {
        var buffer = [UInt8](repeating: 0, count: 32)
        let count = buffer.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, 0) }
        guard count > 0 else { return nil }
        return Int32(String(decoding: buffer[..<count], as: UTF8.self).trimmingCharacters(in: .whitespacesAndNewlines))
    }
}
