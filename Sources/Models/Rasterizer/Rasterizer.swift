import CCairo

/// Paints ``DrawingSpec``s into ``Bitmap``s with Cairo, the 2D library of the Core Graphics model
/// on Linux: paths with anti-aliased edges, linear gradients, clipping, and text set in a real font
/// (DejaVu Sans Bold, through fontconfig and FreeType). The drop shadow is this type's own three-pass
/// box blur over a Cairo image surface (`drawShadow`),
/// as Core Graphics' shadows are blurred masks.
///
/// A drawing is painted as a `drawRect:` full of blending would paint it: the context starts
/// transparent; the shadow; the rounded body filled with the background colour; the body's path
/// made the clip; the gradient painted through the clip; the text centred in the body, clipped to
/// it. Cairo's image surface is premultiplied ARGB in native byte order; the result is converted
/// to the bitmap's premultiplied RGBA once at the end.
///
/// The work done is counted in ``work`` (the pixels each operation covers, and the blur's
/// samples), so a caller can see that a fresh drawing costs more the larger it is and the more
/// effects it has, without timing it. One rasterizer is meant for one thread at a time.
public final class Rasterizer {
    /// What the rasterizer has done since it was made or last reset.
    public struct Work: Equatable, Sendable {
        /// Pixels covered by the bounding boxes of painting operations (fills, gradient, text,
        /// shadow mask and its composite), clipped to the bitmap.
        public var pixelsPainted = 0
        /// Samples read and written by blur passes (each of the three passes counts twice: across and down).
        public var blurSamples = 0

        public init() {}

        /// All of it: a proxy for CPU time.
        public var total: Int { pixelsPainted + blurSamples }
    }

    /// The largest side Cairo's image surfaces take, in pixels.
    public static let maxSide = 32_767

    /// The work done so far.
    @exclusivity(unchecked) public internal(set) var work = Work()

    public init() {}

    /// Zeroes ``work``.
    public func resetWork() { work = Work() }

    /// A fresh bitmap of `spec.size` with `spec` drawn in it. A size beyond ``maxSide`` gives a
    /// transparent bitmap.
    /// - Complexity: O(*w·h*) per effect: shadow (mask, six blur passes, composite), body, gradient, text.
    public func draw(_ spec: DrawingSpec) -> Bitmap {
        let width = spec.size.width
        let height = spec.size.height
        var bitmap = Bitmap(width: width, height: height)
        guard !bitmap.isEmpty, width <= Rasterizer.maxSide, height <= Rasterizer.maxSide else { return bitmap }
        bitmap.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress,
                let surface = cairo_image_surface_create_for_data(base, CAIRO_FORMAT_ARGB32, Int32(width), Int32(height), Int32(width * 4))
            else { return }
            defer { cairo_surface_destroy(surface) }
            guard cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS, let context = cairo_create(surface) else { return }
            paint(spec, on: context, width: width, height: height)
            cairo_destroy(context)
            cairo_surface_flush(surface)
            Rasterizer.nativeARGBToRGBA(buffer)
        }
        return bitmap
    }

    /// Paints `spec` on `context` (a `width × height` surface), in the order the type's summary gives.
    private func paint(_ spec: DrawingSpec, on context: OpaquePointer, width: Int, height: Int) {
        let body = spec.bodyRect
        guard body.width > 0, body.height > 0, body.x.isFinite, body.y.isFinite else { return }
        let radius = Rasterizer.clampedRadius(spec.cornerRadius, for: body)
        if let blur = spec.shadowRadius {
            drawShadow(
                of: body, cornerRadius: radius, blurRadius: blur, color: spec.shadowColor, offsetX: spec.shadowOffsetX,
                offsetY: spec.shadowOffsetY, on: context, width: width, height: height)
        }
        let covered = Rasterizer.pixelArea(of: body, width: width, height: height)
        Rasterizer.addRoundedRect(body, radius: radius, to: context)
        Rasterizer.setSource(spec.background, on: context)
        cairo_fill_preserve(context)
        cairo_clip(context)
        work.pixelsPainted += covered
        if let gradient = spec.gradient, !gradient.stops.isEmpty {
            paint(gradient, across: body, on: context)
            work.pixelsPainted += covered
        }
        if let text = spec.text, !text.isEmpty {
            drawText(text, centredIn: body, fontSize: spec.fontSize, color: spec.textColor, on: context, width: width, height: height)
        }
        cairo_reset_clip(context)
    }

    /// Paints `gradient` laid across `rect` through the current clip: the line runs from the unit
    /// point `start` to `end` of the rect; beyond either end the end colour extends (Cairo's `PAD`).
    private func paint(_ gradient: LinearGradient, across rect: Rect, on context: OpaquePointer) {
        func point(_ unit: UnitPoint) -> (Double, Double) {
            let x = unit.x.isFinite ? unit.x : 0
            let y = unit.y.isFinite ? unit.y : 0
            return (rect.x + x * rect.width, rect.y + y * rect.height)
        }
        let (startX, startY) = point(gradient.start)
        let (endX, endY) = point(gradient.end)
        guard let pattern = cairo_pattern_create_linear(startX, startY, endX, endY) else { return }
        defer { cairo_pattern_destroy(pattern) }
        for stop in gradient.stops {
            cairo_pattern_add_color_stop_rgba(pattern, stop.location, stop.color.red, stop.color.green, stop.color.blue, stop.color.alpha)
        }
        cairo_pattern_set_extend(pattern, CAIRO_EXTEND_PAD)
        cairo_set_source(context, pattern)
        cairo_paint(context)
    }

    // MARK: Helpers

    /// The current path becomes `rect` with corners of `radius` (already clamped).
    static func addRoundedRect(_ rect: Rect, radius: Double, to context: OpaquePointer) {
        cairo_new_path(context)
        guard radius > 0 else {
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            return
        }
        let minX = rect.x
        let minY = rect.y
        let maxX = rect.x + rect.width
        let maxY = rect.y + rect.height
        cairo_new_sub_path(context)
        cairo_arc(context, maxX - radius, minY + radius, radius, -Double.pi / 2, 0)
        cairo_arc(context, maxX - radius, maxY - radius, radius, 0, Double.pi / 2)
        cairo_arc(context, minX + radius, maxY - radius, radius, Double.pi / 2, Double.pi)
        cairo_arc(context, minX + radius, minY + radius, radius, Double.pi, 3 * Double.pi / 2)
        cairo_close_path(context)
    }

    /// `radius` clamped to 0...half the shorter side of `rect`; 0 when not finite.
    static func clampedRadius(_ radius: Double, for rect: Rect) -> Double {
        guard radius.isFinite else { return 0 }
        return min(max(0, radius), min(rect.width, rect.height) / 2)
    }

    static func setSource(_ color: RGBAColor, on context: OpaquePointer) {
        cairo_set_source_rgba(context, color.red, color.green, color.blue, color.alpha)
    }

    /// The pixels of `rect`'s bounding box inside a `width × height` surface.
    static func pixelArea(of rect: Rect, width: Int, height: Int) -> Int {
        guard rect.x.isFinite, rect.y.isFinite, rect.width.isFinite, rect.height.isFinite else { return 0 }
        let left = min(Double(width), max(0, rect.x.rounded(.down)))
        let right = min(Double(width), max(0, (rect.x + rect.width).rounded(.up)))
        let top = min(Double(height), max(0, rect.y.rounded(.down)))
        let bottom = min(Double(height), max(0, (rect.y + rect.height).rounded(.up)))
        return Int(max(0, right - left) * max(0, bottom - top))
    }

    /// Converts Cairo's ARGB32 pixels (premultiplied, one native-endian 32-bit word each) to
    /// premultiplied RGBA bytes, in place.
    /// - Complexity: O(*w·h*).
    static func nativeARGBToRGBA(_ buffer: UnsafeMutableBufferPointer<UInt8>) {
        UnsafeMutableRawBufferPointer(buffer).withMemoryRebound(to: UInt32.self) { words in
            for index in words.indices {
                let argb = words[index]
                let red = (argb >> 16) & 0xFF
                let green = (argb >> 8) & 0xFF
                let blue = argb & 0xFF
                let alpha = argb >> 24
                words[index] = (red | green << 8 | blue << 16 | alpha << 24).littleEndian
            }
        }
    }
}
