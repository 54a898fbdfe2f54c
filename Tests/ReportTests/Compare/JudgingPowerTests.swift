import Report
import Testing

extension CompareTests {
    /// Whether the repetitions can judge the measured metrics at all, and how many would.
    @Suite("Judging power")
    struct JudgingPowerTests {
        typealias J = JudgmentTests
        static let p99 = J.p99
        static let bytes = J.bytes

        @Test("the repetitions a side that pass Holm's first step: 5 for one test at 0.01, 6 for two, 9 for 69; nil past the limit")
        func repetitionsNeeded() {
            #expect(MannWhitneyU.repetitionsNeeded(familySize: 1, alpha: 0.01) == 5)
            // 2/924 = 0.0022 passes 0.01/2; 2/252 = 0.0079 does not.
            #expect(MannWhitneyU.repetitionsNeeded(familySize: 2, alpha: 0.01) == 6)
            // 0.01/69 = 1.45e-4: 2/48620 = 4.1e-5 passes (9 a side), 2/12870 = 1.55e-4 does not (8).
            #expect(MannWhitneyU.repetitionsNeeded(familySize: 69, alpha: 0.01) == 9)
            #expect(MannWhitneyU.repetitionsNeeded(familySize: 69, alpha: 0.01, limit: 8) == nil)
            #expect(MannWhitneyU.repetitionsNeeded(familySize: 1, alpha: 0.05) == 4)
            #expect(HolmCorrection.firstStepLevel(alpha: 0.01, familySize: 4) == 0.0025)
        }

        @Test(
            "--repeat 5 over a family of several tested metrics cannot pass Holm: compare says it cannot judge them, and that 6 a side would"
        )
        func familyBeyondReach() throws {
            let low: [Double] = [1, 2, 3, 4, 5]
            let high: [Double] = [16, 17, 18, 19, 20]
            // Both twice as heavy, every repetition apart: still no p-value can pass 0.01/2.
            let comparison = J.compare([Self.p99: low, Self.bytes: low], [Self.p99: high, Self.bytes: high])
            let power = comparison.power
            #expect(power.familySize == 2)
            #expect(power.familyRepetitions == 5)
            #expect(abs((power.bestPossiblePValue ?? 0) - 2.0 / 252) < 1e-12)
            #expect(!power.familyCanReach)
            #expect(power.isShort)
            #expect(power.needed == 6)
            #expect(comparison.notJudged.count == 2)
            #expect(comparison.regressions.isEmpty)
            #expect(comparison.status == .passed)
            #expect(
                power.statements == [
                    "measured metrics not judged: with 5 repetitions a side no p-value can go below 0.0079, and Holm's "
                        + "correction over 2 tested metrics needs 0.005 or less (alpha 0.01): run with --repeat 6 or more"
                ])
            let text = ComparisonTextFormatter().render(comparison)
            #expect(text.contains("\nmeasured metrics not judged: with 5 repetitions a side"), "\(text)")
            #expect(text.contains("\nNot judged (too few repetitions)\n"), "\(text)")
        }

        @Test("a family whose tests can reach significance says nothing about the repetitions")
        func familyWithinReach() {
            let steady: [Double] = [1000, 1020, 990, 1050, 1010, 995, 1040, 1005, 1030, 985]
            let comparison = J.compare([Self.p99: steady, Self.bytes: steady], [Self.p99: steady.map { $0 * 1.3 }, Self.bytes: steady])
            #expect(comparison.power.familyCanReach)
            #expect(comparison.power.statements.isEmpty)
            #expect(comparison.regressions.map(\.metric) == [Self.p99])
        }

        @Test("fewer than 5 repetitions: the statement names them and the repetitions that would judge, counting the metrics to test")
        func tooFewStatement() {
            let comparison = J.compare(
                [Self.p99: [1000, 1010], Self.bytes: [4096, 4096]], [Self.p99: [2000, 2010], Self.bytes: [4096, 4096]])
            let power = comparison.power
            #expect(power.tooFew == 2)
            #expect(power.tooFewRepetitions == 2)
            // allocated_bytes is the same in every repetition: it would never join the family.
            #expect(power.expectedFamilySize == 1)
            #expect(power.needed == 5)
            #expect(
                power.statements == [
                    "measured metrics not judged: 2 repetitions a side, judging needs 5 or more: run with --repeat 5 or "
                        + "more, or compare with --strict to judge them weakly"
                ])
        }

        @Test("fewer than 5 repetitions over many metrics: the repetitions needed for Holm's correction are named")
        func tooFewManyMetrics() {
            let columns = (1...12).map { "m\($0)_ns" }
            let base = Dictionary(uniqueKeysWithValues: columns.map { ($0, [1000.0]) })
            let cur = Dictionary(uniqueKeysWithValues: columns.map { ($0, [2000.0]) })
            let comparison = Comparison(
                baseline: J.side("base", base, extra: Dictionary(uniqueKeysWithValues: columns.map { ($0, "1000") })),
                current: J.side("cur", cur, extra: Dictionary(uniqueKeysWithValues: columns.map { ($0, "2000") })))
            #expect(comparison.power.expectedFamilySize == 12)
            // 0.01/12 = 8.3e-4: 7 a side reach 2/3432 = 5.8e-4, 6 only 2/924 = 2.2e-3.
            #expect(comparison.power.needed == 7)
            #expect(
                comparison.power.statements.first
                    == "measured metrics not judged: 1 repetition a side, judging needs 5 or more (7 to pass Holm's "
                    + "correction over the 12 metrics to test): run with --repeat 7 or more, or compare with --strict to judge them weakly")
        }
    }
}
