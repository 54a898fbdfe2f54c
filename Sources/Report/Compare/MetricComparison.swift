/// One metric of one run, baseline against current.
public struct MetricComparison: Sendable, Equatable {
    /// The run.
    public var key: RowKey
    /// The column name.
    public var metric: String
    /// ``MetricRole/count`` or ``MetricRole/measured``.
    public var role: MetricRole
    /// Which way the metric gets better.
    public var direction: Direction
    /// The views its column is shown in (``Column/views``): `compare --summary` leads a run's
    /// count changes with its kind's headline column (``ColumnView/bars``, then ``ColumnView/table``).
    public var views: [ColumnView] = []
    /// The baseline value.
    public var baseline: Double
    /// The current value.
    public var current: Double
    /// The baseline value as written in its file.
    public var baselineText: String
    /// The current value as written in its file.
    public var currentText: String
    /// The threshold applied.
    public var threshold: Threshold
    /// The verdict under ``threshold`` and, for a measured metric, its ``judgment``.
    public var verdict: Verdict
    /// How ``verdict`` was reached.
    public var judgment: Judgment = .exact
    /// The smallest p-value the Mann-Whitney test could give for this metric's pooled
    /// repetitions (nil when not tested); above α the metric stays out of Holm's family.
    public var smallestPValue: Double? = nil
    /// Whether the pooled repetitions of a measured metric hold two different values: with more
    /// repetitions a test of it could be significant (false for counts).
    public var valuesDiffer = false
    /// Repetitions behind the baseline and current values (1 without `repetitions.csv`; with
    /// seeds, every seed's together).
    public var repetitions: (baseline: Int, current: Int) = (1, 1)
    /// The seeds whose repetitions were compared within their seed (van Elteren's test); 1 when
    /// the repetitions were one sample per side.
    public var seeds = 1
    /// The current median over the baseline median, with a conservative 95% interval (current
    /// bounds over baseline bounds); nil for counts, a zero baseline or a single repetition.
    public var ratio: (value: Double, low: Double, high: Double)? = nil
    /// What the threshold alone would say.
    public var thresholdVerdict: Verdict {
        Verdict(baseline: baseline, current: current, direction: direction, threshold: threshold)
    }

    public static func == (lhs: MetricComparison, rhs: MetricComparison) -> Bool {
        lhs.key == rhs.key && lhs.metric == rhs.metric && lhs.role == rhs.role && lhs.direction == rhs.direction
            && lhs.views == rhs.views
            && lhs.baseline == rhs.baseline && lhs.current == rhs.current && lhs.baselineText == rhs.baselineText
            && lhs.currentText == rhs.currentText && lhs.threshold == rhs.threshold && lhs.verdict == rhs.verdict
            && lhs.judgment == rhs.judgment && lhs.repetitions == rhs.repetitions && lhs.smallestPValue == rhs.smallestPValue
            && lhs.valuesDiffer == rhs.valuesDiffer && lhs.seeds == rhs.seeds
            && lhs.ratio.map { [$0.value, $0.low, $0.high] } == rhs.ratio.map { [$0.value, $0.low, $0.high] }
    }

    /// Compares `baseline` with `current` under `threshold`; the role and direction come from
    /// the column's description (`columns.csv`).
    public init(
        key: RowKey, metric: String, role: MetricRole, direction: Direction, baselineText: String, currentText: String,
        baseline: Double, current: Double, threshold: Threshold
    ) {
        self.key = key
        self.metric = metric
        self.role = role
        self.direction = direction
        self.baseline = baseline
        self.current = current
        self.baselineText = baselineText
        self.currentText = currentText
        self.threshold = threshold
        self.verdict = Verdict(baseline: baseline, current: current, direction: direction, threshold: threshold)
    }

    /// Judges a measured metric from the repetitions of each side (`baselineSamples`,
    /// `currentSamples`; the summary's medians stay ``baseline`` and ``current``). With at least
    /// ``CompareOptions/testedRepetitions`` on both sides, a Mann-Whitney test, whose verdict is
    /// provisional until ``applyHolm(adjusted:alpha:)``; with fewer, not judged, unless
    /// `--strict` judges it weakly (``Judgment/intervals(overlap:)``, ``Judgment/threshold``).
    /// With `bySeed` (both sides' repetitions by workload seed), the test is van Elteren's,
    /// stratified by seed (``Significance/init(bySeed:_:alpha:)``): a seed is a block, not more
    /// repetitions.
    mutating func judge(
        baselineSamples: [Double], currentSamples: [Double], bySeed: ([String: [Double]], [String: [Double]])? = nil,
        options: CompareOptions
    ) {
        repetitions = (baselineSamples.count, currentSamples.count)
        let fewest = min(baselineSamples.count, currentSamples.count)
        let base = MedianInterval(baselineSamples)
        let cur = MedianInterval(currentSamples)
        if fewest > 1, let base, let cur, base.low > 0 {
            ratio = (current / baseline, cur.low / base.high, cur.high / base.low)
        }
        let pooled = baselineSamples + currentSamples
        valuesDiffer = pooled.contains { $0 != pooled.first }
        let significance =
            bySeed.map { Significance(bySeed: $0.0, $0.1, alpha: options.alpha) }
            ?? Significance(baselineSamples, currentSamples, alpha: options.alpha)
        seeds = significance.seeds
        if let p = significance.pValue {
            judgment = .test(pValue: p, adjusted: p)
            smallestPValue = significance.smallestPValue
            verdict = thresholdVerdict
        } else if !options.strict {
            judgment = .tooFewRepetitions(fewest)
            verdict = thresholdVerdict == .unchanged ? .unchanged : .notJudged
        } else if fewest > 1 {
            judgment = .intervals(overlap: !significance.significant)
            verdict = significance.significant ? thresholdVerdict : .unchanged
        } else {
            judgment = .threshold
            verdict = thresholdVerdict
        }
    }

    /// Takes a tested metric out of judgment when its family cannot pass Holm's correction at
    /// all (too few repetitions for so many tests, see ``JudgingPower``): listed, not judged, when
    /// beyond its threshold.
    mutating func markBeyondReach() {
        verdict = thresholdVerdict == .unchanged ? .unchanged : .notJudged
    }

    /// Takes a percentile with fewer than ``TailSamples/reliableMinimum`` samples beyond it
    /// (`tailSamples`, the fewer of the two sides; nil without a companion column) out of the
    /// judgment: ``Judgment/unreliable(tailSamples:)``, not judged.
    mutating func markUnreliable(tailSamples: Double?) {
        guard let tailSamples, TailSamples.isUnreliable(tailSamples) else { return }
        judgment = .unreliable(tailSamples: tailSamples)
        verdict = .notJudged
    }

    /// Whether the metric is tested and could be significant at `alpha` for some split of its
    /// repetitions: only such tests make up Holm's family.
    func canReach(alpha: Double) -> Bool {
        judgment.pValue != nil && (smallestPValue ?? 0) <= alpha
    }

    /// Settles a tested metric's verdict with its Holm-adjusted p-value: beyond the threshold
    /// and adjusted p ≤ `alpha`, else unchanged.
    mutating func applyHolm(adjusted: Double, alpha: Double) {
        guard case let .test(p, _) = judgment else { return }
        judgment = .test(pValue: p, adjusted: adjusted)
        verdict = adjusted <= alpha ? thresholdVerdict : .unchanged
    }

    /// `current − baseline`.
    public var delta: Double { current - baseline }

    /// The change in percent of the baseline (`10` for +10%), or nil when the baseline is 0.
    public var percent: Double? {
        baseline == 0 ? nil : delta / baseline.magnitude * 100
    }
}
