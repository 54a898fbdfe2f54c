import Foundation

/// The two-sided Wilcoxon signed-rank test: do paired differences (run A's count minus run B's,
/// seed by seed) centre on zero, or does one run tend to be larger?
///
/// The test ranks the differences' absolute values (tied values share their average rank) and
/// sums the ranks of the positive differences (R+) and of the negative ones (R−). Under the null
/// hypothesis each difference is as likely positive as negative, so every assignment of signs to
/// the ranks is equally likely. It uses the pairing: a seed that is hard for every policy moves
/// both runs of a pair alike and drops out of their difference, where a two-sample test (Mann-Whitney)
/// would count it as spread.
///
/// - Zero differences are dropped before ranking (Wilcoxon's own convention, scipy's
///   `zero_method="wilcox"`): a seed on which the two runs agree says nothing about which is
///   larger. `n` is the number of non-zero differences; with none, the p-value is 1.
/// - With at most ``exactLimit`` non-zero differences the p-value is exact: from the
///   distribution of R+ over all 2ⁿ sign assignments, counted as subsets of the doubled ranks
///   (average ranks are multiples of one half). Without ties this is scipy's
///   `method="exact"`; with ties it is the exact permutation distribution given the ties
///   (scipy's `method=PermutationMethod(n_resamples=numpy.inf)`; scipy's `"exact"` then uses the
///   table for untied ranks, which is only approximate).
/// - Above ``exactLimit``, the normal approximation with the tie correction of the variance and
///   no continuity correction (scipy's `method="approx"`, its default `correction=False`).
public enum WilcoxonSignedRank {
    /// The largest number of non-zero differences for which the exact distribution is used: up
    /// to 50 every count of the 2⁵⁰ sign assignments is an integer a `Double` holds exactly.
    public static let exactLimit = 50

    /// Tests whether `differences` centre on zero.
    ///
    /// - Returns: `statistic`, the smaller of R+ and R− (scipy's two-sided statistic); `pValue`,
    ///   two-sided, at most 1 (1 when `n` is 0); `n`, the non-zero differences that were ranked.
    /// - Complexity: O(*n* log *n*) for the ranks, plus O(*n*³) for the exact distribution (*n*
    ///   ranks, doubled rank sums up to *n*(*n*+1)).
    public static func test(_ differences: [Double]) -> (statistic: Double, pValue: Double, n: Int) {
        let (plus, minus, ranked) = rankSums(differences)
        let n = ranked.ranks.count
        guard n > 0 else { return (0, 1, 0) }
        let statistic = min(plus, minus)
        if n <= exactLimit {
            return (statistic, exactPValue(ranks: ranked.ranks, statistic: statistic), n)
        }
        let count = Double(n)
        let mean = count * (count + 1) / 4
        let variance = (count * (count + 1) * (2 * count + 1) - ranked.tieTerm / 2) / 24
        guard variance > 0 else { return (statistic, 1, n) }
        let z = (statistic - mean) / variance.squareRoot()
        return (statistic, min(1, erfc(abs(z) / 2.0.squareRoot())), n)
    }

    /// The smallest p-value ``test(_:)`` could give for differences of these magnitudes,
    /// whatever their signs: the p-value when every non-zero one has the same sign. Above α, no
    /// such set of differences can be significant at α (with 5 seeds or fewer, never at 0.05).
    static func smallestPValue(_ differences: [Double]) -> Double {
        test(differences.map(abs)).pValue
    }

    /// R+ and R−, and the ranks of the non-zero differences' magnitudes (zeros and NaNs dropped).
    static func rankSums(_ differences: [Double]) -> (plus: Double, minus: Double, ranked: Ranks) {
        let nonZero = differences.filter { $0 != 0 && !$0.isNaN }
        let ranked = Ranks(nonZero.map(abs))
        var plus = 0.0
        var minus = 0.0
        for (rank, difference) in zip(ranked.ranks, nonZero) {
            if difference > 0 { plus += rank } else { minus += rank }
        }
        return (plus, minus, ranked)
    }

    /// Twice the chance that R+ is at most `statistic` (the smaller of R+ and R−), at most 1:
    /// the null distribution of R+ is symmetric (flipping every sign maps R+ to R−), so this is
    /// the two-sided p-value.
    static func exactPValue(ranks: [Double], statistic: Double) -> Double {
        // Average ranks are multiples of one half: doubled, they are integers.
        let doubled = ranks.map { Int(($0 * 2).rounded()) }
        let total = doubled.reduce(0, +)
        let bound = Int((statistic * 2).rounded())
        // ways[s]: sign assignments (subsets of positive ranks) whose doubled R+ is s.
        var ways = [Double](repeating: 0, count: total + 1)
        ways[0] = 1
        var reached = 0
        for rank in doubled {
            reached += rank
            for sum in stride(from: reached, through: rank, by: -1) {
                ways[sum] += ways[sum - rank]
            }
        }
        let all = ways.reduce(0, +)
        let lower = ways[0...min(bound, total)].reduce(0, +)
        return min(1, 2 * lower / all)
    }
}
