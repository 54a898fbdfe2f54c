import Testing

@testable import Report

/// The one tie rule of decisions (``Contest``) on fixed synthetic values, and the confidence
/// bound a measured goal is judged by (``GoalBound``).
@Suite("Decision: the tie rule")
struct ContestTests {
    /// A measured candidate with one seed: its repetitions, the summary's value their median.
    static func measured(_ repetitions: [Double]) -> Contest.Candidate {
        Contest.Candidate(value: Seeds.median(repetitions), samples: ["": repetitions])
    }

    static let a: [Double] = [4.1, 4.6, 3.9, 5.2, 4.4]
    static let b: [Double] = [4.3, 4.9, 4.0, 5.0, 4.5]
    static let slow: [Double] = [9.0, 9.5, 8.8, 9.9, 9.2]

    @Test("two runs' medians in swapped order with the same spread give the same tied group, and no best is named")
    func flipGivesSameGroup() {
        // Run 1: a's median 4.4 < b's 4.5; run 2: the same designs, their repetitions swapped.
        let first = Contest([Self.measured(Self.a), Self.measured(Self.b), Self.measured(Self.slow)], higherIsBetter: false, alpha: 0.05)
        let second = Contest([Self.measured(Self.b), Self.measured(Self.a), Self.measured(Self.slow)], higherIsBetter: false, alpha: 0.05)
        #expect(first.entries.map(\.standing) == [.tied, .tied, .behind])
        #expect(second.entries.map(\.standing) == [.tied, .tied, .behind])
        // scipy.stats.mannwhitneyu(a, slow, method="exact").pvalue = 0.007936507936507936 (2/252),
        // Holm over the 2 tests that can reach 0.05: 0.015873015873015872
        let p = first.entries[2].pValue ?? 1
        #expect(abs(p - 2 * 2.0 / 252) < 1e-12)
    }

    @Test("a measured best is named only where the test (Holm within the question) separates it from every other candidate")
    func separatedBest() {
        let fast: [Double] = [1.0, 1.1, 0.9, 1.2, 1.05]
        let contest = Contest([Self.measured(Self.a), Self.measured(fast), Self.measured(Self.slow)], higherIsBetter: false, alpha: 0.05)
        #expect(contest.entries.map(\.standing) == [.behind, .best, .behind])
        #expect(!contest.cannotTell)
    }

    @Test("repetitions too few for any test to be significant tie every candidate and say how many would do")
    func cannotTell() {
        let contest = Contest(
            [Self.measured([1, 2, 3]), Self.measured([7, 8, 9]), Self.measured([17, 18, 19])], higherIsBetter: false, alpha: 0.05)
        #expect(contest.entries.map(\.standing) == [.tied, .tied, .tied])
        #expect(contest.cannotTell && !contest.overSeeds)
        // 3 a side reach 2/20 = 0.1 at best; Holm over 2 tests needs 0.025: 4 a side give 2/70 ≈ 0.029, 5 give 2/252.
        #expect(contest.needed == 5)
    }

    @Test("counts with one seed: equal means equal, every equal value is best and nothing is tied")
    func exactCounts() {
        let contest = Contest(
            [
                Contest.Candidate(value: 5, samples: nil), Contest.Candidate(value: 5, samples: nil),
                Contest.Candidate(value: 3, samples: nil), nil,
            ],
            higherIsBetter: true, alpha: 0.05)
        #expect(contest.entries.map(\.standing) == [.best, .best, .behind, .behind])
    }

    @Test(
        "a measured goal is met only when its confidence bound meets it; a straddling interval is undecided, with the repetitions that would decide"
    )
    func goalBound() {
        let goal = DecisionQuestion.Condition("ui_get_p99_ns", .less, 10)
        let clear = GoalBound([4, 5, 6, 5, 4, 5, 6, 5, 4, 5], goal)
        #expect(clear.verdict == .met)
        #expect(GoalBound([14, 15, 16, 15, 14, 15], goal).verdict == .missed)
        // Median 9 below the bound, but the 5-value interval (the whole range, 6 to 12) straddles it.
        let straddling = GoalBound([6, 8, 9, 10, 12], goal)
        #expect(straddling.verdict == .undecided)
        // 5 · (3 / 1)² = 45
        #expect(straddling.repetitionsToDecide == 45)
    }
}
