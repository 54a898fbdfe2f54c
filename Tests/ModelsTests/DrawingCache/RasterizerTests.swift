import Models
import Testing

/// The rasterizer over Cairo: fills, gradients, anti-aliased rounded rectangles, clipping, text in
/// a real font, our blurred shadow, and work that grows with size and effects.
@Suite("Rasterizer")
struct RasterizerTests {
    let rasterizer = Rasterizer()

    @Test("a fill stores premultiplied colour: a half-transparent red body")
    func fillIsPremultiplied() {
        let bitmap = rasterizer.draw(DrawingSpec(size: PixelSize(width: 4, height: 4), background: RGBAColor(rgb: 0xFF0000, alpha: 0.5)))
        let pixel = bitmap[2, 2]
        #expect(pixel.alpha == 127 || pixel.alpha == 128)
        #expect(pixel.red == pixel.alpha && pixel.green == 0 && pixel.blue == 0, "stored premultiplied, in RGBA order")
        let opaque = rasterizer.draw(DrawingSpec(size: PixelSize(width: 2, height: 2), background: RGBAColor(rgb: 0x336699)))
        #expect(opaque[1, 1] == Pixel(red: 0x33, green: 0x66, blue: 0x99, alpha: 255), "8-bit colours come back exactly")
    }

    @Test("premultiplied → straight → premultiplied gives back every valid pixel")
    func premultipliedRoundTrip() throws {
        var pixels: [UInt8] = []
        for alpha in 0...255 {
            for value in stride(from: 0, through: alpha, by: 1) { pixels += [UInt8(value), 0, UInt8(alpha / 2), UInt8(alpha)] }
        }
        let bitmap = try #require(Bitmap(width: pixels.count / 4, height: 1, pixels: pixels))
        let back = Bitmap(width: bitmap.width, height: 1, straightPixels: bitmap.unpremultipliedPixels())
        #expect(back == bitmap)
    }

    @Test("a gradient changes colour across the width")
    func gradientAcrossWidth() {
        let spec = DrawingSpec(
            size: PixelSize(width: 64, height: 8), gradient: LinearGradient(from: RGBAColor(rgb: 0xFF0000), to: RGBAColor(rgb: 0x0000FF)))
        let bitmap = rasterizer.draw(spec)
        let reds = (0..<64).map { Int(bitmap[$0, 4].red) }
        let blues = (0..<64).map { Int(bitmap[$0, 4].blue) }
        #expect(reds.first ?? 0 > 240 && blues.first ?? 255 < 15)
        #expect(reds.last ?? 255 < 15 && blues.last ?? 0 > 240)
        #expect(zip(reds, reds.dropFirst()).allSatisfy { $0 >= $1 }, "red falls monotonically")
        #expect(zip(blues, blues.dropFirst()).allSatisfy { $0 <= $1 }, "blue rises monotonically")
        #expect(bitmap[0, 0] == bitmap[0, 7], "a horizontal gradient is constant down a column")
    }

    @Test("a rounded rect leaves its corners transparent, its inside opaque, its curved edge anti-aliased")
    func roundedRectCorners() {
        let spec = DrawingSpec(size: PixelSize(width: 40, height: 30), background: RGBAColor(rgb: 0x00AA00), cornerRadius: 10)
        let bitmap = rasterizer.draw(spec)
        for (x, y) in [(0, 0), (39, 0), (0, 29), (39, 29), (1, 1)] {
            #expect(bitmap[x, y].alpha == 0, "corner (\(x), \(y))")
        }
        #expect(bitmap[20, 15].alpha == 255)
        #expect(bitmap[20, 0].alpha == 255, "straight edges are not rounded")
        let partial = (0..<10).flatMap { y in (0..<10).map { x in bitmap[x, y].alpha } }.filter { $0 > 0 && $0 < 255 }
        #expect(partial.count >= 5, "the arc has partially covered pixels")
        let square = rasterizer.draw(DrawingSpec(size: PixelSize(width: 40, height: 30), cornerRadius: 0))
        #expect(square[0, 0].alpha == 255)
        #expect(bitmap.isValidPremultiplied)
    }

    @Test("the gradient and the text are clipped to the rounded body")
    func clippedToBody() {
        let spec = DrawingSpec(
            size: PixelSize(width: 40, height: 30), background: .clear,
            gradient: LinearGradient(from: RGBAColor(rgb: 0xFF0000), to: RGBAColor(rgb: 0x0000FF)), cornerRadius: 12,
            text: "WWWWWWWW", fontSize: 28)
        let bitmap = rasterizer.draw(spec)
        #expect(bitmap[0, 0].alpha == 0 && bitmap[39, 29].alpha == 0, "nothing painted outside the rounded corners")
        #expect(bitmap[20, 15].alpha == 255)
    }

    @Test("a shadow spreads beyond the shape")
    func shadowSpreads() {
        var spec = DrawingSpec(size: PixelSize(width: 48, height: 48), background: .white, cornerRadius: 4)
        spec.shadowRadius = 4
        #expect(spec.bodyRect == Rect(x: 4, y: 4, width: 40, height: 40))
        let shadowed = rasterizer.draw(spec)
        var plainSpec = spec
        plainSpec.shadowRadius = nil
        plainSpec.size = PixelSize(width: 40, height: 40)
        let plain = rasterizer.draw(plainSpec)
        #expect(plain[0, 20].alpha == 255 && shadowed[3, 24].alpha < 255, "the body alone ends at its edge")
        // Just outside the body: shadow, not nothing.
        #expect(shadowed[2, 24].alpha > 0)
        #expect(shadowed[45, 24].alpha > 0)
        #expect(shadowed[24, 1].alpha > 0)
        #expect(shadowed[2, 24].alpha > shadowed[0, 24].alpha, "fading with distance")
        #expect(shadowed[24, 24] == Pixel(red: 255, green: 255, blue: 255, alpha: 255), "the body covers its shadow")
        #expect(shadowed.isValidPremultiplied)
    }

    @Test("an offset shadow falls on the offset side")
    func shadowOffset() {
        let spec = DrawingSpec(size: PixelSize(width: 40, height: 40), shadowRadius: 2, shadowOffsetX: 3, shadowOffsetY: 0)
        let bitmap = rasterizer.draw(spec)
        #expect(bitmap[37, 20].alpha > bitmap[2, 20].alpha)
    }

    @Test("text is set in a real font: deterministic, different titles draw differently, a narrow letter inks less than a wide one")
    func textInRealFont() {
        func title(_ text: String) -> Bitmap {
            rasterizer.draw(DrawingSpec(size: PixelSize(width: 80, height: 24), background: .clear, text: text, fontSize: 14))
        }
        func ink(_ bitmap: Bitmap) -> Int { stride(from: 3, to: bitmap.pixels.count, by: 4).reduce(0) { $0 + Int(bitmap.pixels[$1]) } }
        #expect(title("Save") == title("Save"))
        #expect(title("Save") != title("Open"))
        #expect(title("Save") != title("save"))
        #expect(ink(title("Save")) > 0, "glyphs are painted")
        #expect(ink(title("W")) > 2 * ink(title("i")), "proportional glyph shapes, not boxes")
        #expect(title("") == Bitmap(width: 80, height: 24))
    }

    @Test("hostile parameters draw without trapping")
    func hostileParameters() {
        var spec = DrawingSpec(
            size: PixelSize(width: 16, height: 16),
            gradient: LinearGradient(from: .white, to: .black, start: UnitPoint(x: .nan, y: 0), end: .trailing),
            cornerRadius: .nan, text: "Tiny", fontSize: 1e-300)
        _ = rasterizer.draw(spec)
        spec.fontSize = .infinity
        spec.shadowRadius = Int.max
        spec.shadowOffsetX = Int.min
        _ = rasterizer.draw(spec)
        spec.shadowOffsetX = 0
        spec.shadowRadius = 1_000
        spec.text = "nul\0in the middle"
        spec.fontSize = 1e9
        _ = rasterizer.draw(spec)
        #expect(Bitmap(width: Int.max, height: 2).isEmpty, "an unrepresentable size gives an empty bitmap")
        let tooWide = rasterizer.draw(DrawingSpec(size: PixelSize(width: 40_000, height: 1)))
        #expect(tooWide.width == 40_000 && tooWide.pixels.allSatisfy { $0 == 0 }, "beyond Cairo's limit: transparent")
    }

    @Test("drawing work grows with size")
    func workGrowsWithSize() {
        func work(_ side: Int) -> Int {
            let rasterizer = Rasterizer()
            _ = rasterizer.draw(
                DrawingSpec(
                    size: PixelSize(width: side, height: side), gradient: LinearGradient(from: .white, to: .black),
                    cornerRadius: 6, text: "Title", shadowRadius: 3))
            return rasterizer.work.total
        }
        let small = work(32)
        let large = work(64)
        #expect(large > 3 * small, "four times the pixels, about four times the work")
        #expect(work(128) > 3 * large)
    }

    @Test("each effect adds work")
    func effectsAddWork() {
        func work(_ spec: DrawingSpec) -> Rasterizer.Work {
            let rasterizer = Rasterizer()
            _ = rasterizer.draw(spec)
            return rasterizer.work
        }
        let base = DrawingSpec(size: PixelSize(width: 60, height: 30))
        var gradient = base
        gradient.gradient = LinearGradient(from: .white, to: .black)
        var text = base
        text.text = "Hello"
        var shadow = base
        shadow.shadowRadius = 3
        #expect(work(gradient).total > work(base).total)
        #expect(work(text).total > work(base).total)
        #expect(work(shadow).blurSamples == 6 * 60 * 30)
        #expect(work(base).blurSamples == 0)
    }
}
