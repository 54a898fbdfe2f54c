import Models
import Testing

/// EGOUICache's returned image is drawn with `drawInRect:` (EGOUICache.md's example:
/// `[EGOUICachedDrawing(...) drawInRect:rect]`): ``DrawingTarget`` does that drawing for real.
@Suite("DrawingTarget: drawInRect: of a returned image")
struct DrawingTargetTests {
    static func pixel(_ rgb: UInt32, alpha: UInt8 = 255) -> Pixel {
        Pixel(red: UInt8((rgb >> 16) & 0xFF), green: UInt8((rgb >> 8) & 0xFF), blue: UInt8(rgb & 0xFF), alpha: alpha)
    }

    @Test("drawInRect: puts the image's pixels into the context at the rect, and nothing outside it")
    func drawsAtTheRect() {
        let target = DrawingTarget(width: 8, height: 6)
        target.draw(solidTestBitmap(width: 3, height: 2, rgb: 0xCC3311), in: Rect(x: 2, y: 1, width: 3, height: 2))
        let result = target.snapshot()
        #expect(result[2, 1] == Self.pixel(0xCC3311))
        #expect(result[4, 2] == Self.pixel(0xCC3311))
        #expect(result[1, 1].alpha == 0 && result[5, 1].alpha == 0 && result[2, 0].alpha == 0 && result[2, 3].alpha == 0)
        #expect(target.draws == 1 && target.pixelsDrawn == 6)
    }

    @Test("drawInRect: of an image of another size scales it to the rect")
    func scalesToTheRect() {
        let target = DrawingTarget(width: 10, height: 10)
        target.draw(solidTestBitmap(width: 2, height: 2, rgb: 0x2255EE), in: Rect(x: 0, y: 0, width: 8, height: 8))
        let result = target.snapshot()
        #expect(result[1, 1] == Self.pixel(0x2255EE))
        #expect(result[6, 6] == Self.pixel(0x2255EE))
        #expect(result[9, 9].alpha == 0)
    }

    @Test("drawInRect: composites source-over: a transparent image leaves the context as it was")
    func compositesSourceOver() {
        let target = DrawingTarget(width: 4, height: 4)
        target.draw(solidTestBitmap(width: 4, height: 4, rgb: 0x40A040), in: Rect(x: 0, y: 0, width: 4, height: 4))
        target.draw(Bitmap(width: 4, height: 4), in: Rect(x: 0, y: 0, width: 4, height: 4))
        #expect(target.snapshot()[2, 2] == Self.pixel(0x40A040))
        #expect(target.draws == 2)
    }

    @Test("drawing a drawn image back out gives the same pixels as the cached bitmap")
    func roundTripsADrawing() {
        let drawing = Rasterizer().draw(
            DrawingSpec(
                size: PixelSize(width: 40, height: 20), background: RGBAColor(rgb: 0x3366CC), cornerRadius: 6,
                text: "Go", textColor: .white, fontSize: 10))
        let target = DrawingTarget(width: 40, height: 20)
        target.draw(drawing, in: Rect(x: 0, y: 0, width: 40, height: 20))
        #expect(target.snapshot() == drawing)
    }

    @Test("an empty image, an empty rect or an empty context draws nothing")
    func emptyDrawsNothing() {
        let target = DrawingTarget(width: 4, height: 4)
        target.draw(Bitmap(width: 0, height: 0), in: Rect(x: 0, y: 0, width: 4, height: 4))
        target.draw(solidTestBitmap(width: 2, height: 2), in: Rect(x: 0, y: 0, width: 0, height: 4))
        #expect(target.draws == 0)
        let empty = DrawingTarget(width: 0, height: 3)
        empty.draw(solidTestBitmap(width: 2, height: 2), in: Rect(x: 0, y: 0, width: 2, height: 2))
        #expect(empty.draws == 0 && empty.snapshot().isEmpty)
    }
}
