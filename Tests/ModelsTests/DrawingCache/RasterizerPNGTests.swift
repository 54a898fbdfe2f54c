import Models
import Testing

/// The PNG encoder: signature, IHDR, chunk CRCs, a zlib stream of stored blocks with its Adler-32,
/// and pixels that decode back, checked with a reader that shares no code with the encoder.
@Suite("Rasterizer PNG")
struct RasterizerPNGTests {
    func sample(width: Int = 12, height: Int = 7) -> Bitmap {
        Rasterizer().draw(
            DrawingSpec(
                size: PixelSize(width: width, height: height),
                gradient: LinearGradient(from: RGBAColor(rgb: 0xFF0000, alpha: 0.8), to: RGBAColor(rgb: 0x00FF00, alpha: 0.3)),
                cornerRadius: 3, text: "Hi", fontSize: 5))
    }

    @Test("CRC-32 and Adler-32 give the reference values")
    func checksumReferenceValues() {
        #expect(CRC32.checksum(Array("123456789".utf8)) == 0xCBF4_3926)
        #expect(CRC32.checksum([UInt8]()) == 0)
        #expect(Adler32.checksum(Array("Wikipedia".utf8)) == 0x11E6_0398)
        #expect(Adler32.checksum([UInt8]()) == 1)
        let long = [UInt8](repeating: 0xFF, count: 100_000)  // past zlib's 5552-byte reduction interval
        var a: UInt64 = 1
        var b: UInt64 = 0
        for byte in long {
            a = (a + UInt64(byte)) % 65521
            b = (b + a) % 65521
        }
        #expect(Adler32.checksum(long) == UInt32(b << 16 | a))
    }

    @Test("the file starts with the PNG signature and an IHDR: width, height, depth 8, RGBA, no interlace")
    func signatureAndHeader() throws {
        let png = PNGEncoder.encode(sample())
        #expect(Array(png.prefix(8)) == [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A])
        let chunks = try #require(IndependentPNGReader.chunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "IDAT", "IEND"])
        let header = chunks[0].data
        #expect(header.count == 13)
        #expect(IndependentPNGReader.be32(header, 0) == 12)
        #expect(IndependentPNGReader.be32(header, 4) == 7)
        #expect(Array(header[8...]) == [8, 6, 0, 0, 0])
        #expect(chunks[2].data.isEmpty)
    }

    @Test("every chunk's CRC covers its type and data")
    func chunkCRCs() throws {
        let png = PNGEncoder.encode(sample(), extraChunks: [try #require(PNGChunk("tEXt", data: Array("Title\0Hi".utf8)))])
        let chunks = try #require(IndependentPNGReader.chunks(png))
        #expect(chunks.map(\.type) == ["IHDR", "tEXt", "IDAT", "IEND"])
        for chunk in chunks {
            #expect(chunk.storedCRC == CRC32.checksum(chunk.crcInput), "\(chunk.type)")
        }
        #expect(chunks.last?.storedCRC == 0xAE42_6082, "IEND's well-known CRC")
    }

    @Test("IDAT is a zlib stream of stored blocks whose Adler-32 matches the scanlines")
    func zlibStoredStream() throws {
        let bitmap = sample()
        let chunks = try #require(IndependentPNGReader.chunks(PNGEncoder.encode(bitmap)))
        let stream = chunks[1].data
        #expect(Array(stream.prefix(2)) == [0x78, 0x01])
        let (data, blocks, adler) = try #require(IndependentPNGReader.inflateStored(stream))
        #expect(blocks == [7 * (12 * 4 + 1)])
        #expect(adler == Adler32.checksum(data))
    }

    @Test("large images split into stored blocks of at most 65,535 bytes")
    func largeImageBlocks() throws {
        let bitmap = Bitmap(width: 200, height: 100)
        let chunks = try #require(IndependentPNGReader.chunks(PNGEncoder.encode(bitmap)))
        let (data, blocks, adler) = try #require(IndependentPNGReader.inflateStored(chunks[1].data))
        #expect(blocks == [65_535, 100 * 801 - 65_535])
        #expect(adler == Adler32.checksum(data))
    }

    @Test("the bytes decode back to the same pixels (straight alpha in the file, premultiplied in memory)")
    func decodesToSamePixels() throws {
        let bitmap = sample()
        let png = PNGEncoder.encode(bitmap)
        let independent = try #require(IndependentPNGReader.straightPixels(png))
        #expect(independent.pixels == bitmap.unpremultipliedPixels())
        let decoded = try PNGDecoder.decode(png)
        #expect(decoded.bitmap == bitmap)
    }

    @Test("the decoder refuses damaged files: a flipped byte, a truncation, a bad signature")
    func decoderRefusesDamage() throws {
        let png = PNGEncoder.encode(sample())
        var flipped = png
        flipped[60] ^= 0x01
        #expect(throws: PNGError.badCRC(chunk: "IDAT")) { try PNGDecoder.decode(flipped) }
        #expect(throws: PNGError.truncated) { try PNGDecoder.decode(Array(png.dropLast(5))) }
        var signature = png
        signature[1] = 0
        #expect(throws: PNGError.badSignature) { try PNGDecoder.decode(signature) }
        var stream = PNGEncoder.zlibStoredStream([1, 2, 3])
        stream[stream.count - 1] ^= 0xFF
        #expect(throws: PNGError.badAdler32) { try PNGDecoder.inflateStored(stream) }
    }
}
