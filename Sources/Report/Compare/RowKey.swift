/// What matches a baseline row to a current row: the scenario, the policy, the in-use mode and
/// the value of every `sweep_*` column.
public struct RowKey: Hashable, Sendable, CustomStringConvertible {
    /// A swept parameter's column and value (`sweep_capacity`, `8`).
    public struct SweepValue: Hashable, Sendable {
        /// The column name, `sweep_` included.
        public var column: String
        /// The value as written in the file.
        public var value: String

        /// A swept parameter's value.
        public init(column: String, value: String) {
            self.column = column
            self.value = value
        }
    }

    /// The scenario's name.
    public var scenario: String
    /// The `policy` column.
    public var policy: String
    /// The `in_use` column (`-` where it does not apply).
    public var inUse: String
    /// The non-empty `sweep_*` columns, sorted by column name.
    public var sweep: [SweepValue]

    /// A key; `sweep` is sorted by column name.
    public init(scenario: String, policy: String, inUse: String, sweep: [SweepValue] = []) {
        self.scenario = scenario
        self.policy = policy
        self.inUse = inUse
        self.sweep = sweep.sorted { $0.column < $1.column }
    }

    /// The key of a summary row given as column → value. Empty `sweep_*` values are left out,
    /// so a run without a sweep point matches whether or not its file has the sweep columns.
    public init(scenario: String, record: [String: String]) {
        let sweep = record.filter { $0.key.hasPrefix(SharedColumns.sweepPrefix) && !$0.value.isEmpty }
            .map { SweepValue(column: $0.key, value: $0.value) }
        self.init(scenario: scenario, policy: record["policy"] ?? "", inUse: record["in_use"] ?? "", sweep: sweep)
    }

    /// The run within its scenario: `none`, `lru/repopulate`, then the sweep point, if any, as
    /// the runner writes it (`lru/repopulate @ capacity=8`). The point is `sweep_key=sweep_value`;
    /// any other non-empty `sweep_*` column adds `name=value` with `sweep_` dropped.
    public var run: String {
        let text = inUse.isEmpty || inUse == "-" ? policy : "\(policy)/\(inUse)"
        var point: [String] = []
        let values = sweep.filter { !$0.value.isEmpty }
        let key = values.first { $0.column == "sweep_key" }?.value
        let value = values.first { $0.column == "sweep_value" }?.value
        if let key, let value {
            point.append("\(key)=\(value)")
        }
        for entry in values where !(key != nil && value != nil && (entry.column == "sweep_key" || entry.column == "sweep_value")) {
            point.append("\(entry.column.dropFirst(SharedColumns.sweepPrefix.count))=\(entry.value)")
        }
        return point.isEmpty ? text : "\(text) @ \(point.joined(separator: " "))"
    }

    /// `scenario run`, e.g. `feed lru/repopulate`.
    public var description: String {
        "\(scenario) \(run)"
    }
}
