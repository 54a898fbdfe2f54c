import Foundation
import Models

#if canImport(Glibc)
    import Glibc
#endif

/// Reads a trace file in chunks of requests, never holding it whole: `csv` (any one-character
/// delimiter, 1-based column numbers, an optional header line, numeric or string keys) and
/// `text` (one key per line).
///
/// A key that is a decimal number below 2^64 is that number; any other key (a URL, a name) is
/// its bytes hashed to 64 bits with FNV-1a (offset basis 0xcbf29ce484222325, prime
/// 0x100000001b3), surrounding double quotes removed. A request without a time column has time
/// = its index (from 1); without a size column, size 1.
///
/// A row it cannot read stops it with `file:line:column: error: message`.
package struct TraceFileReader {
    /// The file as errors name it.
    var path: String
    var format: TraceFormat
    var header: Bool
    var delimiter: UInt8
    /// 1-based column numbers (csv only).
    var keyColumn: Int
    var timeColumn: Int?
    var sizeColumn: Int?

    /// Requests handed over per call of the body.
    static let chunkRequests = 16_384
    /// Bytes read from the file at a time.
    static let readBytes = 1 << 20
    /// The longest line accepted.
    static let maxLineBytes = 1 << 20

    /// Calls `body` with each chunk of requests in order; `body` returns false to stop early.
    /// - Throws: a `ScenarioError` naming the file, line and column of the first bad row, or the
    ///   file itself when it cannot be read.
    package func forEachChunk(_ body: (UnsafeBufferPointer<TraceRequest>) -> Bool) throws(ScenarioError) {
        if format.isBinary {
            try forEachRecordChunk(body)
            return
        }
        let source = try TraceByteSource(path: path)
        var buffer = [UInt8](repeating: 0, count: Self.readBytes)
        var chunk = [TraceRequest](repeating: TraceRequest(time: 0, key: 0), count: Self.chunkRequests)
        var filled = 0
        var pending = 0  // bytes of an unfinished line at the start of the buffer
        var line = 0
        var index = 0  // requests so far
        var atEnd = false
        var stopped = false
        while !atEnd && !stopped {
            if pending == buffer.count {
                guard buffer.count < Self.maxLineBytes * 2 else {
                    throw ScenarioError(
                        file: path, line: line + 1, column: 1, keyPath: "",
                        message: "line longer than \(Self.maxLineBytes) bytes")
                }
                buffer += [UInt8](repeating: 0, count: buffer.count)
            }
            let got: Int
            do {
                got = try buffer.withUnsafeMutableBytes { raw in
                    try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[pending...]))
                }
            } catch {
                throw ScenarioError(file: path, line: line + 1, column: 1, keyPath: "", message: "cannot read trace file: \(error)")
            }
            atEnd = got == 0
            let end = pending + got
            var start = 0
            var failure: ScenarioError?
            buffer.withUnsafeBufferPointer { bytes in
                chunk.withUnsafeMutableBufferPointer { out in
                    var position = 0
                    while position < end {
                        guard let newline = Self.find(10, in: bytes, from: position, to: end) ?? (atEnd ? end : nil) else { break }
                        line += 1
                        var lineEnd = newline
                        if lineEnd > position, bytes[lineEnd - 1] == 13 { lineEnd -= 1 }
                        defer {
                            position = newline + 1
                            start = position
                        }
                        if lineEnd == position || (header && line == 1) { continue }
                        do throws(ScenarioError) {
                            out[filled] = try parse(bytes, from: position, to: lineEnd, line: line, index: index + 1)
                        } catch {
                            failure = error
                            return
                        }
                        index += 1
                        filled += 1
                        if filled == out.count {
                            filled = 0
                            if !body(UnsafeBufferPointer(out)) {
                                stopped = true
                                return
                            }
                        }
                    }
                }
            }
            if let failure { throw failure }
            pending = max(0, end - start)
            if pending > 0 && start > 0 {
                buffer.withUnsafeMutableBytes { raw in
                    guard let base = raw.baseAddress else { return }
                    memmove(base, base + start, pending)
                }
            }
        }
        if !stopped && filled > 0 {
            chunk.withUnsafeBufferPointer { _ = body(UnsafeBufferPointer(rebasing: $0[0..<filled])) }
        }
    }

    /// The bytes of one record of a binary format.
    var recordBytes: Int { format == .binary ? TraceBinary.recordBytes : TraceBinary.oracleRecordBytes }

    /// `forEachChunk` for the binary formats: fixed-size records, read whole chunks at a time.
    private func forEachRecordChunk(_ body: (UnsafeBufferPointer<TraceRequest>) -> Bool) throws(ScenarioError) {
        let source = try TraceByteSource(path: path)
        let size = recordBytes
        try checkMagic(source)
        var buffer = [UInt8](repeating: 0, count: Self.chunkRequests * size)
        var chunk = [TraceRequest](repeating: TraceRequest(time: 0, key: 0), count: Self.chunkRequests)
        var index = 0
        while true {
            let got = try readFully(source, &buffer)
            let records = got / size
            if got % size != 0 {
                throw truncated(records: index + records, extra: got % size)
            }
            if records == 0 { return }
            buffer.withUnsafeBytes { raw in
                chunk.withUnsafeMutableBufferPointer { out in
                    for record in 0..<records {
                        let base = record * size
                        if format == .binary {
                            out[record] = TraceRequest(
                                time: Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + 12, as: UInt64.self))),
                                key: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: UInt64.self)),
                                size: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 8, as: UInt32.self)))
                        } else {
                            out[record] = TraceRequest(
                                time: Double(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: UInt32.self))),
                                key: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + 4, as: UInt64.self)),
                                size: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self)))
                        }
                    }
                }
            }
            index += records
            let go = chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<records])) }
            if !go || got < buffer.count { return }
        }
    }

    /// The number of records of an uncompressed binary trace, from the file's size alone: its
    /// header and a truncated last record are refused as a full read refuses them. Nil for the
    /// text formats, compressed files and anything but a regular file, which must be read to be
    /// counted.
    package func recordCount() throws(ScenarioError) -> Int? {
        guard format.isBinary, !path.hasSuffix(".gz"), !path.hasSuffix(".zst") else { return nil }
        let source = try TraceByteSource(path: path)
        try checkMagic(source)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let bytes = Int(info.st_size) - (format == .binary ? TraceBinary.magic.count : 0)
        if bytes % recordBytes != 0 { throw truncated(records: bytes / recordBytes, extra: bytes % recordBytes) }
        return bytes / recordBytes
    }

    /// Refuses a `binary` trace that does not start with `WBTRACE1` (reading past it).
    private func checkMagic(_ source: TraceByteSource) throws(ScenarioError) {
        guard format == .binary else { return }
        var magic = [UInt8](repeating: 0, count: TraceBinary.magic.count)
        let got = try readFully(source, &magic)
        guard got == magic.count, magic == TraceBinary.magic else {
            throw ScenarioError(
                file: path, line: 1, column: 1, keyPath: "",
                message: "not a workbench binary trace (it does not start with WBTRACE1)")
        }
    }

    /// The error for a last record of `extra` bytes after `records` whole ones.
    private func truncated(records: Int, extra: Int) -> ScenarioError {
        let offset = (format == .binary ? TraceBinary.magic.count : 0) + records * recordBytes
        return ScenarioError(
            file: path, line: 1, column: 1, keyPath: "",
            message: "truncated record \(records + 1) at byte \(offset): \(extra) of its \(recordBytes) bytes")
    }

    /// Reads until `buffer` is full or the file ends; the bytes read.
    private func readFully(_ source: TraceByteSource, _ buffer: inout [UInt8]) throws(ScenarioError) -> Int {
        do {
            return try buffer.withUnsafeMutableBytes { raw in try source.read(into: raw) }
        } catch {
            throw ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "cannot read trace file: \(error)")
        }
    }

    @inline(__always)
    private static func find(_ byte: UInt8, in bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int) -> Int? {
        guard from < to, let base = bytes.baseAddress else { return nil }
        guard let found = memchr(base + from, Int32(byte), to - from) else { return nil }
        return base.distance(to: found.assumingMemoryBound(to: UInt8.self))
    }

    /// One request from the line `bytes[from..<to]` (its `index`, from 1, is the default time).
    private func parse(
        _ bytes: UnsafeBufferPointer<UInt8>, from: Int, to: Int, line: Int, index: Int
    ) throws(ScenarioError) -> TraceRequest {
        if format == .text {
            return TraceRequest(time: Double(index), key: Self.key(bytes, from, to), size: 1)
        }
        let wanted = max(keyColumn, timeColumn ?? 0, sizeColumn ?? 0)
        var fields: (key: Range<Int>?, time: Range<Int>?, size: Range<Int>?) = (nil, nil, nil)
        var column = 1
        var fieldStart = from
        var position = from
        var quoted = false
        while column <= wanted {
            let atEnd = position == to
            if !atEnd {
                let byte = bytes[position]
                if byte == 34 { quoted.toggle() }
                if quoted || byte != delimiter {
                    position += 1
                    continue
                }
            }
            let range = fieldStart..<position
            if column == keyColumn { fields.key = range }
            if column == timeColumn { fields.time = range }
            if column == sizeColumn { fields.size = range }
            column += 1
            position += 1
            fieldStart = position
            if atEnd { break }
        }
        guard let keyRange = fields.key, timeColumn == nil || fields.time != nil, sizeColumn == nil || fields.size != nil
        else {
            throw error(
                line: line, column: to - from + 1,
                "column \(wanted) is beyond the row's \(column - 1) column\(column == 2 ? "" : "s") (delimiter '\(Self.describe(delimiter))')")
        }
        var request = TraceRequest(time: Double(index), key: Self.key(bytes, keyRange.lowerBound, keyRange.upperBound), size: 1)
        if let range = fields.size {
            guard let size = Self.unsigned(bytes, range), size <= UInt64(UInt32.max) else {
                throw error(
                    line: line, column: range.lowerBound - from + 1,
                    "size '\(Self.text(bytes, range))' is not a whole number of bytes between 0 and \(UInt32.max)")
            }
            request.size = UInt32(size)
        }
        if let range = fields.time {
            guard let time = Self.number(bytes, range) else {
                throw error(
                    line: line, column: range.lowerBound - from + 1, "time '\(Self.text(bytes, range))' is not a number")
            }
            request.time = time
        }
        return request
    }

    private func error(line: Int, column: Int, _ message: String) -> ScenarioError {
        ScenarioError(file: path, line: line, column: column, keyPath: "", message: message)
    }

    /// A decimal number below 2^64 as itself; anything else hashed with FNV-1a (quotes removed).
    @inline(__always)
    package static func key(_ bytes: UnsafeBufferPointer<UInt8>, _ from: Int, _ to: Int) -> UInt64 {
        if let number = unsigned(bytes, from..<to) { return number }
        var start = from
        var end = to
        if end - start >= 2, bytes[start] == 34, bytes[end - 1] == 34 {
            start += 1
            end -= 1
        }
        var hash: UInt64 = 0xcbf2_9ce4_8422_2325
        for position in start..<end {
            hash = (hash ^ UInt64(bytes[position])) &* 0x100_0000_01b3
        }
        return hash
    }

    /// The digits of `range` as a number, or nil (empty, another character, or 2^64 and above).
    @inline(__always)
    static func unsigned(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> UInt64? {
        guard !range.isEmpty else { return nil }
        var value: UInt64 = 0
        for position in range {
            let digit = bytes[position] &- 48
            guard digit < 10 else { return nil }
            let (times, overflowTimes) = value.multipliedReportingOverflow(by: 10)
            let (sum, overflowSum) = times.addingReportingOverflow(UInt64(digit))
            guard !overflowTimes && !overflowSum else { return nil }
            value = sum
        }
        return value
    }

    /// A decimal number (`12`, `0.5`, `1e3`), or nil.
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        if let whole = unsigned(bytes, range), whole < 1 << 53 { return Double(whole) }
        guard let value = Double(text(bytes, range)), value.isFinite else { return nil }
        return value
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range.clamped(to: 0..<bytes.count)]).prefix(64), as: UTF8.self)
    }

    static func describe(_ delimiter: UInt8) -> String {
        delimiter == 9 ? "\\t" : String(UnicodeScalar(delimiter))
    }
}
