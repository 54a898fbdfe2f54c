import Foundation
import Report
import Scenarios

/// The table printed after a run with `expect` lines: scenario, run, metric, expected, actual,
/// and whether it held. Failures first, then what held, then what was not judged (a relative
/// condition on a measured metric with one repetition), then what was skipped (its policy, or the
/// run it compares with, did not run).
struct ExpectationTable {
    let outcomes: [ExpectationOutcome]
    /// Print only the failed ones (with `--quiet`).
    let failuresOnly: Bool

    func render() -> String {
        let failed = outcomes.filter { !$0.passed }
        let skipped = outcomes.filter(\.skipped)
        let notJudged = outcomes.filter(\.notJudged)
        let held = outcomes.filter { $0.passed && !$0.skipped && !$0.notJudged }
        // Many that all held say nothing row by row: one line, and the file lists them.
        let collapsed = failed.isEmpty && held.count > Self.collapseAbove
        let shown = failuresOnly ? failed : failed + (collapsed ? [] : held) + notJudged + skipped
        var lines: [[String]] = [["scenario", "policy", "metric", "expected", "actual", "result"]]
        for outcome in shown {
            lines.append([
                outcome.scenario, outcome.run, outcome.expectation.metric, outcome.expectation.condition.description,
                Self.actual(outcome) ?? (outcome.skipped ? "-" : "(none)"),
                outcome.skipped ? "skipped (not run)" : Self.result(outcome),
            ])
        }
        let widths = (0..<6).map { column in lines.map { $0[column].count }.max() ?? 0 }
        let checked = outcomes.count - skipped.count - notJudged.count
        var verdict =
            failed.isEmpty
            ? (checked == 1 ? "expectations: 1 held" : "expectations: all \(checked) held")
            : "expectations: \(failed.count) of \(checked) FAILED"
        if collapsed, !failuresOnly { verdict += " (listed in each scenario's \(Self.fileName))" }
        if !notJudged.isEmpty { verdict += ", \(notJudged.count) not judged" }
        if !skipped.isEmpty { verdict += ", \(skipped.count) skipped (policy not run)" }
        var text = verdict + "\n"
        for line in lines where lines.count > 1 {
            text +=
                "  " + line.enumerated().map { $1 + String(repeating: " ", count: widths[$0] - $1.count) }.joined(separator: "  ") + "\n"
        }
        return text
    }

    /// Above this many expectations that all held, the table shows none of them.
    static let collapseAbove = 10

    /// The file the outcomes of one scenario are written to, for the index pages.
    static let fileName = "expectations.csv"

    /// One scenario's outcomes as CSV: run, metric, expected, actual, result (`ok`, `FAILED`).
    static func csv(_ outcomes: [ExpectationOutcome]) -> String {
        var table = CSVTable(header: ["run", "metric", "expected", "actual", "result"])
        for outcome in outcomes {
            try? table.append(
                [
                    outcome.run, outcome.expectation.metric, outcome.expectation.condition.description,
                    actual(outcome) ?? "", result(outcome),
                ].map { CSVValue.string($0) })
        }
        return table.render()
    }

    /// The value, and for a relative condition the reference's: `412 vs 1033`.
    static func actual(_ outcome: ExpectationOutcome) -> String? {
        guard let actual = outcome.actual else { return nil }
        return format(actual) + (outcome.reference.map { " vs \(format($0))" } ?? "")
    }

    /// `ok` or `FAILED`, with the reason of a relative condition; `not judged (1 repetition)`.
    static func result(_ outcome: ExpectationOutcome) -> String {
        (outcome.notJudged ? "not judged" : outcome.passed ? "ok" : "FAILED") + (outcome.reason.map { " (\($0))" } ?? "")
    }

    static func format(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int64(value)) : String(format: "%.6g", value)
    }
}
