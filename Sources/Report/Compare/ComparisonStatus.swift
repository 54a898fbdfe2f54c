/// The outcome of a comparison, which `workbench compare` turns into its exit code.
///
/// A regression outranks a missing baseline: when both occur the status is ``regression``, so a
/// CI job fails for the regression first; the missing scenario is still listed in the notes.
public enum ComparisonStatus: String, Sendable, Equatable {
    /// No regression, and the baseline has every current scenario (exit 0).
    case passed
    /// At least one metric regressed, or the current results lack a scenario of the baseline
    /// (exit 2).
    case regression
    /// No regression, but the baseline lacks a scenario of the current results (exit 3).
    case baselineMissing = "baseline_missing"

    /// The `workbench` exit code: 0, 2 or 3.
    public var exitCode: Int32 {
        switch self {
        case .passed: 0
        case .regression: 2
        case .baselineMissing: 3
        }
    }
}
