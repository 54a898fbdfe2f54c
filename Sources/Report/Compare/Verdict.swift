/// What a comparison makes of one metric's change.
///
/// With `allowance` the threshold's amount for the baseline value (``Threshold/allowance(baseline:)``):
/// a change of at most `allowance` either way is ``unchanged``; beyond it, a change in the
/// metric's worse direction is a ``regression``, in its better direction an ``improvement``,
/// and either way for a neutral metric ``changed``. With the default exact threshold of counts
/// any change at all is beyond it.
public enum Verdict: String, Sendable, Equatable, CaseIterable {
    /// Worse than the baseline beyond the threshold.
    case regression
    /// Better than the baseline beyond the threshold.
    case improvement
    /// Within the threshold.
    case unchanged
    /// A neutral metric moved beyond the threshold.
    case changed
    /// A measured metric of a single repetition on a side: listed, not judged (see ``Judgment``).
    case notJudged = "not judged"

    /// The verdict on a metric going from `baseline` to `current`.
    ///
    /// A relative slack of 1e-9 absorbs floating-point noise in the allowance, so `10 → 11`
    /// under 10% is unchanged, as written.
    public init(baseline: Double, current: Double, direction: Direction, threshold: Threshold) {
        let delta = current - baseline
        let allowance = threshold.allowance(baseline: baseline)
        let slack = 1e-9 * max(baseline.magnitude, current.magnitude)
        guard delta.magnitude > allowance + slack else {
            self = .unchanged
            return
        }
        switch direction {
        case .neutral:
            self = .changed
        case .higherIsBetter:
            self = delta > 0 ? .improvement : .regression
        case .lowerIsBetter:
            self = delta < 0 ? .improvement : .regression
        }
    }
}
