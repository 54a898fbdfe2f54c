extension Rasterizer {
    /// Blends a blurred drop shadow of a rounded rectangle into `bitmap`: the shape's coverage,
    /// offset, is box-blurred three times across and three times down (≈ a gaussian of standard
    /// deviation ≈ `blurRadius`), then `color` is blended through it. The shadow reaches about
    /// `blurRadius` beyond the shape (the three passes together up to 3 × `blurRadius`).
    ///
    /// Each box pass keeps a running sum, so its cost does not depend on the radius; the shadow's
    /// cost is O(*w·h*) for the whole bitmap, which is what makes shadows expensive to redraw.
    /// - Complexity: O(*w·h*): one coverage pass, six blur passes, one blend pass.
    public func drawShadow(
        of rect: Rect, cornerRadius: Double = 0, blurRadius: Int, color: RGBAColor,
        offsetX: Int = 0, offsetY: Int = 0, in bitmap: inout Bitmap
    ) {
        let width = bitmap.width
        let height = bitmap.height
        guard width > 0, height > 0 else { return }
        let shape = RoundedRect(
            Rect(x: rect.x + Double(offsetX), y: rect.y + Double(offsetY), width: rect.width, height: rect.height),
            radius: cornerRadius)
        // The mask: coverage × 255 per pixel.
        var mask = [Int32](repeating: 0, count: width * height)
        if let box = shape.pixelBounds(width: width, height: height) {
            for y in box.minY..<box.maxY {
                for x in box.minX..<box.maxX {
                    let coverage = shape.coverage(x: Double(x) + 0.5, y: Double(y) + 0.5)
                    mask[y * width + x] = Int32((coverage * 255).rounded())
                }
            }
            work.coverageSamples += (box.maxX - box.minX) * (box.maxY - box.minY)
        }
        let radius = min(max(0, blurRadius), max(width, height))  // a wider box changes nothing more
        if radius > 0 {
            var scratch = [Int32](repeating: 0, count: width * height)
            for _ in 0..<3 {
                Rasterizer.boxBlur(&mask, into: &scratch, count: height, length: width, stride: 1, lineStride: width, radius: radius)
                Rasterizer.boxBlur(&scratch, into: &mask, count: width, length: height, stride: width, lineStride: 1, radius: radius)
            }
            work.blurSamples += 6 * width * height
        }
        let paint = color.premultiplied
        var blended = 0
        bitmap.pixels.withUnsafeMutableBufferPointer { buffer in
            for index in 0..<(width * height) where mask[index] > 0 {
                Rasterizer.blend(paint, coverage: Double(mask[index]) / 255, into: buffer, at: index * 4)
                blended += 1
            }
        }
        work.pixelsBlended += blended
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
}
