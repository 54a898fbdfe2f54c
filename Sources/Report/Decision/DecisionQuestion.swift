import Foundation

/// The question a scenario's results answer: which configurations meet a goal (in at least a
/// share of the seeds), and of those, which minimise what. A scenario's `decide:` block, or
/// `workbench decide --goal ... --share ... --minimize ...`.
///
/// ```swift
/// let question = DecisionQuestion(goal: [.init("hit_rate", .atLeast, 0.9)], share: 0.95, minimize: "sweep")
/// ```
public struct DecisionQuestion: Sendable, Equatable, CustomStringConvertible {
    /// One condition of the goal on a summary column: `hit_rate >= 0.9`.
    public struct Condition: Sendable, Equatable, CustomStringConvertible {
        /// A comparison, as `expect` and `decide` write them.
        public typealias Operator = ComparisonOperator

        /// The summary column compared.
        public var metric: String
        /// How it is compared.
        public var op: Operator
        /// With what.
        public var value: Double

        /// A condition.
        public init(_ metric: String, _ op: Operator, _ value: Double) {
            self.metric = metric
            self.op = op
            self.value = value
        }

        /// Parses `hit_rate>=0.9`, `hit_rate >= 0.9` or `instantiations<200`: a column name, an
        /// operator, a finite number; nil otherwise.
        public init?(parsing text: String) {
            // The first operator character ends the name; the longest operator there wins.
            guard let start = text.firstIndex(where: { "<>=!".contains($0) }) else { return nil }
            let metric = text[..<start].trimmingCharacters(in: .whitespaces)
            let rest = text[start...]
            guard !metric.isEmpty, !metric.contains(" "),
                let op = Operator.allCases.filter({ rest.hasPrefix($0.rawValue) }).max(by: { $0.rawValue.count < $1.rawValue.count }),
                let value = Double(rest.dropFirst(op.rawValue.count).trimmingCharacters(in: .whitespaces)), value.isFinite
            else {
                return nil
            }
            self.init(metric, op, value)
        }

        /// Whether `actual` satisfies the condition.
        public func holds(for actual: Double) -> Bool { op.holds(actual, value) }

        /// The way the condition asks the metric to go (``ComparisonOperator/direction``).
        public var direction: Direction { op.direction }

        /// `hit_rate >= 0.9`.
        public var description: String { "\(metric) \(op.rawValue) \(CSVValue.format(value))" }
    }

    /// What ``minimize`` is when the swept value is minimised.
    public static let sweep = "sweep"
    /// The share of seeds a configuration must meet the goal in, by default.
    public static let defaultShare = 0.95

    /// The conditions, all of which a configuration must meet (in a seed); never empty. The
    /// first names the decision metric (``metric``).
    public var goal: [Condition]
    /// The share of seeds in which a configuration must meet the goal, in (0, 1].
    public var share: Double
    /// What to make smallest among the configurations that meet the goal: ``sweep`` (the swept
    /// value) or a summary column.
    public var minimize: String

    /// A question; `goal` must not be empty.
    public init(goal: [Condition], share: Double = defaultShare, minimize: String = sweep) {
        self.goal = goal
        self.share = share
        self.minimize = minimize
    }

    /// The decision metric: the goal's first condition's column (its grid, its knees, its best
    /// runs).
    public var metric: String { goal.first?.metric ?? "" }

    /// The goal as one line: `hit_rate >= 0.9 and instantiations <= 200`.
    public var goalText: String { goal.map(\.description).joined(separator: " and ") }

    /// `hit_rate >= 0.9 in 95% of seeds, minimize sweep`.
    public var description: String {
        "\(goalText) in \(CSVValue.format(share * 100))% of seeds, minimize \(minimize)"
    }

    /// Parses ``goalText``: conditions joined by ` and `; nil when one does not parse.
    static func goal(parsing text: String) -> [Condition]? {
        let parts = text.components(separatedBy: " and ")
        let conditions = parts.compactMap(Condition.init(parsing:))
        return conditions.count == parts.count && !conditions.isEmpty ? conditions : nil
    }
}
