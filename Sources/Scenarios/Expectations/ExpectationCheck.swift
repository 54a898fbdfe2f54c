import Report

/// The outcome of one expectation on one run.
public struct ExpectationOutcome: Equatable, Sendable {
    public var scenario: String
    /// `lru/repopulate`, with ` @ key=value` for a sweep point.
    public var run: String
    public var expectation: Expectation
    /// The recorded value; `nil` when the row has no number for the metric.
    public var actual: Double?
    /// True when it held, was skipped or could not be judged.
    public var passed: Bool
    /// No run of its policy (and mode) ran, or no run it compares with: a `--policy` override,
    /// a shard, an interrupt.
    public var skipped = false
    /// A relative condition on a measured metric with one repetition: one value per run says
    /// nothing about timing noise, so it is neither held nor failed (``reason`` says why:
    /// `1 repetition`).
    public var notJudged = false
    /// For a relative condition: the reference run's value times the factor.
    public var reference: Double? = nil
    /// Why a relative condition held, failed or was not judged: on a measured metric `not
    /// significant with 3 repetitions`, `p=0.0004`, `1 repetition`; on a count over several
    /// seeds the paired verdict, `higher in 9 of 10 seeds (p = 0.0039)`.
    public var reason: String? = nil
}

/// Checks a scenario's `expect` lines against the summary rows a run produced.
public enum ExpectationCheck {
    /// One outcome per (expectation, matching row). An expectation whose policy did not run
    /// (a `--policy` override, a shard, an interrupt) has one outcome marked `skipped`.
    public static func evaluate(_ expectations: [Expectation], result: ScenarioResult) -> [ExpectationOutcome] {
        var outcomes: [ExpectationOutcome] = []
        for expectation in expectations {
            let rows = result.summary.filter { matches($0, expectation) }
            if rows.isEmpty {
                outcomes.append(
                    ExpectationOutcome(
                        scenario: result.name, run: expectation.policyKey, expectation: expectation, actual: nil,
                        passed: true, skipped: true))
            }
            for row in rows {
                let actual = number(row[expectation.metric])
                var outcome = ExpectationOutcome(
                    scenario: result.name, run: label(row), expectation: expectation, actual: actual,
                    passed: actual.map(expectation.condition.holds(for:)) ?? false)
                if let reference = expectation.condition.reference {
                    relative(&outcome, row: row, reference: reference, result: result)
                } else if let share = expectation.condition.seedShare {
                    seedShare(&outcome, share: share, row: row, result: result)
                }
                outcomes.append(outcome)
            }
        }
        return outcomes
    }

    /// The relative conditions on measured figures (declared measured or tail in `scenario`'s
    /// kind) that `repetitions` repetitions would leave not judged (one repetition), as
    /// `validate`'s warnings: `expect: lru/pin: get_p99_ns < fifo/pin compares a measured figure
    /// with 1 repetition: ...`.
    public static func unjudgeable(_ scenario: Scenario, repetitions: Int) -> [String] {
        guard repetitions <= 1 else { return [] }
        let columns = scenario.body.resultColumns
        return scenario.header.expect.compactMap { expectation in
            guard expectation.condition.reference != nil, [.measured, .tail].contains(columns.role(of: expectation.metric)) else {
                return nil
            }
            return "expect: \(expectation) compares a measured figure with 1 repetition: it will be reported not judged; "
                + "set repeat: 5 (or run with --repeat 5) to judge it"
        }
    }

    /// The expectations bounding a figure measured on this machine (declared measured or tail
    /// in `scenario`'s kind) by an absolute number, as `validate`'s notes: such a line measures
    /// this machine and its load as much as the code, so it may fail on a busy or slower
    /// machine with nothing changed. A team may keep it in its own files; the shipped scenarios
    /// state measured figures relative to another run instead.
    public static func machineDependent(_ scenario: Scenario) -> [String] {
        let columns = scenario.body.resultColumns
        return scenario.header.expect.compactMap { expectation in
            guard boundsMeasuredFigure(expectation, columns: columns) else { return nil }
            return "expect: \(expectation) bounds a figure measured on this machine by an absolute number: "
                + "it depends on this machine and its load as much as on the code; compare with another run "
                + "(\"\(expectation.condition.op.rawValue) <policy>\", judged with repetitions) to state it whatever the load"
        }
    }

    /// Whether `expectation` bounds a figure measured on this machine (a column declared
    /// measured or tail) by an absolute number. Not so: a relative condition (another run of
    /// the file, judged with repetitions), and `> 0` on a measured count, which says that
    /// something happened at all (a purge evicted), not how much, and no load changes.
    public static func boundsMeasuredFigure(_ expectation: Expectation, columns: ResultColumns) -> Bool {
        guard expectation.condition.reference == nil, let column = columns.column(expectation.metric),
            column.role == .measured || column.role == .tail
        else { return false }
        let happened = column.unit == .count && expectation.condition.op == .greater && expectation.condition.value == 0
        return !happened
    }

    /// Checks a relative condition.
    ///
    /// - A count, with one seed: exactly, against the reference run's value times the factor.
    /// - A count, with several seeds: seed by seed (``PairedVerdict``, at
    ///   ``PairedVerdict/defaultAlpha``, on the run's values against the reference's times the
    ///   factor): `>` holds when the run is significantly higher, `<` significantly lower, `!=`
    ///   either; `>=` when it is not significantly lower and the median of the differences is at
    ///   least 0, `<=` the mirror; `==` when the difference is not significant (the same in every
    ///   seed, tied within the seeds' spread, or too few differing seeds to tell).
    /// - A measured metric: by the medians of both runs' repetitions (every seed's), and only
    ///   when the difference is significant (``Significance``; over several seeds, the
    ///   repetitions compared within their seed by van Elteren's stratified test): `<`, `<=` hold when the run is
    ///   significantly lower, `>`, `>=` significantly higher, `!=` either, `==` when the
    ///   difference is not significant. With one repetition it is not judged (`1 repetition`):
    ///   one value per run cannot tell a difference from timing noise. A percentile either run
    ///   has fewer than ``TailSamples/reliableMinimum`` samples beyond is not met (`unreliable: 4
    ///   samples beyond (needs 10)`).
    ///
    /// A reference run that did not run (a `--policy` override, a shard, an interrupt) skips the
    /// expectation, as a run of its own policy that did not run does.
    static func relative(_ outcome: inout ExpectationOutcome, row: ResultRow, reference: Expectation.Reference, result: ScenarioResult) {
        let metric = outcome.expectation.metric
        let op = outcome.expectation.condition.op
        let candidates = result.summary.filter { other in
            other["policy"] == .string(reference.policy.rawValue) && other["sweep_key"] == row["sweep_key"]
                && other["sweep_value"] == row["sweep_value"]
        }
        let mode = reference.inUse.map { CSVValue.string($0.rawValue) }
        let referenceRow = candidates.first(where: { $0["in_use"] == (mode ?? row["in_use"]) }) ?? (mode == nil ? candidates.first : nil)
        guard let referenceRow else {
            // The run compared with did not run: nothing to judge.
            outcome.actual = nil
            outcome.passed = true
            outcome.skipped = true
            return
        }
        guard let actual = outcome.actual, let base = number(referenceRow[metric]) else {
            outcome.passed = false
            outcome.reason = "no value of run \(reference.run) to compare with"
            return
        }
        outcome.reference = base * reference.factor
        // Measured figures, and the tail samples that follow a measured percentile, vary between runs.
        let role = row.role(of: metric, declaredBy: result.columns.summary)
        guard role == .measured || role == .tail else {
            if result.seedList.count > 1,
                let (values, referenceValues) = pairedSeedValues(of: metric, row: row, referenceRow: referenceRow, result: result)
            {
                paired(&outcome, values, referenceValues.map { $0 * reference.factor })
                return
            }
            outcome.passed = Expectation.Condition(op, base * reference.factor).holds(for: actual)
            return
        }
        guard repetitionCount(of: row, result: result) > 1 else {
            outcome.passed = true
            outcome.notJudged = true
            outcome.reason = "1 repetition"
            return
        }
        // A percentile with too few samples beyond it, in either run, supports no claim.
        let unreliable = [row, referenceRow].lazy.compactMap { line in
            TailSamples.unreliability(of: metric, columns: result.columns) { line[$0]?.number }
        }.first
        if let unreliable {
            outcome.passed = false
            outcome.reason = unreliable
            return
        }
        let samples = repetitionValues(of: metric, row: row, result: result) ?? [actual]
        let referenceSamples = (repetitionValues(of: metric, row: referenceRow, result: result) ?? [base]).map { $0 * reference.factor }
        let significance =
            result.seedList.count > 1
            ? Significance(
                bySeed: repetitionValuesBySeed(of: metric, row: row, result: result),
                repetitionValuesBySeed(of: metric, row: referenceRow, result: result).mapValues { $0.map { $0 * reference.factor } })
            : Significance(samples, referenceSamples)
        let median = MedianInterval(samples)?.median ?? actual
        let referenceMedian = MedianInterval(referenceSamples)?.median ?? base * reference.factor
        outcome.reason = significance.description
        switch op {
        case .less, .atMost: outcome.passed = significance.significant && median < referenceMedian
        case .greater, .atLeast: outcome.passed = significance.significant && median > referenceMedian
        case .notEqual: outcome.passed = significance.significant
        case .equal: outcome.passed = !significance.significant
        }
    }

    /// Judges a condition required in a share of the seeds (`>= 0.95 in 95% of seeds`), as
    /// `decide:` judges its goal: it holds when the run's value in at least `share` of its seeds
    /// (`seeds.csv`; with one seed, the summary's value) satisfies the comparison. The reason
    /// says in how many: `in 19 of 20 seeds (needs 19)`.
    static func seedShare(_ outcome: inout ExpectationOutcome, share: Double, row: ResultRow, result: ScenarioResult) {
        let metric = outcome.expectation.metric
        let identity = SharedColumns.identity.map(\.name)
        var values = result.seeds.filter { line in identity.allSatisfy { line[$0] == row[$0] } }.compactMap { number($0[metric]) }
        if values.isEmpty, let actual = outcome.actual { values = [actual] }
        let condition = Expectation.Condition(outcome.expectation.condition.op, outcome.expectation.condition.value)
        let meeting = values.filter(condition.holds(for:)).count
        let needed = Int((share * Double(values.count) - 1e-9).rounded(.up))
        outcome.passed = !values.isEmpty && meeting >= needed
        outcome.reason = "in \(meeting) of \(values.count) seed\(values.count == 1 ? "" : "s") (needs \(needed))"
    }

    /// Judges a relative condition on a count seed by seed: `values` the run's, `references` the
    /// reference run's times the factor, paired by seed (see ``relative(_:row:reference:result:)``).
    static func paired(_ outcome: inout ExpectationOutcome, _ values: [Double], _ references: [Double]) {
        let verdict = PairedVerdict.compare(values, references, higherIsBetter: true, alpha: PairedVerdict.defaultAlpha)
        switch outcome.expectation.condition.op {
        case .greater: outcome.passed = verdict.outcome == .firstBetter
        case .less: outcome.passed = verdict.outcome == .secondBetter
        case .notEqual: outcome.passed = verdict.outcome == .firstBetter || verdict.outcome == .secondBetter
        case .atLeast: outcome.passed = verdict.outcome != .secondBetter && verdict.medianDifference >= 0
        case .atMost: outcome.passed = verdict.outcome != .firstBetter && verdict.medianDifference <= 0
        case .equal: outcome.passed = verdict.outcome != .firstBetter && verdict.outcome != .secondBetter
        }
        outcome.reason = verdict.higherLowerDescription
    }

    /// The metric's value in each seed both runs ran, `row`'s run's and `referenceRow`'s, paired
    /// by seed (`seeds.csv`'s rows); nil when they share no seed with a value.
    static func pairedSeedValues(
        of metric: String, row: ResultRow, referenceRow: ResultRow, result: ScenarioResult
    ) -> ([Double], [Double])? {
        let identity = SharedColumns.identity.map(\.name)
        let lines = { (run: ResultRow) in result.seeds.filter { line in identity.allSatisfy { line[$0] == run[$0] } } }
        var references: [String: Double] = [:]
        for line in lines(referenceRow) {
            if let seed = line["seed"]?.text, let value = number(line[metric]) { references[seed] = value }
        }
        var values: [Double] = []
        var paired: [Double] = []
        for line in lines(row) {
            guard let seed = line["seed"]?.text, let value = number(line[metric]), let other = references[seed] else { continue }
            values.append(value)
            paired.append(other)
        }
        return values.isEmpty ? nil : (values, paired)
    }

    /// How many repetitions `row`'s run had (of each seed): the largest `repetition` of its
    /// `repetitions.csv` rows, 1 without any.
    static func repetitionCount(of row: ResultRow, result: ScenarioResult) -> Int {
        let identity = SharedColumns.identity.map(\.name)
        let numbers = result.repetitions.filter { line in identity.allSatisfy { line[$0] == row[$0] } }.compactMap {
            $0[Repetitions.repetition.name]?.number
        }
        return Int(numbers.max() ?? 1)
    }

    /// The metric's value in each repetition of `row`'s run (of every seed), from
    /// `repetitions.csv`'s rows; nil without repetitions.
    static func repetitionValues(of metric: String, row: ResultRow, result: ScenarioResult) -> [Double]? {
        let identity = SharedColumns.identity.map(\.name)
        let values = result.repetitions.filter { line in identity.allSatisfy { line[$0] == row[$0] } }.compactMap { number($0[metric]) }
        return values.isEmpty ? nil : values
    }

    /// The metric's value in each repetition of `row`'s run, by seed (`repetitions.csv`'s
    /// `seed` column): the strata of a comparison over seeds.
    static func repetitionValuesBySeed(of metric: String, row: ResultRow, result: ScenarioResult) -> [String: [Double]] {
        let identity = SharedColumns.identity.map(\.name)
        var values: [String: [Double]] = [:]
        for line in result.repetitions where identity.allSatisfy({ line[$0] == row[$0] }) {
            guard let seed = line[SharedColumns.seed.name]?.text, let value = number(line[metric]) else { continue }
            values[seed, default: []].append(value)
        }
        return values
    }

    private static func matches(_ row: ResultRow, _ expectation: Expectation) -> Bool {
        guard row["policy"] == .string(expectation.policy.rawValue) else { return false }
        if let point = expectation.point, number(row["sweep_value"]) != point { return false }
        guard let mode = expectation.inUse else { return true }
        return row["in_use"] == .string(mode.rawValue)
    }

    private static func label(_ row: ResultRow) -> String {
        let policy = row["policy"]?.text ?? "?"
        let mode = row["in_use"]?.text ?? "-"
        let run = mode == "-" ? policy : "\(policy)/\(mode)"
        if let key = row["sweep_key"]?.text, !key.isEmpty, let value = row["sweep_value"]?.text {
            return "\(run) @ \(key)=\(value)"
        }
        return run
    }

    private static func number(_ value: CSVValue?) -> Double? {
        value?.number
    }
}
