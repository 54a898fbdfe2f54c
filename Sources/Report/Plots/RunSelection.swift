/// Which runs a line plot draws: one rule for every line plot of a scenario (hit rate, resident,
/// latency, sweep), by one metric, the scenario's decision metric
/// (``DecisionReport/rankingMetric(scenarioDirectory:)``: the `decide:` goal's first column,
/// else the first metric its plot views name).
///
/// Every run up to ``maximumRuns``. Past it: the baseline (the first run of policy `none`, when
/// there is one); then, at each sweep value from the smallest up, the best and the worst run
/// there by the metric (which way is better comes from `columns.csv`; a neutral metric: the
/// highest and the lowest), each run once, until six are chosen — without a sweep, the best and
/// the worst. The runs are drawn in their file order, and the subtitle says which were chosen:
///
/// - `3 of 8 runs: baseline none, best lru/repopulate, worst fifo/drop by hit_rate (higher is better)`
/// - `6 of 10 runs: best and worst at cache.capacity 2, 4 (of 7) by hit_rate (higher is better)`
///
/// Without the metric, the first six (`6 of 8 runs: the first 6`). A run worst only at a sweep
/// value past those listed may be left out; the grid and the heat map show every run.
///
/// `scripts/plot.sh` chooses the same runs (its `choose_runs`).
struct RunSelection {
    /// The most runs a plot draws as lines, each in its own colour.
    static let maximumRuns = 6

    /// The summary rows.
    let summary: ResultsTable
    /// The results' columns, for the metric's direction.
    let columns: ResultColumns
    /// The metric runs are ranked by, or nil.
    let metric: String?

    /// The runs to draw of `runs` (in their order) and the note saying which, when not all.
    func choose(_ runs: [ResultsTable.Run]) -> (runs: [ResultsTable.Run], note: String?) {
        guard runs.count > Self.maximumRuns else {
            return (runs, nil)
        }
        let baseline = runs.first { $0.policy == "none" }
        let points = sweepValues
        let table = metric.map(values(of:)) ?? [:]
        guard let metric, runs.contains(where: { run in points.contains { table[Self.key(run, at: $0)] != nil } }) else {
            let first = Array(runs.prefix(Self.maximumRuns))
            return (first, "\(first.count) of \(runs.count) runs: the first \(first.count)")
        }
        let direction = columns.column(metric)?.direction ?? .neutral
        let words =
            direction == .neutral
            ? ("highest", "lowest", "")
            : ("best", "worst", direction == .higherIsBetter ? " (higher is better)" : " (lower is better)")

        var picked: [(role: String, run: ResultsTable.Run)] = baseline.map { [("baseline", $0)] } ?? []
        var covered: [String] = []
        for point in points {
            let ranked = runs.filter { $0 != baseline }.compactMap { run in table[Self.key(run, at: point)].map { (run, $0) } }
            guard let low = ranked.min(by: { $0.1 < $1.1 })?.0, let high = ranked.max(by: { $0.1 < $1.1 })?.0 else { continue }
            let (best, worst) = direction == .lowerIsBetter ? (low, high) : (high, low)
            for (role, run) in [(words.0, best), (words.1, worst)] where picked.count < Self.maximumRuns {
                if !picked.contains(where: { $0.run == run }) { picked.append((role, run)) }
            }
            if picked.contains(where: { $0.run == best }) && picked.contains(where: { $0.run == worst }) { covered.append(point) }
        }
        let chosen = runs.filter { run in picked.contains { $0.run == run } }
        let prefix = "\(chosen.count) of \(runs.count) runs: "
        guard let key = sweepKey, points.count > 1 else {
            let roles = picked.map { "\($0.role) \($0.run.name)" }.joined(separator: ", ")
            return (chosen, prefix + "\(roles) by \(metric)\(words.2)")
        }
        let base = baseline.map { "baseline \($0.name); " } ?? ""
        // Byte counts read 2 MiB, as on the plots' axes.
        let shown = ByteCount.isByteSweep(key: key, columns: columns) ? covered.map(ByteCount.text(cell:)) : covered
        let at =
            covered.count == points.count
            ? "at each \(key)" : "at \(key) \(shown.joined(separator: ", ")) (of \(points.count))"
        return (chosen, prefix + base + "\(words.0) and \(words.1) \(at) by \(metric)\(words.2)")
    }

    /// The summary's sweep values, in increasing numeric order; one empty value without a sweep.
    var sweepValues: [String] {
        let values = summary.distinctValues(of: "sweep_value")
        return values.isEmpty ? [""] : DecisionData.sortedNumerically(values)
    }

    /// The swept parameter's path, or nil without a sweep.
    var sweepKey: String? {
        summary.distinctValues(of: "sweep_value").isEmpty ? nil : summary.distinctValues(of: "sweep_key").first ?? "sweep_value"
    }

    /// `metric` per run and sweep value of the summary, keyed by ``key(_:at:)``; rows without a
    /// number are left out (with several rows of one run at one value, the first).
    func values(of metric: String) -> [String: Double] {
        var values: [String: Double] = [:]
        for row in summary.rows {
            guard let text = summary.value(metric, in: row), let value = Double(text), !value.isNaN else { continue }
            let run = ResultsTable.Run(
                policy: summary.value("policy", in: row) ?? "", inUse: summary.value("in_use", in: row) ?? "", sweepValue: nil)
            let point = summary.value("sweep_value", in: row) ?? ""
            let key = "\(run.key)#\(point)"
            if values[key] == nil { values[key] = value }
        }
        return values
    }

    /// The key of `run` at sweep value `point` in ``values(of:)``: a run keyed by its own sweep
    /// value has a value only at that one.
    static func key(_ run: ResultsTable.Run, at point: String) -> String {
        let pair = "\(run.policy)/\(run.inUse)"
        if let own = run.sweepValue, own != point { return "\(pair)#\u{0}" }
        return "\(pair)#\(point)"
    }
}

extension ResultsTable.Run {
    /// The run as legends name it: its key, without `/-` when it has no in-use mode.
    var name: String {
        inUse == "-" ? policy + (sweepValue.map { "@\($0)" } ?? "") : key
    }
}
