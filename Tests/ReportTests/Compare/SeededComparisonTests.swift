import Testing

@testable import Report

extension CompareTests {
    /// Measured metrics of results replicated over seeds: the repetitions compared within their
    /// seed (van Elteren), never pooled.
    @Suite("Comparison over seeds")
    struct SeededComparisonTests {
        typealias J = JudgmentTests

        /// One side of the synthetic data (10 seeds whose levels differ 10×, 10 repetitions each)
        /// as results: `repetitions.csv` by seed, and pooled as without seeds.
        static func side(_ path: String, _ strata: [[Double]], bySeed: Bool) -> ResultsDirectory {
            var results = J.side(path, [J.p99: strata.flatMap { $0 }])
            let key = RowKey(scenario: "feed", policy: "lru", inUse: "repopulate")
            if bySeed {
                results.scenarios[0].repetitionsBySeed[key] = [
                    J.p99: Dictionary(uniqueKeysWithValues: strata.enumerated().map { ("\($0.offset + 1)", $0.element) })
                ]
            }
            return results
        }

        @Test(
            "a measured metric over seeds is stratified by seed: a 15% slowdown in every seed of seeds 10× apart is a regression, which the seeds pooled would miss"
        )
        func stratifiedBySeed() throws {
            let strata = StatisticsTests.VanElterenTests.synthetic(slowdown: 1.15, seed: 35)
            for bySeed in [true, false] {
                let comparison = Comparison(
                    baseline: Self.side("base", strata.map(\.first), bySeed: bySeed),
                    current: Self.side("cur", strata.map(\.second), bySeed: bySeed))
                let metric = try #require(comparison.metric(J.p99))
                #expect(metric.thresholdVerdict == .regression)
                if bySeed {
                    // van Elteren (see VanElterenTests): p = 6.316347989979603e-33
                    #expect(metric.seeds == 10)
                    #expect(metric.verdict == .regression)
                    #expect(metric.judgment.label.hasPrefix("p < 1e-6"))
                    #expect(comparison.power.statements.contains { $0.contains("van Elteren") })
                } else {
                    // scipy.stats.mannwhitneyu(pooled, pooled, method="asymptotic").pvalue = 0.222285713851042
                    #expect(metric.seeds == 1)
                    #expect(metric.verdict == .unchanged)
                }
            }
        }
    }
}
