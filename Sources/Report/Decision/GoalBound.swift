import Foundation

/// Whether a goal condition on a measured column holds for a configuration's repetitions (of
/// one seed): by the 95% confidence interval of their median (``MedianInterval``), never by the
/// median alone. `ui_get_p99_ns < 16667000` is met when the interval's upper bound is below
/// 16667000, missed when its lower bound is not, and undecided when the interval straddles it.
struct GoalBound: Sendable, Equatable {
    /// What the repetitions say about the condition.
    enum Verdict: Sendable, Equatable {
        /// The whole interval meets it.
        case met
        /// No value of the interval meets it.
        case missed
        /// The interval straddles it: these repetitions cannot decide.
        case undecided
    }

    /// The verdict.
    var verdict: Verdict
    /// For an undecided condition, about how many repetitions would decide it: the interval's
    /// half-width shrinks about as 1/√n, so n·(half-width / distance of the median from the
    /// bound)², at least one more than now and at least 6 (the fewest with a 95% interval); nil
    /// when the median sits on the bound.
    var repetitionsToDecide: Int?

    /// Judges `condition` on `values` (the repetitions; none: missed).
    init(_ values: [Double], _ condition: DecisionQuestion.Condition) {
        repetitionsToDecide = nil
        guard let interval = MedianInterval(values) else {
            verdict = .missed
            return
        }
        let (low, high, bound) = (interval.low, interval.high, condition.value)
        let inside = low <= bound && bound <= high
        switch condition.op {
        case .less, .atMost, .greater, .atLeast:
            let both = condition.holds(for: low) && condition.holds(for: high)
            let neither = !condition.holds(for: low) && !condition.holds(for: high)
            verdict = both ? .met : neither ? .missed : .undecided
        case .equal:
            verdict = low == high && low == bound ? .met : inside ? .undecided : .missed
        case .notEqual:
            verdict = !inside ? .met : low == high ? .missed : .undecided
        }
        guard verdict == .undecided else { return }
        let distance = abs(interval.median - bound)
        let halfWidth = (high - low) / 2
        guard distance > 0 else { return }
        let estimate = Double(values.count) * (halfWidth / distance) * (halfWidth / distance)
        repetitionsToDecide = max(Int(estimate.rounded(.up)), values.count + 1, 6)
    }
}
