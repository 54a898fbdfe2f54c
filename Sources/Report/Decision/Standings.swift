/// Where a run stands at one sweep value, by the decision metric.
public enum Standing: String, Sendable, Equatable, CaseIterable {
    /// The best value there (several runs when their values are equal).
    case best
    /// Tied with the best: with one seed, never (equal values are all ``best``); with seeds, not
    /// significantly different from the best run over the seeds.
    case tied
    /// Worse than the best (or no value).
    case behind = ""
}

/// The best run and the runs tied with it at each sweep value: the rule the grid, the decision
/// and the plots share.
///
/// The best value is the highest, or the lowest for a lower-is-better metric (see
/// ``DecisionGrid/direction(of:columns:question:)``). With one seed, the runs with exactly the
/// best value are best and no run is tied (counts are exact: equal means equal). With seeds, the
/// runs whose median (the summary's value) is the best are best, and every other run is compared
/// with the first of them seed by seed (``PairedVerdict``, two-sided Wilcoxon signed-rank on the
/// per-seed differences from `seeds.csv`), the p-values of one sweep value Holm-corrected
/// together (``HolmCorrection``): a run whose difference is not significant at α is tied —
/// including when the seeds are too few for any difference to be significant, which the answer
/// then says. A metric `seeds.csv` lacks falls back to the one-seed rule on the medians.
struct Standings: Sendable, Equatable {
    /// One run's standing at one sweep value.
    struct Entry: Sendable, Equatable {
        var standing: Standing
        /// The Holm-adjusted p-value against the best (seeds only).
        var pValue: Double?
        /// The paired verdict's outcome against the best (seeds only).
        var verdict: PairedVerdict.Outcome?
    }

    /// Per sweep value, per run: where it stands (runs without a value: ``Standing/behind``).
    var entries: [[Entry]]

    /// The standings of every run at every sweep value of `data` by `metric`.
    ///
    /// - Parameters:
    ///   - higherIsBetter: Whether the larger value is the best.
    ///   - alpha: The significance level of the paired tests (seeds only).
    /// - Complexity: O(*v*·*r*) without seeds; with *s* seeds, O(*v*·*r*·*s*²) for the exact tests.
    init(_ data: DecisionData, metric: String, higherIsBetter: Bool, alpha: Double) {
        entries = data.values.indices.map { value in
            let numbers = data.runs.indices.map { data.number(metric, .init(run: $0, value: value)) }
            var entries = [Entry](repeating: Entry(standing: .behind), count: data.runs.count)
            let present = numbers.compactMap { $0 }
            guard let best = higherIsBetter ? present.max() : present.min() else { return entries }
            for (run, number) in numbers.enumerated() where number == best {
                entries[run].standing = .best
            }
            guard data.hasSeeds, let leader = numbers.firstIndex(of: best),
                let leaderSeeds = data.seedNumbers(metric, .init(run: leader, value: value))
            else { return entries }
            var tested: [(run: Int, verdict: PairedVerdict)] = []
            for (run, number) in numbers.enumerated() where number != nil && number != best {
                guard let seeds = data.seedNumbers(metric, .init(run: run, value: value)) else { continue }
                let common = leaderSeeds.keys.filter { seeds[$0] != nil }.sorted()
                guard !common.isEmpty else { continue }
                let verdict = PairedVerdict.compare(
                    common.compactMap { seeds[$0] }, common.compactMap { leaderSeeds[$0] }, higherIsBetter: higherIsBetter,
                    alpha: alpha)
                tested.append((run, verdict))
            }
            let adjusted = HolmCorrection.adjusted(tested.map(\.verdict.rawPValue))
            for (index, test) in tested.enumerated() {
                let verdict = test.verdict.judged(pValue: adjusted[index])
                // Significantly worse than the best is behind; anything else cannot be told apart.
                let standing: Standing = verdict.outcome == .secondBetter ? .behind : .tied
                entries[test.run] = Entry(standing: standing, pValue: verdict.pValue, verdict: verdict.outcome)
            }
            return entries
        }
    }

    /// The runs (indices) of `standing` at sweep value `value`, in run order.
    func runs(_ standing: Standing, at value: Int) -> [Int] {
        entries[value].indices.filter { entries[value][$0].standing == standing }
    }

    /// Whether some tie at some value rests on too few seeds for any difference to be significant.
    var tooFewSeeds: Bool {
        entries.contains { $0.contains { $0.verdict == .tooFewSeeds } }
    }
}
