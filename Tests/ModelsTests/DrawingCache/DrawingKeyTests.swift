import Foundation
import Models
import Testing

/// The key's text, built without `String(format:)` on the usual path.
@Suite("DrawingKey")
struct DrawingKeyTests {
    @Test("a key's width and height read as %.2f prints them, for whole, fractional and awkward values")
    func sizesAsPercentTwoF() throws {
        var generator = SystemRandomNumberGenerator()
        var values: [Double] = [1, 44, 300, 0.5, 44.25, 0.1, 0.125, 0.375, 0.005, 0.015, 2.675, 1.005, 123.456, 99.995, 1e13, 4096]
        for _ in 0..<2_000 {
            values.append(Double.random(in: 0.01...5_000, using: &generator))
            values.append(Double(Int.random(in: 1...500_000, using: &generator)) / 100)
        }
        for value in values {
            let rect = Rect(x: 3, y: 4, width: value, height: value + 1)
            let key = try DrawingKey.text(typeName: "View", selector: "drawRect:", rect: rect, salt: "Save")
            let expected = "EGOUI-View-drawRect:-\(String(format: "%.2f", value))x\(String(format: "%.2f", value + 1))-Save"
            #expect(key == expected, "\(value)")
        }
    }
}
