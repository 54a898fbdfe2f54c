/// Two results directories compared metric by metric: what `workbench compare` reports.
///
/// Each scenario of the current results is matched to the baseline's scenario of the same name,
/// and each of its rows to the baseline row with the same ``RowKey`` (policy, in-use mode and
/// every `sweep_*` column). For every metric column (``MetricRole/count`` or
/// ``MetricRole/measured``, as the scenario's `columns.csv` says) in both files, with numbers on both sides
/// (a metric value that is neither empty nor a finite number is refused when the files are read,
/// ``CompareError/notANumber(path:line:column:name:value:)``: a gate never passes on garbage),
/// the values are compared under the metric's ``Threshold`` and get a ``Verdict``. A percentile
/// with fewer than ``TailSamples/reliableMinimum`` samples beyond it on either side (its
/// ``MetricRole/tail`` companion) is unreliable: never judged, listed with the reason.
///
/// What cannot be compared becomes a ``ComparisonNote``: a scenario or row on one side only,
/// a column on one side only, an empty value, an interrupted run (`complete=false`), a
/// threshold naming no compared metric. A setting that differs between the sides (a setting
/// column of the rows, or a key of the recorded `scenario.yaml`) is a ``ConfigurationChange``:
/// the counts are compared all the same. How far the repetitions could judge the measured
/// metrics is ``power``.
/// ``status`` is ``ComparisonStatus/regression`` if any metric regressed or the current results
/// lack a scenario of the baseline (what it checked is no longer checked), else
/// ``ComparisonStatus/baselineMissing`` if the baseline lacks a current scenario, else
/// ``ComparisonStatus/passed``.
public struct Comparison: Sendable, Equatable {
    /// The baseline directory's path, as given.
    public var baselinePath: String
    /// The current directory's path, as given.
    public var currentPath: String
    /// Names of the scenarios present on both sides, sorted.
    public var scenarios: [String]
    /// The `sweep_*` columns of the compared scenarios' current files, sorted.
    public var sweepColumns: [String]
    /// The runs present on both sides, by scenario, in the current file's row order.
    public var rows: [RowComparison]
    /// What could not be compared or deserves a warning; scenarios the baseline lacks first.
    public var notes: [ComparisonNote]
    /// The thresholds applied.
    public var thresholds: Thresholds
    /// How measured metrics were judged.
    public var options: CompareOptions
    /// The settings that differ between the two sides, scenario by scenario.
    public var configurationChanges: [ConfigurationChange]
    /// Whether the repetitions could judge the measured metrics, and how many would.
    public var power: JudgingPower

    /// Holm's correction over every metric judged by the Mann-Whitney U test that could reach
    /// `alpha`, then their verdicts. A tested metric whose smallest possible p-value exceeds
    /// `alpha` (its repetitions tied so that no split of them could be significant, e.g. the
    /// same value in every one) can never be a finding, so it stays out of the family (Tarone's
    /// refinement for discrete tests) and keeps its raw p-value as the adjusted one. When the
    /// family cannot pass Holm's first step at all (``JudgingPower/familyCanReach``), its
    /// metrics beyond their thresholds are not judged rather than unchanged.
    ///
    /// - Returns: what the repetitions could judge.
    static func correct(_ rows: inout [RowComparison], alpha: Double) -> JudgingPower {
        var family: [(row: Int, metric: Int, p: Double)] = []
        for (r, row) in rows.enumerated() {
            for (m, metric) in row.metrics.enumerated() {
                guard let p = metric.judgment.pValue else { continue }
                if metric.canReach(alpha: alpha) {
                    family.append((r, m, p))
                } else {
                    rows[r].metrics[m].applyHolm(adjusted: p, alpha: alpha)
                }
            }
        }
        let adjusted = HolmCorrection.adjusted(family.map(\.p))
        for (entry, value) in zip(family, adjusted) {
            rows[entry.row].metrics[entry.metric].applyHolm(adjusted: value, alpha: alpha)
        }
        let power = JudgingPower(metrics: rows.flatMap(\.metrics), alpha: alpha)
        if !power.familyCanReach {
            for entry in family {
                rows[entry.row].metrics[entry.metric].markBeyondReach()
            }
        }
        return power
    }

    /// Identity columns reported when they differ between the two rows of a run: the run's
    /// settings, every identity column but those naming the run and `complete`.
    static func settingColumns(_ summary: ScenarioSummary) -> [String] {
        let naming = Set(SharedColumns.identity.map(\.name) + [SharedColumns.complete.name])
        return summary.header.filter { summary.role(of: $0) == .identity && !naming.contains($0) }
    }

    /// Loads both directories and compares them.
    ///
    /// - Throws: what ``ResultsDirectory/load(path:)`` throws for either directory, and
    ///   ``CompareError/noResults(path:)`` when `current` holds no `<scenario>/summary.csv`,
    ///   ``CompareError/kindMismatch(scenario:baselinePath:baselineKind:currentPath:currentKind:)``
    ///   when a scenario's `scenario.yaml` names another kind on each side. An
    ///   empty baseline is not an error: every scenario is then one the baseline lacks.
    public static func load(
        baseline: String, current: String, thresholds: Thresholds = Thresholds(), options: CompareOptions = CompareOptions()
    ) throws -> Comparison {
        let baselineResults = try ResultsDirectory.load(path: baseline)
        let currentResults = try ResultsDirectory.load(path: current)
        guard !currentResults.scenarios.isEmpty else {
            throw CompareError.noResults(path: current)
        }
        for summary in currentResults.scenarios {
            guard let base = baselineResults[scenario: summary.name], let baseKind = base.kind, let kind = summary.kind,
                baseKind != kind
            else { continue }
            throw CompareError.kindMismatch(
                scenario: summary.name, baselinePath: base.path, baselineKind: baseKind, currentPath: summary.path, currentKind: kind)
        }
        return Comparison(baseline: baselineResults, current: currentResults, thresholds: thresholds, options: options)
    }

    /// Compares `current` with `baseline` under `thresholds`.
    public init(
        baseline: ResultsDirectory, current: ResultsDirectory, thresholds: Thresholds = Thresholds(),
        options: CompareOptions = CompareOptions()
    ) {
        self.options = options
        baselinePath = baseline.path
        currentPath = current.path
        self.thresholds = thresholds
        scenarios = []
        rows = []
        var notes: [ComparisonNote] = []
        var changes: [ConfigurationChange] = []
        var sweep: Set<String> = []
        for summary in current.scenarios {
            guard let base = baseline[scenario: summary.name] else {
                notes.append(.baselineLacksScenario(summary.name))
                continue
            }
            scenarios.append(summary.name)
            if let before = base.run, let now = summary.run, before.host != now.host || before.cores != now.cores {
                notes.append(.differentMachines(scenario: summary.name, baseline: before.machine, current: now.machine))
            }
            sweep.formUnion(summary.header.filter { $0.hasPrefix(SharedColumns.sweepPrefix) })
            rows += Self.compare(
                baseline: base, current: summary, thresholds: thresholds, options: options, notes: &notes, changes: &changes)
        }
        configurationChanges = changes
        power = Self.correct(&rows, alpha: options.alpha)
        sweepColumns = sweep.sorted()
        for summary in baseline.scenarios where current[scenario: summary.name] == nil {
            notes.append(.currentLacksScenario(summary.name))
        }
        let compared = Set(rows.flatMap { $0.metrics.map(\.metric) })
        for metric in thresholds.perMetric.keys.sorted() where !compared.contains(metric) {
            notes.append(.unusedThreshold(metric))
        }
        let lacking = notes.filter { if case .baselineLacksScenario = $0 { true } else { false } }
        self.notes = lacking + notes.filter { if case .baselineLacksScenario = $0 { false } else { true } }
    }

    /// Every compared metric, run by run.
    public var metrics: [MetricComparison] { rows.flatMap(\.metrics) }

    /// The metrics that got worse beyond their threshold.
    public var regressions: [MetricComparison] { metrics.filter { $0.verdict == .regression } }

    /// The metrics that got better beyond their threshold.
    public var improvements: [MetricComparison] { metrics.filter { $0.verdict == .improvement } }

    /// The neutral metrics that moved beyond their threshold.
    public var changes: [MetricComparison] { metrics.filter { $0.verdict == .changed } }

    /// The measured metrics that moved beyond their threshold without enough repetitions to
    /// judge them (fewer than 5 a side, or too few for Holm's correction over the family):
    /// listed, not judged (see ``power``).
    public var notJudged: [MetricComparison] {
        metrics.filter { $0.verdict == .notJudged && $0.thresholdVerdict != .unchanged && !$0.judgment.isUnreliable }
    }

    /// The measured metrics `--strict` judged on fewer repetitions than the test needs.
    public var weaklyJudged: [MetricComparison] {
        metrics.filter(\.judgment.isWeak)
    }

    /// The unreliable percentiles (too few samples beyond them) that moved beyond their
    /// threshold: listed with the reason, never judged.
    public var unreliable: [MetricComparison] {
        metrics.filter { $0.judgment.isUnreliable && $0.thresholdVerdict != .unchanged }
    }

    /// The current scenarios the baseline lacks.
    public var scenariosMissingFromBaseline: [String] {
        notes.compactMap { if case let .baselineLacksScenario(name) = $0 { name } else { nil } }
    }

    /// The baseline scenarios the current results lack.
    public var scenariosMissingFromCurrent: [String] {
        notes.compactMap { if case let .currentLacksScenario(name) = $0 { name } else { nil } }
    }

    /// Regression (exit 2: a metric, or a scenario missing from the current results) before a
    /// missing baseline scenario (exit 3) before passed (exit 0).
    public var status: ComparisonStatus {
        if metrics.contains(where: { $0.verdict == .regression }) || !scenariosMissingFromCurrent.isEmpty {
            return .regression
        }
        if !scenariosMissingFromBaseline.isEmpty {
            return .baselineMissing
        }
        return .passed
    }

    /// Compares one scenario's rows, appending its notes and its configuration changes.
    private static func compare(
        baseline: ScenarioSummary, current: ScenarioSummary, thresholds: Thresholds, options: CompareOptions,
        notes: inout [ComparisonNote], changes: inout [ConfigurationChange]
    ) -> [RowComparison] {
        let scenario = current.name
        let baselineColumns = Set(baseline.header)
        let currentColumns = Set(current.header)
        let bounds = Repetitions.boundColumns(current.header)
        let metricColumns = current.header.filter {
            options.compares(current.role(of: $0)) && baselineColumns.contains($0) && !bounds.contains($0)
        }
        for column in current.header where options.compares(current.role(of: column)) && !baselineColumns.contains(column) {
            notes.append(.columnOnlyIn(scenario: scenario, column: column, .current))
        }
        for column in baseline.header where options.compares(baseline.role(of: column)) && !currentColumns.contains(column) {
            notes.append(.columnOnlyIn(scenario: scenario, column: column, .baseline))
        }

        let baselineRows = index(baseline, side: .baseline, notes: &notes)
        let currentRows = index(current, side: .current, notes: &notes)
        var notNumeric: Set<String> = []
        var compared: [RowComparison] = []
        var settingChanges: [(column: String, baseline: String, current: String, runs: Int)] = []
        for (key, record) in currentRows {
            guard let base = baselineRows.first(where: { $0.key == key })?.record else {
                notes.append(.rowOnlyIn(key, .current))
                continue
            }
            let incomplete = ComparisonSide.allCases.filter { side in
                (side == .baseline ? base : record)["complete"] == "false"
            }
            if !incomplete.isEmpty {
                notes.append(.incomplete(key, incomplete))
            }
            for column in settingColumns(current) {
                guard let old = base[column], let new = record[column], old != new else { continue }
                if let index = settingChanges.firstIndex(where: { $0.column == column && $0.baseline == old && $0.current == new }) {
                    settingChanges[index].runs += 1
                } else {
                    settingChanges.append((column, old, new, 1))
                }
            }
            var metrics: [MetricComparison] = []
            for column in metricColumns {
                let baselineText = base[column] ?? ""
                let currentText = record[column] ?? ""
                guard let old = number(baselineText), let new = number(currentText) else {
                    if notNumeric.insert(column).inserted {
                        notes.append(.notNumeric(scenario: scenario, column: column))
                    }
                    continue
                }
                let role = current.role(of: column)
                let threshold = thresholds.threshold(for: column, role: role)
                var metric = MetricComparison(
                    key: key, metric: column, role: role,
                    direction: current.columns.column(column)?.direction ?? .neutral,
                    baselineText: baselineText, currentText: currentText,
                    baseline: old, current: new, threshold: threshold)
                metric.views = current.columns.column(column)?.views ?? []
                if role == .instructions { metric.judgment = .instructions }
                if role == .measured {
                    metric.judge(
                        baselineSamples: baseline.repetitions[key]?[column] ?? [old],
                        currentSamples: current.repetitions[key]?[column] ?? [new],
                        bySeed: baseline.repetitionsBySeed[key]?[column].flatMap { before in
                            current.repetitionsBySeed[key]?[column].map { (before, $0) }
                        }, options: options)
                    metric.markUnreliable(
                        tailSamples: [(baseline, base), (current, record)].compactMap { summary, values in
                            TailSamples.companion(of: column, in: summary.columns).flatMap { values[$0] }.flatMap(number)
                        }.min())
                }
                metrics.append(metric)
            }
            compared.append(RowComparison(key: key, metrics: metrics, incomplete: incomplete))
        }
        for (key, _) in baselineRows where !currentRows.contains(where: { $0.key == key }) {
            notes.append(.rowOnlyIn(key, .baseline))
        }
        let columnChanges = settingChanges.map {
            ConfigurationChange(
                scenario: scenario, setting: $0.column, baseline: $0.baseline, current: $0.current,
                runs: ($0.runs, compared.count))
        }
        changes += columnChanges
        if let before = baseline.settings, let after = current.settings {
            for (path, old, new) in ScenarioSettings.differences(before, after) {
                // A setting its column already reports alike (cache.capacity as capacity).
                let leaf = String(path.split(separator: ".").last?.prefix { $0 != "[" } ?? "")
                let reported = columnChanges.contains {
                    $0.setting == leaf && ScenarioSettings.display($0.baseline ?? "") == old
                        && ScenarioSettings.display($0.current ?? "") == new
                }
                if !reported {
                    changes.append(ConfigurationChange(scenario: scenario, setting: path, baseline: old, current: new))
                }
            }
        }
        return compared
    }

    /// A summary's rows by key, in file order; later rows with a key already seen are noted and
    /// left out.
    private static func index(
        _ summary: ScenarioSummary, side: ComparisonSide, notes: inout [ComparisonNote]
    ) -> [(key: RowKey, record: [String: String])] {
        var seen: Set<RowKey> = []
        var rows: [(key: RowKey, record: [String: String])] = []
        for record in summary.records {
            let key = RowKey(scenario: summary.name, record: record)
            guard seen.insert(key).inserted else {
                notes.append(.duplicateRow(key, side))
                continue
            }
            rows.append((key: key, record: record))
        }
        return rows
    }

    /// The finite number in `text`, or nil.
    private static func number(_ text: String) -> Double? {
        guard let value = Double(text.trimmingSpaces), value.isFinite else {
            return nil
        }
        return value
    }
}
