import Foundation

/// How a metric's verdict was reached.
///
/// Counts compare exactly. A measured metric beyond its threshold is a regression (or
/// improvement) only with evidence that the change is not noise: at least
/// ``CompareOptions/testedRepetitions`` repetitions on each side, and a two-sided Mann-Whitney U
/// test whose p-value, Holm-adjusted over every tested metric of the comparison, is at most α.
/// With fewer repetitions on a side it is listed, not judged, unless `--strict` judges it
/// weakly: by the medians' confidence intervals (2 to 4 repetitions), by its threshold alone (1).
/// A percentile with too few samples beyond it is never judged (``TailSamples``).
public enum Judgment: Sendable, Equatable {
    /// A count: any change beyond the threshold (exact by default).
    case exact
    /// An instruction count (``MetricRole/instructions``): any change beyond the threshold (1% by
    /// default), in one run per side.
    case instructions
    /// A single repetition under `--strict`: the threshold alone (weak).
    case threshold
    /// 2 to 4 repetitions on a side under `--strict`: whether the medians' intervals overlap (weak).
    case intervals(overlap: Bool)
    /// The Mann-Whitney U test: its p-value and the Holm-adjusted one.
    case test(pValue: Double, adjusted: Double)
    /// Fewer than ``CompareOptions/testedRepetitions`` repetitions on a side (the fewer of the
    /// two): listed, not judged.
    case tooFewRepetitions(Int)
    /// A percentile with fewer than ``TailSamples/reliableMinimum`` samples beyond it on a side
    /// (the fewer of the two): listed with the reason, never judged.
    case unreliable(tailSamples: Double)

    /// A short text for tables: `exact`, `p=0.0012 (Holm 0.018)`, `2 repetitions (needs 5)`, ...
    public var label: String {
        switch self {
        case .exact: "exact"
        case .instructions: "instruction count"
        case .threshold: "threshold (--strict, weak)"
        case let .intervals(overlap): overlap ? "CIs overlap (--strict, weak)" : "CIs apart (--strict, weak)"
        case let .test(p, adjusted): "\(Self.pClause(p, compact: true)) (Holm \(Self.formatPValue(adjusted)))"
        case let .tooFewRepetitions(count):
            "\(count) repetition\(count == 1 ? "" : "s") (needs \(CompareOptions.testedRepetitions))"
        case let .unreliable(samples): TailSamples.reason(samples)
        }
    }

    /// Whether the metric is an unreliable percentile.
    public var isUnreliable: Bool {
        if case .unreliable = self { true } else { false }
    }

    /// Whether `--strict` judged the metric on fewer repetitions than the test needs.
    public var isWeak: Bool {
        switch self {
        case .threshold, .intervals: true
        default: false
        }
    }

    /// The repetitions a side of a metric not judged for want of them, else nil.
    public var tooFewRepetitions: Int? {
        if case let .tooFewRepetitions(count) = self { count } else { nil }
    }

    /// The raw p-value of a tested metric, else nil.
    public var pValue: Double? {
        if case let .test(p, _) = self { p } else { nil }
    }

    /// The smallest p-value printed as a number: below it a p-value prints as `< 1e-6`. The
    /// normal approximations behind the smallest p-values are not accurate that far into the
    /// tail, and nothing a reader decides turns on the digits past it.
    public static let smallestPrintedPValue = 1e-6

    /// A p-value as printed: ``format(_:)``, or `< 1e-6` below ``smallestPrintedPValue``.
    public static func formatPValue(_ p: Double) -> String {
        p < smallestPrintedPValue ? "< 1e-6" : format(p)
    }

    /// `p = 0.0039` (`p=0.0039` when `compact`), or `p < 1e-6` below ``smallestPrintedPValue``.
    public static func pClause(_ p: Double, compact: Bool = false) -> String {
        p < smallestPrintedPValue ? "p < 1e-6" : (compact ? "p=" : "p = ") + format(p)
    }

    /// Two significant digits, scientific below 0.001.
    static func format(_ value: Double) -> String {
        // Not finite or negative (no p-value is): written as it is, never through log10.
        if value >= 0.001 || value == 0 || !(value > 0) || !value.isFinite {
            return CSVValue.format((value * 10_000).rounded() / 10_000)
        }
        let exponent = Int((log10(value)).rounded(.down))
        let mantissa = (value / pow10(exponent) * 10).rounded() / 10
        return "\(CSVValue.format(mantissa))e\(exponent)"
    }

    private static func pow10(_ exponent: Int) -> Double {
        var result = 1.0
        for _ in 0..<abs(exponent) { result *= 10 }
        return exponent < 0 ? 1 / result : result
    }
}
