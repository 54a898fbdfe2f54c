extension PairedVerdict {
    /// The significance level of the seed verdicts `run` prints and relative expectations on
    /// counts use: family-wise over a scenario's comparisons (Holm).
    public static let defaultAlpha = 0.05

    /// One comparison of a scenario's family: two runs at one sweep point, on one count.
    public struct Comparison: Sendable, Equatable {
        /// The first run (the lower run index): `fifo/repopulate`.
        public var first: String
        /// The second run.
        public var second: String
        /// The sweep point both ran at, `cache.capacity=12`; nil without a sweep.
        public var point: String?
        /// The count compared.
        public var metric: String
        /// Whether the count has no better direction (compared as higher is better).
        public var neutral: Bool
        /// The verdict, judged on Holm's adjusted p-value within the family.
        public var verdict: PairedVerdict

        /// `@ cache.capacity=12: fifo/repopulate beats lru/repopulate on hit_rate in 9 of 10 seeds (p = 0.004)`.
        public var sentence: String {
            (point.map { "@ \($0): " } ?? "") + verdict.sentence(first: first, second: second, metric: metric, neutral: neutral)
        }
    }

    /// Every comparison of a scenario's runs over their seeds, on each of `metrics` that is a
    /// count of `columns` (others are left out), Holm-corrected within the scenario.
    ///
    /// Which runs are compared: two runs at the same sweep point that differ in one thing, their
    /// policy (same in-use mode, `-` included) or their in-use mode (same policy). A policy with
    /// no in-use handling (`none`, mode `-`) is so compared only with the others without one.
    /// Their values pair up by seed (seeds only one of them ran are left out).
    ///
    /// The family Holm corrects is the comparisons that could be significant at `alpha` at all:
    /// those whose runs differ in some seed and whose smallest possible p-value is at most
    /// `alpha` (the others are ``Outcome/identical`` or ``Outcome/tooFewSeeds`` whatever the
    /// family, and would only make it larger; Tarone, 1990). When no comparison of the family
    /// could pass Holm's first step (smallest possible p-value at most α / m), none can be
    /// significant: each is ``Outcome/tooFewSeeds`` (more seeds would tell:
    /// ``PairedVerdict/seedsNeeded(familySize:alpha:)``), not ``Outcome/tied``.
    ///
    /// - Parameters:
    ///   - rows: The `seeds.csv` rows (one per run per seed: `run`, `policy`, `in_use`,
    ///     `sweep_key`, `sweep_value`, `seed` and the counts).
    ///   - metrics: The counts to compare (those a scenario's `decide:` or `expect:` names).
    ///   - columns: The results' columns (each metric's role and direction).
    /// - Returns: The comparisons in run order (first run, then second), each metric in the order given.
    public static func family(rows: [ResultRow], metrics: [String], columns: ResultColumns, alpha: Double = defaultAlpha) -> [Comparison] {
        let counts = metrics.filter { columns.role(of: $0) == .count }
        // The runs in order, each with its rows (one per seed).
        var order: [String] = []
        var byRun: [String: [ResultRow]] = [:]
        for row in rows {
            let run = row["run"]?.text ?? ""
            if byRun[run] == nil { order.append(run) }
            byRun[run, default: []].append(row)
        }
        order.sort { (Int($0) ?? .max, $0) < (Int($1) ?? .max, $1) }
        var comparisons: [Comparison] = []
        for (offset, a) in order.enumerated() {
            for b in order[(offset + 1)...] {
                guard let first = byRun[a]?.first, let second = byRun[b]?.first, comparable(first, second) else { continue }
                let seeds = (byRun[a] ?? []).compactMap { $0["seed"]?.text }
                let other = Dictionary((byRun[b] ?? []).map { ($0["seed"]?.text ?? "", $0) }, uniquingKeysWith: { first, _ in first })
                for metric in counts {
                    var x: [Double] = []
                    var y: [Double] = []
                    for (seed, row) in zip(seeds, byRun[a] ?? []) {
                        guard let value = row[metric]?.number, let paired = other[seed]?[metric]?.number else { continue }
                        x.append(value)
                        y.append(paired)
                    }
                    guard !x.isEmpty else { continue }
                    let direction = columns.column(metric)?.direction ?? .neutral
                    comparisons.append(
                        Comparison(
                            first: label(first), second: label(second), point: point(first), metric: metric,
                            neutral: direction == .neutral,
                            verdict: compare(x, y, higherIsBetter: direction != .lowerIsBetter, alpha: alpha)))
                }
            }
        }
        let tested = comparisons.indices.filter {
            comparisons[$0].verdict.outcome != .identical && comparisons[$0].verdict.smallestPValue <= alpha
        }
        let adjusted = HolmCorrection.adjusted(tested.map { comparisons[$0].verdict.rawPValue })
        let canReject = tested.contains { comparisons[$0].verdict.smallestPValue <= alpha / Double(tested.count) }
        for (index, p) in zip(tested, adjusted) {
            comparisons[index].verdict = comparisons[index].verdict.judged(pValue: p, familySize: tested.count, familyCanReject: canReject)
        }
        return comparisons
    }

    /// Whether two runs' rows are compared: same sweep point, and the same policy or the same
    /// in-use mode (but not both).
    static func comparable(_ a: ResultRow, _ b: ResultRow) -> Bool {
        guard a["sweep_key"] == b["sweep_key"], a["sweep_value"]?.text == b["sweep_value"]?.text else { return false }
        let samePolicy = a["policy"]?.text == b["policy"]?.text
        let sameMode = a["in_use"]?.text == b["in_use"]?.text
        return samePolicy != sameMode
    }

    /// `lru/repopulate`, or `none` for a run without an in-use mode.
    static func label(_ row: ResultRow) -> String {
        let policy = row["policy"]?.text ?? "?"
        let mode = row["in_use"]?.text ?? "-"
        return mode == "-" || mode.isEmpty ? policy : "\(policy)/\(mode)"
    }

    /// `cache.capacity=12`, or nil without a sweep.
    static func point(_ row: ResultRow) -> String? {
        guard let key = row["sweep_key"]?.text, !key.isEmpty else { return nil }
        return "\(key)=\(row["sweep_value"]?.text ?? "")"
    }
}
