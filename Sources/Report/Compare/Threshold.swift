/// How far a metric may move in its worse direction before it is a regression (and in its
/// better direction before it is an improvement).
///
/// Written `5%` (``relative(percent:)``: 5% of the baseline value), `200`
/// (``absolute(_:)``: 200 units of the metric) or `exact` (`absolute(0)`: any change counts).
/// Counts default to ``exact``, measured metrics to ``defaultMeasured`` (10%).
public enum Threshold: Sendable, Equatable, CustomStringConvertible {
    /// A percentage of the baseline value (`percent` = 5 for 5%). With a baseline of 0 no change
    /// is allowed.
    case relative(percent: Double)
    /// An amount in the metric's own unit.
    case absolute(Double)

    /// Any change counts: the default for counts.
    public static let exact = Threshold.absolute(0)
    /// 10% of the baseline: the default for measured metrics.
    public static let defaultMeasured = Threshold.relative(percent: 10)
    /// 1% of the baseline: the default for instruction counts (two runs of one binary under
    /// callgrind differ by far less; see docs/results.md).
    public static let defaultInstructions = Threshold.relative(percent: 1)

    /// Parses `5%`, `0.5%`, `200`, `1e6` or `exact` (spaces around it are ignored). The number
    /// must be finite and not negative; anything else gives nil.
    public init?(parsing text: String) {
        let text = text.trimmingSpaces
        if text == "exact" {
            self = .exact
            return
        }
        let isPercent = text.hasSuffix("%")
        let number = isPercent ? String(text.dropLast()).trimmingSpaces : text
        guard let value = Double(number), value.isFinite, value >= 0 else {
            return nil
        }
        self = isPercent ? .relative(percent: value) : .absolute(value)
    }

    /// What a threshold looks like, for error messages.
    static let expected = "expected a percentage like 5%, an amount like 200, or exact"

    /// The change allowed from `baseline`: `|baseline| × percent / 100`, or the absolute amount.
    public func allowance(baseline: Double) -> Double {
        switch self {
        case let .relative(percent):
            return baseline.magnitude * percent / 100
        case let .absolute(amount):
            return amount
        }
    }

    /// `exact`, `5%` or `200`, as written on the command line.
    public var description: String {
        switch self {
        case let .relative(percent):
            return CSVValue.format(percent) + "%"
        case let .absolute(amount):
            return amount == 0 ? "exact" : CSVValue.format(amount)
        }
    }
}
