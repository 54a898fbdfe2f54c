/// One of the two results directories of a comparison.
public enum ComparisonSide: String, Sendable, Equatable, CaseIterable, CustomStringConvertible {
    /// The results compared against (`BASELINE`).
    case baseline
    /// The results under judgement (`CURRENT`).
    case current

    /// `the baseline` or `the current results`, for notes.
    public var description: String {
        switch self {
        case .baseline: "the baseline"
        case .current: "the current results"
        }
    }
}
