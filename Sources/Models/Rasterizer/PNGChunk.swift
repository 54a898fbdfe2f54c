/// One PNG chunk: a four-letter type and its data. The length and CRC are written and checked by
/// ``PNGEncoder`` and ``PNGDecoder``.
public struct PNGChunk: Hashable, Sendable {
    /// The type's four ASCII letters.
    public let type: [UInt8]
    public let data: [UInt8]

    /// A chunk of type `name` (four ASCII letters); `nil` otherwise.
    public init?(_ name: String, data: [UInt8]) {
        let bytes = Array(name.utf8)
        guard bytes.count == 4, bytes.allSatisfy({ (65...90).contains($0) || (97...122).contains($0) }) else {
            return nil
        }
        self.init(type: bytes, data: data)
    }

    init(type: [UInt8], data: [UInt8]) {
        self.type = type
        self.data = data
    }

    /// The type as text, e.g. `"IHDR"`.
    public var name: String { String(decoding: type, as: UTF8.self) }

    /// Whether a decoder may skip the chunk (lowercase first letter).
    public var isAncillary: Bool { type.first.map { $0 >= 97 } ?? false }

    /// The chunk's CRC-32, over its type and data.
    public var crc: UInt32 {
        var crc = CRC32()
        crc.update(type)
        crc.update(data)
        return crc.value
    }

    /// Length, type, data, CRC, as a PNG file holds them.
    func appendEncoded(to out: inout [UInt8]) {
        PNGChunk.appendBigEndian(UInt32(data.count), to: &out)
        out.append(contentsOf: type)
        out.append(contentsOf: data)
        PNGChunk.appendBigEndian(crc, to: &out)
    }

    /// Appends `value` as four big-endian bytes.
    static func appendBigEndian(_ value: UInt32, to out: inout [UInt8]) {
        out.append(UInt8(truncatingIfNeeded: value >> 24))
        out.append(UInt8(truncatingIfNeeded: value >> 16))
        out.append(UInt8(truncatingIfNeeded: value >> 8))
        out.append(UInt8(truncatingIfNeeded: value))
    }

    /// The big-endian 32-bit value at `offset` (the caller checks the bounds).
    static func bigEndian(_ bytes: ArraySlice<UInt8>, at offset: Int) -> UInt32 {
        UInt32(bytes[offset]) << 24 | UInt32(bytes[offset + 1]) << 16 | UInt32(bytes[offset + 2]) << 8
            | UInt32(bytes[offset + 3])
    }
}
