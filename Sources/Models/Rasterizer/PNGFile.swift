import CPNG

/// PNG files through libpng: a ``Bitmap`` is written as 8-bit RGBA with straight alpha, deflated
/// (zlib level 6, libpng's adaptive row filters), and read back with every check libpng makes:
/// signature, the CRC of every chunk, the zlib stream and its Adler-32, IEND. One private ancillary
/// chunk may ride along (written after IHDR; viewers skip it).
public enum PNGFile {
    /// The eight bytes every PNG starts with.
    public static let signature: [UInt8] = [0x89, 0x50, 0x4E, 0x47, 0x0D, 0x0A, 0x1A, 0x0A]
    /// The largest image a read accepts, in RGBA bytes (1 GiB).
    public static let maxPixelBytes = 1 << 30
    /// zlib's compression level for writes: its default.
    public static let compressionLevel: Int32 = 6

    /// A decoded file: the pixels, premultiplied, and the extra chunk's data if asked for and found.
    public struct Image: Equatable, Sendable {
        public var bitmap: Bitmap
        public var chunk: [UInt8]?
    }

    /// The PNG file for `bitmap`, with the chunk named `chunk.name` (four ASCII letters, lowercase
    /// first: ancillary) holding `chunk.data`, if given.
    /// - Throws: ``PNGError`` if libpng fails (out of memory, an image libpng cannot write).
    /// - Complexity: O(*w·h*): unpremultiply, filter, deflate.
    public static func encode(_ bitmap: Bitmap, chunk: (name: String, data: [UInt8])? = nil) throws(PNGError) -> [UInt8] {
        let pixels = bitmap.unpremultipliedPixels()
        var result = wb_png_result()
        let status: Int32 = pixels.withUnsafeBufferPointer { rgba in
            let width = UInt32(truncatingIfNeeded: bitmap.width)
            let height = UInt32(truncatingIfNeeded: bitmap.height)
            guard let chunk else {
                return wb_png_encode(rgba.baseAddress, width, height, nil, nil, 0, compressionLevel, &result)
            }
            return chunk.name.withCString { name in
                chunk.data.withUnsafeBufferPointer { data in
                    wb_png_encode(rgba.baseAddress, width, height, name, data.baseAddress, data.count, compressionLevel, &result)
                }
            }
        }
        defer { wb_png_result_free(&result) }
        guard status == 0, let bytes = result.bytes else { throw PNGError.libpng(message(of: &result)) }
        return Array(UnsafeBufferPointer(start: bytes, count: result.size))
    }

    /// The image in `bytes`, any PNG format converted to RGBA and premultiplied, with the data of the
    /// chunk named `chunkName` if there is one.
    /// - Throws: ``PNGError``: whatever libpng refuses, and images over ``maxPixelBytes``.
    /// - Complexity: O(*n* + *w·h*): inflate, unfilter, premultiply.
    public static func decode(_ bytes: [UInt8], chunkNamed chunkName: String? = nil) throws(PNGError) -> Image {
        var result = wb_png_result()
        let status: Int32 = bytes.withUnsafeBufferPointer { data in
            guard let chunkName else { return wb_png_decode(data.baseAddress, data.count, nil, maxPixelBytes, &result) }
            return chunkName.withCString { name in wb_png_decode(data.baseAddress, data.count, name, maxPixelBytes, &result) }
        }
        defer { wb_png_result_free(&result) }
        guard status == 0 else {
            let text = message(of: &result)
            throw text == "image too large"
                ? PNGError.tooLarge(width: Int(result.width), height: Int(result.height)) : PNGError.libpng(text)
        }
        let width = Int(result.width)
        let height = Int(result.height)
        let pixels = result.bytes.map { Array(UnsafeBufferPointer(start: $0, count: result.size)) } ?? []
        guard let bitmap = Bitmap(width: width, height: height, straightPixels: pixels) else {
            throw PNGError.libpng("unexpected pixel count")
        }
        let chunk = result.has_chunk != 0 ? result.chunk.map { Array(UnsafeBufferPointer(start: $0, count: result.chunk_size)) } ?? [] : nil
        return Image(bitmap: bitmap, chunk: chunk)
    }

    /// libpng's message, kept in the result.
    private static func message(of result: inout wb_png_result) -> String {
        withUnsafeBytes(of: &result.message) { raw in
            String(decoding: raw.prefix { $0 != 0 }, as: UTF8.self)
        }
    }
}
