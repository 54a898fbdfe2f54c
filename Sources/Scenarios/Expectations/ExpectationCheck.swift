import Report

/// The outcome of one expectation on one run.
public struct ExpectationOutcome: Equatable, Sendable {
    public var scenario: String
    /// `lru/repopulate`, with ` @ key=value` for a sweep point.
    public var run: String
    public var expectation: Expectation
    /// The recorded value; `nil` when the row has no number for the metric.
    public var actual: Double?
    /// True when it held, or was skipped.
    public var passed: Bool
    /// No run of its policy (and mode) ran: a `--policy` override, a shard, an interrupt.
    public var skipped = false
    /// For a relative condition: the reference run's value times the factor.
    public var reference: Double? = nil
    /// Why a relative condition on a measured metric held or failed (`not significant with 3
    /// repetitions`, `p=0.0004`).
    public var reason: String? = nil
}

/// Checks a scenario's `expect` lines against the summary rows a run produced.
public enum ExpectationCheck {
    /// One outcome per (expectation, matching row). An expectation whose policy did not run
    /// (a `--policy` override, a shard, an interrupt) has one outcome marked `skipped`.
    public static func evaluate(_ expectations: [Expectation], result: ScenarioResult) -> [ExpectationOutcome] {
        var outcomes: [ExpectationOutcome] = []
        for expectation in expectations {
            let rows = result.summary.filter { matches($0, expectation) }
            if rows.isEmpty {
                outcomes.append(
                    ExpectationOutcome(
                        scenario: result.name, run: expectation.policyKey, expectation: expectation, actual: nil,
                        passed: true, skipped: true))
            }
            for row in rows {
                let actual = number(row[expectation.metric])
                var outcome = ExpectationOutcome(
                    scenario: result.name, run: label(row), expectation: expectation, actual: actual,
                    passed: actual.map(expectation.condition.holds(for:)) ?? false)
                if let reference = expectation.condition.reference {
                    relative(&outcome, row: row, reference: reference, result: result)
                }
                outcomes.append(outcome)
            }
        }
        return outcomes
    }

    /// Checks a relative condition: a count exactly against the reference run's value times the
    /// factor; a measured metric by the medians of both runs' repetitions, and only when the
    /// difference is significant (``Significance``): `<`, `<=` hold when the run is significantly
    /// lower, `>`, `>=` significantly higher, `!=` either, `==` when the difference is not
    /// significant. A percentile either run has fewer than ``TailSamples/reliableMinimum``
    /// samples beyond is not met (`unreliable: 4 samples beyond (needs 10)`).
    static func relative(_ outcome: inout ExpectationOutcome, row: ResultRow, reference: Expectation.Reference, result: ScenarioResult) {
        let metric = outcome.expectation.metric
        let op = outcome.expectation.condition.op
        let candidates = result.summary.filter { other in
            other["policy"] == .string(reference.policy.rawValue) && other["sweep_key"] == row["sweep_key"]
                && other["sweep_value"] == row["sweep_value"]
        }
        let mode = reference.inUse.map { CSVValue.string($0.rawValue) }
        guard let referenceRow = candidates.first(where: { $0["in_use"] == (mode ?? row["in_use"]) }) ?? (mode == nil ? candidates.first : nil),
            let actual = outcome.actual, let base = number(referenceRow[metric])
        else {
            outcome.passed = false
            outcome.reason = "no value of run \(reference.run) to compare with"
            return
        }
        outcome.reference = base * reference.factor
        // Measured figures, and the tail samples that follow a measured percentile, vary between runs.
        let role = row.role(of: metric, declaredBy: result.columns.summary)
        guard role == .measured || role == .tail else {
            outcome.passed = Expectation.Condition(op, base * reference.factor).holds(for: actual)
            return
        }
        // A percentile with too few samples beyond it, in either run, supports no claim.
        let unreliable = [row, referenceRow].lazy.compactMap { line in
            TailSamples.unreliability(of: metric, columns: result.columns) { line[$0]?.number }
        }.first
        if let unreliable {
            outcome.passed = false
            outcome.reason = unreliable
            return
        }
        let samples = repetitionValues(of: metric, row: row, result: result) ?? [actual]
        let referenceSamples = (repetitionValues(of: metric, row: referenceRow, result: result) ?? [base]).map { $0 * reference.factor }
        let significance = Significance(samples, referenceSamples)
        let median = MedianInterval(samples)?.median ?? actual
        let referenceMedian = MedianInterval(referenceSamples)?.median ?? base * reference.factor
        outcome.reason = significance.description
        switch op {
        case .less, .atMost: outcome.passed = significance.significant && median < referenceMedian
        case .greater, .atLeast: outcome.passed = significance.significant && median > referenceMedian
        case .notEqual: outcome.passed = significance.significant
        case .equal: outcome.passed = !significance.significant
        }
    }

    /// The metric's value in each repetition of `row`'s run, from `repetitions.csv`'s rows; nil
    /// without repetitions.
    static func repetitionValues(of metric: String, row: ResultRow, result: ScenarioResult) -> [Double]? {
        let identity = SharedColumns.identity.map(\.name)
        let values = result.repetitions.filter { line in identity.allSatisfy { line[$0] == row[$0] } }.compactMap { number($0[metric]) }
        return values.isEmpty ? nil : values
    }

    private static func matches(_ row: ResultRow, _ expectation: Expectation) -> Bool {
        guard row["policy"] == .string(expectation.policy.rawValue) else { return false }
        if let point = expectation.point, number(row["sweep_value"]) != point { return false }
        guard let mode = expectation.inUse else { return true }
        return row["in_use"] == .string(mode.rawValue)
    }

    private static func label(_ row: ResultRow) -> String {
        let policy = row["policy"]?.text ?? "?"
        let mode = row["in_use"]?.text ?? "-"
        let run = mode == "-" ? policy : "\(policy)/\(mode)"
        if let key = row["sweep_key"]?.text, !key.isEmpty, let value = row["sweep_value"]?.text {
            return "\(run) @ \(key)=\(value)"
        }
        return run
    }

    private static func number(_ value: CSVValue?) -> Double? {
        value?.number
    }
}
