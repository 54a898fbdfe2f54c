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
                outcomes.append(
                    ExpectationOutcome(
                        scenario: result.name, run: label(row), expectation: expectation, actual: actual,
                        passed: actual.map(expectation.condition.holds(for:)) ?? false))
            }
        }
        return outcomes
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
        switch value {
        case .int(let n): Double(n)
        case .uint(let n): Double(n)
        case .double(let d): d
        case .string(let text): Double(text)
        default: nil
        }
    }
}
