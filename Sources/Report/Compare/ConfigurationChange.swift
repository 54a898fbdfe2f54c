/// A setting that differs between the two sides of a scenario: the runs were configured
/// differently (`capacity 12 → 8`), so their counts differ for that reason. The counts are
/// still compared, and their verdicts stand: a configuration change is what a pull request that
/// changes a scenario is about, and the comparison shows what it does.
///
/// A change comes from a setting column of the summaries (an identity column such as
/// `capacity`, `stack_size` or `seed`, compared run by run) or from the scenarios' recorded
/// settings (`scenario.yaml`, ``ScenarioSettings``: `table.cells[0].nib.views 18 → 36`); a
/// setting both report alike is reported once, as its column.
public struct ConfigurationChange: Sendable, Equatable, CustomStringConvertible {
    /// The scenario.
    public var scenario: String
    /// The setting column (`capacity`) or the key path in `scenario.yaml`
    /// (`table.cells[0].nib.views`).
    public var setting: String
    /// The baseline's value; nil where the baseline lacks the key.
    public var baseline: String?
    /// The current value; nil where the current results lack the key.
    public var current: String?
    /// For a setting column: the compared runs whose rows differ so, and how many runs were
    /// compared; nil for a setting of the scenario file (it concerns every run).
    public var runs: (changed: Int, compared: Int)?

    /// A change.
    public init(scenario: String, setting: String, baseline: String?, current: String?, runs: (changed: Int, compared: Int)? = nil) {
        self.scenario = scenario
        self.setting = setting
        self.baseline = baseline
        self.current = current
        self.runs = runs
    }

    public static func == (lhs: ConfigurationChange, rhs: ConfigurationChange) -> Bool {
        lhs.scenario == rhs.scenario && lhs.setting == rhs.setting && lhs.baseline == rhs.baseline
            && lhs.current == rhs.current && lhs.runs.map { [$0.changed, $0.compared] } == rhs.runs.map { [$0.changed, $0.compared] }
    }

    /// `capacity 12 → 8`, `capacity 12 → 8 (3 of 10 runs)`, `cache.max_cost (none) → 100`.
    public var description: String {
        var text = "\(setting) \(baseline ?? "(none)") → \(current ?? "(none)")"
        if let runs, runs.changed < runs.compared {
            text += " (\(runs.changed) of \(runs.compared) runs)"
        }
        return text
    }

    /// `feed: configuration changed: capacity 12 → 8, table.cells[0].nib.views 18 → 36`, one
    /// line per scenario with changes, in the order of `changes`; past `limit` changes of a
    /// scenario, `and 3 more`.
    public static func lines(_ changes: [ConfigurationChange], limit: Int = 5) -> [String] {
        var scenarios: [String] = []
        for change in changes where !scenarios.contains(change.scenario) {
            scenarios.append(change.scenario)
        }
        return scenarios.map { scenario in
            "\(scenario): configuration changed: \(phrase(changes.filter { $0.scenario == scenario }, limit: limit))"
        }
    }

    /// `capacity 12 → 8, seed 7 → 8`; past `limit`, `and 3 more`.
    static func phrase(_ changes: [ConfigurationChange], limit: Int) -> String {
        var text = changes.prefix(limit).map(\.description).joined(separator: ", ")
        if changes.count > limit {
            text += " and \(changes.count - limit) more"
        }
        return text
    }
}
