import Foundation
import Testing

@testable import Report

// Expected values computed outside the project with scipy 1.17.1 and numpy: each stratum ranked
// by scipy.stats.rankdata, T = Σ W_i/(n_i+1), Var[T] = Σ m_i k_i/(12 (n_i+1)) · (1 − Σ(t³−t)/(n_i³−n_i))
// (the ties by numpy.unique(..., return_counts=True)), p = 2 · scipy.stats.norm.sf(|z|). With one
// stratum, scipy.stats.mannwhitneyu(a, b, method="asymptotic", use_continuity=False) agrees.
extension StatisticsTests {
    @Suite("Van Elteren's stratified rank-sum test")
    struct VanElterenTests {
        static func close(_ a: Double, _ b: Double, _ tolerance: Double = 1e-9) -> Bool {
            abs(a - b) <= tolerance * max(abs(b), 1e-300)
        }

        /// The synthetic repetitions of a measured figure over 10 seeds whose levels range
        /// from 1,000 to 10,000 (10×), 10 repetitions a side per seed, each value its seed's
        /// level (times `slowdown` on the current side) times 1 ± 1% uniform noise from
        /// SplitMix64 with `seed` (the models' `SeededGenerator`, ported as it is to Python for the
        /// reference values), drawn baseline then current per seed.
        static func synthetic(slowdown: Double, seed: UInt64) -> [VanElteren.Stratum] {
            var state = seed
            func unit() -> Double {
                state &+= 0x9E37_79B9_7F4A_7C15
                var z = state
                z = (z ^ (z >> 30)) &* 0xBF58_476D_1CE4_E5B9
                z = (z ^ (z >> 27)) &* 0x94D0_49BB_1331_11EB
                return Double((z ^ (z >> 31)) >> 11) * 0x1.0p-53
            }
            return (0..<10).map { stratum in
                let level = 1000 * pow(10, Double(stratum) / 9)
                let baseline = (0..<10).map { _ in level * (1 + 0.01 * (2 * unit() - 1)) }
                let current = (0..<10).map { _ in level * slowdown * (1 + 0.01 * (2 * unit() - 1)) }
                return (baseline, current)
            }
        }

        @Test("with one stratum, van Elteren's test is the Mann-Whitney U test's normal approximation without continuity correction")
        func oneStratum() throws {
            // T − E = -1.142857142857143, z = -2.285714285714286, p = 0.02227097895923276;
            // mannwhitneyu(method="asymptotic", use_continuity=False): 0.022270978959232784
            let test = try #require(VanElteren([([3.1, 4.5, 2.2, 5.0, 6.7, 4.4], [5.5, 6.1, 7.3, 4.9, 8.0, 6.6, 7.7])]))
            #expect(Self.close(test.difference, -1.142857142857143))
            #expect(Self.close(test.z, -2.285714285714286))
            #expect(Self.close(test.pValue, 0.02227097895923276))
            #expect(test.strata == 1)
        }

        @Test("strata of unequal sizes are weighted 1/(n+1) and their ties correct the variance")
        func strataWithTies() throws {
            // T − E = -2.0170454545454546, z = -3.107158545155716, p = 0.0018889506210994272
            let test = try #require(
                VanElteren([
                    ([10, 12, 11, 13], [12, 14, 15]), ([100, 101, 101, 99, 102], [103, 101, 104, 105, 106]),
                    ([5, 5, 6], [5, 7, 7, 8]),
                ]))
            #expect(Self.close(test.difference, -2.0170454545454546))
            #expect(Self.close(test.z, -3.107158545155716))
            #expect(Self.close(test.pValue, 0.0018889506210994272))
            // z = -2.393774995725106, p = 0.01667597526046795
            let levels = try #require(
                VanElteren([([1.0, 1.2, 0.9], [1.1, 1.3, 1.25]), ([50, 52, 49], [51, 53, 54]), ([7, 7.5, 6.8], [7.4, 7.9, 7.1])]))
            #expect(Self.close(levels.pValue, 0.01667597526046795))
        }

        @Test("a stratum with one side empty adds nothing; no stratum with both sides gives no test")
        func emptyStrata() throws {
            #expect(VanElteren([([1, 2], []), ([], [3])]) == nil)
            let test = try #require(VanElteren([([1, 2, 3], [4, 5, 6]), ([7], [])]))
            #expect(test.strata == 1)
            // Every value tied: no variance, p = 1.
            #expect(VanElteren([([2, 2], [2, 2])])?.pValue == 1)
        }

        @Test(
            "seeds whose levels differ 10×, the current side 5% slower in every seed with 1% noise: the stratified test flags it, a plain pool does not"
        )
        func stratifiedFindsWhatThePoolMisses() throws {
            let strata = Self.synthetic(slowdown: 1.05, seed: 35)
            // van Elteren as above: z = -11.952286093343936, p = 6.316347989979603e-33
            let stratified = try #require(VanElteren(strata))
            #expect(Self.close(stratified.z, -11.952286093343936, 1e-6))
            #expect(Self.close(stratified.pValue, 6.316347989979603e-33, 1e-5))
            // The seeds pooled: mannwhitneyu(pooled baseline, pooled current, method="asymptotic") = 0.222285713851042
            let pooled = try #require(MannWhitneyU(strata.flatMap(\.first), strata.flatMap(\.second)))
            #expect(Self.close(pooled.pValue, 0.222285713851042, 1e-6))
            #expect(stratified.pValue <= 0.01 && pooled.pValue > 0.05)
        }

        @Test("with the change absent, 20 synthetic pairs flag at most the α share (α = 0.05: 1 of 20)")
        func nullFlagsAtMostAlpha() throws {
            // scipy (as above) on the same data flags 1 of the 20.
            let flagged = try (1...20).filter { seed in
                try #require(VanElteren(Self.synthetic(slowdown: 1, seed: UInt64(seed)))).pValue <= 0.05
            }
            #expect(flagged.count <= 1)
        }

        @Test("the smallest possible p-value puts each stratum's extreme values on one side; repetitions needed follow from it")
        func smallestAndNeeded() throws {
            let test = try #require(VanElteren([([1, 2], [3, 4]), ([10, 20], [30, 40])]))
            #expect(Self.close(test.smallestPValue, test.pValue))
            let needed = try #require(VanElteren.repetitionsNeeded(seeds: 10, familySize: 100, alpha: 0.01))
            let extreme = try #require(
                VanElteren(Array(repeating: ((0..<needed).map(Double.init), (needed..<(2 * needed)).map(Double.init)), count: 10)))
            #expect(extreme.smallestPValue <= 0.01 / 100)
            if needed > 1 {
                let fewer = needed - 1
                let short = try #require(
                    VanElteren(Array(repeating: ((0..<fewer).map(Double.init), (fewer..<(2 * fewer)).map(Double.init)), count: 10)))
                #expect(short.smallestPValue > 0.01 / 100)
            }
        }

        @Test(
            "across workloads the seed is the unit: each seed's repetitions reduced to their median, the seeds paired (Wilcoxon signed-rank)"
        )
        func perSeedPaired() {
            // scipy.stats.wilcoxon([median(c) - median(b) per seed], method="exact"): statistic 0.0, pvalue 0.001953125
            let strata = Self.synthetic(slowdown: 1.05, seed: 35)
            let verdict = PairedVerdict.compare(
                strata.map { Seeds.median($0.second) }, strata.map { Seeds.median($0.first) }, higherIsBetter: false, alpha: 0.05)
            #expect(Self.close(verdict.rawPValue, 0.001953125))
            #expect(verdict.outcome == .secondBetter && verdict.seeds == 10)
        }

        @Test("a comparison of repetitions over seeds is stratified by seed; with one seed in common it pools them")
        func significanceBySeed() {
            let strata = Self.synthetic(slowdown: 1.05, seed: 35)
            var baseline: [String: [Double]] = [:]
            var current: [String: [Double]] = [:]
            for (seed, stratum) in strata.enumerated() {
                baseline["\(seed + 1)"] = stratum.first
                current["\(seed + 1)"] = stratum.second
            }
            let stratified = Significance(bySeed: baseline, current, alpha: 0.01)
            #expect(stratified.significant && stratified.seeds == 10)
            #expect(stratified.description == "p < 1e-6 (van Elteren over 10 seeds)")
            let pooled = Significance(strata.flatMap(\.first), strata.flatMap(\.second), alpha: 0.01)
            #expect(!pooled.significant && pooled.seeds == 1)
            let one = Significance(bySeed: ["1": strata[0].first], ["1": strata[0].second], alpha: 0.01)
            #expect(one.seeds == 1 && one.significant)
        }

        @Test("p-values below 1e-6 print as \"< 1e-6\"")
        func tinyPValuesPrinted() {
            #expect(Judgment.formatPValue(6.3e-33) == "< 1e-6")
            #expect(Judgment.pClause(6.3e-33) == "p < 1e-6")
            #expect(Judgment.pClause(0.0039) == "p = 0.0039")
            #expect(Judgment.pClause(2.5e-5, compact: true) == "p=2.5e-5")
            #expect(Judgment.test(pValue: 1e-9, adjusted: 1e-7).label == "p < 1e-6 (Holm < 1e-6)")
        }
    }
}
