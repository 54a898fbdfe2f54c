/// Reads back the PNGs ``PNGEncoder`` writes: 8-bit RGBA, not interlaced, any of the five scanline
/// filters, a zlib stream of stored deflate blocks only (a compressed block is refused as
/// unsupported). Every chunk's CRC-32 and the stream's Adler-32 are checked, so a damaged file is an
/// error, never a wrong image.
public enum PNGDecoder {
    /// A decoded PNG.
    public struct Image: Equatable, Sendable {
        /// The pixels, premultiplied.
        public let bitmap: Bitmap
        /// The ancillary chunks, in file order (e.g. private metadata).
        public let ancillaryChunks: [PNGChunk]

        /// The first ancillary chunk of type `name`.
        public func chunk(named name: String) -> PNGChunk? { ancillaryChunks.first { $0.name == name } }
    }

    /// The most pixel bytes a file may declare; larger headers are refused before allocating.
    public static let maxPixelBytes = 1 << 30

    /// Decodes `bytes`.
    /// - Throws: ``PNGError`` naming the first problem found.
    /// - Complexity: O(*n*) in the file's size.
    public static func decode(_ bytes: [UInt8]) throws -> Image {
        guard bytes.count >= 8, Array(bytes[0..<8]) == PNGEncoder.signature else { throw PNGError.badSignature }
        var offset = 8
        var header: (width: Int, height: Int)?
        var stream: [UInt8] = []
        var sawData = false
        var ancillary: [PNGChunk] = []
        while true {
            guard bytes.count - offset >= 12 else { throw PNGError.truncated }
            let length = Int(PNGChunk.bigEndian(bytes[...], at: offset))
            guard length <= Int(Int32.max), bytes.count - offset - 12 >= length else { throw PNGError.truncated }
            let type = Array(bytes[(offset + 4)..<(offset + 8)])
            let data = Array(bytes[(offset + 8)..<(offset + 8 + length)])
            let chunk = PNGChunk(type: type, data: data)
            guard PNGChunk.bigEndian(bytes[...], at: offset + 8 + length) == chunk.crc else {
                throw PNGError.badCRC(chunk: chunk.name)
            }
            offset += 12 + length
            if header == nil {
                guard chunk.name == "IHDR" else { throw PNGError.badHeader }
                header = try parseHeader(data)
                continue
            }
            switch chunk.name {
            case "IHDR": throw PNGError.badHeader
            case "IDAT":
                stream.append(contentsOf: data)
                sawData = true
            case "IEND":
                guard sawData, let header else { throw PNGError.missingChunk("IDAT") }
                let raw = try inflateStored(stream, expectedCount: header.height * (header.width * 4 + 1))
                let straight = try unfilter(raw, width: header.width, height: header.height)
                guard let bitmap = Bitmap(width: header.width, height: header.height, straightPixels: straight) else {
                    throw PNGError.badStream("wrong amount of pixel data")
                }
                return Image(bitmap: bitmap, ancillaryChunks: ancillary)
            case "PLTE": continue  // allowed, unused for RGBA
            default:
                guard chunk.isAncillary else { throw PNGError.unknownCriticalChunk(chunk.name) }
                ancillary.append(chunk)
            }
        }
    }

    private static func parseHeader(_ data: [UInt8]) throws -> (width: Int, height: Int) {
        guard data.count == 13 else { throw PNGError.badHeader }
        let width = Int(PNGChunk.bigEndian(data[...], at: 0))
        let height = Int(PNGChunk.bigEndian(data[...], at: 4))
        guard width > 0, height > 0, width <= Int(Int32.max), height <= Int(Int32.max) else { throw PNGError.badHeader }
        guard data[8] == 8, data[9] == 6 else { throw PNGError.unsupported("bit depth \(data[8]), colour type \(data[9])") }
        guard data[10] == 0, data[11] == 0 else { throw PNGError.badHeader }
        guard data[12] == 0 else { throw PNGError.unsupported("interlaced") }
        let (pixelBytes, overflow) = (width * 4).multipliedReportingOverflow(by: height)
        guard !overflow, pixelBytes <= maxPixelBytes else { throw PNGError.unsupported("\(width)x\(height) is too large") }
        return (width, height)
    }

    /// The data of a zlib stream made of stored deflate blocks, checked against its Adler-32;
    /// `expectedCount` bytes or an error.
    /// - Throws: ``PNGError/badStream(_:)`` or ``PNGError/badAdler32``.
    /// - Complexity: O(*n*).
    public static func inflateStored(_ stream: [UInt8], expectedCount: Int? = nil) throws -> [UInt8] {
        guard stream.count >= 2 else { throw PNGError.badStream("no header") }
        let cmf = Int(stream[0])
        let flags = Int(stream[1])
        guard cmf & 0x0F == 8, cmf >> 4 <= 7, (cmf * 256 + flags) % 31 == 0 else { throw PNGError.badStream("bad header") }
        guard flags & 0x20 == 0 else { throw PNGError.badStream("preset dictionary") }
        var out: [UInt8] = []
        if let expectedCount { out.reserveCapacity(expectedCount) }
        var offset = 2
        var final = false
        while !final {
            guard stream.count - offset >= 5 else { throw PNGError.badStream("truncated block") }
            let blockHeader = stream[offset]
            final = blockHeader & 1 == 1
            guard (blockHeader >> 1) & 3 == 0 else { throw PNGError.unsupported("compressed deflate block") }
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            guard length == complement ^ 0xFFFF else { throw PNGError.badStream("LEN does not match NLEN") }
            offset += 5
            guard stream.count - offset >= length else { throw PNGError.badStream("truncated block") }
            if let expectedCount, out.count + length > expectedCount { throw PNGError.badStream("too much data") }
            out.append(contentsOf: stream[offset..<(offset + length)])
            offset += length
        }
        guard stream.count - offset == 4 else { throw PNGError.badStream("bad trailer") }
        guard PNGChunk.bigEndian(stream[...], at: offset) == Adler32.checksum(out) else { throw PNGError.badAdler32 }
        if let expectedCount, out.count != expectedCount { throw PNGError.badStream("wrong amount of data") }
        return out
    }

    /// Undoes the scanline filters (none, sub, up, average, Paeth) of 4-byte pixels.
    private static func unfilter(_ raw: [UInt8], width: Int, height: Int) throws -> [UInt8] {
        let rowBytes = width * 4
        var out = [UInt8](repeating: 0, count: rowBytes * height)
        for row in 0..<height {
            let filter = Int(raw[row * (rowBytes + 1)])
            let source = row * (rowBytes + 1) + 1
            let target = row * rowBytes
            if filter == 0 {
                out.replaceSubrange(target..<(target + rowBytes), with: raw[source..<(source + rowBytes)])
                continue
            }
            for column in 0..<rowBytes {
                let value = Int(raw[source + column])
                let left = column >= 4 ? Int(out[target + column - 4]) : 0
                let up = row > 0 ? Int(out[target - rowBytes + column]) : 0
                let upLeft = row > 0 && column >= 4 ? Int(out[target - rowBytes + column - 4]) : 0
                let predicted: Int
                switch filter {
                case 0: predicted = 0
                case 1: predicted = left
                case 2: predicted = up
                case 3: predicted = (left + up) / 2
                case 4: predicted = paeth(left, up, upLeft)
                default: throw PNGError.badFilter(filter)
                }
                out[target + column] = UInt8(truncatingIfNeeded: value + predicted)
            }
        }
        return out
    }

    private static func paeth(_ a: Int, _ b: Int, _ c: Int) -> Int {
        let p = a + b - c
        let pa = abs(p - a)
        let pb = abs(p - b)
        let pc = abs(p - c)
        if pa <= pb && pa <= pc { return a }
        return pb <= pc ? b : c
    }
}
