/// CRC-32 as PNG (and zlib's `crc32`) define it: polynomial 0xEDB88320 (reflected), initial value
/// and final XOR 0xFFFFFFFF. Updated incrementally; `value` is the checksum of everything so far.
public struct CRC32: Sendable {
    private var state: UInt32 = 0xFFFF_FFFF

    public init() {}

    /// The checksum of the bytes given so far.
    public var value: UInt32 { state ^ 0xFFFF_FFFF }

    /// Adds `bytes` to the checksum.
    /// - Complexity: O(*n*), a table lookup per byte.
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var crc = state
        CRC32.table.withUnsafeBufferPointer { table in
            for byte in bytes { crc = table[Int((crc ^ UInt32(byte)) & 0xFF)] ^ (crc >> 8) }
        }
        state = crc
    }

    /// The CRC-32 of `bytes`.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var crc = CRC32()
        crc.update(bytes)
        return crc.value
    }

    private static let table: [UInt32] = (0..<256).map { index in
        var crc = UInt32(index)
        for _ in 0..<8 { crc = crc & 1 != 0 ? 0xEDB8_8320 ^ (crc >> 1) : crc >> 1 }
        return crc
    }
}

/// Adler-32 as zlib defines it (RFC 1950): two sums modulo 65521, `b << 16 | a`, starting at 1.
public struct Adler32: Sendable {
    private var a: UInt32 = 1
    private var b: UInt32 = 0

    public init() {}

    /// The checksum of the bytes given so far.
    public var value: UInt32 { b << 16 | a }

    /// Adds `bytes` to the checksum, reducing modulo 65521 once per 5552 bytes (zlib's NMAX, the
    /// most that cannot overflow 32 bits).
    /// - Complexity: O(*n*).
    public mutating func update<Bytes: Sequence>(_ bytes: Bytes) where Bytes.Element == UInt8 {
        var pending = 0
        for byte in bytes {
            a &+= UInt32(byte)
            b &+= a
            pending += 1
            if pending == 5552 {
                a %= 65521
                b %= 65521
                pending = 0
            }
        }
        a %= 65521
        b %= 65521
    }

    /// The Adler-32 of `bytes`.
    public static func checksum<Bytes: Sequence>(_ bytes: Bytes) -> UInt32 where Bytes.Element == UInt8 {
        var adler = Adler32()
        adler.update(bytes)
        return adler.value
    }
}
