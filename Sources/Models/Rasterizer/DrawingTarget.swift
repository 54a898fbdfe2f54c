import CCairo

/// A view's graphics context, as `drawRect:` draws into it: a Cairo image surface (premultiplied
/// ARGB in native byte order) of the view's size, which returned images are drawn into with
/// ``draw(_:in:)`` — `[image drawInRect:rect]`, the second half of every EGOUICache call.
///
/// Drawing an image is real Cairo work: the image's premultiplied RGBA bytes are put into Cairo's
/// native order in a scratch buffer (a `UIImage` already holds its pixels in the device's format,
/// so this pass is on top of what a device does: the cost measured is an upper bound by one pass
/// over the image), then composited source-over into the context through a clip to `rect`,
/// scaled when the image's size is not the rect's. The context keeps what was drawn, as a view's
/// backing store does. One target is meant for one thread at a time.
public final class DrawingTarget {
    /// Pixels per row.
    public let width: Int
    /// Rows.
    public let height: Int
    /// How many images have been drawn.
    @exclusivity(unchecked) public private(set) var draws = 0
    /// The pixels of those images, summed (each image's `width × height`).
    @exclusivity(unchecked) public private(set) var pixelsDrawn = 0

    private let surface: OpaquePointer?
    private let context: OpaquePointer?
    @exclusivity(unchecked) private var scratch: [UInt32] = []

    /// A transparent context of `width × height` pixels (each side clamped to 0...``Rasterizer/maxSide``).
    /// - Complexity: O(*w·h*).
    public init(width: Int, height: Int) {
        self.width = min(Rasterizer.maxSide, max(0, width))
        self.height = min(Rasterizer.maxSide, max(0, height))
        guard self.width > 0, self.height > 0,
            let surface = cairo_image_surface_create(CAIRO_FORMAT_ARGB32, Int32(self.width), Int32(self.height)),
            cairo_surface_status(surface) == CAIRO_STATUS_SUCCESS
        else {
            surface = nil
            context = nil
            return
        }
        self.surface = surface
        context = cairo_create(surface)
    }

    deinit {
        if let context { cairo_destroy(context) }
        if let surface { cairo_surface_destroy(surface) }
    }

    /// Draws `bitmap` into `rect` of the context (`drawInRect:`), source-over, scaled to the rect
    /// when the sizes differ. An empty bitmap or rect draws nothing.
    /// - Complexity: O(*w·h*) for the image's pixels (the conversion), plus Cairo's composite of
    ///   the rect's pixels.
    public func draw(_ bitmap: Bitmap, in rect: Rect) {
        guard let context, !bitmap.isEmpty, rect.width > 0, rect.height > 0, rect.width.isFinite, rect.height.isFinite,
            rect.x.isFinite, rect.y.isFinite
        else { return }
        let count = bitmap.width * bitmap.height
        if scratch.count < count { scratch = [UInt32](repeating: 0, count: count) }
        scratch.withUnsafeMutableBufferPointer { words in
            bitmap.pixels.withUnsafeBytes { bytes in
                let source = bytes.bindMemory(to: UInt32.self)
                for index in 0..<count {
                    let rgba = UInt32(littleEndian: source[index])
                    let red = rgba & 0xFF
                    let green = (rgba >> 8) & 0xFF
                    let blue = (rgba >> 16) & 0xFF
                    let alpha = rgba >> 24
                    words[index] = alpha << 24 | red << 16 | green << 8 | blue
                }
            }
            guard let base = words.baseAddress,
                let image = cairo_image_surface_create_for_data(
                    UnsafeMutableRawPointer(base).assumingMemoryBound(to: UInt8.self), CAIRO_FORMAT_ARGB32,
                    Int32(bitmap.width), Int32(bitmap.height), Int32(bitmap.width * 4))
            else { return }
            defer { cairo_surface_destroy(image) }
            guard cairo_surface_status(image) == CAIRO_STATUS_SUCCESS else { return }
            cairo_save(context)
            cairo_rectangle(context, rect.x, rect.y, rect.width, rect.height)
            cairo_clip(context)
            cairo_translate(context, rect.x, rect.y)
            cairo_scale(context, rect.width / Double(bitmap.width), rect.height / Double(bitmap.height))
            cairo_set_source_surface(context, image, 0, 0)
            // Scaled, the edge pixels are sampled against themselves, not against transparency:
            // the image covers the rect to its edges, as Core Graphics draws it.
            cairo_pattern_set_extend(cairo_get_source(context), CAIRO_EXTEND_PAD)
            cairo_paint(context)
            cairo_restore(context)
        }
        draws += 1
        pixelsDrawn += count
    }

    /// What the context holds, as a premultiplied RGBA bitmap.
    /// - Complexity: O(*w·h*).
    public func snapshot() -> Bitmap {
        var bitmap = Bitmap(width: width, height: height)
        guard let surface, !bitmap.isEmpty else { return bitmap }
        cairo_surface_flush(surface)
        guard let data = cairo_image_surface_get_data(surface) else { return bitmap }
        let stride = Int(cairo_image_surface_get_stride(surface))
        bitmap.pixels.withUnsafeMutableBufferPointer { buffer in
            guard let base = buffer.baseAddress else { return }
            for row in 0..<height {
                (base + row * width * 4).update(from: data + row * stride, count: width * 4)
            }
            Rasterizer.nativeARGBToRGBA(buffer)
        }
        return bitmap
    }
}
