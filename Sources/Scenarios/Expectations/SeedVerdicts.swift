import Report

/// The paired verdicts of a scenario replicated over seeds: which of its runs beat which on the
/// counts its `decide:` and `expect:` name, seed by seed (``PairedVerdict/family(rows:metrics:columns:alpha:)``,
/// Holm-corrected within the scenario). `run` prints them after the summary table.
public enum SeedVerdicts {
    /// The counts `header` names: `decide:`'s goal columns and its `minimize` column, then the
    /// `expect:` metrics, each once, in that order (those that are not counts are left out by
    /// the family).
    public static func metrics(of header: ScenarioHeader) -> [String] {
        var names: [String] = []
        if let decide = header.decide {
            names += decide.goal.keys.sorted()
            names.append(decide.minimize)
        }
        names += header.expect.map(\.metric)
        var seen = Set<String>()
        return names.filter { seen.insert($0).inserted }
    }

    /// The comparisons of `result`'s runs on the counts `header` names; none with one seed.
    public static func comparisons(_ result: ScenarioResult, header: ScenarioHeader) -> [PairedVerdict.Comparison] {
        guard result.seedList.count > 1, !result.seeds.isEmpty else { return [] }
        return PairedVerdict.family(rows: result.seeds, metrics: metrics(of: header), columns: result.columns)
    }

    /// At most this many comparisons are printed one by one; past it, only the significant ones.
    public static let listedInFull = 12

    /// The verdicts as `run` prints them: a heading naming the test, the seeds and the family
    /// (pair by pair: a question and a family apart from the decision's, which tests each run
    /// against the best at each sweep value),
    /// then every verdict on a line (past ``listedInFull``, only the significant ones and how many
    /// were tied, identical or too few to tell). Empty without comparisons.
    public static func render(_ comparisons: [PairedVerdict.Comparison], seeds: Int) -> String {
        guard !comparisons.isEmpty else { return "" }
        let family = comparisons.filter { $0.verdict.outcome != .identical && $0.verdict.smallestPValue <= $0.verdict.alpha }.count
        let alpha = comparisons[0].verdict.alpha
        var text =
            "paired verdicts over \(seeds) seeds, pair by pair (Wilcoxon signed-rank on the counts seed by seed, Holm over \(family) comparison\(family == 1 ? "" : "s"), alpha \(CSVValue.format(alpha))):\n"
        if comparisons.count <= listedInFull {
            for comparison in comparisons { text += "  \(comparison.sentence)\n" }
            return text
        }
        let decided = comparisons.filter { [.firstBetter, .secondBetter].contains($0.verdict.outcome) }
        for comparison in decided { text += "  \(comparison.sentence)\n" }
        let count = { (outcome: PairedVerdict.Outcome) in comparisons.filter { $0.verdict.outcome == outcome }.count }
        var rest: [String] = []
        if decided.isEmpty { rest.append("no difference is significant") }
        if count(.tied) > 0 { rest.append("\(count(.tied)) tied within the seeds' spread") }
        if count(.identical) > 0 { rest.append("\(count(.identical)) identical in every seed") }
        if count(.tooFewSeeds) > 0 { rest.append("\(count(.tooFewSeeds)) with too few differing seeds to tell") }
        if family > 0, let blocked = comparisons.first(where: { !$0.verdict.familyCanReject }) {
            let needed = PairedVerdict.seedsNeeded(familySize: family, alpha: alpha)
            rest.append(
                "Holm over \(family) comparisons needs p <= \(CSVValue.format(alpha / Double(family))), which \(blocked.verdict.seeds) seeds cannot give: "
                    + "replicate over \(needed) or more, or compare fewer runs")
        }
        if !rest.isEmpty { text += "  " + rest.joined(separator: "; ") + "\n" }
        return text
    }
}
