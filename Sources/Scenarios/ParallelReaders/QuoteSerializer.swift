import Foundation
import Models
import Report

/// The file format of a parallel-readers store's saves (`store.persistence`), YMCache's
/// serializer hook: binary, so that a save costs what copying its bytes costs and not a JSON
/// encoding of every payload byte as a number.
///
/// ```text
/// "WBQT1\n" [count: u64] ([key: i64] [version: u64] [written at: f64 bits] [length: u32] [payload])*
/// ```
/// little-endian, items in key order (the same items give the same bytes).
struct QuoteSerializer: StoreSerializer {
    static let magic = Array("WBQT1\n".utf8)

    /// What ``decode(_:)`` refuses: not such a file, or one cut short.
    struct FormatError: Error, CustomStringConvertible {
        var description: String
    }

    /// - Complexity: O(*n* log *n* + *b*) for *n* items of *b* bytes in all.
    func encode(_ items: [Int: StoredQuote]) throws -> Data {
        var bytes = Self.magic
        bytes.reserveCapacity(Self.magic.count + 8 + items.values.reduce(0) { $0 + 28 + $1.payload.count })
        append(UInt64(items.count), to: &bytes)
        for key in items.keys.sorted() {
            guard let quote = items[key] else { continue }
            append(Int64(key), to: &bytes)
            append(quote.version, to: &bytes)
            append(quote.writtenAt.bitPattern, to: &bytes)
            append(UInt32(clamping: quote.payload.count), to: &bytes)
            bytes += quote.payload
        }
        return Data(bytes)
    }

    /// - Complexity: O(*b*) for *b* bytes.
    func decode(_ data: Data) throws -> [Int: StoredQuote] {
        let bytes = [UInt8](data)
        guard bytes.starts(with: Self.magic) else { throw FormatError(description: "not a parallel-readers store file") }
        var position = Self.magic.count
        guard let count = readLittleEndian(UInt64.self, from: bytes, at: &position) else { throw Self.cut }
        var items: [Int: StoredQuote] = [:]
        for _ in 0..<count {
            guard let key = readLittleEndian(Int64.self, from: bytes, at: &position),
                let version = readLittleEndian(UInt64.self, from: bytes, at: &position),
                let written = readLittleEndian(UInt64.self, from: bytes, at: &position),
                let length = readLittleEndian(UInt32.self, from: bytes, at: &position),
                bytes.count - position >= Int(length)
            else { throw Self.cut }
            let payload = Array(bytes[position..<position + Int(length)])
            position += Int(length)
            items[Int(key)] = StoredQuote(version: version, writtenAt: Double(bitPattern: written), payload: payload)
        }
        return items
    }

    private static let cut = FormatError(description: "the file is cut short")

    private func append<T: FixedWidthInteger>(_ value: T, to bytes: inout [UInt8]) {
        withUnsafeBytes(of: value.littleEndian) { bytes += $0 }
    }
}
