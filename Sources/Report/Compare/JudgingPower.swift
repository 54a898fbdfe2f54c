/// Whether a comparison's repetitions could judge its measured metrics at all, and how many
/// they would need.
///
/// A measured metric goes unjudged for want of repetitions in two ways. With fewer than
/// ``CompareOptions/testedRepetitions`` on a side it is not tested (unless `--strict` judges it
/// weakly). With enough to test, the family of tests can still be beyond reach: Holm's correction
/// finds nothing unless the smallest p-value is at most α / m for m tests, and the exact test of
/// n repetitions a side cannot go below 2 / C(2n, n) (5 a side: 0.0079; at α = 0.01 that passes
/// for one test, not for two). Either way the comparison says so, and how many repetitions a
/// side would do: the fewest whose smallest possible p-value passes Holm's first step for the
/// family's size (``MannWhitneyU/repetitionsNeeded(familySize:alpha:limit:)``).
public struct JudgingPower: Sendable, Equatable {
    /// The family-wise significance level.
    public var alpha: Double
    /// Measured metrics (reliable ones) not judged because a side has fewer than
    /// ``CompareOptions/testedRepetitions`` repetitions.
    public var tooFew: Int
    /// The fewest repetitions a side among them (nil when there are none).
    public var tooFewRepetitions: Int?
    /// Measured metrics `--strict` judged on fewer repetitions than the test needs.
    public var weak: Int
    /// Holm's family: the tested metrics whose repetitions could reach α under some split.
    public var familySize: Int
    /// The fewest repetitions a side among the family's tests, of each seed (nil without a family).
    public var familyRepetitions: Int?
    /// The fewest workload seeds the tests compared repetitions within (1: no seeds, or pooled).
    public var seeds = 1
    /// The smallest p-value any test of the family could give (nil without a family).
    public var bestPossiblePValue: Double?
    /// The family's size once every metric could be tested: the family, plus the metrics not
    /// judged for too few repetitions whose values differ (more may join with more repetitions).
    public var expectedFamilySize: Int
    /// The fewest repetitions a side that would judge: at least
    /// ``CompareOptions/testedRepetitions``, and enough for the smallest possible p-value to pass
    /// Holm's first step over ``expectedFamilySize`` tests; nil past ``repetitionLimit``.
    public var needed: Int?

    /// The most repetitions `run --repeat` and `ab --repeat` take.
    public static let repetitionLimit = 100

    /// What `metrics` (judged, Holm-corrected) say about the repetitions behind them, at `alpha`.
    public init(metrics: [MetricComparison], alpha: Double) {
        self.alpha = alpha
        let short = metrics.filter { $0.judgment.tooFewRepetitions != nil }
        tooFew = short.count
        tooFewRepetitions = short.compactMap(\.judgment.tooFewRepetitions).min()
        weak = metrics.filter(\.judgment.isWeak).count
        let family = metrics.filter { $0.canReach(alpha: alpha) }
        familySize = family.count
        let seeds = family.map(\.seeds).min() ?? 1
        self.seeds = seeds
        familyRepetitions = family.map { min($0.repetitions.baseline, $0.repetitions.current) / max($0.seeds, 1) }.min()
        bestPossiblePValue = family.compactMap(\.smallestPValue).min()
        expectedFamilySize = familySize + short.filter(\.valuesDiffer).count
        if seeds > 1 {
            // Repetitions of each seed, tested within their seed: at least 5 a side in all.
            let forHolm = VanElteren.repetitionsNeeded(
                seeds: seeds, familySize: expectedFamilySize, alpha: alpha, limit: Self.repetitionLimit)
            let tested = (CompareOptions.testedRepetitions + seeds - 1) / seeds
            needed = forHolm.map { max($0, tested) }
        } else {
            let forHolm = MannWhitneyU.repetitionsNeeded(
                familySize: expectedFamilySize, alpha: alpha, limit: Self.repetitionLimit)
            needed = forHolm.map { max($0, CompareOptions.testedRepetitions) }
        }
    }

    /// Whether the family's tests can find anything: its best possible p-value passes Holm's
    /// first step (true without a family).
    public var familyCanReach: Bool {
        guard let best = bestPossiblePValue else { return true }
        return best * Double(familySize) <= alpha
    }

    /// Whether some measured metric went unjudged for want of repetitions.
    public var isShort: Bool { tooFew > 0 || !familyCanReach }

    /// What the comparison says about the repetitions, one line each: measured metrics not judged
    /// for too few repetitions, a family beyond Holm's reach, metrics judged weakly.
    public var statements: [String] {
        var lines: [String] = []
        let minimum = CompareOptions.testedRepetitions
        if let fewest = tooFewRepetitions {
            var line = "measured metrics not judged: \(Self.repetitions(fewest)) a side, judging needs \(minimum) or more"
            if let needed, needed > minimum {
                line += " (\(needed) to pass Holm's correction over the \(expectedFamilySize) metrics to test)"
            }
            line += ": \(advice), or compare with --strict to judge them weakly"
            lines.append(line)
        }
        if !familyCanReach, let best = bestPossiblePValue, let repetitions = familyRepetitions {
            let level = HolmCorrection.firstStepLevel(alpha: alpha, familySize: familySize)
            lines.append(
                "measured metrics not judged: with \(Self.repetitions(repetitions)) a side"
                    + (seeds > 1 ? " in each of \(seeds) seeds" : "") + " no p-value can go below "
                    + "\(Judgment.format(best)), and Holm's correction over \(familySize) tested metrics needs "
                    + "\(Judgment.format(level)) or less (alpha \(Judgment.format(alpha))): \(advice)")
        }
        if seeds > 1 {
            lines.append(
                "measured metrics compared seed by seed: each seed's repetitions against the same seed's, the \(seeds) seeds "
                    + "combined by van Elteren's stratified rank-sum test (its p-values are about these seeds)")
        }
        if weak > 0 {
            lines.append(
                "\(weak) measured metric\(weak == 1 ? "" : "s") judged weakly (--strict): fewer than \(minimum) "
                    + "repetitions a side, so by the medians' confidence intervals (2 to 4) or the threshold alone (1)")
        }
        return lines
    }

    /// `run with --repeat 9 or more`, or what to do when even the limit is not enough.
    private var advice: String {
        guard let needed else {
            return "more than \(Self.repetitionLimit) repetitions a side would be needed; compare fewer runs or raise --alpha"
        }
        return "run with --repeat \(needed) or more"
    }

    /// `1 repetition`, `5 repetitions`.
    private static func repetitions(_ count: Int) -> String {
        "\(count) repetition\(count == 1 ? "" : "s")"
    }
}
