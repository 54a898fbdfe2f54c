import CCairo

extension Rasterizer {
    /// Paints a blurred drop shadow of a rounded rectangle on `context` (a `width × height`
    /// surface): Cairo fills the shape, offset, into an 8-bit alpha image surface; the mask is
    /// box-blurred three times across and three times down (≈ a gaussian of standard deviation ≈
    /// `blurRadius`); then `color` is painted through it. The shadow reaches about `blurRadius`
    /// beyond the shape (the three passes together up to 3 × `blurRadius`). A radius of 0 gives a
    /// hard shadow.
    ///
    /// Each box pass keeps a running sum, so its cost does not depend on the radius; the shadow's
    /// cost is O(*w·h*) for the whole surface, which is what makes shadows expensive to redraw.
    /// - Complexity: O(*w·h*): one fill, six blur passes, one composite.
    func drawShadow(
        of rect: Rect, cornerRadius: Double, blurRadius: Int, color: RGBAColor, offsetX: Int, offsetY: Int,
        on context: OpaquePointer, width: Int, height: Int
    ) {
        guard let mask = cairo_image_surface_create(CAIRO_FORMAT_A8, Int32(width), Int32(height)) else { return }
        defer { cairo_surface_destroy(mask) }
        guard cairo_surface_status(mask) == CAIRO_STATUS_SUCCESS, let maskContext = cairo_create(mask) else { return }
        let shape = Rect(
            x: rect.x + Rasterizer.clampedOffset(offsetX, limit: width), y: rect.y + Rasterizer.clampedOffset(offsetY, limit: height),
            width: rect.width, height: rect.height)
        Rasterizer.addRoundedRect(shape, radius: cornerRadius, to: maskContext)
        cairo_set_source_rgba(maskContext, 0, 0, 0, 1)
        cairo_fill(maskContext)
        cairo_destroy(maskContext)
        cairo_surface_flush(mask)
        work.pixelsPainted += Rasterizer.pixelArea(of: shape, width: width, height: height)

        let radius = min(max(0, blurRadius), max(width, height))  // a wider box changes nothing more
        if radius > 0, let data = cairo_image_surface_get_data(mask) {
            let stride = Int(cairo_image_surface_get_stride(mask))
            var samples = [Int32](repeating: 0, count: width * height)
            for y in 0..<height {
                for x in 0..<width { samples[y * width + x] = Int32(data[y * stride + x]) }
            }
            var scratch = [Int32](repeating: 0, count: width * height)
            for _ in 0..<3 {
                Rasterizer.boxBlur(&samples, into: &scratch, count: height, length: width, stride: 1, lineStride: width, radius: radius)
                Rasterizer.boxBlur(&scratch, into: &samples, count: width, length: height, stride: width, lineStride: 1, radius: radius)
            }
            for y in 0..<height {
                for x in 0..<width { data[y * stride + x] = UInt8(clamping: samples[y * width + x]) }
            }
            cairo_surface_mark_dirty(mask)
            work.blurSamples += 6 * width * height
        }
        Rasterizer.setSource(color, on: context)
        cairo_mask_surface(context, mask, 0, 0)
        work.pixelsPainted += width * height
    }

    /// One box-blur pass over `count` lines of `length` samples (`stride` apart within a line,
    /// `lineStride` apart between lines): each output is the rounded mean of the `2r + 1` inputs
    /// around it, with zeros beyond the edges (transparent surroundings).
    /// - Complexity: O(`count × length`), whatever the radius.
    static func boxBlur(
        _ source: inout [Int32], into destination: inout [Int32], count: Int, length: Int, stride: Int, lineStride: Int,
        radius: Int
    ) {
        let window = Int32(2 * radius + 1)
        let half = window / 2
        source.withUnsafeBufferPointer { input in
            destination.withUnsafeMutableBufferPointer { output in
                for line in 0..<count {
                    let base = line * lineStride
                    var sum: Int32 = 0
                    for position in 0..<min(radius, length) { sum += input[base + position * stride] }
                    for position in 0..<length {
                        let entering = position + radius
                        if entering < length { sum += input[base + entering * stride] }
                        output[base + position * stride] = (sum + half) / window
                        let leaving = position - radius
                        if leaving >= 0 { sum -= input[base + leaving * stride] }
                    }
                }
            }
        }
    }

    /// `offset` limited to ±(2 × `limit` + 1): further moves the shape off the surface just the same.
    static func clampedOffset(_ offset: Int, limit: Int) -> Double {
        Double(min(max(offset, -2 * limit - 1), 2 * limit + 1))
    }
}
