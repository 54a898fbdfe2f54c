import Report
import Testing

@testable import Scenarios

/// EGOUICache's `drawInRect:`: every returned image, a cache hit's too, is drawn into the view's
/// context, so a hit costs the drawing of its pixels (real Cairo work), not nothing.
@Suite("Drawing scenarios: drawInRect: of the returned image")
struct DrawingDrawInRectTests {
    /// Two static views redrawn every frame, one 16 times the other's side: after the first frame
    /// every request is a memory hit.
    static let yaml = """
        name: hits
        kind: drawing
        seed: 2
        duration: 1s
        warmup: 100ms
        views:
          - {name: big, size: [768, 768], effects: {gradient: false, text: false}, content: static}
          - {name: small, size: [48, 48], effects: {gradient: false, text: false}, content: static}
        cache: {policies: [memory], eviction: lru, capacity: 8MB}

        """

    @Test("a cache hit draws the returned image: a hit of a 768×768 drawing costs far more than one of a 48×48 drawing")
    func aHitDrawsTheReturnedImage() throws {
        let big = try DrawingScenarioTests.load(Self.yaml.replacingOccurrences(of: "\n  - {name: small, size: [48, 48], effects: {gradient: false, text: false}, content: static}", with: ""))
        let small = try DrawingScenarioTests.load(Self.yaml.replacingOccurrences(of: "\n  - {name: big, size: [768, 768], effects: {gradient: false, text: false}, content: static}", with: ""))
        let bigRow = try #require(ScenarioRunner.run(big).summary.first)
        let smallRow = try #require(ScenarioRunner.run(small).summary.first)
        #expect(DrawingScenarioTests.int(bigRow, "memory_hits") > 50)
        let bigHit = try #require(bigRow["cached_draw_p50_ns"].flatMap(Self.number))
        let smallHit = try #require(smallRow["cached_draw_p50_ns"].flatMap(Self.number))
        // A look-up alone is about a microsecond whatever the size; drawing 589,824 pixels into the
        // context is hundreds of them, 256 times the pixels of the small one.
        #expect(bigHit > 50_000, "a 768×768 hit took \(bigHit) ns: the returned image was not drawn")
        #expect(bigHit > 10 * smallHit, "big \(bigHit) ns, small \(smallHit) ns")
    }

    static func number(_ value: CSVValue) -> Double? {
        switch value {
        case .int(let n): Double(n)
        case .uint(let n): Double(n)
        case .double(let d): d
        default: nil
        }
    }
}
