/// Writes a ``Bitmap`` as a PNG file any viewer opens: 8-bit RGBA (colour type 6), not interlaced,
/// every scanline with filter type 0 (none), the image data as a zlib stream of *stored* deflate
/// blocks (no compression; at most 65,535 bytes each) followed by its Adler-32, and a CRC-32 on
/// every chunk.
///
/// Layout: signature, `IHDR`, any extra chunks, one `IDAT`, `IEND`. Pixels are written with straight
/// alpha (the bitmap's premultiplied bytes are converted), as PNG requires. A bitmap with no pixels
/// gives a file with a zero dimension, which PNG forbids; nothing here makes one.
public enum PNGEncoder {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The most bytes one stored deflate block holds.
    public static let maxStoredBlock = 65_535

    /// The PNG encoding of `bitmap`.
    /// - Complexity: O(*w·h*): unpremultiply, copy into scanlines, Adler-32 and CRC-32 over the data.
    public static func encode(_ bitmap: Bitmap) -> [UInt8] {
        encode(bitmap, extraChunks: [])
    }

    /// The PNG encoding of `bitmap`, with `extraChunks` (e.g. private ancillary ones) between `IHDR`
    /// and `IDAT`.
    /// - Complexity: O(*w·h* + extra chunk bytes).
    public static func encode(_ bitmap: Bitmap, extraChunks: [PNGChunk]) -> [UInt8] {
        let raw = scanlines(of: bitmap)
        let stream = zlibStoredStream(raw)
        var out: [UInt8] = []
        out.reserveCapacity(signature.count + 25 + stream.count + 12 + 12 + extraChunks.reduce(0) { $0 + $1.data.count + 12 })
        out.append(contentsOf: signature)
        var header: [UInt8] = []
        PNGChunk.appendBigEndian(UInt32(truncatingIfNeeded: bitmap.width), to: &header)
        PNGChunk.appendBigEndian(UInt32(truncatingIfNeeded: bitmap.height), to: &header)
        header.append(contentsOf: [8, 6, 0, 0, 0])  // bit depth, RGBA, deflate, adaptive filtering, no interlace
        PNGChunk(type: Array("IHDR".utf8), data: header).appendEncoded(to: &out)
        for chunk in extraChunks { chunk.appendEncoded(to: &out) }
        PNGChunk(type: Array("IDAT".utf8), data: stream).appendEncoded(to: &out)
        PNGChunk(type: Array("IEND".utf8), data: []).appendEncoded(to: &out)
        return out
    }

    /// Each row as a filter-type byte (0) then the row's straight-alpha RGBA bytes.
    static func scanlines(of bitmap: Bitmap) -> [UInt8] {
        let straight = bitmap.unpremultipliedPixels()
        let rowBytes = bitmap.width * 4
        var raw: [UInt8] = []
        raw.reserveCapacity(bitmap.height * (rowBytes + 1))
        for row in 0..<bitmap.height {
            raw.append(0)
            raw.append(contentsOf: straight[(row * rowBytes)..<((row + 1) * rowBytes)])
        }
        return raw
    }

    /// A zlib stream (RFC 1950) holding `data` in stored deflate blocks (RFC 1951 §3.2.4): header
    /// `78 01` (deflate, 32 KiB window, no dictionary, fastest), blocks of a header byte (BFINAL in
    /// bit 0, BTYPE 00), LEN and its complement NLEN little-endian, the bytes; then the Adler-32 of
    /// `data`, big-endian. Empty data gives one empty final block.
    /// - Complexity: O(*n*).
    public static func zlibStoredStream(_ data: [UInt8]) -> [UInt8] {
        let blockCount = max(1, (data.count + maxStoredBlock - 1) / maxStoredBlock)
        var out: [UInt8] = [0x78, 0x01]
        out.reserveCapacity(2 + blockCount * 5 + data.count + 4)
        for block in 0..<blockCount {
            let start = block * maxStoredBlock
            let end = min(data.count, start + maxStoredBlock)
            let length = UInt16(end - start)
            out.append(block == blockCount - 1 ? 1 : 0)
            out.append(UInt8(truncatingIfNeeded: length))
            out.append(UInt8(truncatingIfNeeded: length >> 8))
            out.append(UInt8(truncatingIfNeeded: ~length))
            out.append(UInt8(truncatingIfNeeded: ~length >> 8))
            out.append(contentsOf: data[start..<end])
        }
        PNGChunk.appendBigEndian(Adler32.checksum(data), to: &out)
        return out
    }
}
