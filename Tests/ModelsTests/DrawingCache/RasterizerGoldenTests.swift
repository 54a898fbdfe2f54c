import Foundation
import Models
import Testing

/// A drawing through Cairo matches a golden image, within a tolerance that allows for another
/// FreeType or pixman version's anti-aliasing but not for a different drawing.
///
/// The golden image is `Fixtures/save-button.png` (a test resource). To draw it again after an
/// intended change: `WORKBENCH_WRITE_GOLDEN=1 swift test --filter RasterizerGoldenTests`, look at
/// the file, commit it.
@Suite("Rasterizer golden image")
struct RasterizerGoldenTests {
    /// The bench's button: 300×44, gradient, corner radius 8, shadow 4, a title.
    static func button(_ title: String) -> DrawingSpec {
        DrawingSpec(
            size: PixelSize(width: 300, height: 44), background: RGBAColor(red: 0.95, green: 0.95, blue: 0.97),
            gradient: LinearGradient(
                from: RGBAColor(red: 0.35, green: 0.55, blue: 0.95), to: RGBAColor(red: 0.15, green: 0.3, blue: 0.75),
                start: .top, end: .bottom),
            cornerRadius: 8, text: title, textColor: .white, fontSize: 18, shadowRadius: 4, shadowOffsetY: 2)
    }

    /// How far two bitmaps of one size are apart: the mean absolute difference per channel byte,
    /// and the share of channel bytes that differ by more than 32.
    struct Difference {
        var meanAbsolute: Double
        var farShare: Double

        /// Within the tolerance: mean ≤ 0.5 and at most 0.2% of bytes far off.
        var isWithinTolerance: Bool { meanAbsolute <= 0.5 && farShare <= 0.002 }

        init(_ a: Bitmap, _ b: Bitmap) {
            guard a.width == b.width, a.height == b.height, !a.pixels.isEmpty else {
                meanAbsolute = .infinity
                farShare = 1
                return
            }
            var total = 0
            var far = 0
            for (x, y) in zip(a.pixels, b.pixels) {
                let delta = abs(Int(x) - Int(y))
                total += delta
                if delta > 32 { far += 1 }
            }
            meanAbsolute = Double(total) / Double(a.pixels.count)
            farShare = Double(far) / Double(a.pixels.count)
        }
    }

    static func golden() throws -> Bitmap {
        let url = try #require(Bundle.module.url(forResource: "save-button", withExtension: "png", subdirectory: "Fixtures"))
        return try PNGFile.decode([UInt8](try Data(contentsOf: url))).bitmap
    }

    @Test("a drawing's pixels match the golden image within the tolerance")
    func matchesGolden() throws {
        let drawn = Rasterizer().draw(Self.button("Save changes"))
        if ProcessInfo.processInfo.environment["WORKBENCH_WRITE_GOLDEN"] == "1" {
            let source = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures/save-button.png")
            try Data(try PNGFile.encode(drawn)).write(to: source)
        }
        let difference = Difference(drawn, try Self.golden())
        #expect(difference.isWithinTolerance, "mean \(difference.meanAbsolute), far \(difference.farShare)")
    }

    @Test("the tolerance is tight enough that another title, or no shadow, fails it")
    func toleranceCatchesOtherDrawings() throws {
        let golden = try Self.golden()
        let other = Difference(Rasterizer().draw(Self.button("Save changed")), golden)
        #expect(!other.isWithinTolerance, "mean \(other.meanAbsolute), far \(other.farShare)")
        var flat = Self.button("Save changes")
        flat.shadowRadius = nil
        #expect(!Difference(Rasterizer().draw(flat), golden).isWithinTolerance)
    }
}
