/// Which of several candidates is best by one metric, and which cannot be told apart from it:
/// the one rule the grid, `grid.csv`, `decision.csv`, the printed answer, the heat map and the
/// index pages share, so that they can never disagree.
///
/// - **Exact values** (a count with one seed): the candidates with the best value are best (all
///   of them, when equal) and no candidate is tied: equal means equal.
/// - **Tested values** (a count over seeds, or a measured figure): the leader is the candidate
///   with the best value (the summary's median; the first of equal ones), and every other
///   candidate is tested against it: over seeds, each seed reduced to one value (a count's, or
///   the median of a measured figure's repetitions in that seed) and the seeds paired
///   (``PairedVerdict``, Wilcoxon signed-rank); with one seed, the repetitions as two samples
///   (``MannWhitneyU``). The p-values of one question are Holm-corrected together, leaving out
///   (Tarone) the tests that could not reach α at all. A candidate significantly worse than the
///   leader is behind; one with the same values in every seed (or the same repetitions) is equal
///   to it; any other is tied with it. The leader is **best** only when every other candidate is
///   behind or equal; otherwise the leader and the candidates tied with it are all
///   ``Standing/tied``: the answer is the tied group, not a best. Two runs of the same designs
///   whose medians came out in the other order, with the same spread, give the same group.
struct Contest: Sendable, Equatable {
    /// One candidate.
    struct Candidate: Sendable, Equatable {
        /// Its value: the summary's (the median with repetitions or seeds).
        var value: Double
        /// What the test compares, by seed (one key, "", without seeds): a count's value in each
        /// seed, or a measured figure's repetitions in each seed; nil for an exact value.
        var samples: [String: [Double]]?
    }

    /// Where each candidate stands (nil candidates: ``Standing/behind``).
    var entries: [Standings.Entry]
    /// Whether some candidate is tied only because no test of the question could be
    /// significant (too few seeds or repetitions), not because the values overlap.
    var cannotTell = false
    /// How many seeds (over seeds) or repetitions (one seed) would let the question's tests be
    /// significant at all, when ``cannotTell``; nil otherwise or past the limit.
    var needed: Int?
    /// Whether the tests were over seeds (else over repetitions).
    var overSeeds = false

    /// The standings of `candidates` (nil: no value) at `alpha`.
    /// - Complexity: that of the tests: O(*c*·*s*³) for *c* candidates of *s* seeds or repetitions.
    init(_ candidates: [Candidate?], higherIsBetter: Bool, alpha: Double) {
        entries = [Standings.Entry](repeating: Standings.Entry(standing: .behind), count: candidates.count)
        let present = candidates.enumerated().compactMap { index, candidate in candidate.map { (index, $0) } }
        let better = { (a: Double, b: Double) in higherIsBetter ? a > b : a < b }
        guard let leader = present.min(by: { better($0.1.value, $1.1.value) || ($0.1.value == $1.1.value && $0.0 < $1.0) })
        else { return }
        guard let leaderSamples = leader.1.samples else {
            // Exact values: equal means equal.
            for (index, candidate) in present where candidate.value == leader.1.value { entries[index].standing = .best }
            return
        }
        // One test per other candidate, against the leader.
        struct Test {
            var index: Int
            var p: Double
            var smallest: Double
            var leaderBetter: Bool
            var verdict: PairedVerdict?
        }
        var tests: [Test] = []
        var identical: [Int] = []
        for (index, candidate) in present where index != leader.0 {
            guard let samples = candidate.samples else { continue }
            let common = leaderSamples.keys.filter { samples[$0] != nil }.sorted()
            if common.count > 1 {
                overSeeds = true
                let mine = common.map { Self.median(samples[$0] ?? []) }
                let theirs = common.map { Self.median(leaderSamples[$0] ?? []) }
                let verdict = PairedVerdict.compare(mine, theirs, higherIsBetter: higherIsBetter, alpha: alpha)
                if verdict.outcome == .identical {
                    identical.append(index)
                    continue
                }
                tests.append(
                    Test(
                        index: index, p: verdict.rawPValue, smallest: verdict.smallestPValue,
                        leaderBetter: verdict.firstHigher != higherIsBetter, verdict: verdict))
            } else {
                let mine = common.flatMap { samples[$0] ?? [] }
                let theirs = common.flatMap { leaderSamples[$0] ?? [] }
                guard let test = MannWhitneyU(mine, theirs) else { continue }
                if mine.sorted() == theirs.sorted() {
                    identical.append(index)
                    continue
                }
                // U counts the candidate's values above the leader's.
                let candidateHigher = test.u > Double(mine.count * theirs.count) / 2
                tests.append(
                    Test(
                        index: index, p: test.pValue, smallest: test.smallestPValue,
                        leaderBetter: candidateHigher != higherIsBetter, verdict: nil))
            }
        }
        // Holm over the tests that could reach α at all (Tarone).
        let family = tests.indices.filter { tests[$0].smallest <= alpha }
        let adjusted = HolmCorrection.adjusted(family.map { tests[$0].p })
        var adjustedByTest = [Double?](repeating: nil, count: tests.count)
        for (position, test) in family.enumerated() { adjustedByTest[test] = adjusted[position] }
        let familyCanReject =
            family.contains { tests[$0].smallest <= HolmCorrection.firstStepLevel(alpha: alpha, familySize: family.count) }
        var group: [Int] = []
        for (position, test) in tests.enumerated() {
            let p = adjustedByTest[position] ?? test.p
            let separated = adjustedByTest[position] != nil && p <= alpha && test.leaderBetter
            let verdict = test.verdict.map { $0.judged(pValue: p, familySize: max(family.count, 1), familyCanReject: familyCanReject) }
            entries[test.index] = Standings.Entry(standing: separated ? .behind : .tied, pValue: p, verdict: verdict?.outcome)
            if !separated {
                group.append(test.index)
                if test.smallest > alpha || !familyCanReject { cannotTell = true }
            }
        }
        let equal = [leader.0] + identical
        for index in equal {
            entries[index].standing = group.isEmpty ? .best : .tied
            if index != leader.0, overSeeds { entries[index].verdict = .identical }
        }
        if cannotTell {
            let size = max(tests.count, 1)
            needed =
                overSeeds
                ? PairedVerdict.seedsNeeded(familySize: size, alpha: alpha)
                : MannWhitneyU.repetitionsNeeded(familySize: size, alpha: alpha, limit: JudgingPower.repetitionLimit)
        }
    }

    /// The median of `values` (0 for none).
    static func median(_ values: [Double]) -> Double {
        values.isEmpty ? 0 : Seeds.median(values)
    }
}
