/// How `compare` judges measured metrics beyond their thresholds.
public struct CompareOptions: Sendable, Equatable {
    /// The default significance level of the Mann-Whitney U test, after Holm's correction.
    public static let defaultAlpha = 0.01
    /// The fewest repetitions on each side with which a measured metric is judged (by the
    /// Mann-Whitney U test); with fewer on either side it is listed, not judged, unless
    /// ``strict``. Below 5 the test cannot reach p ≤ 0.01 even for one metric (4 against 4: 2/70).
    public static let testedRepetitions = 5

    /// The family-wise significance level (`--alpha`).
    public var alpha: Double
    /// Judge measured metrics of fewer than ``testedRepetitions`` repetitions anyway, weakly
    /// (`--strict`): with 2 to 4 by their medians' confidence intervals, with 1 by the threshold
    /// alone.
    public var strict: Bool
    /// Compare the counts only (`--counts-only`): measured metrics are left out entirely, so the
    /// report is the same on every machine.
    public var countsOnly: Bool

    /// Options; the defaults are `compare`'s.
    public init(alpha: Double = CompareOptions.defaultAlpha, strict: Bool = false, countsOnly: Bool = false) {
        self.alpha = alpha
        self.strict = strict
        self.countsOnly = countsOnly
    }

    /// Whether a column of `role` is compared under these options (with ``countsOnly``, counts and
    /// instruction counts: neither depends on the machine's load).
    func compares(_ role: MetricRole) -> Bool {
        role.isCompared && (!countsOnly || role == .count || role == .instructions)
    }
}
