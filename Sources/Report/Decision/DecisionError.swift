/// What can go wrong deciding from a scenario's results (``DecisionFiles``).
public enum DecisionError: Error, CustomStringConvertible, Equatable {
    /// A file the decision needs is missing (`summary.csv`, `columns.csv`).
    case missingFile(path: String)
    /// A result file could not be read or parsed.
    case unreadableFile(path: String, reason: String)
    /// The goal or `minimize` names no numeric summary column of the scenario: the key
    /// (`goal`, `minimize`), the name, and some of the columns it could have named.
    case unknownColumn(scenario: String, key: String, name: String, known: [String])
    /// A decision or grid file could not be written.
    case writeFailed(path: String, reason: String)

    /// A one-line explanation saying what to fix.
    public var description: String {
        switch self {
        case let .missingFile(path):
            return "\(path): missing: run the scenario again to write it"
        case let .unreadableFile(path, reason):
            return "cannot read \(path): \(reason)"
        case let .unknownColumn(scenario, key, name, known):
            let shown = known.prefix(12).joined(separator: ", ") + (known.count > 12 ? ", ..." : "")
            return "\(scenario): decide: \(key) names '\(name)', which is not a numeric summary column (expected one of: \(shown); "
                + "'workbench columns KIND' lists them all)"
        case let .writeFailed(path, reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
