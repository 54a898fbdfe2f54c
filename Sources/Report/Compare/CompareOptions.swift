/// How `compare` judges measured metrics beyond their thresholds.
public struct CompareOptions: Sendable, Equatable {
    /// The default significance level of the Mann-Whitney U test, after Holm's correction.
    public static let defaultAlpha = 0.01
    /// From this many repetitions on both sides, measured metrics are judged by the Mann-Whitney
    /// U test; below it, by whether the two medians' confidence intervals overlap.
    public static let testedRepetitions = 5

    /// The family-wise significance level (`--alpha`).
    public var alpha: Double
    /// Judge measured metrics of a single repetition by their threshold alone (`--strict`).
    public var strict: Bool

    /// Options; the defaults are `compare`'s.
    public init(alpha: Double = CompareOptions.defaultAlpha, strict: Bool = false) {
        self.alpha = alpha
        self.strict = strict
    }
}
