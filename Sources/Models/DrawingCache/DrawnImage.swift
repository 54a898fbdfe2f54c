import Foundation

/// A cached drawing: what a drawing routine returned, under the key it was cached as. Immutable;
/// the memory tier holds it by reference, as a `UIImage`.
public final class DrawnImage: @unchecked Sendable {
    /// The key it was cached under.
    public let key: String
    /// The pixels.
    public let bitmap: Bitmap

    public init(key: String, bitmap: Bitmap) {
        self.key = key
        self.bitmap = bitmap
    }

    /// The bitmap's bytes: the image's cost in the memory tier.
    public var byteCount: Int { bitmap.byteCount }

    /// The image as a PNG file, to look at.
    /// - Throws: ``PNGError`` if libpng cannot write it.
    /// - Complexity: O(*w·h*).
    public func pngData() throws(PNGError) -> [UInt8] { try PNGFile.encode(bitmap) }

    /// Writes the image as a PNG file at `url`, atomically.
    /// - Throws: ``PNGError``, or the file system's error.
    public func writePNG(to url: URL) throws {
        try Data(try pngData()).write(to: url, options: .atomic)
    }
}
