import Foundation

/// Which of two runs does better on a count, judged over the workload seeds both ran.
///
/// Two runs of one scenario see the same seeds, so their counts pair up seed by seed: the test
/// is on the differences (first − second), by ``WilcoxonSignedRank`` (two-sided; seeds on which
/// the runs agree are dropped, as Wilcoxon did), not on two independent samples. A seed that is
/// hard for every policy moves both runs of a pair alike and drops out of the difference.
///
/// ```swift
/// let verdict = PairedVerdict.compare(fifoHitRates, lruHitRates, higherIsBetter: true, alpha: 0.05)
/// verdict.outcome        // .firstBetter
/// verdict.sentence(first: "fifo/repopulate", second: "lru/repopulate", metric: "hit_rate")
/// // "fifo/repopulate beats lru/repopulate on hit_rate in 9 of 10 seeds (p = 0.0039)"
/// ```
///
/// The outcome, at `alpha` (or at a p-value a multiple-comparison correction adjusted,
/// ``judged(pValue:familySize:familyCanReject:)``):
/// - ``Outcome/identical``: the two runs have the same value in every seed (no test needed);
/// - ``Outcome/firstBetter`` or ``Outcome/secondBetter``: p ≤ α, the better one by the larger
///   rank sum and the metric's direction;
/// - ``Outcome/tooFewSeeds``: p > α and no signs of these differences could have given p ≤ α
///   (5 differing seeds or fewer at α = 0.05), or, within a family, no comparison of the family
///   could pass Holm's first step (p ≤ α/m): the seeds cannot tell, whatever the runs do;
/// - ``Outcome/tied``: p > α otherwise: the difference is within the seeds' spread.
public struct PairedVerdict: Sendable, Equatable {
    /// What the seeds say about the first run against the second.
    public enum Outcome: String, Sendable, Equatable, CaseIterable {
        /// The first run is better, significantly.
        case firstBetter = "first_better"
        /// The second run is better, significantly.
        case secondBetter = "second_better"
        /// Not significantly different: within the seeds' spread.
        case tied
        /// The same value in every seed.
        case identical
        /// Too few differing seeds for any result to be significant at α.
        case tooFewSeeds = "too_few_seeds"
    }

    /// The verdict.
    public var outcome: Outcome
    /// Seeds compared (pairs of values).
    public var seeds: Int
    /// Seeds on which the first run is better (by the metric's direction).
    public var firstWins: Int
    /// Seeds on which the second run is better.
    public var secondWins: Int
    /// Seeds on which the two runs have the same value (dropped from the test).
    public var ties: Int { seeds - firstWins - secondWins }
    /// The Wilcoxon statistic, min(R+, R−).
    public var statistic: Double
    /// The two-sided p-value the outcome rests on (after ``judged(pValue:familySize:familyCanReject:)``,
    /// the adjusted one).
    public var pValue: Double
    /// The p-value of the test itself, before any correction.
    public var rawPValue: Double
    /// The smallest p-value differences of these magnitudes could give (all of one sign).
    public var smallestPValue: Double
    /// The median of the differences first − second (0 for no seeds).
    public var medianDifference: Double
    /// Whether a higher value is better (else lower).
    public var higherIsBetter: Bool
    /// The significance level.
    public var alpha: Double
    /// The comparisons the p-value was corrected with (1: none).
    public var familySize = 1
    /// Whether some comparison of the family could pass Holm's first step (its smallest
    /// possible p-value at most α / ``familySize``): when none could, none can be significant.
    public var familyCanReject = true
    /// Whether the first run's rank sum is the larger (its values tend to be higher).
    var firstHigher: Bool

    /// Compares `a` (the first run's values, one per seed) with `b` (the second's, same seeds in
    /// the same order) at level `alpha`. Values past the shorter array's end are ignored.
    ///
    /// - Parameter higherIsBetter: Whether a higher value is the better one (a hit rate); false
    ///   for a lower (instantiations). For a metric with no better direction, pass true and
    ///   read ``firstBetter`` as "higher".
    /// - Complexity: that of ``WilcoxonSignedRank/test(_:)`` on the differences.
    public static func compare(_ a: [Double], _ b: [Double], higherIsBetter: Bool, alpha: Double) -> PairedVerdict {
        let differences = zip(a, b).map { $0 - $1 }
        let test = WilcoxonSignedRank.test(differences)
        let sums = WilcoxonSignedRank.rankSums(differences)
        let higher = differences.filter { $0 > 0 }.count
        let lower = differences.filter { $0 < 0 }.count
        let sorted = differences.sorted()
        let median =
            sorted.isEmpty
            ? 0 : sorted.count % 2 == 1 ? sorted[sorted.count / 2] : (sorted[sorted.count / 2 - 1] + sorted[sorted.count / 2]) / 2
        var verdict = PairedVerdict(
            outcome: .tied, seeds: differences.count, firstWins: higherIsBetter ? higher : lower,
            secondWins: higherIsBetter ? lower : higher, statistic: test.statistic, pValue: test.pValue, rawPValue: test.pValue,
            smallestPValue: WilcoxonSignedRank.smallestPValue(differences), medianDifference: median,
            higherIsBetter: higherIsBetter, alpha: alpha, firstHigher: sums.plus > sums.minus)
        verdict.outcome = verdict.outcome(at: test.pValue)
        return verdict
    }

    /// The verdict judged on `pValue` instead of the test's own (Holm's adjusted p-value within a
    /// family of `familySize` comparisons): same counts, the outcome at ``alpha`` for that
    /// p-value; ``Outcome/tooFewSeeds`` too when `familyCanReject` is false (no comparison of
    /// the family could pass Holm's first step, so none can be significant).
    public func judged(pValue: Double, familySize: Int = 1, familyCanReject: Bool = true) -> PairedVerdict {
        var copy = self
        copy.pValue = pValue
        copy.familySize = familySize
        copy.familyCanReject = familyCanReject
        copy.outcome = copy.outcome(at: pValue)
        return copy
    }

    private func outcome(at p: Double) -> Outcome {
        if firstWins + secondWins == 0 { return .identical }
        if p <= alpha { return firstHigher == higherIsBetter ? .firstBetter : .secondBetter }
        return smallestPValue > alpha || !familyCanReject ? .tooFewSeeds : .tied
    }

    /// The fewest differing seeds whose most one-sided result (p = 2 / 2ⁿ, no ties) passes Holm's
    /// first step in a family of `familySize` comparisons at `alpha`: p ≤ α / m.
    public static func seedsNeeded(familySize: Int, alpha: Double) -> Int {
        var n = 1
        while 2 / pow(2, Double(n)) > alpha / Double(max(familySize, 1)) { n += 1 }
        return n
    }

    /// The first run against the second in words, as higher or lower whatever the metric's
    /// direction (an expectation's reason): `higher in 9 of 10 seeds (p = 0.0039)`, `higher in 4,
    /// lower in 5 of 10 seeds: within the seeds' spread (p = 0.91)`, `the same in all 10 seeds`,
    /// `higher in 3, lower in 0 of 3 seeds: too few differing seeds to tell (p >= 0.25)`.
    public var higherLowerDescription: String {
        let higher = higherIsBetter ? firstWins : secondWins
        let lower = higherIsBetter ? secondWins : firstWins
        let p = Judgment.pClause(pValue)
        switch outcome {
        case .identical:
            return "the same in all \(seeds) seeds"
        case .tooFewSeeds:
            return
                "higher in \(higher), lower in \(lower) of \(seeds) seeds: too few differing seeds to tell (p >= \(Judgment.format(smallestPValue)))"
        case .tied:
            return "higher in \(higher), lower in \(lower) of \(seeds) seeds: within the seeds' spread (\(p))"
        case .firstBetter, .secondBetter:
            return firstHigher ? "higher in \(higher) of \(seeds) seeds (\(p))" : "lower in \(lower) of \(seeds) seeds (\(p))"
        }
    }

    /// The verdict in words, runs named `first` and `second`, the better one first:
    /// `fifo/repopulate beats lru/repopulate on hit_rate in 9 of 10 seeds (p = 0.0039)`,
    /// `fifo/repopulate and lru/repopulate are tied on hit_rate within the seeds' spread (...)`.
    ///
    /// - Parameter neutral: The metric has no better direction: "exceeds" rather than "beats"
    ///   (compared as higher is better).
    public func sentence(first: String, second: String, metric: String, neutral: Bool = false) -> String {
        let p = Judgment.pClause(pValue)
        let verb = neutral ? "exceeds" : "beats"
        switch outcome {
        case .firstBetter:
            return "\(first) \(verb) \(second) on \(metric) in \(firstWins) of \(seeds) seeds (\(p))"
        case .secondBetter:
            return "\(second) \(verb) \(first) on \(metric) in \(secondWins) of \(seeds) seeds (\(p))"
        case .identical:
            return "\(first) and \(second) are identical on \(metric) in all \(seeds) seeds"
        case .tied:
            return "\(first) and \(second) are tied on \(metric) within the seeds' spread (\(first) "
                + "\(neutral ? "higher" : "better") in \(firstWins) of \(seeds) seeds, \(p))"
        case .tooFewSeeds:
            let differing = firstWins + secondWins
            let family =
                familyCanReject ? "" : ", and Holm over \(familySize) comparisons needs p <= \(Judgment.format(alpha / Double(familySize)))"
            return "\(first) and \(second) cannot be told apart on \(metric) with \(differing) differing seed"
                + "\(differing == 1 ? "" : "s") (p >= \(Judgment.format(smallestPValue)) whatever they show\(family); \(first) "
                + "\(neutral ? "higher" : "better") in \(firstWins) of \(seeds))"
        }
    }
}
