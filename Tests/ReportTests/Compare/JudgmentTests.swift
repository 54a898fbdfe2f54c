import Report
import Testing

extension CompareTests {
    /// Measured metrics judged from repetitions, on synthetic results (fixed numbers).
    @Suite("Judgment of measured metrics")
    struct JudgmentTests {
        typealias F = SummaryFixture
        static let p99 = "dequeue_latency_p99_ns"
        static let bytes = "allocated_bytes"

        /// In-memory results of feed lru/repopulate whose measured columns have the repetitions
        /// `samples` (column → values); the summary holds their medians, and the `extra` columns
        /// (name → value) after the fixture's.
        static func side(_ path: String, _ samples: [String: [Double]], extra: [String: String] = [:]) -> ResultsDirectory {
            let header = F.header + extra.keys.sorted()
            var row = F.row().merging(extra) { $1 }
            for (column, values) in samples {
                row[column] = CSVValue.double(MedianInterval(values)?.median ?? 0).text
            }
            var summary = ScenarioSummary(
                name: "feed", path: "\(path)/feed/summary.csv", header: header,
                rows: [header.map { row[$0] ?? "" }], columns: FixtureColumns.describe(summary: header))
            let key = RowKey(scenario: "feed", policy: "lru", inUse: "repopulate")
            summary.repetitions[key] = samples
            return ResultsDirectory(path: path, scenarios: [summary])
        }

        static func compare(
            _ baseline: [String: [Double]], _ current: [String: [Double]], options: CompareOptions = CompareOptions()
        ) -> Comparison {
            Comparison(baseline: side("base", baseline), current: side("cur", current), options: options)
        }

        static let base: [Double] = [1000, 1500, 900, 2000, 1100, 950, 1800, 1050, 1200, 990]

        @Test("noise only: medians 14% apart but not significant with 10 repetitions a side: unchanged, exit 0")
        func noiseOnly() throws {
            let noisy: [Double] = [1000, 1500, 900, 2000, 1300, 950, 1800, 1250, 1200, 990]
            let comparison = Self.compare([Self.p99: Self.base], [Self.p99: noisy])
            let metric = try #require(comparison.metric(Self.p99))
            #expect(metric.thresholdVerdict == .regression)
            #expect(metric.verdict == .unchanged)
            // base and noisy share values (ties), so the exact permutation distribution:
            // scipy.stats.mannwhitneyu(base, noisy, method=scipy.stats.PermutationMethod(n_resamples=numpy.inf)).pvalue
            // = 0.7878499209768559
            #expect(abs((metric.judgment.pValue ?? 0) - 0.7878499209768559) < 1e-12)
            #expect(comparison.status == .passed)
        }

        @Test("a real change: every repetition 30% slower is a significant regression, exit 2, with the ratio and its interval")
        func realChange() throws {
            let steady: [Double] = [1000, 1020, 990, 1050, 1010, 995, 1040, 1005, 1030, 985]
            let comparison = Self.compare([Self.p99: steady], [Self.p99: steady.map { $0 * 1.3 }])
            let metric = try #require(comparison.metric(Self.p99))
            #expect(metric.verdict == .regression)
            #expect(metric.repetitions == (10, 10))
            // scipy.stats.mannwhitneyu(steady, [v * 1.3 for v in steady], method="exact").pvalue = 1.0825088224469026e-05
            let p = try #require(metric.judgment.pValue)
            #expect(abs(p - 1.0825088224469026e-05) < 1e-15)
            let ratio = try #require(metric.ratio)
            #expect(abs(ratio.value - 1.3) < 1e-12)
            #expect(ratio.low < 1.3 && ratio.high > 1.3)
            #expect(comparison.status == .regression)
        }

        @Test(
            "Holm: one fully separated 5-against-5 metric is significant at 0.01 (p = 0.0079); two such metrics cannot be, and are not judged"
        )
        func holmFamily() throws {
            let low: [Double] = [1, 2, 3, 4, 5]
            let high: [Double] = [16, 17, 18, 19, 20]
            let one = Self.compare([Self.p99: low], [Self.p99: high])
            #expect(one.metric(Self.p99)?.verdict == .regression)
            #expect(one.power.familyCanReach)
            let two = Self.compare([Self.p99: low, Self.bytes: low], [Self.p99: high, Self.bytes: high])
            #expect(two.metric(Self.p99)?.verdict == .notJudged)
            #expect(two.metric(Self.bytes)?.verdict == .notJudged)
            #expect(two.metric(Self.p99)?.judgment.label == "p=0.0079 (Holm 0.0159)")
            #expect(two.status == .passed)
            // --alpha 0.05 lets both through.
            let loose = Self.compare(
                [Self.p99: low, Self.bytes: low], [Self.p99: high, Self.bytes: high], options: CompareOptions(alpha: 0.05))
            #expect(loose.regressions.count == 2)
        }

        @Test("a metric whose repetitions could not be significant under any split stays out of Holm's family")
        func untestableOutsideFamily() throws {
            let low: [Double] = [1, 2, 3, 4, 5]
            let high: [Double] = [16, 17, 18, 19, 20]
            // allocated_bytes the same in every repetition: its smallest possible p-value is 1, so
            // the p99's 0.0079 is judged alone (with it in the family, Holm would make it 0.0159).
            let constant = [Double](repeating: 4096, count: 5)
            let comparison = Self.compare([Self.p99: low, Self.bytes: constant], [Self.p99: high, Self.bytes: constant])
            #expect(comparison.metric(Self.p99)?.verdict == .regression)
            #expect(comparison.metric(Self.p99)?.judgment.label == "p=0.0079 (Holm 0.0079)")
            #expect(comparison.metric(Self.bytes)?.smallestPValue == 1)
            #expect(comparison.metric(Self.bytes)?.verdict == .unchanged)
            #expect(comparison.status == .regression)
        }

        @Test("fewer than 5 repetitions on a side: measured metrics listed, not judged, whatever their intervals; exit 0")
        func notJudgedBelowFive() throws {
            let base: [Double] = [1000, 1010, 1020]
            let apart = Self.compare([Self.p99: base], [Self.p99: [1200, 1210, 1220]])
            let metric = try #require(apart.metric(Self.p99))
            #expect(metric.thresholdVerdict == .regression)
            #expect(metric.verdict == .notJudged)
            #expect(metric.judgment == .tooFewRepetitions(3))
            #expect(metric.judgment.label == "3 repetitions (needs 5)")
            #expect(apart.notJudged.count == 1)
            #expect(apart.status == .passed)
            // Two values a side apart by chance (the ab --repeat 2 false alarms): not judged either.
            let two = Self.compare([Self.p99: [1000, 1010]], [Self.p99: [1200, 1210]])
            #expect(two.metric(Self.p99)?.verdict == .notJudged)
            #expect(two.regressions.isEmpty)
            // Within the threshold it is simply unchanged.
            let close = Self.compare([Self.p99: base], [Self.p99: [1010, 1020, 1030]])
            #expect(close.metric(Self.p99)?.verdict == .unchanged)
        }

        @Test("--strict judges fewer than 5 repetitions weakly: 2 to 4 by the medians' intervals, 1 by the threshold alone, and says so")
        func strictJudgesWeakly() throws {
            let strict = CompareOptions(strict: true)
            let base: [Double] = [1000, 1010, 1020]
            let apart = Self.compare([Self.p99: base], [Self.p99: [1200, 1210, 1220]], options: strict)
            #expect(apart.metric(Self.p99)?.verdict == .regression)
            #expect(apart.metric(Self.p99)?.judgment == .intervals(overlap: false))
            #expect(apart.metric(Self.p99)?.judgment.label == "CIs apart (--strict, weak)")
            // allocated_bytes has no repetitions here: a single value a side, judged by its threshold.
            #expect(apart.metric(Self.bytes)?.judgment == .threshold)
            #expect(apart.weaklyJudged.count == 2)
            #expect(apart.power.weak == 2)
            #expect(apart.power.statements.contains { $0.hasPrefix("2 measured metrics judged weakly (--strict)") })
            let overlapping = Self.compare([Self.p99: base], [Self.p99: [1000, 1300, 1400]], options: strict)
            #expect(overlapping.metric(Self.p99)?.thresholdVerdict == .regression)
            #expect(overlapping.metric(Self.p99)?.verdict == .unchanged)
            #expect(overlapping.metric(Self.p99)?.judgment.label == "CIs overlap (--strict, weak)")
            let single = Self.compare([Self.p99: [1000]], [Self.p99: [2000]], options: strict)
            #expect(single.metric(Self.p99)?.verdict == .regression)
            #expect(single.metric(Self.p99)?.judgment.label == "threshold (--strict, weak)")
            #expect(single.status == .regression)
        }

        @Test("a single repetition on either side: measured metrics listed, not judged")
        func singleRepetition() throws {
            let lenient = Self.compare([Self.p99: [1000]], [Self.p99: [2000, 2100, 2200, 2300, 2400]])
            #expect(lenient.metric(Self.p99)?.verdict == .notJudged)
            #expect(lenient.metric(Self.p99)?.judgment.label == "1 repetition (needs 5)")
            #expect(lenient.notJudged.count == 1)
            #expect(lenient.status == .passed)
        }

        @Test("a median's interval bounds are not compared as metrics of their own")
        func boundsNotCompared() {
            #expect(Repetitions.boundColumns(["a_ns", "a_ns_ci_low", "a_ns_ci_high", "b_ci_low"]) == ["a_ns_ci_low", "a_ns_ci_high"])
        }
    }
}
