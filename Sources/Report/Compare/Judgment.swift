import Foundation

/// How a metric's verdict was reached.
///
/// Counts compare exactly. A measured metric beyond its threshold is a regression (or
/// improvement) only with evidence that the change is not noise: with at least
/// ``CompareOptions/testedRepetitions`` repetitions on each side, a two-sided Mann-Whitney U
/// test whose p-value, Holm-adjusted over every tested metric of the comparison, is at most α;
/// with fewer (but more than one), confidence intervals of the two medians that do not overlap.
/// With a single repetition on either side it is not judged, unless `--strict` judges it by its
/// threshold alone. A percentile with too few samples beyond it is never judged (``TailSamples``).
public enum Judgment: Sendable, Equatable {
    /// A count: any change beyond the threshold (exact by default).
    case exact
    /// A single repetition under `--strict`: the threshold alone.
    case threshold
    /// Fewer than 5 repetitions on a side: whether the medians' intervals overlap.
    case intervals(overlap: Bool)
    /// The Mann-Whitney U test: its p-value and the Holm-adjusted one.
    case test(pValue: Double, adjusted: Double)
    /// A single repetition on a side: listed, not judged.
    case singleRepetition
    /// A percentile with fewer than ``TailSamples/reliableMinimum`` samples beyond it on a side
    /// (the fewer of the two): listed with the reason, never judged.
    case unreliable(tailSamples: Double)

    /// A short text for tables: `exact`, `p=0.0012`, `CIs apart`, ...
    public var label: String {
        switch self {
        case .exact: "exact"
        case .threshold: "threshold (--strict)"
        case let .intervals(overlap): overlap ? "CIs overlap" : "CIs apart"
        case let .test(p, adjusted): "p=\(Self.format(p)) (Holm \(Self.format(adjusted)))"
        case .singleRepetition: "1 repetition"
        case let .unreliable(samples): TailSamples.reason(samples)
        }
    }

    /// Whether the metric is an unreliable percentile.
    public var isUnreliable: Bool {
        if case .unreliable = self { true } else { false }
    }

    /// The raw p-value of a tested metric, else nil.
    public var pValue: Double? {
        if case let .test(p, _) = self { p } else { nil }
    }

    /// Two significant digits, scientific below 0.001.
    static func format(_ value: Double) -> String {
        if value >= 0.001 || value == 0 {
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
