/// Where a run stands at one sweep value, by the decision metric.
public enum Standing: String, Sendable, Equatable, CaseIterable {
    /// The best value there, separated from every other run by the test (or, for exact values,
    /// the best value; several runs when their values are equal).
    case best
    /// In the tied group: not separated from the leader (the best median), the leader included
    /// when some run is tied with it. A sweep value with a tied group has no ``best``.
    case tied
    /// Worse than the best (or no value).
    case behind = ""
}

/// The best run and the runs tied with it at each sweep value: the rule the grid, the decision,
/// the pages and the plots share, ``Contest`` at each sweep value.
///
/// The best value is the highest, or the lowest for a lower-is-better metric (see
/// ``DecisionGrid/higherIsBetter(_:columns:question:)``). For a count with one seed, the runs
/// with exactly the best value are best and no run is tied (counts are exact: equal means
/// equal). Over seeds (a count in `seeds.csv`, or a measured figure's repetitions seed by seed)
/// and for a measured figure's repetitions, the runs are tested against the leader, Holm within
/// the sweep value: see ``Contest``.
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

    /// The standings of every run at every sweep value of `data` by `metric`: at each sweep
    /// value, one question for ``Contest`` (its own Holm family).
    ///
    /// - Parameters:
    ///   - higherIsBetter: Whether the larger value is the best.
    ///   - alpha: The significance level of the tests (seeds or repetitions only).
    /// - Complexity: O(*v*·*r*) for exact values; tested, O(*v*·*r*·*s*³) for *s* seeds or repetitions.
    init(_ data: DecisionData, metric: String, higherIsBetter: Bool, alpha: Double) {
        var cannotTell = false
        var needed: Int?
        var overSeeds = false
        entries = data.values.indices.map { value in
            let candidates = data.runs.indices.map { run -> Contest.Candidate? in
                let configuration = DecisionData.Configuration(run: run, value: value)
                return data.number(metric, configuration).map {
                    Contest.Candidate(value: $0, samples: data.samples(metric, configuration))
                }
            }
            let contest = Contest(candidates, higherIsBetter: higherIsBetter, alpha: alpha)
            if contest.cannotTell {
                cannotTell = true
                needed = max(needed ?? 0, contest.needed ?? 0)
                overSeeds = overSeeds || contest.overSeeds
            }
            return contest.entries
        }
        self.cannotTell = cannotTell
        self.needed = needed.flatMap { $0 > 0 ? $0 : nil }
        self.cannotTellOverSeeds = overSeeds
    }

    /// Whether some tie rests on too few seeds or repetitions for any difference to be significant.
    var cannotTell = false
    /// How many seeds (or repetitions) would let every question's tests be significant at all.
    var needed: Int?
    /// Whether ``cannotTell`` is about seeds (else repetitions).
    var cannotTellOverSeeds = false

    /// The runs (indices) of `standing` at sweep value `value`, in run order.
    func runs(_ standing: Standing, at value: Int) -> [Int] {
        entries[value].indices.filter { entries[value][$0].standing == standing }
    }

    /// Whether some tie at some value rests on too few seeds for any difference to be significant.
    var tooFewSeeds: Bool {
        cannotTell || entries.contains { $0.contains { $0.verdict == .tooFewSeeds } }
    }
}
