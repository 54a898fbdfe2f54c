import Foundation
import Models

/// The binary trace formats' layouts, and writing every format.
///
/// ```
/// binary (ours, written since v2)   oracle-general (libCacheSim)
/// ┌──────────────────────────────┐  ┌──────────────────────────────────┐
/// │ "WBTRACE2"            8 bytes│  │ u32 time      (whole seconds)    │
/// │ u64 requests n               │  │ u64 key                          │ ×n
/// │ u64 objects m (distinct keys)│  │ u32 size                         │
/// ├──────────────────────────────┤  │ i64 next access (request index   │
/// │ u32 object id (0..<m)        │  │     of the key's next request,   │
/// │ u32 size                     │×n│     -1: none)                    │
/// │ f64 time                     │  └──────────────────────────────────┘ 24 bytes
/// ├──────────────────────────────┤
/// │ u64 key of object id i       │×m  (ids in order of first request)
/// └──────────────────────────────┘
///   16 bytes a record, 8 an object
/// ```
/// Every field little-endian, no padding. A replay of a v2 file finds an object's slot by its
/// id in an array, with no hash table. The v1 layout (`WBTRACE1`, then records of u64 key,
/// u32 size, f64 time: 20 bytes) is still read.
package enum TraceBinary {
    package static let magic = Array("WBTRACE2".utf8)
    package static let magicV1 = Array("WBTRACE1".utf8)
    /// v2: the magic and the two counts.
    package static let headerBytes = 24
    package static let recordBytes = 16
    package static let recordBytesV1 = 20
    package static let oracleRecordBytes = 24
}

/// Writes requests to a trace file of any format, to a temporary sibling renamed into place
/// when ``finish()`` succeeds, so a failed write leaves nothing behind.
package final class TraceWriter {
    package let path: String
    private let format: TraceFormat
    private let temporary: String
    private let handle: FileHandle
    private var pending: [UInt8] = []
    /// oracle-general: each request's next use, in request order (computed up front).
    private let nextUse: [Int64]
    private var written = 0
    /// binary: each key's object id, and the keys in id order.
    private var idOf: [UInt64: UInt32] = [:]
    private var keys: [UInt64] = []

    /// Creates the file (its temporary sibling).
    /// - Parameter nextUse: oracle-general only: for each request, the index of its key's next
    ///   request (-1: none); see ``nextUses(of:)``.
    /// - Parameter csvHeader: the csv header line (without its newline).
    package init(path: String, format: TraceFormat, nextUse: [Int64] = [], csvHeader: String = "time,key,size") throws {
        self.path = path
        self.format = format
        self.nextUse = nextUse
        let directory = (path as NSString).deletingLastPathComponent
        // A name nobody can predict, created exclusively (mode 0600): a link planted beside the
        // output is never followed, and two writers never share the file.
        var template = Array(((directory.isEmpty ? "." : directory) + "/.\((path as NSString).lastPathComponent).XXXXXX.partial").utf8CString)
        let descriptor = template.withUnsafeMutableBufferPointer { buffer -> Int32 in
            guard let base = buffer.baseAddress else { return -1 }
            return mkstemps(base, Int32(".partial".utf8.count))
        }
        guard descriptor >= 0 else {
            throw TraceWriteError(path: path, reason: String(cString: strerror(errno)))
        }
        temporary = String(decoding: template.dropLast().map { UInt8(bitPattern: $0) }, as: UTF8.self)
        handle = FileHandle(fileDescriptor: descriptor, closeOnDealloc: true)
        switch format {
        case .csv: pending += Array((csvHeader + "\n").utf8)
        case .binary: pending += TraceBinary.magic + [UInt8](repeating: 0, count: TraceBinary.headerBytes - TraceBinary.magic.count)
        case .text, .oracleGeneral, .vscsi: break
        }
    }

    /// Appends `requests`.
    package func write(_ requests: UnsafeBufferPointer<TraceRequest>) throws {
        for request in requests {
            switch format {
            case .csv:
                pending += Array("\(formatTime(request.time)),\(request.key),\(request.size)\n".utf8)
            case .text:
                pending += Array("\(request.key)\n".utf8)
            case .binary:
                let id: UInt32
                if let known = idOf[request.key] {
                    id = known
                } else {
                    guard keys.count < Int(UInt32.max) else {
                        discard()
                        throw TraceWriteError(path: path, reason: "more than \(UInt32.max) distinct keys")
                    }
                    id = UInt32(keys.count)
                    idOf[request.key] = id
                    keys.append(request.key)
                }
                append(id)
                append(request.size)
                append(request.time.bitPattern)
            case .oracleGeneral:
                append(UInt32(clamping: Int64(request.time.rounded(.down))))
                append(request.key)
                append(request.size)
                append(written < nextUse.count ? UInt64(bitPattern: nextUse[written]) : UInt64.max)
            case .vscsi:
                guard VSCSITrace.fits(request.time) else {
                    discard()
                    throw TraceWriteError(
                        path: path, reason: "time \(request.time) of request \(written + 1) does not fit vscsi's time (whole microseconds from 0 to 2^64 - 1)")
                }
                VSCSITrace.appendRecord(request, index: written, to: &pending)
            }
            written += 1
        }
        if pending.count >= 1 << 20 { try flush() }
    }

    /// Flushes and renames the file into place.
    package func finish() throws {
        if format == .binary {
            // The object table after the records, then the counts in the header.
            for key in keys {
                append(key)
                if pending.count >= 1 << 20 { try flush() }
            }
            try flush()
            append(UInt64(written))
            append(UInt64(keys.count))
            do {
                try handle.seek(toOffset: UInt64(TraceBinary.magic.count))
            } catch {
                discard()
                throw TraceWriteError(path: path, reason: "\(error.localizedDescription)")
            }
        }
        try flush()
        try handle.close()
        guard rename(temporary, path) == 0 else {
            let reason = String(cString: strerror(errno))
            discard()
            throw TraceWriteError(path: path, reason: reason)
        }
    }

    /// Removes the temporary file (after a failure).
    package func discard() {
        try? handle.close()
        unlink(temporary)
    }

    private func flush() throws {
        do {
            try handle.write(contentsOf: pending)
        } catch {
            discard()
            throw TraceWriteError(path: path, reason: "\(error.localizedDescription)")
        }
        pending.removeAll(keepingCapacity: true)
    }

    private func append<T: FixedWidthInteger>(_ value: T) {
        withUnsafeBytes(of: value.littleEndian) { pending += $0 }
    }

    /// `12` for whole seconds, else the shortest decimal that reads back the same.
    private func formatTime(_ time: Double) -> String {
        time == time.rounded() && abs(time) < 1e15 ? String(Int64(time)) : "\(time)"
    }

    /// For each request, the index of the next request of the same key (-1: none).
    package static func nextUses(of keys: [UInt64]) -> [Int64] {
        var next = [Int64](repeating: -1, count: keys.count)
        var seen: [UInt64: Int64] = [:]
        for index in keys.indices.reversed() {
            next[index] = seen.updateValue(Int64(index), forKey: keys[index]) ?? -1
        }
        return next
    }
}

/// A trace file that could not be written.
package struct TraceWriteError: Error, CustomStringConvertible {
    package var path: String
    package var reason: String

    package var description: String { "\(path): error: cannot write trace: \(reason)" }
}
