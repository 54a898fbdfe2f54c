/// The knee of a curve: the swept value past which more of it buys less than it did on average.
///
/// The rule is Kneedle's (Satopää, Albrecht, Irwin and Raghavan, "Finding a 'Kneedle' in a
/// Haystack", 2011), in its offline form: scale the swept values and the metric to [0, 1] —
/// the metric turned so that better is up (for a lower-is-better metric, 1 − the scaled value) —
/// and take the point standing furthest above the diagonal from the first point to the last.
/// There the curve's slope falls below the diagonal's: past the knee, each further unit of the
/// swept value gains less of the metric than the average unit over the whole sweep did. The
/// swept values are used as they are (a linear axis), in increasing order; a tie for the
/// furthest point goes to the smaller value.
///
/// A curve has no knee when it has fewer than three points, when the metric does not change
/// (flat), when its last point is not better than its first (it never improves), or when no
/// point stands above the diagonal (gains grow with the swept value: no diminishing returns yet).
public enum Knee {
    /// The index into `points` of the knee, or nil (see above).
    ///
    /// - Parameters:
    ///   - points: The curve, `x` increasing; points without a metric value are left out first.
    ///   - higherIsBetter: Whether a larger metric is better.
    /// - Complexity: O(*n*) for *n* points.
    public static func index(of points: [(x: Double, y: Double)], higherIsBetter: Bool) -> Int? {
        guard points.count >= 3, let first = points.first, let last = points.last, last.x > first.x else { return nil }
        let ys = points.map(\.y)
        guard let low = ys.min(), let high = ys.max(), high > low else { return nil }
        let better = { (y: Double) in higherIsBetter ? (y - low) / (high - low) : (high - y) / (high - low) }
        guard better(last.y) > better(first.y) else { return nil }
        var knee: Int? = nil
        var furthest = 0.0
        for (index, point) in points.enumerated() {
            let distance = better(point.y) - (point.x - first.x) / (last.x - first.x)
            if distance > furthest {
                furthest = distance
                knee = index
            }
        }
        return knee
    }
}
