import Foundation
import Models
import Testing

/// PNG files through libpng: what a write produces is read back by an independent decoder
/// (Python's zlib and struct), writes are really compressed, and libpng's checks refuse damage.
@Suite("PNG files")
struct PNGFileTests {
    func sample(width: Int = 24, height: Int = 14) -> Bitmap {
        Rasterizer().draw(
            DrawingSpec(
                size: PixelSize(width: width, height: height),
                gradient: LinearGradient(from: RGBAColor(rgb: 0xFF0000, alpha: 0.8), to: RGBAColor(rgb: 0x00FF00, alpha: 0.3)),
                cornerRadius: 3, text: "Hi", fontSize: 9))
    }

    @Test("a written file is a PNG that an independent decoder reads: every CRC right, the same pixels, straight alpha")
    func independentDecoderReadsWrittenFile() throws {
        let bitmap = sample()
        let png = try PNGFile.encode(bitmap, chunk: ("egKy", Array("hello".utf8)))
        #expect(Array(png.prefix(8)) == PNGFile.signature)
        let report = try IndependentPNGReader.read(png)
        #expect(report.crcOK)
        #expect(report.width == 24 && report.height == 14)
        #expect(report.chunks.first == "IHDR" && report.chunks.last == "IEND" && report.chunks.contains("IDAT"))
        #expect(report.extra["egKy"] == "68656c6c6f", "the private chunk is in the file")
        #expect(report.pixels == bitmap.unpremultipliedPixels())
    }

    @Test("writes are deflated: a drawing's file is a fraction of its pixels and its stream uses Huffman blocks")
    func writesAreCompressed() throws {
        let bitmap = Rasterizer().draw(
            DrawingSpec(
                size: PixelSize(width: 300, height: 44),
                gradient: LinearGradient(from: RGBAColor(rgb: 0x5A8CF2), to: RGBAColor(rgb: 0x264DBF), start: .top, end: .bottom),
                cornerRadius: 8, text: "Save changes", textColor: .white, fontSize: 18, shadowRadius: 4, shadowOffsetY: 2))
        let png = try PNGFile.encode(bitmap)
        #expect(png.count * 4 < bitmap.byteCount, "\(png.count) bytes for \(bitmap.byteCount) bytes of pixels")
        let report = try IndependentPNGReader.read(png)
        #expect(report.firstBlockType != 0, "not stored blocks")
        #expect(report.pixels == bitmap.unpremultipliedPixels())
    }

    @Test("a file decodes back to the same bitmap, with its private chunk by name")
    func roundTrip() throws {
        let bitmap = sample()
        let png = try PNGFile.encode(bitmap, chunk: ("egKy", [1, 2, 3]))
        let decoded = try PNGFile.decode(png, chunkNamed: "egKy")
        #expect(decoded.bitmap == bitmap)
        #expect(decoded.chunk == [1, 2, 3])
        #expect(try PNGFile.decode(try PNGFile.encode(bitmap), chunkNamed: "egKy").chunk == nil)
    }

    @Test("libpng's checks refuse damage: a flipped byte in IDAT, a truncation, a bad signature, a flipped byte in the private chunk")
    func decoderRefusesDamage() throws {
        let png = try PNGFile.encode(sample(), chunk: ("egKy", Array("key".utf8)))
        let idat = try #require(Self.offset(of: "IDAT", in: png))
        var flipped = png
        flipped[idat + 8] ^= 0x01
        #expect(throws: PNGError.self) { try PNGFile.decode(flipped, chunkNamed: "egKy") }
        #expect(throws: PNGError.self) { try PNGFile.decode(Array(png.dropLast(5)), chunkNamed: "egKy") }
        var signature = png
        signature[1] = 0
        #expect(throws: PNGError.self) { try PNGFile.decode(signature) }
        let chunk = try #require(Self.offset(of: "egKy", in: png))
        var private_ = png
        private_[chunk + 5] ^= 0x01
        #expect(throws: PNGError.self) { try PNGFile.decode(private_, chunkNamed: "egKy") }
        #expect(throws: PNGError.self) { try PNGFile.decode([]) }
    }

    /// Where the chunk type `name` starts in `png`.
    static func offset(of name: String, in png: [UInt8]) -> Int? {
        let type = Array(name.utf8)
        return (8..<(png.count - 4)).first { Array(png[$0..<($0 + 4)]) == type }
    }
}
