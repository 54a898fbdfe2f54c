import CZlib
import CZstd
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A trace file's bytes, decompressed on the fly when its name ends in `.gz` (zlib) or `.zst`
/// (libzstd); read in the caller's buffer, a chunk at a time.
///
/// Only a regular file is read, as a scenario file is: a FIFO (a pipe, `/dev/stdin` from one)
/// would block or hand its requests to the first run alone, a device (`/dev/zero`) would never
/// end. It is opened without blocking and checked on the descriptor it reads. Every read polls
/// ``LoadInterruption``, and a compressed file's decompressed bytes are bounded
/// (``TraceFileSpec/maxDecompressedBytes``): a small file that inflates without end is refused, not read.
final class TraceByteSource {
    private enum Stream {
        case plain(Int32)
        case gzip(gzFile)
        case zstd(Int32, OpaquePointer, [UInt8])
    }

    private var stream: Stream
    private let path: String
    /// zstd: compressed bytes read but not yet decompressed, from `inputStart` to `inputEnd`.
    private var inputStart = 0
    private var inputEnd = 0
    private var finished = false
    /// zstd: the last call left a frame unfinished.
    private var frameOpen = false
    /// Decompressed bytes handed out so far, and the most allowed (compressed files only).
    private var inflated = 0
    private let inflationLimit: Int?

    /// Opens `path`, a regular file.
    /// - Parameter maxDecompressedBytes: the bound on a compressed file's decompressed bytes
    ///   (nil: ``TraceFileSpec/defaultDecompressedLimit(compressedBytes:)``).
    /// - Throws: `path:1:1`, with `errno`'s message or why the file is not read.
    init(path: String, maxDecompressedBytes: Int? = nil) throws(ScenarioError) {
        self.path = path
        func failure(_ reason: String) -> ScenarioError {
            ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "cannot read trace file: \(reason)")
        }
        // O_NONBLOCK: opening a FIFO must not wait for a writer (it is refused just below).
        let descriptor = open(path, O_RDONLY | O_NONBLOCK | O_CLOEXEC)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
        var status = stat()
        guard fstat(descriptor, &status) == 0 else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw failure(reason)
        }
        let kind: String? =
            switch status.st_mode & S_IFMT {
            case S_IFREG: nil
            case S_IFDIR: "is a directory"
            case S_IFIFO: "a FIFO or pipe, not a regular file (write the trace to a file first)"
            case S_IFCHR, S_IFBLK: "a device, not a regular file"
            case S_IFSOCK: "a socket, not a regular file"
            default: "not a regular file"
            }
        if let kind {
            close(descriptor)
            throw failure(kind)
        }
        _ = fcntl(descriptor, F_SETFL, fcntl(descriptor, F_GETFL) & ~O_NONBLOCK)
        let compressed = path.hasSuffix(".gz") || path.hasSuffix(".zst")
        inflationLimit =
            compressed ? maxDecompressedBytes ?? TraceFileSpec.defaultDecompressedLimit(compressedBytes: Int(status.st_size)) : nil
        if path.hasSuffix(".gz") {
            guard let file = gzdopen(descriptor, "rb") else {
                close(descriptor)
                throw failure("cannot open it as gzip")
            }
            gzbuffer(file, 1 << 20)
            stream = .gzip(file)
            return
        }
        if path.hasSuffix(".zst") {
            guard let context = ZSTD_createDStream() else {
                close(descriptor)
                throw failure("cannot create a zstd decompressor")
            }
            ZSTD_initDStream(context)
            stream = .zstd(descriptor, context, [UInt8](repeating: 0, count: ZSTD_DStreamInSize()))
        } else {
            stream = .plain(descriptor)
        }
    }

    deinit {
        switch stream {
        case .plain(let descriptor): close(descriptor)
        case .gzip(let file): gzclose(file)
        case .zstd(let descriptor, let context, _):
            ZSTD_freeDStream(context)
            close(descriptor)
        }
    }

    /// Fills as much of `buffer` as the file has left; returns the bytes written (0 at the end).
    /// - Throws: a read or decompression error, as a message.
    func read(into buffer: UnsafeMutableRawBufferPointer) throws(TraceReadFailure) -> Int {
        var total = 0
        while total < buffer.count && !finished {
            if LoadInterruption.isRequested() { throw TraceReadFailure(LoadInterruption.message) }
            let got = try readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
            if got == 0 { finished = true }
            total += got
            if let inflationLimit {
                inflated += got
                if inflated > inflationLimit {
                    throw TraceReadFailure(
                        "it decompresses to more than \(inflationLimit) bytes (the limit for this file; raise it with trace.max_decompressed_bytes if the trace is really that large)"
                    )
                }
            }
        }
        return total
    }

    /// Skips `count` bytes (a plain file seeks; a compressed one is read through); the bytes
    /// skipped, fewer when the file ends first.
    func skip(_ count: Int) throws(TraceReadFailure) -> Int {
        if case .plain(let descriptor) = stream {
            let position = lseek(descriptor, 0, SEEK_CUR)
            let end = lseek(descriptor, 0, SEEK_END)
            let target = min(end, position + off_t(count))
            guard position >= 0, end >= 0, lseek(descriptor, target, SEEK_SET) >= 0 else {
                throw TraceReadFailure(String(cString: strerror(errno)))
            }
            return Int(target - position)
        }
        let scratch = UnsafeMutableRawBufferPointer.allocate(byteCount: max(1, min(count, 1 << 20)), alignment: 8)
        defer { scratch.deallocate() }
        var left = count
        while left > 0 {
            let got = try read(into: UnsafeMutableRawBufferPointer(rebasing: scratch[0..<min(scratch.count, left)]))
            if got == 0 { break }
            left -= got
        }
        return count - left
    }

    private func readSome(into buffer: UnsafeMutableRawBufferPointer) throws(TraceReadFailure) -> Int {
        guard let base = buffer.baseAddress else { return 0 }
        switch stream {
        case .plain(let descriptor):
            while true {
                let got = Glibc.read(descriptor, base, buffer.count)
                if got >= 0 { return got }
                if errno != EINTR { throw TraceReadFailure(String(cString: strerror(errno))) }
            }
        case .gzip(let file):
            let got = gzread(file, base, UInt32(min(buffer.count, Int(Int32.max))))
            var code: Int32 = 0
            // zlib's message starts with the path, which the diagnostic already names.
            let message = (gzerror(file, &code).map { String(cString: $0) } ?? "gzip error").replacingOccurrences(of: path + ": ", with: "")
            // A stream that ends early returns what it had, then 0 with Z_BUF_ERROR.
            if got < 0 || (got == 0 && code != Z_OK) { throw TraceReadFailure("gzip: \(message)") }
            return Int(got)
        case .zstd(let descriptor, let context, var input):
            defer { stream = .zstd(descriptor, context, input) }
            while true {
                if LoadInterruption.isRequested() { throw TraceReadFailure(LoadInterruption.message) }
                if inputStart == inputEnd {
                    let got = input.withUnsafeMutableBytes { Glibc.read(descriptor, $0.baseAddress, $0.count) }
                    if got < 0 { throw TraceReadFailure(String(cString: strerror(errno))) }
                    if got == 0 {
                        if frameOpen { throw TraceReadFailure("zstd: the file ends inside a frame (truncated)") }
                        return 0
                    }
                    inputStart = 0
                    inputEnd = got
                }
                var output = ZSTD_outBuffer(dst: base, size: buffer.count, pos: 0)
                var errorName: String?
                input.withUnsafeBytes { raw in
                    var source = ZSTD_inBuffer(src: raw.baseAddress, size: inputEnd, pos: inputStart)
                    let code = ZSTD_decompressStream(context, &output, &source)
                    inputStart = source.pos
                    if ZSTD_isError(code) != 0 {
                        errorName = String(cString: ZSTD_getErrorName(code))
                    } else {
                        frameOpen = code != 0
                    }
                }
                if let errorName { throw TraceReadFailure("zstd: \(errorName)") }
                if output.pos > 0 { return output.pos }
            }
        }
    }
}

/// Why reading a trace file's bytes failed.
struct TraceReadFailure: Error, CustomStringConvertible {
    var message: String
    init(_ message: String) { self.message = message }
    var description: String { message }
}
