/// Something a comparison could not compare, or that makes a verdict less trustworthy; listed
/// after the tables. (A setting that differs between the sides is not a note but a
/// ``ConfigurationChange``: what it does to the counts is compared.)
///
/// Only ``baselineLacksScenario(_:)`` (exit 3) and ``currentLacksScenario(_:)`` (a regression,
/// exit 2) affect the exit status (see ``ComparisonStatus``); every other note is information.
public enum ComparisonNote: Sendable, Equatable, CustomStringConvertible {
    /// A scenario of the current results has no summary in the baseline: not compared.
    case baselineLacksScenario(String)
    /// A scenario of the baseline has no summary in the current results: what it checked is no
    /// longer checked, a regression.
    case currentLacksScenario(String)
    /// A run appears on one side only: not compared.
    case rowOnlyIn(RowKey, ComparisonSide)
    /// Several rows of one side share a key; the first is compared.
    case duplicateRow(RowKey, ComparisonSide)
    /// A run's row says `complete=false` on the given sides: it was interrupted.
    case incomplete(RowKey, [ComparisonSide])
    /// A metric column is in one scenario's file on one side only: not compared.
    case columnOnlyIn(scenario: String, column: String, ComparisonSide)
    /// A metric column is empty in a run (nothing to measure there, such as a mean over no
    /// samples): not compared where it is. (A value that is not a finite number, `nan`, `inf` or
    /// text, is refused when the results are read: ``CompareError/notANumber(path:line:column:name:value:)``.)
    case notNumeric(scenario: String, column: String)
    /// The two sides ran on different machines (host or core count, from `run.json`): measured
    /// figures differ for reasons beyond the code.
    case differentMachines(scenario: String, baseline: String, current: String)
    /// A per-metric threshold names no metric that was compared (a typo, or another kind's column).
    case unusedThreshold(String)

    /// One line, for the notes list.
    public var description: String {
        switch self {
        case let .baselineLacksScenario(scenario):
            return "baseline lacks scenario '\(scenario)': not compared"
        case let .currentLacksScenario(scenario):
            return "scenario '\(scenario)' is only in the baseline: missing from the current results (a regression)"
        case let .rowOnlyIn(key, side):
            return "\(key): only in \(side): not compared"
        case let .duplicateRow(key, side):
            return "\(key): more than one row in \(side); the first is compared"
        case let .incomplete(key, sides):
            let places = sides.map(\.description).joined(separator: " and ")
            return "\(key): incomplete run (complete=false) in \(places); its figures cover only part of the run"
        case let .columnOnlyIn(scenario, column, side):
            return "\(scenario): column '\(column)' only in \(side): not compared"
        case let .notNumeric(scenario, column):
            return "\(scenario): column '\(column)' has no value in some runs (nothing measured): not compared there"
        case let .differentMachines(scenario, baseline, current):
            return "\(scenario): baseline ran on \(baseline), current on \(current): measured figures also differ by machine"
        case let .unusedThreshold(metric):
            return "threshold for '\(metric)' matches no compared metric"
        }
    }
}
