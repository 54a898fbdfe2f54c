/// A size in whole pixels.
public struct PixelSize: Hashable, Sendable {
    public var width: Int
    public var height: Int

    /// Negative sizes count as 0.
    public init(width: Int, height: Int) {
        self.width = max(0, width)
        self.height = max(0, height)
    }

    /// The smallest pixel size covering `rect`'s size (one pixel per point); the origin is ignored.
    /// Non-finite or negative sizes give 0.
    public init(covering rect: Rect) {
        func pixels(_ value: Double) -> Int {
            guard value.isFinite, value > 0 else { return 0 }
            return Int(saturating: min(value.rounded(.up), Double(Int32.max)))
        }
        self.init(width: pixels(rect.width), height: pixels(rect.height))
    }
}

/// What a "fresh" drawing paints, standing in for a `drawRect:` routine full of blending: a
/// rounded body filled with a background colour and an optional gradient, an optional title set in
/// a real font centred in it (both clipped to the body), and an optional blurred drop shadow under it.
///
/// Layout: the body is the bitmap inset on every side by the shadow's reach (`shadowRadius` plus the
/// larger offset component), so the shadow has room to show; without a shadow it fills the bitmap.
/// The bitmap starts transparent, as the original clears its context first.
public struct DrawingSpec: Hashable, Sendable {
    /// The bitmap's size.
    public var size: PixelSize
    /// The body's fill.
    public var background: RGBAColor
    /// A gradient painted over the background, inside the body.
    public var gradient: LinearGradient?
    /// The body's corner radius in pixels (clamped to half the shorter side); 0 for square corners.
    public var cornerRadius: Double
    /// A title drawn on one line in DejaVu Sans Bold, centred in the body and clipped to it; `nil`
    /// or empty for none.
    public var text: String?
    /// The text's colour.
    public var textColor: RGBAColor
    /// The font size in pixels (the em square's height).
    public var fontSize: Double
    /// The drop shadow's box-blur radius in pixels (three passes ≈ a gaussian); `nil` for no shadow.
    /// 0 gives a hard shadow.
    public var shadowRadius: Int?
    /// The shadow's colour (its alpha scales the shadow).
    public var shadowColor: RGBAColor
    /// The shadow's offset in pixels, right and down.
    public var shadowOffsetX: Int
    public var shadowOffsetY: Int

    public init(
        size: PixelSize, background: RGBAColor = .white, gradient: LinearGradient? = nil,
        cornerRadius: Double = 0, text: String? = nil, textColor: RGBAColor = .black, fontSize: Double = 14,
        shadowRadius: Int? = nil, shadowColor: RGBAColor = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0.5),
        shadowOffsetX: Int = 0, shadowOffsetY: Int = 0
    ) {
        self.size = size
        self.background = background
        self.gradient = gradient
        self.cornerRadius = cornerRadius
        self.text = text
        self.textColor = textColor
        self.fontSize = fontSize
        self.shadowRadius = shadowRadius
        self.shadowColor = shadowColor
        self.shadowOffsetX = shadowOffsetX
        self.shadowOffsetY = shadowOffsetY
    }

    /// The same drawing at the pixel size covering `rect` (for a cached drawing's routine, which
    /// is handed the rect to draw in).
    public func sized(toCover rect: Rect) -> DrawingSpec {
        var copy = self
        copy.size = PixelSize(covering: rect)
        return copy
    }

    /// How far the body is inset from the bitmap's edges to leave room for the shadow.
    public var bodyInset: Double {
        guard let radius = shadowRadius else { return 0 }
        return Double(max(0, radius)) + Double(max(shadowOffsetX.magnitude, shadowOffsetY.magnitude))
    }

    /// The body's rectangle in pixels.
    public var bodyRect: Rect {
        let inset = bodyInset
        return Rect(
            x: inset, y: inset, width: max(0, Double(size.width) - 2 * inset),
            height: max(0, Double(size.height) - 2 * inset))
    }
}
