/// Holm's step-down correction of a family of p-values for multiple comparisons.
///
/// A results directory holds dozens of measured metrics per run; tested one by one at α = 0.01,
/// some would come out "significant" by chance alone in most comparisons. Holm's method keeps the
/// chance of even one false regression in the whole family at or below α, whatever the other
/// metrics do, and it is uniformly more powerful than Bonferroni. (Benjamini-Hochberg bounds the
/// expected share of false findings instead, which lets a CI job fail on noise more often; a
/// pull request gate needs the family-wise guarantee.)
public enum HolmCorrection {
    /// The Holm-adjusted p-values, in the order of `pValues`: the i-th smallest p-value times
    /// (m − i + 1), made non-decreasing along the order, and capped at 1. A test is significant
    /// at level α when its adjusted p-value is at most α.
    /// - Complexity: O(*m* log *m*) for *m* p-values.
    public static func adjusted(_ pValues: [Double]) -> [Double] {
        let m = pValues.count
        let order = pValues.indices.sorted { pValues[$0] < pValues[$1] }
        var adjusted = [Double](repeating: 1, count: m)
        var running = 0.0
        for (position, index) in order.enumerated() {
            running = max(running, min(1, Double(m - position) * pValues[index]))
            adjusted[index] = running
        }
        return adjusted
    }

    /// The level the smallest p-value of a family of `familySize` tests must reach for Holm's
    /// correction to find anything: `alpha / familySize` (the first step; past it, nothing).
    public static func firstStepLevel(alpha: Double, familySize: Int) -> Double {
        alpha / Double(max(familySize, 1))
    }
}
