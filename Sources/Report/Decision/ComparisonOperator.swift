/// A comparison of a measured value with a number, as `expect` lines and `decide` goals write it.
public enum ComparisonOperator: String, CaseIterable, Sendable {
    case atLeast = ">="
    case atMost = "<="
    case notEqual = "!="
    case equal = "=="
    case greater = ">"
    case less = "<"

    /// Whether `actual op value` holds.
    public func holds(_ actual: Double, _ value: Double) -> Bool {
        switch self {
        case .atLeast: actual >= value
        case .atMost: actual <= value
        case .notEqual: actual != value
        case .equal: actual == value
        case .greater: actual > value
        case .less: actual < value
        }
    }

    /// The way the comparison asks the value to go: up for `>=` and `>`, down for `<=` and `<`,
    /// neither for `==` and `!=`.
    public var direction: Direction {
        switch self {
        case .atLeast, .greater: .higherIsBetter
        case .atMost, .less: .lowerIsBetter
        case .equal, .notEqual: .neutral
        }
    }
}
