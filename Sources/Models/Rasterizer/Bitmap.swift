/// An RGBA8 raster: `width × height` pixels, row-major from the top-left, four bytes per pixel in
/// the order red, green, blue, alpha, with **premultiplied** alpha (each colour byte is at most the
/// alpha byte), as a Core Graphics bitmap context with `kCGImageAlphaPremultiplied*` holds it.
///
/// Premultiplied storage makes source-over blending and blurring exact and cheap. PNG wants straight
/// alpha: ``unpremultipliedPixels()`` converts, and ``init(width:height:straightPixels:)`` converts
/// back. The round trip premultiplied → straight → premultiplied gives back the same bytes for every
/// valid pixel, so a bitmap survives a trip through a PNG file unchanged.
public struct Bitmap: Equatable, Sendable {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// `width × height × 4` bytes, premultiplied RGBA.
    public internal(set) var pixels: [UInt8]

    /// A fully transparent bitmap (every byte 0). Negative sizes count as 0; a size whose byte count
    /// does not fit in an `Int` gives an empty bitmap.
    /// - Complexity: O(*w·h*).
    public init(width: Int, height: Int) {
        let (area, overflow) = max(0, width).multipliedReportingOverflow(by: max(0, height))
        let (bytes, overflow4) = area.multipliedReportingOverflow(by: 4)
        let fits = !overflow && !overflow4
        self.width = fits ? max(0, width) : 0
        self.height = fits ? max(0, height) : 0
        pixels = [UInt8](repeating: 0, count: fits ? bytes : 0)
    }

    /// A bitmap over premultiplied bytes; `nil` unless there are exactly `width × height × 4` of them.
    public init?(width: Int, height: Int, pixels: [UInt8]) {
        guard width >= 0, height >= 0, Bitmap.byteCount(width, height) == pixels.count else { return nil }
        self.width = width
        self.height = height
        self.pixels = pixels
    }

    /// A bitmap from straight-alpha RGBA bytes (as a PNG holds them), premultiplying each pixel;
    /// `nil` unless there are exactly `width × height × 4` bytes.
    /// - Complexity: O(*w·h*).
    public init?(width: Int, height: Int, straightPixels: [UInt8]) {
        guard width >= 0, height >= 0, Bitmap.byteCount(width, height) == straightPixels.count else { return nil }
        self.width = width
        self.height = height
        var out = straightPixels
        out.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let alpha = Int(buffer[index + 3])
                if alpha != 255 {
                    for channel in 0..<3 {
                        buffer[index + channel] = UInt8(Bitmap.premultiply(Int(buffer[index + channel]), alpha))
                    }
                }
                index += 4
            }
        }
        pixels = out
    }

    /// The bitmap's size in bytes: its cost in a memory tier.
    public var byteCount: Int { pixels.count }

    /// Whether the bitmap has no pixels.
    public var isEmpty: Bool { width == 0 || height == 0 }

    /// The pixel at column `x`, row `y` (premultiplied); transparent outside the bitmap.
    public subscript(x: Int, y: Int) -> Pixel {
        guard x >= 0, y >= 0, x < width, y < height else { return Pixel(red: 0, green: 0, blue: 0, alpha: 0) }
        let index = (y * width + x) * 4
        return Pixel(red: pixels[index], green: pixels[index + 1], blue: pixels[index + 2], alpha: pixels[index + 3])
    }

    /// The pixels with straight (unpremultiplied) alpha, as PNG stores them. A fully transparent
    /// pixel becomes (0, 0, 0, 0).
    /// - Complexity: O(*w·h*).
    public func unpremultipliedPixels() -> [UInt8] {
        var out = pixels
        out.withUnsafeMutableBufferPointer { buffer in
            var index = 0
            while index < buffer.count {
                let alpha = Int(buffer[index + 3])
                if alpha != 255 {
                    for channel in 0..<3 {
                        buffer[index + channel] = UInt8(Bitmap.unpremultiply(Int(buffer[index + channel]), alpha))
                    }
                }
                index += 4
            }
        }
        return out
    }

    /// Whether every pixel is valid premultiplied data (no colour byte above its alpha).
    public var isValidPremultiplied: Bool {
        var index = 0
        while index < pixels.count {
            let alpha = pixels[index + 3]
            if pixels[index] > alpha || pixels[index + 1] > alpha || pixels[index + 2] > alpha { return false }
            index += 4
        }
        return true
    }

    /// `width × height × 4`, or nil if it overflows.
    private static func byteCount(_ width: Int, _ height: Int) -> Int? {
        let (area, overflow) = width.multipliedReportingOverflow(by: height)
        let (bytes, overflow4) = area.multipliedReportingOverflow(by: 4)
        return overflow || overflow4 ? nil : bytes
    }

    /// `round(colour × alpha / 255)`, halves rounded up.
    @inline(__always)
    static func premultiply(_ colour: Int, _ alpha: Int) -> Int { (colour * alpha * 2 + 255) / 510 }

    /// `round(premultiplied × 255 / alpha)`, halves rounded up, at most 255; 0 when alpha is 0.
    @inline(__always)
    static func unpremultiply(_ premultiplied: Int, _ alpha: Int) -> Int {
        alpha == 0 ? 0 : min(255, (premultiplied * 510 + alpha) / (2 * alpha))
    }
}

/// One premultiplied RGBA8 pixel.
public struct Pixel: Hashable, Sendable {
    public var red: UInt8
    public var green: UInt8
    public var blue: UInt8
    public var alpha: UInt8

    public init(red: UInt8, green: UInt8, blue: UInt8, alpha: UInt8) {
        self.red = red
        self.green = green
        self.blue = blue
        self.alpha = alpha
    }
}
