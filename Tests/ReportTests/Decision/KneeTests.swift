import Testing

@testable import Report

/// The knee (Kneedle, offline): where the scaled curve stands furthest above the diagonal.
@Suite("Decision: the knee of a curve")
struct KneeTests {
    func knee(_ xs: [Double], _ ys: [Double], higherIsBetter: Bool = true) -> Double? {
        let points = zip(xs, ys).map { (x: $0, y: $1) }
        return Knee.index(of: points, higherIsBetter: higherIsBetter).map { xs[$0] }
    }

    @Test("diminishing returns: the knee is the point furthest above the diagonal of the scaled curve")
    func concave() {
        // Scaled: x 0, .143, .429, 1; y 0, .533, .933, 1: distances 0, .39, .505, 0.
        #expect(knee([2, 4, 8, 16], [0.2, 0.6, 0.9, 0.95]) == 8)
        // The capacity sweep's LRU curve: past 12 each entry buys less than the average one.
        #expect(knee([2, 4, 8, 12, 16, 24, 32], [0.0186, 0.1349, 0.6419, 0.8140, 0.9023, 0.9116, 0.9302]) == 12)
    }

    @Test("a lower-is-better metric is turned over: its knee is where the fall flattens")
    func lowerIsBetter() {
        #expect(knee([2, 4, 8, 16], [0.8, 0.4, 0.1, 0.05], higherIsBetter: false) == 8)
    }

    @Test("no knee: fewer than three points, a flat curve, one that never improves, or returns that grow (at or below the diagonal)")
    func none() {
        #expect(knee([2, 4], [0.1, 0.9]) == nil)
        #expect(knee([2, 4, 8], [0.5, 0.5, 0.5]) == nil)
        #expect(knee([2, 4, 8], [0.9, 0.5, 0.1]) == nil)
        #expect(knee([0, 1, 2, 3], [0, 1, 2, 3]) == nil, "linear: every point on the diagonal")
        #expect(knee([0, 1, 2, 3], [0, 0.1, 0.4, 1]) == nil, "convex: below the diagonal")
    }

    @Test("a tie for the furthest point goes to the smaller swept value")
    func tie() {
        // Scaled distances 0, .25, .25, 0.
        #expect(knee([0, 1, 2, 4], [0, 0.5, 0.75, 1]) == 1)
    }
}
