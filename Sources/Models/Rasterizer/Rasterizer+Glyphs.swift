extension Rasterizer {
    /// Draws `text` as a run of glyph boxes standing in for typeset text: each character is a few
    /// rounded strokes (stems, bars, a dot) chosen from its code point, so the same string always
    /// draws the same way and different strings draw differently. Lowercase letters are shorter
    /// (x-height); spaces advance without strokes. Lines wrap at the rect's width, are centred
    /// horizontally and vertically, and stop when the rect has no room for another line.
    /// - Complexity: O(*n·g*) for *n* characters and *g* pixels per glyph box (∝ `fontSize`²).
    public func drawGlyphRun(_ text: String, in rect: Rect, fontSize: Double, color: RGBAColor, in bitmap: inout Bitmap) {
        guard fontSize.isFinite, fontSize > 0, rect.width > 0, rect.height > 0 else { return }
        let glyphs = text.unicodeScalars.map { GlyphShape($0) }
        let lines = GlyphShape.lines(of: glyphs, fontSize: fontSize, maxWidth: rect.width)
        let lineHeight = fontSize * 1.2
        let maxLines = max(1, Int(min(Double(lines.count), (rect.height / lineHeight).rounded(.down))))
        let shown = lines.prefix(maxLines)
        let paint = color.premultiplied
        var top = rect.y + (rect.height - Double(shown.count) * lineHeight) / 2
        for line in shown {
            var x = rect.x + (rect.width - line.width) / 2
            let baseline = top + fontSize * 0.95
            for glyph in line.glyphs {
                for stroke in glyph.strokes(originX: x, baseline: baseline, fontSize: fontSize) {
                    fill(stroke, in: &bitmap) { _, _ in paint }
                }
                x += glyph.advance(fontSize: fontSize)
            }
            top += lineHeight
        }
    }
}

/// The made-up shape of one character: which strokes it has and how wide it is, all from its code
/// point through a seeded generator.
struct GlyphShape {
    /// A line of laid-out glyphs.
    struct Line {
        var glyphs: [GlyphShape] = []
        var width: Double = 0
    }

    private let strokeBits: UInt64
    private let widthFactor: Double
    private let isSpace: Bool
    private let isLowercase: Bool

    init(_ scalar: Unicode.Scalar) {
        var generator = SeededGenerator(seed: UInt64(scalar.value) &* 0x9E37_79B9)
        let bits = generator.next()
        isSpace = scalar.properties.isWhitespace
        isLowercase = scalar.properties.isLowercase
        // At least one stroke: a glyph with none would be a space.
        strokeBits = bits & 0x7F == 0 ? 0b1_0001 : bits & 0x7F
        widthFactor = [0.5, 0.58, 0.66, 0.74][Int((bits >> 8) & 3)]
    }

    func advance(fontSize: Double) -> Double { fontSize * (isSpace ? 0.35 : widthFactor) }

    /// The glyph's strokes as rounded rectangles, its box starting at `originX`, sitting on `baseline`.
    func strokes(originX: Double, baseline: Double, fontSize: Double) -> [RoundedRect] {
        guard !isSpace else { return [] }
        let thickness = max(1, fontSize * 0.12)
        let inset = fontSize * 0.08
        let left = originX + inset
        let right = originX + advance(fontSize: fontSize) - inset
        let height = fontSize * (isLowercase ? 0.5 : 0.7)
        let top = baseline - height
        let round = thickness / 2
        var result: [RoundedRect] = []
        func add(_ x: Double, _ y: Double, _ w: Double, _ h: Double) {
            result.append(RoundedRect(Rect(x: x, y: y, width: w, height: h), radius: round))
        }
        if strokeBits & 1 != 0 { add(left, top, thickness, height) }  // left stem
        if strokeBits & 2 != 0 { add(right - thickness, top, thickness, height) }  // right stem
        if strokeBits & 4 != 0 { add(left, top, right - left, thickness) }  // top bar
        if strokeBits & 8 != 0 { add(left, top + (height - thickness) / 2, right - left, thickness) }  // middle bar
        if strokeBits & 16 != 0 { add(left, baseline - thickness, right - left, thickness) }  // bottom bar
        if strokeBits & 32 != 0 { add((left + right - thickness) / 2, top, thickness, height) }  // centre stem
        if strokeBits & 64 != 0 { add((left + right - thickness) / 2, top - 2 * thickness, thickness, thickness) }  // dot
        return result
    }

    /// Breaks `glyphs` into lines no wider than `maxWidth` (at least one glyph per line).
    static func lines(of glyphs: [GlyphShape], fontSize: Double, maxWidth: Double) -> [Line] {
        var lines: [Line] = []
        var current = Line()
        for glyph in glyphs {
            let advance = glyph.advance(fontSize: fontSize)
            if !current.glyphs.isEmpty, current.width + advance > maxWidth {
                lines.append(current)
                current = Line()
            }
            current.glyphs.append(glyph)
            current.width += advance
        }
        if !current.glyphs.isEmpty { lines.append(current) }
        return lines
    }
}
