import Testing

@testable import Report

extension StatisticsTests {
    @Suite("Paired verdicts over seeds")
    struct PairedVerdictTests {
        /// Ten seeds' hit rates of a run, and another's 0.01 lower in 9 of them and 0.005 higher in one.
        static let first: [Double] = [0.61, 0.64, 0.58, 0.70, 0.66, 0.59, 0.62, 0.65, 0.63, 0.60]
        static let second: [Double] = [0.60, 0.63, 0.57, 0.69, 0.65, 0.58, 0.61, 0.64, 0.62, 0.605]

        @Test(
            "the better run by the metric's direction, in words: 'fifo/repopulate beats lru/repopulate on hit_rate in 9 of 10 seeds (p = 0.0039)'"
        )
        func betterRun() {
            // Differences: nine of 0.01, one of -0.005 (the smallest magnitude: rank 1): R− = 1,
            // p = 2 · 2 / 2^10 = 0.00390625 (scipy.stats.wilcoxon(..., method="exact") agrees).
            let verdict = PairedVerdict.compare(Self.first, Self.second, higherIsBetter: true, alpha: 0.05)
            #expect(verdict.outcome == .firstBetter)
            #expect(verdict.firstWins == 9 && verdict.secondWins == 1 && verdict.ties == 0 && verdict.seeds == 10)
            #expect(verdict.statistic == 1 && abs(verdict.pValue - 0.00390625) < 1e-12)
            #expect(
                verdict.sentence(first: "fifo/repopulate", second: "lru/repopulate", metric: "hit_rate")
                    == "fifo/repopulate beats lru/repopulate on hit_rate in 9 of 10 seeds (p = 0.0039)")
            // Lower is better (a miss rate): the same numbers make the second run the better one.
            let lower = PairedVerdict.compare(Self.first, Self.second, higherIsBetter: false, alpha: 0.05)
            #expect(lower.outcome == .secondBetter && lower.secondWins == 9)
            #expect(
                lower.sentence(first: "fifo/repopulate", second: "lru/repopulate", metric: "miss_rate")
                    == "lru/repopulate beats fifo/repopulate on miss_rate in 9 of 10 seeds (p = 0.0039)")
            #expect(lower.higherLowerDescription == "higher in 9 of 10 seeds (p = 0.0039)")
        }

        @Test("the same value in every seed: identical, no test; seeds on which two runs agree are left out of the test")
        func identical() {
            let verdict = PairedVerdict.compare([3, 4, 5], [3, 4, 5], higherIsBetter: true, alpha: 0.05)
            #expect(verdict.outcome == .identical && verdict.pValue == 1 && verdict.ties == 3)
            #expect(verdict.sentence(first: "a", second: "b", metric: "hits") == "a and b are identical on hits in all 3 seeds")
            // Two ties and six seeds higher: the six decide (p = 2/2^6).
            let mostly = PairedVerdict.compare([1, 2, 3, 4, 5, 6, 7, 8], [1, 2, 2, 3, 4, 5, 6, 7], higherIsBetter: true, alpha: 0.05)
            #expect(mostly.ties == 2 && mostly.firstWins == 6 && abs(mostly.rawPValue - 2.0 / 64) < 1e-12)
            #expect(mostly.outcome == .firstBetter)
        }

        @Test("too few differing seeds: when no signs could give p <= alpha, the verdict says so instead of 'tied'")
        func tooFewSeeds() {
            // Four seeds, all higher: the smallest p-value four differences can give is 2/16 = 0.125.
            let verdict = PairedVerdict.compare([5, 6, 7, 8], [1, 2, 3, 4], higherIsBetter: true, alpha: 0.05)
            #expect(verdict.outcome == .tooFewSeeds && verdict.smallestPValue == 0.125)
            #expect(
                verdict.sentence(first: "a", second: "b", metric: "hits")
                    == "a and b cannot be told apart on hits with 4 differing seeds (p >= 0.125 whatever they show; a better in 4 of 4)")
        }

        @Test("within the seeds' spread: 'tied', with how often each was better")
        func tied() {
            let a: [Double] = [10, 12, 9, 14, 11, 13, 8, 15]
            let b: [Double] = [11, 11, 10, 13, 12, 12, 9, 14]
            let verdict = PairedVerdict.compare(a, b, higherIsBetter: true, alpha: 0.05)
            #expect(verdict.outcome == .tied && verdict.firstWins == 4 && verdict.secondWins == 4)
            #expect(
                verdict.sentence(first: "a", second: "b", metric: "hits").hasPrefix(
                    "a and b are tied on hits within the seeds' spread (a better in 4 of 8 seeds, p = "))
        }

        @Test("judged again on a corrected p-value (Holm's, within a family): the counts stay, the outcome follows the new p")
        func judgedOnAdjustedPValue() {
            let verdict = PairedVerdict.compare(Self.first, Self.second, higherIsBetter: true, alpha: 0.05)
            let corrected = verdict.judged(pValue: 0.2)
            #expect(corrected.outcome == .tied && corrected.pValue == 0.2 && corrected.rawPValue == verdict.rawPValue)
            #expect(corrected.firstWins == 9)
            #expect(verdict.judged(pValue: 0.04).outcome == .firstBetter)
        }

        /// A seeds.csv row.
        static func row(run: Int, policy: String, inUse: String, point: Double?, seed: UInt64, hits: Int, work: Double = 0) -> ResultRow {
            var row = ResultRow()
            row.append("scenario", .string("s"))
            row.append("policy", .string(policy))
            row.append("in_use", .string(inUse))
            row.append("run", .int(run))
            row.append("sweep_key", .string(point == nil ? "" : "cache.capacity"))
            row.append("sweep_value", point.map { .double($0) } ?? .empty)
            row.append("seed", .uint(seed))
            row.append("hits", .int(hits))
            row.append("work_ns", .double(work))
            return row
        }

        static let columns = ResultColumns(
            summary: SharedColumns.identity + [
                SharedColumns.seed, .count("hits", .higherIsBetter, "hits"),
                .measured("work_ns", .nanoseconds, .lowerIsBetter, "work"),
            ])

        @Test(
            "a scenario's family: runs at one sweep point differing in their policy or their in-use mode only, each named count, Holm-corrected together"
        )
        func family() {
            let runs: [(String, String)] = [("none", "-"), ("lru", "repopulate"), ("lru", "pin"), ("fifo", "repopulate"), ("fifo", "pin")]
            var rows: [ResultRow] = []
            for (p, point) in [4.0, 8.0].enumerated() {
                for (r, (policy, mode)) in runs.enumerated() {
                    for seed in 1...10 as ClosedRange<UInt64> {
                        // fifo/pin is 1 higher than everything else in every seed.
                        let hits = Int(seed) * 10 + (policy == "fifo" && mode == "pin" ? 1 : 0)
                        rows.append(Self.row(run: p * runs.count + r, policy: policy, inUse: mode, point: point, seed: seed, hits: hits))
                    }
                }
            }
            let family = PairedVerdict.family(rows: rows, metrics: ["hits", "work_ns"], columns: Self.columns, alpha: 0.05)
            // Per point: lru/repopulate–lru/pin, lru/repopulate–fifo/repopulate, lru/pin–fifo/pin,
            // fifo/repopulate–fifo/pin; none with nobody; work_ns is measured: left out.
            #expect(family.count == 8)
            #expect(family.allSatisfy { $0.metric == "hits" })
            #expect(
                family.prefix(4).map { "\($0.first) \($0.second)" } == [
                    "lru/repopulate lru/pin", "lru/repopulate fifo/repopulate", "lru/pin fifo/pin", "fifo/repopulate fifo/pin",
                ])
            let decided = family.filter { $0.verdict.outcome == .secondBetter }
            #expect(decided.count == 4 && decided.allSatisfy { $0.second == "fifo/pin" })
            // The family is the 4 comparisons that differ: each p = 2/1024, Holm-adjusted × 4.
            #expect(
                decided.allSatisfy { abs($0.verdict.pValue - 4 * 2.0 / 1024) < 1e-12 && abs($0.verdict.rawPValue - 2.0 / 1024) < 1e-12 })
            #expect(family.filter { $0.verdict.outcome == .identical }.count == 4)
            #expect(
                decided[0].sentence
                    == "@ cache.capacity=4: fifo/pin beats lru/pin on hits in 10 of 10 seeds (p = 0.0078)")
        }

        @Test(
            "a family too large for its seeds: when no comparison could pass Holm's first step, each says too few seeds, and how many would do"
        )
        func familyTooLargeForItsSeeds() {
            // 30 sweep points, two runs each, the second 1 higher in all 10 seeds: raw p = 2/1024 = 0.00195,
            // but Holm over 30 comparisons needs p <= 0.05 / 30 = 0.00167 for the first.
            var rows: [ResultRow] = []
            for point in 0..<30 {
                for (r, policy) in ["lru", "fifo"].enumerated() {
                    for seed in 1...10 as ClosedRange<UInt64> {
                        rows.append(
                            Self.row(
                                run: 2 * point + r, policy: policy, inUse: "-", point: Double(point), seed: seed,
                                hits: Int(seed) + (policy == "fifo" ? 1 : 0)))
                    }
                }
            }
            let family = PairedVerdict.family(rows: rows, metrics: ["hits"], columns: Self.columns, alpha: 0.05)
            #expect(family.count == 30 && family.allSatisfy { $0.verdict.outcome == .tooFewSeeds && $0.verdict.familySize == 30 })
            #expect(
                family[0].sentence
                    == "@ cache.capacity=0: lru and fifo cannot be told apart on hits with 10 differing seeds (p >= 0.002 whatever they show, and Holm over 30 comparisons needs p <= 0.0017; lru better in 0 of 10)"
            )
            #expect(PairedVerdict.seedsNeeded(familySize: 30, alpha: 0.05) == 11)
            #expect(PairedVerdict.seedsNeeded(familySize: 1, alpha: 0.05) == 6)
        }
    }
}
