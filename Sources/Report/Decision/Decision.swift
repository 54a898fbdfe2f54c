/// The answer a scenario's results give to its question (``DecisionQuestion``): which
/// configurations meet the goal, and per run the one that minimises what the question asks;
/// per sweep value the best run by the decision metric and the runs tied with it; each run's
/// knee.
///
/// - **Meeting the goal.** With one seed, a configuration (a run at a sweep value) meets the goal
///   when every condition holds for its `summary.csv` values; a condition on a measured column
///   holds only when the 95% confidence bound of its median over the repetitions meets it (the
///   upper bound for `<`, `<=`), fails when the other bound fails it, and is undecided between
///   (``Cell/undecided``: the repetitions cannot decide, and the answer says how many would). With seeds, when they all hold in
///   at least ``DecisionQuestion/share`` of its seeds (`seeds.csv`; a goal column `seeds.csv`
///   lacks is judged on the summary's median in every seed).
/// - **Per run** (``chosen``): among its configurations that meet the goal, the one with the
///   smallest ``DecisionQuestion/minimize`` — the swept value, or a summary column (its
///   median with seeds); equal values go to the smaller swept value. None when no
///   configuration of the run meets the goal.
/// - **The answer** (``answer``): the runs' chosen configurations with the smallest minimised
///   value among them: for `minimize: sweep`, the smallest swept value at which any run meets
///   the goal, and the runs that do there. For a measured `minimize` column, the chosen
///   configurations are one question for ``Contest``: the answer is the best one only when the
///   test separates it from every other; else the tied group (``answerTied``).
/// - **Best and tied** at each sweep value: ``Standings``. **Knee**: ``Knee``.
public struct Decision: Sendable, Equatable {
    /// The file name, `decision.csv`.
    public static let fileName = "decision.csv"

    /// One configuration: a run at a sweep value.
    public struct Cell: Sendable, Equatable {
        /// The decision metric as `summary.csv` writes it ("" when the run did not run there).
        public var value: String
        /// Seeds of the configuration (1 without seeds; 0 when it did not run).
        public var seeds: Int
        /// Seeds in which every condition of the goal held.
        public var seedsMeeting: Int
        /// Whether it meets the goal (in at least the share of its seeds).
        public var meetsGoal: Bool
        /// Whether a measured condition's confidence bounds straddle it so that the goal can be
        /// neither met nor missed on these repetitions (then ``meetsGoal`` is false).
        public var undecided = false
        /// The repetitions that would likely decide an ``undecided`` cell (an estimate: the
        /// interval narrowing as 1/√n), else nil.
        public var repetitionsToDecide: Int? = nil
        /// The minimised quantity: the swept value or the `minimize` column; nil without one.
        public var minimized: Double?
        /// The minimised quantity as written.
        public var minimizedText: String
        /// The minimised quantity as people read it (``ShownCells``: bytes as `2 MiB`).
        public var minimizedShown = ""
        /// The values of ``Decision/deviceColumns`` as people read them, in that order.
        public var device: [String] = []
        /// Where it stands at its sweep value by the decision metric.
        public var standing: Standing
        /// The Holm-adjusted p-value of its paired test against the best (seeds only).
        public var pValue: Double?
        /// The paired verdict against the best (seeds only).
        public var verdict: PairedVerdict.Outcome?
    }

    /// The scenario's name.
    public var scenario: String
    /// The question answered.
    public var question: DecisionQuestion
    /// The swept parameter's path, or nil without a sweep.
    public var sweepKey: String?
    /// Run keys (`policy/in_use`) and names (without `/-`), in the summary's order.
    public var runs: [String]
    public var names: [String]
    /// The sweep values as written, increasing (one empty value without a sweep).
    public var values: [String]
    /// ``values`` as people read them: a byte count as `2 MiB`.
    public var shownValues: [String]
    /// Per run, per sweep value.
    public var cells: [[Cell]]
    /// Per run: the index of its chosen configuration's sweep value, or nil when none meets the goal.
    public var chosen: [Int?]
    /// Per run: whether the goal also holds at every sweep value above the chosen one.
    public var steady: [Bool]
    /// Per run: the index of its knee's sweep value, or nil.
    public var knees: [Int?]
    /// The answer: (run, sweep value) index pairs, in run order.
    public var answer: [(run: Int, value: Int)]
    /// Whether the decision metric's best value is the highest.
    public var higherIsBetter: Bool
    /// Seeds per configuration (1 without seeds).
    public var seeds: Int
    /// Goal columns judged on the summary's median because `seeds.csv` lacks them.
    public var judgedOnMedians: [String]
    /// Whether some tie rests on too few seeds for any difference to be significant.
    public var tooFewSeeds: Bool
    /// The grid of the decision metric (sweeps only).
    public var grid: DecisionGrid?
    /// Whether the answer is a tied group: a measured `minimize` whose best the test does not
    /// separate from every other chosen configuration.
    public var answerTied = false
    /// When some tie (of the grid or the answer) rests on too few seeds or repetitions for any
    /// difference to be significant: how many would let the tests be significant at all, and
    /// whether they are seeds (else repetitions); nil otherwise.
    public var cannotTellNeed: (count: Int?, seeds: Bool)? = nil
    /// Whether the decision metric is a measured column.
    var metricMeasured = false
    /// With a device profile (some run states device costs or sizes): the device columns
    /// (``DeviceColumns``) the per-run table leads with, but the minimised one (the table's
    /// last); empty without one.
    public var deviceColumns: [String] = []
    /// Beside device columns: the question's columns measured on this machine (its metric, goal
    /// and minimised columns that are ``MetricRole/measured``), named as stand-ins.
    public var standIns: [String] = []

    public static func == (lhs: Decision, rhs: Decision) -> Bool {
        lhs.scenario == rhs.scenario && lhs.question == rhs.question && lhs.cells == rhs.cells && lhs.chosen == rhs.chosen
            && lhs.knees == rhs.knees && lhs.answer.map(\.run) == rhs.answer.map(\.run)
            && lhs.answer.map(\.value) == rhs.answer.map(\.value) && lhs.grid == rhs.grid
    }

    /// Decides `question` on `data`.
    ///
    /// - Throws: ``DecisionError/unknownColumn(scenario:key:name:known:)`` when a goal column or
    ///   the `minimize` column is not a numeric summary column.
    init(_ data: DecisionData, question: DecisionQuestion) throws {
        let numeric = data.numericColumns
        for condition in question.goal where !numeric.contains(condition.metric) {
            throw DecisionError.unknownColumn(scenario: data.scenario, key: "goal", name: condition.metric, known: numeric)
        }
        if question.minimize != DecisionQuestion.sweep, !numeric.contains(question.minimize) {
            throw DecisionError.unknownColumn(
                scenario: data.scenario, key: "minimize", name: question.minimize, known: [DecisionQuestion.sweep] + numeric)
        }
        scenario = data.scenario
        self.question = question
        sweepKey = data.sweepKey
        runs = data.runs.map(\.key)
        names = data.runs.map(\.name)
        values = data.values
        shownValues =
            data.sweepKey.map { ByteCount.isByteSweep(key: $0, columns: data.columns) } == true
            ? data.values.map(ByteCount.text(cell:)) : data.values
        seeds = data.seedCount
        let metric = question.metric
        let higher = DecisionGrid.higherIsBetter(metric, columns: data.columns, question: question)
        higherIsBetter = higher
        metricMeasured = data.isMeasured(metric)
        judgedOnMedians = data.hasSeeds ? question.goal.map(\.metric).filter { !data.seedColumns.contains($0) } : []
        let standings = Standings(data, metric: metric, higherIsBetter: higher, alpha: DecisionGrid.alpha)
        tooFewSeeds = standings.tooFewSeeds
        grid = data.sweepKey.map { DecisionGrid(data, metric: metric, higherIsBetter: higher, standings: standings, sweepKey: $0) }

        let shown = ShownCells(columns: data.columns, sweepKey: data.sweepKey)
        // The minimised column, when a device one, is the table's last column already.
        deviceColumns = DeviceColumns.stated(rows: data.summary.values, columns: data.columns) { row, name in row[name] }
            .filter { $0 != question.minimize }
        let questionColumns = [metric] + question.goal.map(\.metric) + [question.minimize]
        standIns =
            deviceColumns.isEmpty
            ? []
            : questionColumns.reduce(into: []) { names, name in
                if data.isMeasured(name), !names.contains(name) { names.append(name) }
            }
        let device = deviceColumns
        let sweptShown = shownValues
        let cells = data.runs.indices.map { run in
            data.values.indices.map { value in
                let configuration = DecisionData.Configuration(run: run, value: value)
                let (count, meeting, undecided, toDecide) = Self.goalCount(data, question: question, configuration)
                let minimizedText =
                    question.minimize == DecisionQuestion.sweep ? data.values[value] : data.text(question.minimize, configuration)
                let entry = standings.entries[value][run]
                let meets = count > 0 && Double(meeting) >= question.share * Double(count) - 1e-9
                var cell = Cell(
                    value: data.text(metric, configuration), seeds: count, seedsMeeting: meeting, meetsGoal: meets,
                    minimized: Double(minimizedText), minimizedText: minimizedText, standing: entry.standing, pValue: entry.pValue,
                    verdict: entry.verdict)
                let policy = data.runs[run].policy
                cell.minimizedShown =
                    question.minimize == DecisionQuestion.sweep
                    ? sweptShown[value] : shown.text(minimizedText, column: question.minimize, policy: policy)
                cell.device = device.map { shown.text(data.text($0, configuration), column: $0, policy: policy) }
                cell.undecided = !meets && count > 0 && Double(meeting + undecided) >= question.share * Double(count) - 1e-9
                cell.repetitionsToDecide = cell.undecided ? toDecide : nil
                return cell
            }
        }
        let chosen = cells.map { row in
            row.indices.filter { row[$0].meetsGoal }.min { left, right in
                (row[left].minimized ?? 0, left) < (row[right].minimized ?? 0, right)
            }
        }
        self.cells = cells
        self.chosen = chosen
        steady = zip(cells, chosen).map { row, chosen in
            guard let chosen else { return false }
            return row[chosen...].allSatisfy { $0.meetsGoal || $0.seeds == 0 }
        }
        knees = data.runs.indices.map { DecisionGrid.knee(data, metric: metric, run: $0, higherIsBetter: higher) }
        let picked = chosen.enumerated().compactMap { run, value in value.map { (run: run, value: $0) } }
        var need = standings.cannotTell ? (count: standings.needed, seeds: standings.cannotTellOverSeeds) : nil
        if question.minimize != DecisionQuestion.sweep, data.isMeasured(question.minimize), picked.count > 1 {
            // Measured: the answer is the best only where the test separates it, else the tied group.
            let candidates = picked.map { pick -> Contest.Candidate? in
                let configuration = DecisionData.Configuration(run: pick.run, value: pick.value)
                return data.number(question.minimize, configuration).map {
                    Contest.Candidate(value: $0, samples: data.samples(question.minimize, configuration))
                }
            }
            let contest = Contest(candidates, higherIsBetter: false, alpha: DecisionGrid.alpha)
            answer = picked.indices.filter { contest.entries[$0].standing != .behind }.map { picked[$0] }
            answerTied = contest.entries.contains { $0.standing == .tied }
            if contest.cannotTell { need = (contest.needed, contest.overSeeds) }
        } else {
            let smallest = picked.map { cells[$0.run][$0.value].minimized ?? 0 }.min()
            // Equal minimised values are all the answer.
            answer = picked.filter { (cells[$0.run][$0.value].minimized ?? 0) == smallest }
        }
        cannotTellNeed = need
    }

    /// How many seeds a configuration has, in how many every goal condition holds, in how many
    /// it is undecided (a measured condition's confidence bounds straddle it, none failing), and
    /// the repetitions that would likely decide the undecided ones.
    private static func goalCount(
        _ data: DecisionData, question: DecisionQuestion, _ configuration: DecisionData.Configuration
    ) -> (seeds: Int, meeting: Int, undecided: Int, toDecide: Int?) {
        guard data.summary[configuration] != nil else { return (0, 0, 0, nil) }
        let medians = question.goal.map { data.number($0.metric, configuration) }
        let measured = question.goal.map { data.isMeasured($0.metric) ? data.samples($0.metric, configuration) : nil }
        let seedRows = data.hasSeeds ? data.seeds[configuration] ?? [] : []
        let seedKeys = seedRows.isEmpty ? [""] : seedRows.map(\.seed)
        let perSeed = question.goal.map { data.seedNumbers($0.metric, configuration) }
        var meeting = 0
        var undecided = 0
        var toDecide: Int?
        for seed in seedKeys {
            var verdicts: [GoalBound.Verdict] = []
            for (index, condition) in question.goal.enumerated() {
                if let samples = measured[index], let values = samples[seed] ?? (seed.isEmpty ? nil : samples[""]) {
                    let bound = GoalBound(values, condition)
                    verdicts.append(bound.verdict)
                    if bound.verdict == .undecided, let needed = bound.repetitionsToDecide { toDecide = max(toDecide ?? 0, needed) }
                } else {
                    let value = seed.isEmpty ? medians[index] : perSeed[index].map { $0[seed] } ?? medians[index]
                    verdicts.append(value.map(condition.holds) == true ? .met : .missed)
                }
            }
            if verdicts.allSatisfy({ $0 == .met }) {
                meeting += 1
            } else if !verdicts.contains(.missed) {
                undecided += 1
            }
        }
        return (seedKeys.count, meeting, undecided, toDecide)
    }

    /// The runs none of whose configurations meets the goal but some is undecided.
    var undecidedRuns: [Int] {
        runs.indices.filter { chosen[$0] == nil && cells[$0].contains(where: \.undecided) }
    }

    /// Whether the decision metric is measured (tested over repetitions, never exact).
    public var measuredMetric: Bool { grid?.measured ?? metricMeasured }

    /// Whether the question minimises the swept value.
    public var minimizesSweep: Bool { question.minimize == DecisionQuestion.sweep }

    /// What is minimised, as the answer calls it: the swept parameter's path, or the column.
    public var minimizedName: String {
        minimizesSweep ? sweepKey ?? "sweep" : question.minimize
    }

    /// The best value of the decision metric a run reached, and the sweep value index where
    /// (the first such), or nil.
    func bestReached(run: Int) -> (text: String, value: Int)? {
        let numbered = cells[run].enumerated().compactMap { index, cell in Double(cell.value).map { (index, $0) } }
        let best = higherIsBetter ? numbered.max { $0.1 < $1.1 } : numbered.min { $0.1 < $1.1 }
        return best.map { (cells[run][$0.0].value, $0.0) }
    }
}
