import Foundation
import Models

/// A virtual clock for expiry: tests move `now` by hand.
final class DrawingTestClock {
    var now: Double

    init(_ now: Double = 1_000) { self.now = now }

    var read: () -> Double { { [unowned self] in self.now } }
}

/// A fresh directory under the temporary directory, removed by `cleanUp()`.
struct DrawingTestDirectory {
    let url: URL

    init(_ name: String = "drawing-cache") {
        url = FileManager.default.temporaryDirectory.appendingPathComponent("\(name)-\(UUID().uuidString)")
    }

    func cleanUp() { try? FileManager.default.removeItem(at: url) }

    /// The entry files (PNGs) in the directory.
    var entryFiles: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: url.path)) ?? []).filter { $0.hasSuffix(".png") }.sorted()
    }
}

/// Drawer types standing in for views.
final class TitleButton {}
final class BadgeLabel {}

/// A routine that records the rects it was given and draws a small, salt-dependent spec.
final class RecordingDrawRoutine {
    private(set) var rects: [Rect] = []
    let rasterizer = Rasterizer()
    var title = "OK"

    var calls: Int { rects.count }

    func draw(_ rect: Rect) -> Bitmap? {
        rects.append(rect)
        let spec = DrawingSpec(
            size: PixelSize(covering: rect), background: RGBAColor(rgb: 0x3366CC), cornerRadius: 4, text: title,
            textColor: .white, fontSize: 8)
        return rasterizer.draw(spec)
    }
}

/// A `width × height` bitmap filled with one opaque colour.
func solidTestBitmap(width: Int, height: Int, rgb: UInt32 = 0x808080) -> Bitmap {
    let rasterizer = Rasterizer()
    var bitmap = Bitmap(width: width, height: height)
    rasterizer.fill(
        Rect(x: 0, y: 0, width: Double(width), height: Double(height)), color: RGBAColor(rgb: rgb), in: &bitmap)
    return bitmap
}

/// An independent reader for the PNGs under test: chunk walking and stored-block inflate written
/// from the specifications, sharing no code with `PNGDecoder`.
enum IndependentPNGReader {
    struct Chunk {
        let type: String
        let data: [UInt8]
        let storedCRC: UInt32
        /// The bytes the CRC covers: type and data.
        var crcInput: [UInt8] { Array(type.utf8) + data }
    }

    static func be32(_ bytes: [UInt8], _ offset: Int) -> UInt32 {
        bytes[offset..<(offset + 4)].reduce(0) { $0 << 8 | UInt32($1) }
    }

    /// The chunks after the signature, or nil if the layout is broken.
    static func chunks(_ png: [UInt8]) -> [Chunk]? {
        var offset = 8
        var result: [Chunk] = []
        while offset + 12 <= png.count {
            let length = Int(be32(png, offset))
            guard offset + 12 + length <= png.count else { return nil }
            let type = String(decoding: png[(offset + 4)..<(offset + 8)], as: UTF8.self)
            let data = Array(png[(offset + 8)..<(offset + 8 + length)])
            result.append(Chunk(type: type, data: data, storedCRC: be32(png, offset + 8 + length)))
            offset += 12 + length
        }
        return offset == png.count ? result : nil
    }

    /// Inflates a zlib stream of stored blocks: (data, block lengths, stored Adler-32), or nil.
    static func inflateStored(_ stream: [UInt8]) -> (data: [UInt8], blocks: [Int], adler: UInt32)? {
        guard stream.count >= 6, stream[0] & 0x0F == 8, (Int(stream[0]) << 8 | Int(stream[1])) % 31 == 0 else { return nil }
        var offset = 2
        var data: [UInt8] = []
        var blocks: [Int] = []
        var final = false
        while !final {
            guard offset + 5 <= stream.count, stream[offset] >> 1 & 3 == 0 else { return nil }
            final = stream[offset] & 1 == 1
            let length = Int(stream[offset + 1]) | Int(stream[offset + 2]) << 8
            let complement = Int(stream[offset + 3]) | Int(stream[offset + 4]) << 8
            guard length ^ complement == 0xFFFF, offset + 5 + length <= stream.count else { return nil }
            data += stream[(offset + 5)..<(offset + 5 + length)]
            blocks.append(length)
            offset += 5 + length
        }
        guard offset + 4 == stream.count else { return nil }
        return (data, blocks, be32(stream, offset))
    }

    /// The straight RGBA pixels of a PNG with filter-0 scanlines, or nil.
    static func straightPixels(_ png: [UInt8]) -> (width: Int, height: Int, pixels: [UInt8])? {
        guard let chunks = chunks(png), let header = chunks.first, header.type == "IHDR" else { return nil }
        let width = Int(be32(header.data, 0))
        let height = Int(be32(header.data, 4))
        let stream = chunks.filter { $0.type == "IDAT" }.flatMap(\.data)
        guard let (raw, _, _) = inflateStored(stream), raw.count == height * (width * 4 + 1) else { return nil }
        var pixels: [UInt8] = []
        for row in 0..<height {
            let start = row * (width * 4 + 1)
            guard raw[start] == 0 else { return nil }
            pixels += raw[(start + 1)...(start + width * 4)]
        }
        return (width, height, pixels)
    }
}
