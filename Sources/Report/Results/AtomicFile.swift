import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Writes whole files atomically: readers see the old file or the new one, never a part.
///
/// The text goes to a temporary file in the target's directory,
/// `.<name>.tmp-<pid>-<random hex>`, created exclusively (`O_EXCL`), which `rename(2)` then
/// moves over the target. Same directory means same file system, so the rename is atomic. The
/// data is not fsynced: this protects against concurrent readers and failed writes, not
/// against power loss.
public enum AtomicFile {
    /// Writes `text` (UTF-8) to `url`, creating missing parent directories.
    ///
    /// On failure the temporary file is removed and the target is left as it was (missing
    /// parent directories created before the failure remain).
    ///
    /// - Throws: ``ReportError/writeFailed(path:reason:)`` with the target path and the
    ///   reason (the failing step and the system's error message).
    public static func write(_ text: String, to url: URL) throws {
        try write(to: url) { emit in try emit(text) }
    }

    /// Writes to `url` the text `produce` hands to its `emit` function, piece by piece, so a
    /// large file need not be held in memory; atomically, as ``write(_:to:)``.
    ///
    /// - Throws: ``ReportError/writeFailed(path:reason:)``, or what `produce` throws; the target
    ///   is then left as it was.
    public static func write(to url: URL, _ produce: (_ emit: (String) throws -> Void) throws -> Void) throws {
        let file = url.standardizedFileURL
        let target = file.path
        let directory = file.deletingLastPathComponent().path
        let name = file.lastPathComponent
        guard !name.isEmpty, name != "/", name != "..", name != "." else {
            throw ReportError.writeFailed(path: target, reason: "not a file path")
        }
        try makeDirectories(directory, for: target)

        let (temporary, descriptor) = try createTemporary(in: directory, name: name, for: target)
        do {
            try produce { text in try writeAll(text, to: descriptor, for: target) }
        } catch {
            _ = close(descriptor)
            _ = unlink(temporary)
            throw error
        }
        // close(2) releases the descriptor even when it reports an error: never close twice.
        guard close(descriptor) == 0 else {
            let error = failure(target, "closing \(temporary)")
            _ = unlink(temporary)
            throw error
        }
        guard rename(temporary, target) == 0 else {
            let error = failure(target, "renaming \(temporary) over it")
            _ = unlink(temporary)
            throw error
        }
    }

    /// Creates `directory` and its missing ancestors, like `mkdir -p`.
    private static func makeDirectories(_ directory: String, for target: String) throws {
        var prefix = directory.hasPrefix("/") ? "/" : ""
        for component in directory.split(separator: "/") {
            if !prefix.isEmpty && !prefix.hasSuffix("/") {
                prefix += "/"
            }
            prefix += component
            if mkdir(prefix, 0o777) == 0 {
                continue
            }
            let code = errno
            var status = stat()
            if code == EEXIST && stat(prefix, &status) == 0 && (status.st_mode & S_IFMT) == S_IFDIR {
                continue
            }
            let reason = code == EEXIST ? String(cString: strerror(ENOTDIR)) : String(cString: strerror(code))
            throw ReportError.writeFailed(path: target, reason: "creating directory \(prefix): \(reason)")
        }
    }

    /// Creates a fresh temporary file next to the target; returns its path and descriptor.
    private static func createTemporary(
        in directory: String, name: String, for target: String
    ) throws -> (path: String, descriptor: Int32) {
        let base = directory.hasSuffix("/") ? directory : directory + "/"
        var attempts = 0
        while true {
            let suffix = String(UInt64.random(in: 0...UInt64.max), radix: 16)
            let path = base + ".\(name).tmp-\(getpid())-\(suffix)"
            let descriptor = open(path, O_WRONLY | O_CREAT | O_EXCL | O_CLOEXEC, 0o644)
            if descriptor >= 0 {
                return (path, descriptor)
            }
            attempts += 1
            if errno != EEXIST || attempts >= 8 {
                throw failure(target, "creating temporary file in \(directory)")
            }
        }
    }

    /// Writes every byte of `text`, retrying partial writes and interruptions.
    private static func writeAll(_ text: String, to descriptor: Int32, for target: String) throws {
        let bytes = Array(text.utf8)
        var offset = 0
        try bytes.withUnsafeBytes { buffer in
            guard let base = buffer.baseAddress else {
                return
            }
            while offset < buffer.count {
                let written = systemWrite(descriptor, base + offset, buffer.count - offset)
                if written > 0 {
                    offset += written
                } else if written < 0 && errno == EINTR {
                    continue
                } else {
                    throw failure(target, "writing")
                }
            }
        }
    }

    /// `write(2)`, which the `write(_:to:)` method above shadows.
    private static func systemWrite(_ descriptor: Int32, _ bytes: UnsafeRawPointer, _ count: Int) -> Int {
        #if canImport(Glibc)
            return Glibc.write(descriptor, bytes, count)
        #else
            return Darwin.write(descriptor, bytes, count)
        #endif
    }

    /// A write failure for `target`, described by `step` and the current `errno`.
    private static func failure(_ target: String, _ step: String) -> ReportError {
        .writeFailed(path: target, reason: "\(step): \(String(cString: strerror(errno)))")
    }
}
