import Foundation

/// The two-sided Mann-Whitney U test (Wilcoxon rank-sum test): do two samples come from
/// distributions of the same location, or does one tend to be larger?
///
/// The test ranks both samples together (tied values share their average rank) and counts, as
/// U, how often a value of the first sample beats one of the second. It assumes nothing about
/// the shape of the distributions, so a slow outlier among the repetitions moves it no more than
/// any other value.
///
/// When the two samples hold at most ``exactLimit`` values together the p-value is exact: from the
/// distribution of U when no value is tied (scipy's `mannwhitneyu` with `method="exact"`), and
/// from the permutation distribution of the rank sum given the observed ties when some are
/// (every way of splitting the pooled midranks into the two sample sizes counted; scipy's
/// `mannwhitneyu` with `method=PermutationMethod(n_resamples=inf)`). Repetitions of a latency
/// percentile are often tied, because a histogram reports bucket values; the normal approximation
/// would then put ten repetitions cleanly apart from ten others at p ≈ 1.7e-4 instead of their
/// exact 1.1e-5, too weak to survive a multiple-comparison correction over a few hundred metrics.
/// Past ``exactLimit`` values the p-value comes from the normal approximation, with the tie
/// correction of the variance and a continuity correction (`method="asymptotic"`).
public struct MannWhitneyU: Sendable, Equatable {
    /// How the p-value was computed.
    public enum Method: String, Sendable, Equatable {
        /// The exact distribution of U (no ties, small samples).
        case exact
        /// The exact permutation distribution of the rank sum, given the ties (small samples).
        case exactWithTies = "exact, with ties"
        /// The normal approximation with tie and continuity corrections.
        case normalApproximation = "normal approximation"
    }

    /// The largest combined sample size for which the exact distribution is used: up to 50
    /// values every count of the distribution is an integer a `Double` holds exactly.
    public static let exactLimit = 50

    /// U of the first sample: how many (first, second) pairs have the first value larger, ties
    /// counting one half.
    public var u: Double
    /// The two-sided p-value: the chance, were both samples from one distribution, of a U at
    /// least this far from its mean.
    public var pValue: Double
    /// How ``pValue`` was computed.
    public var method: Method
    /// The smallest p-value any split of the pooled values into samples of these sizes could
    /// give, by the same method: the split that puts the smallest (or the largest) values first.
    /// With distinct values it is 2 / C(m+n, m); with ties it can be far larger, and 1 when
    /// every value is the same. A test whose smallest possible p-value exceeds α can never be
    /// significant, whatever the data say (Tarone, 1990).
    public var smallestPValue: Double

    /// Tests `first` against `second`; nil when either sample is empty.
    /// - Complexity: O(*n* log *n*) for the ranks, plus O(*m*·*n*·(*m*+*n*)) for the exact
    ///   distribution (at most 50 values in all).
    public init?(_ first: [Double], _ second: [Double]) {
        let m = first.count
        let n = second.count
        guard m > 0, n > 0 else { return nil }
        let ranked = Ranks(first + second)
        let rankSum = ranked.ranks.prefix(m).reduce(0, +)
        u = rankSum - Double(m * (m + 1)) / 2
        let larger = max(u, Double(m * n) - u)
        if !ranked.hasTies, m + n <= Self.exactLimit {
            method = .exact
            pValue = min(1, 2 * Self.exactUpperTail(atLeast: Int(larger.rounded()), m: m, n: n))
            smallestPValue = min(1, 2 / Self.binomial(m + n, m))
        } else if m + n <= Self.exactLimit {
            method = .exactWithTies
            (pValue, smallestPValue) = Self.exactWithTies(ranks: ranked.ranks, m: m)
        } else {
            method = .normalApproximation
            let total = Double(m + n)
            let mean = Double(m * n) / 2
            let variance = Double(m * n) / 12 * ((total + 1) - ranked.tieTerm / (total * (total - 1)))
            guard variance > 0 else {
                pValue = 1
                smallestPValue = 1
                return
            }
            func p(_ u: Double) -> Double {
                let z = (max(u, Double(m * n) - u) - mean - 0.5) / variance.squareRoot()
                return min(1, erfc(z / 2.0.squareRoot()))
            }
            pValue = p(u)
            // The extreme splits: the m smallest (or largest) midranks first.
            let sorted = ranked.ranks.sorted()
            let lowest = sorted.prefix(m).reduce(0, +) - Double(m * (m + 1)) / 2
            let highest = sorted.suffix(m).reduce(0, +) - Double(m * (m + 1)) / 2
            smallestPValue = min(p(lowest), p(highest))
        }
    }

    /// C(`n`, `k`), exact in a `Double` for n ≤ 50 (every partial product is an integer below 2^53).
    static func binomial(_ n: Int, _ k: Int) -> Double {
        var result = 1.0
        for i in 0..<min(k, n - k) { result = result * Double(n - i) / Double(i + 1) }
        return result
    }

    /// P(U ≥ `u`) under the null hypothesis, from the exact distribution of U for samples of `m`
    /// and `n` values: the coefficients of the Gaussian binomial coefficient [m+n choose m] in q.
    static func exactUpperTail(atLeast u: Int, m: Int, n: Int) -> Double {
        let maxU = m * n
        guard u > 0 else { return 1 }
        guard u <= maxU else { return 0 }
        var counts = [Double](repeating: 0, count: maxU + 1)
        counts[0] = 1
        var degree = 0
        for i in 1...m {
            // Multiply by (1 - q^(n+i)), then divide by (1 - q^i); every step stays a polynomial
            // with integer coefficients.
            let up = n + i
            degree += n
            for k in stride(from: min(degree, maxU), through: up, by: -1) {
                counts[k] -= counts[k - up]
            }
            for k in i...min(degree, maxU) {
                counts[k] += counts[k - i]
            }
        }
        let all = counts.reduce(0, +)
        let tail = counts[u...].reduce(0, +)
        return tail / all
    }
}

extension MannWhitneyU {
    /// The smallest p-value any split of the pooled values of `first` and `second` into samples
    /// of their sizes could give (``smallestPValue``); nil when either sample is empty.
    public static func smallestPValue(_ first: [Double], _ second: [Double]) -> Double? {
        MannWhitneyU(first, second)?.smallestPValue
    }

    /// The fewest repetitions a side (the same on both) whose smallest possible p-value, with no
    /// value tied, passes the first step of Holm's correction over `familySize` tests at `alpha`:
    /// at most `alpha / familySize`. Below it no test of the family can be significant, whatever
    /// the data say. Nil when `limit` repetitions a side are not enough.
    ///
    /// 5 a side reach 2/252 ≈ 0.0079 at best, so one test at α = 0.01 needs 5; 69 tests need
    /// 0.01/69 ≈ 1.4e-4, which 9 a side reach (2/48620 ≈ 4.1e-5) and 8 do not (2/12870 ≈ 1.6e-4).
    /// - Complexity: O(*n*⁴) for the answer *n* while the exact distributions are used (up to 25
    ///   a side), O(*n* log *n*) per step past it: a millisecond or so for the usual answers.
    public static func repetitionsNeeded(familySize: Int, alpha: Double, limit: Int = 100) -> Int? {
        let family = Double(max(familySize, 1))
        for n in stride(from: 1, through: limit, by: 1) {
            let first = (0..<n).map(Double.init)
            let second = (n..<(2 * n)).map(Double.init)
            if let smallest = smallestPValue(first, second), smallest * family <= alpha {
                return n
            }
        }
        return nil
    }

    /// The two-sided p-value of the first `m` of `ranks` (midranks of the pooled samples), from
    /// the permutation distribution of their sum: twice the smaller tail, at most 1 (scipy's
    /// convention; with ties the distribution need not be symmetric); and, from the same
    /// distribution, the smallest p-value any split could give (its extreme sums).
    /// - Complexity: O(*N*·*m*·*S*) for *N* pooled values and *S* ≤ *N*(*N*+1) the largest
    ///   doubled rank sum; at most 50 values, so each count is an integer a `Double` holds.
    static func exactWithTies(ranks: [Double], m: Int) -> (pValue: Double, smallest: Double) {
        // Midranks are multiples of one half: doubled, they are integers.
        let doubled = ranks.map { Int(($0 * 2).rounded()) }
        let observed = doubled.prefix(m).reduce(0, +)
        let maxSum = doubled.reduce(0, +)
        // ways[k * (maxSum + 1) + s]: subsets of k values whose doubled ranks sum to s.
        let width = maxSum + 1
        var ways = [Double](repeating: 0, count: (m + 1) * width)
        ways[0] = 1
        var reached = 0
        for (index, rank) in doubled.enumerated() {
            reached += rank
            for k in stride(from: min(m, index + 1), through: 1, by: -1) {
                let row = k * width
                let previous = (k - 1) * width
                for sum in stride(from: reached, through: rank, by: -1) {
                    ways[row + sum] += ways[previous + sum - rank]
                }
            }
        }
        let counts = Array(ways[(m * width)...])
        let total = counts.reduce(0, +)
        func p(_ sum: Int) -> Double {
            var lower = 0.0
            var upper = 0.0
            for (offset, count) in counts.enumerated() where count > 0 {
                if offset <= sum { lower += count }
                if offset >= sum { upper += count }
            }
            return min(1, 2 * min(lower, upper) / total)
        }
        let sorted = doubled.sorted()
        return (p(observed), min(p(sorted.prefix(m).reduce(0, +)), p(sorted.suffix(m).reduce(0, +))))
    }
}

/// The ranks of a sample (1-based; tied values share their average rank) and what the ties
/// contribute to the variance of a rank sum.
struct Ranks {
    /// The rank of each value, in the sample's order.
    var ranks: [Double]
    /// Whether any value occurs more than once.
    var hasTies: Bool
    /// Σ (t³ − t) over the groups of t tied values.
    var tieTerm: Double

    init(_ values: [Double]) {
        let order = values.indices.sorted { values[$0] < values[$1] }
        ranks = [Double](repeating: 0, count: values.count)
        hasTies = false
        tieTerm = 0
        var start = 0
        while start < order.count {
            var end = start + 1
            while end < order.count, values[order[end]] == values[order[start]] { end += 1 }
            let average = Double(start + 1 + end) / 2
            for position in start..<end { ranks[order[position]] = average }
            let tied = Double(end - start)
            if tied > 1 {
                hasTies = true
                tieTerm += tied * tied * tied - tied
            }
            start = end
        }
    }
}
