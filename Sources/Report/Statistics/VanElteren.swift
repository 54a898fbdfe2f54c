import Foundation

/// Van Elteren's stratified rank-sum test (two-sided): does one of two builds tend to be larger
/// than the other, the values compared only within their stratum?
///
/// With workload seeds, a measured figure's repetitions of one seed are samples of that seed's
/// level; another seed has another level (a feed whose seeds scroll other cell mixes). Pooling
/// every seed's repetitions into one sample per side would count the seeds' spread as noise and
/// drown a consistent slowdown in it. The test instead ranks each stratum (seed) on its own,
/// both sides' values together (tied values sharing their average rank), and sums the first
/// side's ranks W_i; it combines the strata with weights 1/(n_i + 1) for n_i values in stratum
/// i, which makes every stratum count about alike whatever its size (van Elteren, 1960):
///
/// ```text
/// T = Σ W_i / (n_i + 1)      E[T] = Σ m_i / 2
/// Var[T] = Σ m_i k_i / (12 (n_i + 1)) · (1 − Σ_ties (t³ − t) / (n_i³ − n_i))     (m_i, k_i: the sides' sizes)
/// ```
///
/// The p-value is the normal approximation, 2·(1 − Φ(|T − E[T]| / √Var[T])), without a
/// continuity correction; with one stratum it is the Mann-Whitney U test's normal approximation
/// without continuity correction (scipy's `mannwhitneyu(method="asymptotic",
/// use_continuity=False)`). A stratum with a side empty, or every value tied, adds nothing.
/// The p-value is about these seeds: whether the builds differ on the workloads that ran, each
/// seed's repetitions the samples.
public struct VanElteren: Sendable, Equatable {
    /// One stratum: the first and the second side's values in one seed.
    public typealias Stratum = (first: [Double], second: [Double])

    /// T − E[T]: positive when the first side's values tend to be the larger.
    public var difference: Double
    /// The standard normal deviate (T − E[T]) / √Var[T]; 0 without variance.
    public var z: Double
    /// The two-sided p-value (1 without variance).
    public var pValue: Double
    /// The smallest p-value the same pooled values of each stratum could give, split between the
    /// sides in the sides' sizes: every stratum's first side holding its smallest (or every one
    /// its largest) values. Above α, no result of these values can be significant (Tarone, 1990).
    public var smallestPValue: Double
    /// The strata that counted (both sides present).
    public var strata: Int

    /// Tests `strata` (each the two sides' values in one seed); nil when no stratum has both
    /// sides.
    /// - Complexity: O(*n* log *n*) over the *n* values.
    public init?(_ strata: [Stratum]) {
        var statistic = 0.0
        var mean = 0.0
        var variance = 0.0
        var lowest = 0.0
        var highest = 0.0
        var counted = 0
        for stratum in strata {
            let m = stratum.first.count
            let k = stratum.second.count
            guard m > 0, k > 0 else { continue }
            counted += 1
            let n = Double(m + k)
            let weight = 1 / (n + 1)
            let ranked = Ranks(stratum.first + stratum.second)
            statistic += weight * ranked.ranks.prefix(m).reduce(0, +)
            mean += weight * Double(m) * (n + 1) / 2
            let sizes = Double(m) * Double(k)
            variance += weight * weight * sizes * (n + 1) / 12 * (1 - ranked.tieTerm / (n * n * n - n))
            let sorted = ranked.ranks.sorted()
            lowest += weight * sorted.prefix(m).reduce(0, +)
            highest += weight * sorted.suffix(m).reduce(0, +)
        }
        guard counted > 0 else { return nil }
        self.strata = counted
        difference = statistic - mean
        func p(_ deviation: Double) -> Double {
            guard variance > 1e-12 else { return 1 }
            return min(1, erfc(abs(deviation) / variance.squareRoot() / 2.0.squareRoot()))
        }
        z = variance > 1e-12 ? difference / variance.squareRoot() : 0
        pValue = p(difference)
        smallestPValue = min(p(lowest - mean), p(highest - mean))
    }

    /// The fewest repetitions a side, in each of `seeds` seeds, whose smallest possible p-value
    /// (no value tied) passes the first step of Holm's correction over `familySize` tests at
    /// `alpha`; nil when `limit` are not enough.
    public static func repetitionsNeeded(seeds: Int, familySize: Int, alpha: Double, limit: Int = 100) -> Int? {
        let level = HolmCorrection.firstStepLevel(alpha: alpha, familySize: familySize)
        for n in stride(from: 1, through: limit, by: 1) {
            let stratum: Stratum = ((0..<n).map(Double.init), (n..<(2 * n)).map(Double.init))
            if let test = VanElteren(Array(repeating: stratum, count: max(seeds, 1))), test.smallestPValue <= level {
                return n
            }
        }
        return nil
    }
}
