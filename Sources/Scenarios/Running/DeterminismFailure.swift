import Report

/// A count that differed between two repetitions of one run: the same file and seed must give
/// the same counts, so this is a bug in the model or the driver, never noise to average away.
public struct DeterminismFailure: Error, Sendable, Equatable, CustomStringConvertible {
    /// The scenario's name.
    public var scenario: String
    /// The run (`lru/repopulate`, with its sweep point).
    public var run: String
    /// The column and the two values.
    public var difference: Repetitions.CountDifference

    /// A failure of `run` in `scenario`.
    public init(scenario: String, run: String, difference: Repetitions.CountDifference) {
        self.scenario = scenario
        self.run = run
        self.difference = difference
    }

    /// A one-line message naming the column, the run and the two values.
    public var description: String {
        "\(scenario): error: determinism failure: run \(run): count '\(difference.column)' is \(difference.first) in "
            + "repetition 1 but \(difference.other) in repetition \(difference.repetition) (the same file and seed must give "
            + "the same counts)"
    }
}
