/// Whether two sets of repetitions of a measured figure differ beyond noise: with at least
/// ``CompareOptions/testedRepetitions`` on both sides, a two-sided Mann-Whitney U test at
/// `alpha`; with 2 to 4, medians' 95% confidence intervals that do not overlap; with 1, never.
///
/// With workload seeds (``init(bySeed:_:alpha:)``), the repetitions are compared within their seed
/// and the seeds combined by van Elteren's stratified test (``VanElteren``), never pooled into one
/// sample per side.
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
    /// The seeds the repetitions were compared within (1: not stratified).
    public var seeds = 1

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

    /// Judges the repetitions of two builds seed by seed (`first` and `second`: each seed's
    /// values, by seed) at `alpha`: with at least two seeds both ran, van Elteren's stratified
    /// test over those seeds, when each side has at least ``CompareOptions/testedRepetitions``
    /// values over them (else not significant); with fewer seeds in common, as
    /// ``init(_:_:alpha:)`` on the values pooled.
    public init(bySeed first: [String: [Double]], _ second: [String: [Double]], alpha: Double = CompareOptions.defaultAlpha) {
        let common = first.keys.filter { second[$0] != nil }.sorted()
        guard common.count > 1 else {
            self = Significance(
                first.keys.sorted().flatMap { first[$0] ?? [] }, second.keys.sorted().flatMap { second[$0] ?? [] }, alpha: alpha)
            return
        }
        let strata = common.map { (first: first[$0] ?? [], second: second[$0] ?? []) }
        let sizes = (strata.map(\.first.count).reduce(0, +), strata.map(\.second.count).reduce(0, +))
        repetitions = min(sizes.0, sizes.1)
        seeds = common.count
        pValue = nil
        smallestPValue = nil
        significant = false
        if repetitions >= CompareOptions.testedRepetitions, let test = VanElteren(strata) {
            pValue = test.pValue
            smallestPValue = test.smallestPValue
            significant = test.pValue <= alpha
        }
    }

    /// `not significant with 3 repetitions`, or `p=0.0012`; over seeds, `p=0.0012 (van Elteren
    /// over 10 seeds)`.
    public var description: String {
        let over = seeds > 1 ? " over \(seeds) seeds" : ""
        guard significant else {
            return "not significant with \(repetitions) repetition\(repetitions == 1 ? "" : "s")\(over)"
        }
        let stratified = seeds > 1 ? " (van Elteren\(over))" : ""
        return pValue.map { Judgment.pClause($0, compact: true) + stratified } ?? "confidence intervals apart"
    }
}
