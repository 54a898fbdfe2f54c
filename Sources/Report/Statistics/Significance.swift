/// Whether two sets of repetitions of a measured figure differ beyond noise: with at least
/// ``CompareOptions/testedRepetitions`` on both sides, a two-sided Mann-Whitney U test at
/// `alpha`; with 2 to 4, medians' 95% confidence intervals that do not overlap; with 1, never.
///
/// Relative expectations judge by it as it is. `compare` takes only the test as a judgment; the
/// intervals of 2 to 4 repetitions (which cover the median with 50% to 87.5%) only under
/// `--strict`, which says that it judges weakly (``Judgment/intervals(overlap:)``).
public struct Significance: Sendable, Equatable {
    /// Whether the difference is significant.
    public var significant: Bool
    /// The fewer repetitions of the two sides.
    public var repetitions: Int
    /// The test's p-value, when it was tested.
    public var pValue: Double?
    /// The smallest p-value the test could give for these values, whatever their split
    /// (``MannWhitneyU/smallestPValue``), when it was tested.
    public var smallestPValue: Double?

    /// Judges `first` against `second` at `alpha`.
    public init(_ first: [Double], _ second: [Double], alpha: Double = CompareOptions.defaultAlpha) {
        repetitions = min(first.count, second.count)
        pValue = nil
        smallestPValue = nil
        if repetitions >= CompareOptions.testedRepetitions, let test = MannWhitneyU(first, second) {
            pValue = test.pValue
            smallestPValue = test.smallestPValue
            significant = test.pValue <= alpha
        } else if repetitions > 1, let a = MedianInterval(first), let b = MedianInterval(second) {
            significant = !a.overlaps(b)
        } else {
            significant = false
        }
    }

    /// `not significant with 3 repetitions`, or `p=0.0012`.
    public var description: String {
        guard significant else {
            return "not significant with \(repetitions) repetition\(repetitions == 1 ? "" : "s")"
        }
        return pValue.map { "p=\(Judgment.format($0))" } ?? "confidence intervals apart"
    }
}
