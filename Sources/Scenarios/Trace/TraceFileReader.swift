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
    /// The most bytes a compressed file may decompress to (nil: the default bound,
    /// ``TraceFileSpec/defaultDecompressedLimit(compressedBytes:)``).
    var maxDecompressedBytes: Int? = nil

    /// Requests handed over per call of the body.
    static let chunkRequests = 16_384
    /// Bytes read from the file at a time.
    static let readBytes = 1 << 20
    /// The longest line accepted (2 MiB; the read buffer grows to hold it).
    static let maxLineBytes = 2 << 20
    /// The longest time field read (a longer one is refused, not read from its start).
    static let maxTimeCharacters = 64

    /// Calls `body` with each chunk of requests in order; `body` returns false to stop early.
    /// - Throws: a `ScenarioError` naming the file, line and column of the first bad row, or the
    ///   file itself when it cannot be read.
    /// - Parameter denseIds: for a v2 binary trace, hand over each request's object id in `key`
    ///   (0..<the file's objects; the keys are ``objectKeys()``) rather than its key, and skip
    ///   reading the object table. Other formats ignore it.
    package func forEachChunk(denseIds: Bool = false, _ body: (UnsafeBufferPointer<TraceRequest>) -> Bool) throws(ScenarioError) {
        if format.isBinary {
            try forEachRecordChunk(denseIds: denseIds, body)
            return
        }
        let source = try TraceByteSource(path: path, maxDecompressedBytes: maxDecompressedBytes)
        var buffer = [UInt8](repeating: 0, count: Self.readBytes)
        var chunk = [TraceRequest](repeating: TraceRequest(time: 0, key: 0), count: Self.chunkRequests)
        var filled = 0
        var pending = 0  // bytes of an unfinished line at the start of the buffer
        var line = 0
        var index = 0  // requests so far
        var atEnd = false
        var stopped = false
        var bomChecked = false
        while !atEnd && !stopped {
            if pending == buffer.count {
                guard buffer.count < Self.maxLineBytes else {
                    throw ScenarioError(
                        file: path, line: line + 1, column: 1, keyPath: "",
                        message: "line longer than \(Self.maxLineBytes) bytes (2 MiB, the longest line read)")
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
                    // A UTF-8 byte order mark (spreadsheets write one) is not part of the first key.
                    if !bomChecked, end >= 3 || atEnd {
                        bomChecked = true
                        if end >= 3, bytes[0] == 0xEF, bytes[1] == 0xBB, bytes[2] == 0xBF {
                            position = 3
                            start = 3
                        }
                    }
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

    /// A binary file's layout, from its first bytes.
    enum BinaryLayout {
        case oracleGeneral
        case v1
        case v2(requests: Int, objects: Int)
        case vscsi(VSCSITrace.Version)

        var headerBytes: Int {
            switch self {
            case .oracleGeneral, .vscsi: 0
            case .v1: TraceBinary.magicV1.count
            case .v2: TraceBinary.headerBytes
            }
        }

        var recordBytes: Int {
            switch self {
            case .oracleGeneral: TraceBinary.oracleRecordBytes
            case .v1: TraceBinary.recordBytesV1
            case .v2: TraceBinary.recordBytes
            case .vscsi(let version): version.recordBytes
            }
        }
    }

    /// `forEachChunk` for the binary formats: fixed-size records, read whole chunks at a time.
    private func forEachRecordChunk(denseIds: Bool, _ body: (UnsafeBufferPointer<TraceRequest>) -> Bool) throws(ScenarioError) {
        var source = try TraceByteSource(path: path, maxDecompressedBytes: maxDecompressedBytes)
        let layout = try readLayout(source)
        // vscsi has no header: telling its version read its first records, read again from the start.
        if case .vscsi = layout { source = try TraceByteSource(path: path, maxDecompressedBytes: maxDecompressedBytes) }
        let size = layout.recordBytes
        var remaining = Int.max  // v2: the records the header announces
        var objects = 0
        var keys: [UInt64] = []
        if case .v2(let requests, let count) = layout {
            remaining = requests
            objects = count
            if !denseIds { keys = try objectKeys() ?? [] }
        }
        var buffer = [UInt8](repeating: 0, count: Self.chunkRequests * size)
        var chunk = [TraceRequest](repeating: TraceRequest(time: 0, key: 0), count: Self.chunkRequests)
        var index = 0
        while true {
            let wanted = remaining >= Self.chunkRequests ? buffer.count : remaining * size
            if wanted == 0 { return }
            let got = try readFully(source, &buffer, count: wanted)
            let records = got / size
            if got % size != 0 || (remaining != Int.max && got < wanted) {
                throw truncated(layout, records: index + records, extra: got % size)
            }
            if records == 0 { return }
            var badId: (record: Int, id: UInt32)?
            // A binary time is a double: one that is not finite (NaN, ±inf) is no time at all.
            var badTime: (record: Int, time: Double)?
            buffer.withUnsafeBytes { raw in
                chunk.withUnsafeMutableBufferPointer { out in
                    switch layout {
                    case .v2:
                        for record in 0..<records {
                            let base = record * size
                            let id = UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: UInt32.self))
                            guard Int(id) < objects else {
                                badId = (record, id)
                                return
                            }
                            let time = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + 8, as: UInt64.self)))
                            guard time.isFinite else {
                                badTime = (record, time)
                                return
                            }
                            out[record] = TraceRequest(
                                time: time, key: denseIds ? UInt64(id) : keys[Int(id)],
                                size: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 4, as: UInt32.self)))
                        }
                    case .v1:
                        for record in 0..<records {
                            let base = record * size
                            let time = Double(bitPattern: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + 12, as: UInt64.self)))
                            guard time.isFinite else {
                                badTime = (record, time)
                                return
                            }
                            out[record] = TraceRequest(
                                time: time, key: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: UInt64.self)),
                                size: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 8, as: UInt32.self)))
                        }
                    case .oracleGeneral:
                        for record in 0..<records {
                            let base = record * size
                            out[record] = TraceRequest(
                                time: Double(UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base, as: UInt32.self))),
                                key: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + 4, as: UInt64.self)),
                                size: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + 12, as: UInt32.self)))
                        }
                    case .vscsi(let version):
                        for record in 0..<records {
                            out[record] = VSCSITrace.request(raw, at: record * size, version)
                        }
                    }
                }
            }
            if let badId {
                let record = index + badId.record
                throw ScenarioError(
                    file: path, line: 1, column: 1, keyPath: "",
                    message: "record \(record + 1) at byte \(layout.headerBytes + record * size): object id \(badId.id) is not below the file's \(objects) objects")
            }
            if let badTime {
                let record = index + badTime.record
                throw ScenarioError(
                    file: path, line: 1, column: 1, keyPath: "",
                    message: "record \(record + 1) at byte \(layout.headerBytes + record * size): time \(badTime.time) is not a finite number")
            }
            index += records
            if remaining != Int.max { remaining -= records }
            let go = chunk.withUnsafeBufferPointer { body(UnsafeBufferPointer(rebasing: $0[0..<records])) }
            if !go || got < buffer.count && remaining == Int.max { return }
        }
    }

    /// The requests of an uncompressed csv or text file estimated from its size and its first
    /// 64 KiB's lines (0 for a compressed file); a file that cannot be opened is refused as a
    /// read refuses it.
    package func estimatedRequests() throws(ScenarioError) -> Int {
        let source = try TraceByteSource(path: path, maxDecompressedBytes: maxDecompressedBytes)
        var info = stat()
        guard !path.hasSuffix(".gz"), !path.hasSuffix(".zst"), stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return 0 }
        var sample = [UInt8](repeating: 0, count: 1 << 16)
        let got = try readFully(source, &sample)
        let lines = sample[0..<got].count { $0 == 10 }
        guard lines > 0 else { return got > 0 ? 1 : 0 }
        return Int(saturating: (Double(info.st_size) * Double(lines) / Double(got)).rounded())
    }

    /// The object table of a v2 binary trace (the key of each object id, in id order), read past
    /// its records; nil for every other format and for a v1 binary trace.
    package func objectKeys() throws(ScenarioError) -> [UInt64]? {
        guard format == .binary else { return nil }
        let source = try TraceByteSource(path: path, maxDecompressedBytes: maxDecompressedBytes)
        let layout = try readLayout(source)
        guard case .v2(let requests, let objects) = layout else { return nil }
        let skipped: Int
        do {
            skipped = try source.skip(requests * TraceBinary.recordBytes)
        } catch {
            throw ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "cannot read trace file: \(error)")
        }
        if skipped < requests * TraceBinary.recordBytes {
            throw truncated(layout, records: skipped / TraceBinary.recordBytes, extra: skipped % TraceBinary.recordBytes)
        }
        // Read a piece at a time: a corrupt header's count does not allocate before the bytes are there.
        var keys: [UInt64] = []
        var buffer = [UInt8](repeating: 0, count: Self.readBytes)
        while keys.count < objects {
            let wanted = min(buffer.count, (objects - keys.count) * 8)
            let got = try readFully(source, &buffer, count: wanted)
            buffer.withUnsafeBytes { raw in
                for offset in stride(from: 0, to: got - got % 8, by: 8) {
                    keys.append(UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: offset, as: UInt64.self)))
                }
            }
            if got < wanted {
                throw ScenarioError(
                    file: path, line: 1, column: 1, keyPath: "",
                    message: "truncated object table: \(keys.count * 8 + got % 8) of its \(objects * 8) bytes (\(objects) objects)")
            }
        }
        // Bytes after the table are refused, compressed or not (a plain file's size tells
        // ``recordCount()``; a compressed one must be read to its end).
        let extra: Int
        do {
            extra = try source.skip(1 << 30)
        } catch {
            throw ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "cannot read trace file: \(error)")
        }
        if extra > 0 {
            throw ScenarioError(
                file: path, line: 1, column: 1, keyPath: "",
                message:
                    "\(extra < 1 << 30 ? "\(extra)" : "more than \(extra)") bytes after the object table (the header gives \(requests) requests and \(objects) objects)"
            )
        }
        return keys
    }

    /// The request and object counts of a v2 binary trace's header; nil for every other format
    /// and for a v1 binary trace.
    package func binaryCounts() throws(ScenarioError) -> (requests: Int, objects: Int)? {
        guard format == .binary else { return nil }
        guard case .v2(let requests, let objects) = try readLayout(try TraceByteSource(path: path, maxDecompressedBytes: maxDecompressedBytes)) else { return nil }
        return (requests, objects)
    }

    /// The number of records of an uncompressed binary trace, from the file's size alone (and a
    /// v2 file's header): its header, a truncated record and a short object table are refused as a
    /// full read refuses them. Nil for the text formats, compressed files and anything but a
    /// regular file, which must be read to be counted.
    package func recordCount() throws(ScenarioError) -> Int? {
        guard format.isBinary, !path.hasSuffix(".gz"), !path.hasSuffix(".zst") else { return nil }
        let source = try TraceByteSource(path: path, maxDecompressedBytes: maxDecompressedBytes)
        let layout = try readLayout(source)
        var info = stat()
        guard stat(path, &info) == 0, info.st_mode & S_IFMT == S_IFREG else { return nil }
        let bytes = Int(info.st_size) - layout.headerBytes
        let size = layout.recordBytes
        guard case .v2(let requests, let objects) = layout else {
            if bytes % size != 0 { throw truncated(layout, records: bytes / size, extra: bytes % size) }
            return bytes / size
        }
        if bytes < requests * size { throw truncated(layout, records: bytes / size, extra: bytes % size) }
        let table = bytes - requests * size
        guard table == objects * 8 else {
            throw ScenarioError(
                file: path, line: 1, column: 1, keyPath: "",
                message: table < objects * 8
                    ? "truncated object table: \(table) of its \(objects * 8) bytes (\(objects) objects)"
                    : "\(table - objects * 8) bytes after the object table (the header gives \(requests) requests and \(objects) objects)")
        }
        return requests
    }

    /// Reads a binary file's header: nothing for oracle-general; `WBTRACE1`, or `WBTRACE2` and its
    /// counts, for binary (anything else refused); the version its first records give, for vscsi
    /// (those bytes are consumed: read the records from a fresh source).
    private func readLayout(_ source: TraceByteSource) throws(ScenarioError) -> BinaryLayout {
        if format == .vscsi {
            var probe = [UInt8](repeating: 0, count: VSCSITrace.probeBytes)
            let got = try readFully(source, &probe)
            return .vscsi(try VSCSITrace.version(of: Array(probe[0..<got]), path: path))
        }
        guard format == .binary else { return .oracleGeneral }
        var header = [UInt8](repeating: 0, count: TraceBinary.headerBytes)
        let got = try readFully(source, &header, count: TraceBinary.magic.count)
        let magic = Array(header[0..<TraceBinary.magic.count])
        if got == magic.count && magic == TraceBinary.magicV1 { return .v1 }
        guard got == magic.count, magic == TraceBinary.magic else {
            throw ScenarioError(
                file: path, line: 1, column: 1, keyPath: "",
                message: "not a workbench binary trace (it does not start with WBTRACE2 or WBTRACE1)")
        }
        let counts = try readFully(source, &header, count: TraceBinary.headerBytes - magic.count)
        let requests = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 0, as: UInt64.self)) }
        let objects = header.withUnsafeBytes { UInt64(littleEndian: $0.loadUnaligned(fromByteOffset: 8, as: UInt64.self)) }
        // Bounds that keep byte offsets far from overflowing (a trace of 2^40 requests is 16 TiB).
        guard counts == TraceBinary.headerBytes - magic.count, requests < 1 << 40, objects <= min(requests, UInt64(UInt32.max))
        else {
            throw ScenarioError(
                file: path, line: 1, column: 1, keyPath: "",
                message: counts < TraceBinary.headerBytes - magic.count
                    ? "truncated header: \(magic.count + counts) of its \(TraceBinary.headerBytes) bytes"
                    : "bad header: \(requests) requests and \(objects) objects (objects must be at most the requests)")
        }
        return .v2(requests: Int(requests), objects: Int(objects))
    }

    /// The error for a last record of `extra` bytes after `records` whole ones.
    private func truncated(_ layout: BinaryLayout, records: Int, extra: Int) -> ScenarioError {
        let offset = layout.headerBytes + records * layout.recordBytes
        return ScenarioError(
            file: path, line: 1, column: 1, keyPath: "",
            message: "truncated record \(records + 1) at byte \(offset): \(extra) of its \(layout.recordBytes) bytes")
    }

    /// Reads until `count` bytes (default: all of `buffer`) are in `buffer` or the file ends; the bytes read.
    private func readFully(_ source: TraceByteSource, _ buffer: inout [UInt8], count: Int? = nil) throws(ScenarioError) -> Int {
        do {
            return try buffer.withUnsafeMutableBytes { raw in
                try source.read(into: UnsafeMutableRawBufferPointer(rebasing: raw[0..<min(raw.count, count ?? raw.count)]))
            }
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
            guard range.count <= Self.maxTimeCharacters else {
                throw error(
                    line: line, column: range.lowerBound - from + 1,
                    "time '\(Self.text(bytes, range))…' is longer than \(Self.maxTimeCharacters) characters")
            }
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

    /// A decimal number (`12`, `0.5`, `1e3`) of at most ``maxTimeCharacters`` characters, or nil
    /// (hexadecimal, `nan` and `inf` too).
    static func number(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> Double? {
        guard range.count <= maxTimeCharacters else { return nil }
        if let whole = unsigned(bytes, range), whole < 1 << 53 { return Double(whole) }
        return DecimalText.parse(text(bytes, range))
    }

    static func text(_ bytes: UnsafeBufferPointer<UInt8>, _ range: Range<Int>) -> String {
        String(decoding: UnsafeBufferPointer(rebasing: bytes[range.clamped(to: 0..<bytes.count)]).prefix(64), as: UTF8.self)
    }

    static func describe(_ delimiter: UInt8) -> String {
        delimiter == 9 ? "\\t" : String(UnicodeScalar(delimiter))
    }
}
