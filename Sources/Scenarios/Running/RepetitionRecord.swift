import Foundation
import Models
import Report

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// What one repetition run in a process of its own sends back: every run's output on every seed
/// (summary row, timeseries rows, per-view rows, the timed operations' histograms, the recorded
/// requests, a bad input row), as a binary file the parent reads back into ``RunOutput`` values (``RepetitionProcess``).
///
/// ```text
/// "WBREP2\n\0"
/// ([tag: u8] [length: u32] [payload])*     little-endian
///   1 run        [index: u32] [seed: u64] [complete: u8]   starts a run's records
///   2 summary    a row (RowSpool's record)
///   3 timeseries a row
///   4 operation  [name] [min: u64] [max: u64] [clamped: u64] [pairs: u32] ([value: u64] [count: u64])*
///   5 request    [time: f64] [key: u64] [size: i64]
///   6 bad input  [file] [line: u32] [column: u32] [key path] [message]
///   7 view       a per-view row (RowSpool's record)
///   9 end        the file is whole
/// ```
/// A string is `[length: u32] [UTF-8]`. Timeseries rows are read into a ``RowSpool``, so a long
/// run's samples do not pass through memory.
public enum RepetitionRecord {
    static let magic: [UInt8] = Array("WBREP2\n\0".utf8)

    private enum Tag: UInt8 {
        case run = 1, summary, timeseries, operation, request, badInput, view
        case end = 9
    }

    /// Writes `outputs` (each with its run's index in the scenario and its seed) to `url`, a new
    /// file: one that exists, or a symbolic link planted there, is refused and left as it is.
    public static func write(_ outputs: [(index: Int, seed: UInt64, output: RunOutput)], to url: URL) throws {
        let descriptor = try PrivateDirectory.createExclusively(url.path)
        guard let file = fdopen(descriptor, "wb") else {
            let reason = String(cString: strerror(errno))
            close(descriptor)
            throw ReportError.writeFailed(path: url.path, reason: reason)
        }
        var failed = false
        func put(_ tag: Tag, _ payload: [UInt8]) {
            var bytes: [UInt8] = [tag.rawValue]
            bytes.append(contentsOf: Encoder.bytes(of: UInt32(payload.count)))
            bytes += payload
            if fwrite(bytes, 1, bytes.count, file) != bytes.count { failed = true }
        }
        if fwrite(magic, 1, magic.count, file) != magic.count { failed = true }
        for (index, seed, output) in outputs {
            var head = Encoder()
            head.put(UInt32(index))
            head.put(seed)
            head.put(UInt8(output.complete ? 1 : 0))
            put(.run, head.bytes)
            put(.summary, RowSpool.encode(output.summary))
            for row in output.timeseries { put(.timeseries, RowSpool.encode(row)) }
            for row in output.views { put(.view, RowSpool.encode(row)) }
            for (name, buckets) in output.operations {
                var payload = Encoder()
                payload.put(name)
                payload.put(buckets.min)
                payload.put(buckets.max)
                payload.put(buckets.clamped)
                payload.put(UInt32(buckets.pairs.count))
                for (value, count) in buckets.pairs {
                    payload.put(value)
                    payload.put(count)
                }
                put(.operation, payload.bytes)
            }
            for request in output.trace ?? [] {
                var payload = Encoder()
                payload.put(request.time.bitPattern)
                payload.put(request.key)
                payload.put(Int64(request.size))
                put(.request, payload.bytes)
            }
            if let error = output.inputError {
                var payload = Encoder()
                payload.put(error.file)
                payload.put(UInt32(clamping: error.line))
                payload.put(UInt32(clamping: error.column))
                payload.put(error.keyPath)
                payload.put(error.message)
                put(.badInput, payload.bytes)
            }
        }
        put(.end, [])
        if fclose(file) != 0 { failed = true }
        if failed {
            throw ReportError.writeFailed(path: url.path, reason: "cannot write the repetition's record")
        }
    }

    /// The outputs ``write(_:to:)`` wrote to `url`; nil when the file is missing, cut short or
    /// not such a record (a symbolic link at `url` is not followed).
    public static func read(from url: URL) -> [(index: Int, seed: UInt64, output: RunOutput)]? {
        guard let descriptor = PrivateDirectory.openRegularForReading(url.path) else { return nil }
        guard let file = fdopen(descriptor, "rb") else {
            close(descriptor)
            return nil
        }
        defer { fclose(file) }
        func take(_ count: Int) -> [UInt8]? {
            var bytes = [UInt8](repeating: 0, count: count)
            guard count == 0 || fread(&bytes, 1, count, file) == count else { return nil }
            return bytes
        }
        guard take(magic.count) == magic else { return nil }
        var outputs: [(index: Int, seed: UInt64, output: RunOutput)] = []
        while let head = take(5) {
            guard let tag = Tag(rawValue: head[0]) else { return nil }
            var length = Decoder(head, at: 1)
            guard let size = length.u32(), let payload = take(Int(size)) else { return nil }
            var reader = Decoder(payload)
            if tag == .end { return outputs }
            if tag == .run {
                guard let index = reader.u32(), let seed = reader.u64(), let complete = reader.u8() else { return nil }
                var output = RunOutput(summary: ResultRow(), timeseries: RowSpool(), latency: [], complete: complete == 1)
                output.trace = nil
                outputs.append((Int(index), seed, output))
                continue
            }
            guard !outputs.isEmpty else { return nil }
            let last = outputs.count - 1
            switch tag {
            case .summary:
                guard let row = RowSpool.decode(payload) else { return nil }
                outputs[last].output.summary = row
            case .timeseries:
                guard let row = RowSpool.decode(payload) else { return nil }
                outputs[last].output.timeseries.append(row)
            case .view:
                guard let row = RowSpool.decode(payload) else { return nil }
                outputs[last].output.views.append(row)
            case .operation:
                guard let name = reader.string(), let min = reader.u64(), let max = reader.u64(),
                    let clamped = reader.u64(), let count = reader.u32()
                else { return nil }
                var pairs: [(value: UInt64, count: UInt64)] = []
                for _ in 0..<count {
                    guard let value = reader.u64(), let number = reader.u64() else { return nil }
                    pairs.append((value, number))
                }
                let buckets = LatencyRecorder.Buckets(pairs: pairs, min: min, max: max, clamped: clamped)
                outputs[last].output.operations.append((name, buckets))
            case .request:
                guard let time = reader.u64(), let key = reader.u64(), let size = reader.u64() else { return nil }
                if outputs[last].output.trace == nil { outputs[last].output.trace = [] }
                outputs[last].output.trace?.append(
                    CacheRequestLog.Request(time: Double(bitPattern: time), key: key, size: Int(Int64(bitPattern: size))))
            case .badInput:
                guard let file = reader.string(), let line = reader.u32(), let column = reader.u32(),
                    let keyPath = reader.string(), let message = reader.string()
                else { return nil }
                outputs[last].output.inputError = ScenarioError(
                    file: file, line: Int(line), column: Int(column), keyPath: keyPath, message: message)
            case .run, .end:
                return nil
            }
        }
        return nil  // no end record: the writer did not finish
    }

    /// Little-endian bytes, strings as `[length: u32] [UTF-8]`.
    private struct Encoder {
        var bytes: [UInt8] = []

        static func bytes<T: FixedWidthInteger>(of value: T) -> [UInt8] {
            withUnsafeBytes(of: value.littleEndian) { Array($0) }
        }

        mutating func put<T: FixedWidthInteger>(_ value: T) {
            bytes += Self.bytes(of: value)
        }

        mutating func put(_ text: String) {
            let utf8 = Array(text.utf8)
            put(UInt32(utf8.count))
            bytes += utf8
        }
    }

    /// Reads what ``Encoder`` wrote; nil past the end.
    private struct Decoder {
        let bytes: [UInt8]
        var position: Int

        init(_ bytes: [UInt8], at position: Int = 0) {
            self.bytes = bytes
            self.position = position
        }

        mutating func number<T: FixedWidthInteger>(_: T.Type) -> T? {
            readLittleEndian(T.self, from: bytes, at: &position)
        }

        mutating func u8() -> UInt8? { number(UInt8.self) }
        mutating func u32() -> UInt32? { number(UInt32.self) }
        mutating func u64() -> UInt64? { number(UInt64.self) }

        mutating func string() -> String? {
            guard let count = u32(), position + Int(count) <= bytes.count else { return nil }
            defer { position += Int(count) }
            return String(decoding: bytes[position..<position + Int(count)], as: UTF8.self)
        }
    }
}
