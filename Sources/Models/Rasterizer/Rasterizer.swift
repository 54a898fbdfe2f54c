/// Paints ``DrawingSpec``s, and the primitives they are made of, into ``Bitmap``s on the CPU, with
/// source-over blending of premultiplied colour: `result = source + destination × (1 − source alpha)`.
///
/// Every primitive visits the pixels of its bounding box (clipped to the bitmap) and blends those it
/// covers, with anti-aliased edges: a pixel's coverage is how far its centre lies inside the shape's
/// edge, clamped to 0...1. The work done is counted in ``work``, so a caller can see that a fresh
/// drawing costs more the larger it is and the more effects it has, without timing it.
///
/// One rasterizer is meant for one thread at a time.
public final class Rasterizer {
    /// What the rasterizer has done since it was made or last reset.
    public struct Work: Equatable, Sendable {
        /// Pixels whose coverage by a shape was evaluated.
        public var coverageSamples = 0
        /// Pixels blended into a bitmap.
        public var pixelsBlended = 0
        /// Pixels read and written by blur passes (each of the three passes counts twice: across and down).
        public var blurSamples = 0

        public init() {}

        /// All of it: a proxy for CPU time.
        public var total: Int { coverageSamples + pixelsBlended + blurSamples }
    }

    /// The work done so far.
    public internal(set) var work = Work()

    public init() {}

    /// Zeroes ``work``.
    public func resetWork() { work = Work() }

    /// A fresh bitmap of `spec.size` with `spec` drawn in it.
    /// - Complexity: O(*w·h*) per effect: shadow (≈ 8 passes), body, gradient, glyphs.
    public func draw(_ spec: DrawingSpec) -> Bitmap {
        var bitmap = Bitmap(width: spec.size.width, height: spec.size.height)
        draw(spec, in: &bitmap)
        return bitmap
    }

    /// Draws `spec` into `bitmap` with the spec's origin at the bitmap's top-left, clipped to it:
    /// shadow, then body background, then gradient, then glyphs, each blended over what is there.
    /// - Complexity: O(*w·h*) per effect.
    public func draw(_ spec: DrawingSpec, in bitmap: inout Bitmap) {
        let body = spec.bodyRect
        guard body.width > 0, body.height > 0 else { return }
        if let radius = spec.shadowRadius {
            drawShadow(
                of: body, cornerRadius: spec.cornerRadius, blurRadius: radius, color: spec.shadowColor,
                offsetX: spec.shadowOffsetX, offsetY: spec.shadowOffsetY, in: &bitmap)
        }
        fill(body, cornerRadius: spec.cornerRadius, color: spec.background, in: &bitmap)
        if let gradient = spec.gradient {
            fill(body, cornerRadius: spec.cornerRadius, gradient: gradient, in: &bitmap)
        }
        if let text = spec.text, !text.isEmpty {
            drawGlyphRun(text, in: body, fontSize: spec.fontSize, color: spec.textColor, in: &bitmap)
        }
    }

    /// Fills a rounded rectangle with a solid colour, anti-aliased.
    /// - Complexity: O(*a*) for *a* pixels in the rectangle's bounding box.
    public func fill(_ rect: Rect, cornerRadius: Double = 0, color: RGBAColor, in bitmap: inout Bitmap) {
        let paint = color.premultiplied
        fill(RoundedRect(rect, radius: cornerRadius), in: &bitmap) { _, _ in paint }
    }

    /// Fills a rounded rectangle with a linear gradient laid across it, anti-aliased.
    /// - Complexity: O(*a·s*) for *a* pixels in the bounding box and *s* stops.
    public func fill(_ rect: Rect, cornerRadius: Double = 0, gradient: LinearGradient, in bitmap: inout Bitmap) {
        let startX = rect.x + gradient.start.x * rect.width
        let startY = rect.y + gradient.start.y * rect.height
        let deltaX = (gradient.end.x - gradient.start.x) * rect.width
        let deltaY = (gradient.end.y - gradient.start.y) * rect.height
        let lengthSquared = deltaX * deltaX + deltaY * deltaY
        fill(RoundedRect(rect, radius: cornerRadius), in: &bitmap) { x, y in
            let t = lengthSquared > 0 ? ((x - startX) * deltaX + (y - startY) * deltaY) / lengthSquared : 0
            return gradient.color(at: t)
        }
    }

    /// The shared fill loop: coverage per pixel centre, paint per covered pixel, source-over blend.
    func fill(_ shape: RoundedRect, in bitmap: inout Bitmap, paint: (Double, Double) -> PremultipliedColor) {
        guard let box = shape.pixelBounds(width: bitmap.width, height: bitmap.height) else { return }
        let width = bitmap.width
        var blended = 0
        bitmap.pixels.withUnsafeMutableBufferPointer { buffer in
            for y in box.minY..<box.maxY {
                let centreY = Double(y) + 0.5
                for x in box.minX..<box.maxX {
                    let centreX = Double(x) + 0.5
                    let coverage = shape.coverage(x: centreX, y: centreY)
                    guard coverage > 0 else { continue }
                    Rasterizer.blend(paint(centreX, centreY), coverage: coverage, into: buffer, at: (y * width + x) * 4)
                    blended += 1
                }
            }
        }
        work.coverageSamples += (box.maxX - box.minX) * (box.maxY - box.minY)
        work.pixelsBlended += blended
    }

    /// Source-over of `color` scaled by `coverage` onto the premultiplied pixel at `index`.
    @inline(__always)
    static func blend(_ color: PremultipliedColor, coverage: Double, into buffer: UnsafeMutableBufferPointer<UInt8>, at index: Int) {
        let sourceAlpha = Int(color.alpha * coverage + 0.5)
        let inverse = 255 - sourceAlpha
        buffer[index] = UInt8(Int(color.red * coverage + 0.5) + (Int(buffer[index]) * inverse + 127) / 255)
        buffer[index + 1] = UInt8(Int(color.green * coverage + 0.5) + (Int(buffer[index + 1]) * inverse + 127) / 255)
        buffer[index + 2] = UInt8(Int(color.blue * coverage + 0.5) + (Int(buffer[index + 2]) * inverse + 127) / 255)
        buffer[index + 3] = UInt8(sourceAlpha + (Int(buffer[index + 3]) * inverse + 127) / 255)
    }
}
