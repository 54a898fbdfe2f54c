/// Which runs a plot draws as lines: every run up to ``maximumRuns``; past it, the baseline (the
/// first run of policy `none`, when there is one), the best and the worst run by the plot's
/// metric (a summary column; which way is better comes from `columns.csv`), and a note for the
/// subtitle saying so: "3 of 8 runs: baseline none/-, best lru/repopulate, worst fifo/drop by
/// hit_rate (higher is better)". A neutral metric picks the highest and the lowest.
///
/// `scripts/plot.sh` chooses the same runs (its `choose_runs`).
struct RunSelection {
    /// The most runs a plot draws as lines, each in its own colour.
    static let maximumRuns = 6

    /// The summary rows.
    let summary: ResultsTable
    /// The results' columns, for the metric's direction.
    let columns: ResultColumns

    /// The runs to draw of `runs` (in their order) and the note saying which, when not all.
    func choose(_ runs: [ResultsTable.Run], metric: String?) -> (runs: [ResultsTable.Run], note: String?) {
        guard runs.count > Self.maximumRuns else {
            return (runs, nil)
        }
        let baseline = runs.first { $0.policy == "none" }
        let means = metric.map { self.values(of: $0) } ?? [:]
        let ranked = runs.filter { $0 != baseline }.compactMap { run in means[run.key].map { (run, $0) } }
        guard let metric, let low = ranked.min(by: { $0.1 < $1.1 })?.0, let high = ranked.max(by: { $0.1 < $1.1 })?.0
        else {
            let first = Array(runs.prefix(Self.maximumRuns))
            return (first, "\(first.count) of \(runs.count) runs: the first \(first.count)")
        }
        let direction = columns.column(metric)?.direction ?? .neutral
        let (best, worst) = direction == .lowerIsBetter ? (low, high) : (high, low)
        let words =
            direction == .neutral
            ? ("highest", "lowest", "")
            : ("best", "worst", direction == .higherIsBetter ? " (higher is better)" : " (lower is better)")
        var picked: [(role: String, run: ResultsTable.Run)] = []
        if let baseline {
            picked.append(("baseline", baseline))
        }
        picked.append((words.0, best))
        if worst != best {
            picked.append((words.1, worst))
        }
        let chosen = runs.filter { run in picked.contains { $0.run == run } }
        let roles = picked.map { "\($0.role) \($0.run.name)" }.joined(separator: ", ")
        return (chosen, "\(chosen.count) of \(runs.count) runs: \(roles) by \(metric)\(words.2)")
    }

    /// The mean of `metric` per run of the summary (its rows at every sweep value, for runs not
    /// told apart by them), by run key (`policy/in_use`, `policy/in_use@sweep_value`); rows
    /// without a number are left out.
    func values(of metric: String) -> [String: Double] {
        var sums: [String: (total: Double, count: Int)] = [:]
        for row in summary.rows {
            guard let text = summary.value(metric, in: row), let value = Double(text) else { continue }
            let policy = summary.value("policy", in: row) ?? ""
            let inUse = summary.value("in_use", in: row) ?? ""
            let sweep = summary.value("sweep_value", in: row) ?? ""
            for key in ["\(policy)/\(inUse)", "\(policy)/\(inUse)@\(sweep)"] {
                let sum = sums[key, default: (0, 0)]
                sums[key] = (sum.total + value, sum.count + 1)
            }
        }
        return sums.mapValues { $0.total / Double($0.count) }
    }
}

extension ResultsTable.Run {
    /// The run as legends name it: its key, without `/-` when it has no in-use mode.
    var name: String {
        inUse == "-" ? policy + (sweepValue.map { "@\($0)" } ?? "") : key
    }
}
