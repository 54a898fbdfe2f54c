import Foundation

/// The median of a sample and a distribution-free confidence interval for it, from order
/// statistics.
///
/// Sorted, the sample's k-th smallest and k-th largest values bracket the true median with a
/// probability that depends only on the sample size: 1 − 2·P(B ≤ k − 1), B ~ Binomial(n, ½).
/// The interval takes the largest k that still reaches ``level`` (95%), so it assumes nothing
/// about the distribution (a latency's long right tail included), needs no random resampling,
/// and gives the same interval for the same values every time.
///
/// With fewer than 6 values no pair of order statistics reaches 95% (the sample's whole range
/// covers the median with 1 − 2·½ⁿ: 93.75% for 5 values, 0% for 1). The interval is then the
/// range from the smallest to the largest value, ``coverage`` says what it really covers, and
/// ``reachesLevel`` is false.
public struct MedianInterval: Sendable, Equatable {
    /// The confidence level aimed for.
    public static let level = 0.95

    /// The sample's median (the mean of the two middle values for an even count).
    public var median: Double
    /// The interval's lower end: the k-th smallest value.
    public var low: Double
    /// The interval's upper end: the k-th largest value.
    public var high: Double
    /// The probability that the interval covers the true median (at least ``level`` when
    /// ``reachesLevel``).
    public var coverage: Double
    /// How many values the interval was computed from.
    public var count: Int

    /// Whether the sample is large enough (6 values or more) for a 95% interval.
    public var reachesLevel: Bool { coverage >= Self.level }

    /// The median and interval of `values`; nil when there are none (or one is not a number).
    public init?(_ values: [Double]) {
        guard !values.isEmpty, !values.contains(where: \.isNaN) else { return nil }
        let sorted = values.sorted()
        let n = sorted.count
        median = n % 2 == 1 ? sorted[n / 2] : (sorted[n / 2 - 1] + sorted[n / 2]) / 2
        count = n
        var k = 1
        var kCoverage = 1 - 2 * Self.binomialHalfCDF(0, n)
        while k + 1 <= n / 2 {
            let wider = 1 - 2 * Self.binomialHalfCDF(k, n)
            guard wider >= Self.level else { break }
            k += 1
            kCoverage = wider
        }
        low = sorted[k - 1]
        high = sorted[n - k]
        coverage = kCoverage
    }

    /// Whether this interval and `other` share any value.
    public func overlaps(_ other: MedianInterval) -> Bool {
        low <= other.high && other.low <= high
    }

    /// P(B ≤ `k`) for B ~ Binomial(`n`, ½), summed in log space so large `n` does not underflow.
    static func binomialHalfCDF(_ k: Int, _ n: Int) -> Double {
        guard k >= 0 else { return 0 }
        guard k < n else { return 1 }
        let logHalfPower = Double(n) * log(0.5)
        var sum = 0.0
        for j in 0...k {
            let logChoose = lgamma(Double(n + 1)) - lgamma(Double(j + 1)) - lgamma(Double(n - j + 1))
            sum += exp(logChoose + logHalfPower)
        }
        return min(1, sum)
    }
}
