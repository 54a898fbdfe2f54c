/// `decision.csv`: one row per run and sweep value, the question in every row.
///
/// ```text
/// <scenario>/decision.csv   scenario,policy,in_use,sweep_key,sweep_value,metric,value,goal,share,minimize,
///                           seeds,seeds_meeting,meets_goal,minimized_value,chosen,answer,standing,p_value,verdict,knee
/// ```
///
/// - `metric`, `value`: the decision metric and its value (the summary's; the median with seeds);
/// - `goal`, `share`, `minimize`: the question (`hit_rate >= 0.9`, conditions joined by ` and `);
/// - `seeds`, `seeds_meeting`, `meets_goal`: how many seeds the configuration ran, in how many
///   the goal held, and whether that is at least the share (`true`, `false`, or `undecided` when a
///   measured condition's confidence bounds straddle it: the repetitions cannot decide);
/// - `minimized_value`: the swept value, or the `minimize` column's value;
/// - `chosen`: the run's configuration that meets the goal with the smallest minimised value;
///   `answer`: one of the answer's configurations (``Decision/answer``);
/// - `standing` (`best`, `tied` or empty: ``Contest``), `p_value` (tested values: the Holm-adjusted
///   p-value against the leader at that sweep value) and `verdict` (seeds only: ``PairedVerdict/Outcome``);
/// - `knee`: the run's knee is at this sweep value.
extension Decision {
    /// The columns of `decision.csv`.
    public static let header = [
        "scenario", "policy", "in_use", "sweep_key", "sweep_value", "metric", "value", "goal", "share", "minimize", "seeds",
        "seeds_meeting", "meets_goal", "minimized_value", "chosen", "answer", "standing", "p_value", "verdict", "knee",
    ]

    /// The text of `decision.csv`.
    public func csv() -> String {
        var table = CSVTable(header: Self.header)
        let answers = Set(answer.map { "\($0.run) \($0.value)" })
        for (run, key) in runs.enumerated() {
            let parts = key.split(separator: "/", maxSplits: 1).map(String.init)
            for (value, cell) in cells[run].enumerated() {
                let fields: [String] = [
                    scenario, parts.first ?? key, parts.count > 1 ? parts[1] : "", sweepKey ?? "", values[value], question.metric,
                    cell.value, question.goalText, CSVValue.format(question.share), question.minimize, String(cell.seeds),
                    String(cell.seedsMeeting), cell.undecided ? "undecided" : String(cell.meetsGoal), cell.minimizedText,
                    String(chosen[run] == value),
                    String(answers.contains("\(run) \(value)")), cell.standing.rawValue, cell.pValue.map(CSVValue.format) ?? "",
                    cell.verdict?.rawValue ?? "", String(knees[run] == value),
                ]
                table.rows.append(fields.map(CSVValue.string))
            }
        }
        return table.render()
    }

    /// The question a `decision.csv` text was written for (its first row's `goal`, `share` and
    /// `minimize`), or nil when it has none or they do not parse.
    static func question(inCSV text: String) -> DecisionQuestion? {
        guard let parsed = try? CSVTable.parse(text), let row = parsed.rows.first else { return nil }
        func field(_ name: String) -> String? { parsed.header.firstIndex(of: name).map { row[$0] } }
        guard let goal = field("goal").flatMap(DecisionQuestion.goal(parsing:)), let share = field("share").flatMap(Double.init),
            let minimize = field("minimize"), !minimize.isEmpty
        else { return nil }
        return DecisionQuestion(goal: goal, share: share, minimize: minimize)
    }
}
