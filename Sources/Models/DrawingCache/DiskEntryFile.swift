/// The format of one disk entry: a PNG of the drawing (so a user can open the cache directory and
/// look) carrying a private ancillary chunk `egKy` that names the entry: a version byte, the bitmap's
/// byte count (4 bytes, big-endian) and the key (UTF-8). Viewers skip the chunk.
///
/// The file is written and read by libpng (``PNGFile``): deflated on write, as
/// `UIImagePNGRepresentation` does; on read libpng checks every chunk's CRC, the zlib stream and its
/// Adler-32. A read accepts a file only if libpng decodes it, it carries `egKy` with the expected
/// key, and its byte count matches both the bitmap and the index: a damaged, truncated or misplaced
/// file is a miss, never another drawing.
enum DiskEntryFile {
    static let chunkName = "egKy"
    static let version: UInt8 = 1

    /// Why a file was refused.
    enum Problem: Error, Equatable, CustomStringConvertible {
        case unreadable
        case png(PNGError)
        case missingKeyChunk
        case wrongKey(String)
        case wrongSize(expected: Int, found: Int)

        var description: String {
            switch self {
            case .unreadable: return "file missing or unreadable"
            case .png(let error): return error.description
            case .missingKeyChunk: return "no egKy chunk"
            case .wrongKey(let key): return "file holds '\(key)'"
            case .wrongSize(let expected, let found): return "\(found) bytes, expected \(expected)"
            }
        }
    }

    /// The file's bytes for `image`.
    /// - Throws: ``PNGError`` if libpng cannot write it.
    /// - Complexity: O(*w·h*): a PNG encoding with deflate.
    static func encode(_ image: DrawnImage) throws(PNGError) -> [UInt8] {
        let count = UInt32(truncatingIfNeeded: image.byteCount)
        var data: [UInt8] = [version, UInt8(count >> 24), UInt8(count >> 16 & 0xFF), UInt8(count >> 8 & 0xFF), UInt8(count & 0xFF)]
        data.append(contentsOf: Array(image.key.utf8))
        return try PNGFile.encode(image.bitmap, chunk: (chunkName, data))
    }

    /// The image in `bytes` if it is the entry for `key` with `pixelBytes` bytes.
    /// - Throws: ``Problem``.
    /// - Complexity: O(*n*).
    static func decode(_ bytes: [UInt8], key: String, pixelBytes: Int) throws -> DrawnImage {
        let png: PNGFile.Image
        do {
            png = try PNGFile.decode(bytes, chunkNamed: chunkName)
        } catch {
            throw Problem.png(error)
        }
        guard let chunk = png.chunk, chunk.count >= 5, chunk[0] == version else { throw Problem.missingKeyChunk }
        let storedKey = String(decoding: chunk[5...], as: UTF8.self)
        guard storedKey == key else { throw Problem.wrongKey(storedKey) }
        let storedBytes = chunk[1...4].reduce(0) { $0 << 8 | Int($1) }
        guard storedBytes == pixelBytes, png.bitmap.byteCount == pixelBytes else {
            throw Problem.wrongSize(expected: pixelBytes, found: png.bitmap.byteCount)
        }
        return DrawnImage(key: key, bitmap: png.bitmap)
    }

    /// A file name for `key`: a readable prefix (letters, digits, `.`, `-`; anything else becomes
    /// `_`; at most 64 characters), then a 64-bit FNV-1a hash of the whole key in hex, then `.png`.
    /// Two keys sharing a name would be caught by the key check on read.
    static func fileName(for key: String) -> String {
        var hash: UInt64 = 0xCBF2_9CE4_8422_2325
        for byte in key.utf8 { hash = (hash ^ UInt64(byte)) &* 0x0000_0100_0000_01B3 }
        let prefix = String(
            key.unicodeScalars.prefix(64).map { scalar -> Character in
                let allowed = scalar.isASCII && (scalar.properties.isAlphabetic || ("0"..."9").contains(scalar))
                return allowed || scalar == "." || scalar == "-" ? Character(scalar) : "_"
            })
        let hex = String(hash, radix: 16)
        return "\(prefix)-\(String(repeating: "0", count: 16 - hex.count))\(hex).png"
    }

    /// Whether `name` looks like a file this format names (for start-up cleaning).
    static func isEntryFileName(_ name: String) -> Bool {
        guard name.hasSuffix(".png") else { return false }
        let stem = name.dropLast(4)
        guard stem.count >= 17 else { return false }
        let hash = stem.suffix(16)
        return stem.dropLast(16).last == "-" && hash.allSatisfy { $0.isHexDigit && !$0.isUppercase }
    }
}
