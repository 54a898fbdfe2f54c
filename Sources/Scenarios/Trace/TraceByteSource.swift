import CZlib
import CZstd
import Foundation

#if canImport(Glibc)
    import Glibc
#endif

/// A trace file's bytes, decompressed on the fly when its name ends in `.gz` (zlib) or `.zst`
/// (libzstd); read in the caller's buffer, a chunk at a time.
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

    /// Opens `path`; nil with `errno`'s message when it cannot be read.
    init(path: String) throws(ScenarioError) {
        self.path = path
        func failure(_ reason: String) -> ScenarioError {
            ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "cannot read trace file: \(reason)")
        }
        if path.hasSuffix(".gz") {
            guard let file = gzopen(path, "rb") else { throw failure(String(cString: strerror(errno))) }
            gzbuffer(file, 1 << 20)
            stream = .gzip(file)
            return
        }
        let descriptor = open(path, O_RDONLY)
        guard descriptor >= 0 else { throw failure(String(cString: strerror(errno))) }
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
            let got = try readSome(into: UnsafeMutableRawBufferPointer(rebasing: buffer[total...]))
            if got == 0 { finished = true }
            total += got
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
