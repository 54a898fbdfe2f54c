/// What `compare --summary` shows, for a pull request's comment or a CI job summary: one line
/// per scenario, then at most ``limit`` top regressions, a run's count changes grouped into one.
///
/// ```text
/// feed: 101 counts changed in 9 of 10 runs (66 worse, 35 neutral); 0 measured regressions; 0 improvements; configuration changed: capacity 12 → 8
///
/// scenario  run             regression                       also moved
/// feed      lru/repopulate  instantiations 44 → 75 (+70.5%)  12 counts (8 worse)
/// ```
///
/// A run whose counts got worse is one entry: its headline count (the kind's
/// ``ColumnView/bars`` column if it got worse, else a ``ColumnView/table`` one, else the one
/// that moved most) and how many others moved. Each measured regression is an entry of its own.
/// Runs come first, the largest change first, then measured regressions, the largest first.
public struct ComparisonSummary: Sendable, Equatable {
    /// The most entries listed.
    public static let limit = 10

    /// One scenario's changes, counted.
    public struct ScenarioLine: Sendable, Equatable, CustomStringConvertible {
        /// The scenario.
        public var scenario: String
        /// Its runs compared.
        public var runs: Int
        /// Its runs with a count beyond its threshold.
        public var runsWithCountChanges: Int
        /// Counts beyond their thresholds: worse, better, neutral.
        public var counts: (worse: Int, better: Int, neutral: Int)
        /// Measured metrics judged worse, and better.
        public var measured: (regressions: Int, improvements: Int)
        /// Its settings that differ between the sides.
        public var configuration: [ConfigurationChange]
        /// Instruction counts (``MetricRole/instructions``) beyond their tolerance, worse and
        /// better; nil when the scenario's results have none (runs without `--instructions`).
        public var instructions: (regressions: Int, improvements: Int)? = nil

        public static func == (lhs: ScenarioLine, rhs: ScenarioLine) -> Bool {
            lhs.scenario == rhs.scenario && lhs.runs == rhs.runs && lhs.runsWithCountChanges == rhs.runsWithCountChanges
                && lhs.counts == rhs.counts && lhs.measured == rhs.measured && lhs.configuration == rhs.configuration
                && lhs.instructions.map { [$0.regressions, $0.improvements] } == rhs.instructions.map { [$0.regressions, $0.improvements] }
        }

        /// `feed: 101 counts changed in 9 of 10 runs (66 worse, 35 neutral); 0 measured
        /// regressions; 0 improvements; configuration changed: capacity 12 → 8`.
        public var description: String {
            "\(scenario): \(details)"
        }

        /// The line without the scenario's name.
        public var details: String {
            let changed = counts.worse + counts.better + counts.neutral
            var text = ""
            if changed == 0 {
                text += "no count changed"
            } else {
                let parts = [(counts.worse, "worse"), (counts.better, "better"), (counts.neutral, "neutral")]
                    .filter { $0.0 > 0 }.map { "\($0.0) \($0.1)" }
                text +=
                    "\(ComparisonFormatting.plural(changed, "count")) changed in \(runsWithCountChanges) of "
                    + "\(ComparisonFormatting.plural(runs, "run")) (\(parts.joined(separator: ", ")))"
            }
            text += "; \(measured.regressions) measured \(measured.regressions == 1 ? "regression" : "regressions")"
            if let instructions {
                text += "; \(instructions.regressions) instruction-count \(instructions.regressions == 1 ? "regression" : "regressions")"
            }
            let improvements = counts.better + measured.improvements + (instructions?.improvements ?? 0)
            text += "; \(ComparisonFormatting.plural(improvements, "improvement"))"
            if !configuration.isEmpty {
                text += "; configuration changed: \(ConfigurationChange.phrase(configuration, limit: 5))"
            }
            return text
        }
    }

    /// One top regression: a run's worse counts, or one measured metric.
    public struct Entry: Sendable, Equatable {
        /// The metric that leads the entry.
        public var metric: MetricComparison
        /// The run's other counts beyond their thresholds (0 for a measured metric).
        public var othersMoved: Int
        /// How many of them got worse.
        public var othersWorse: Int

        /// `instantiations 44 → 75 (+70.5%)`; a measured metric adds how it was judged.
        public var change: String {
            let amount = metric.percent == nil ? ComparisonFormatting.signed(metric.delta) : ComparisonFormatting.percent(metric.percent)
            let how = metric.role == .measured || metric.role == .instructions ? ", \(metric.judgment.label)" : ""
            return "\(metric.metric) \(metric.baselineText) → \(metric.currentText) (\(amount)\(how))"
        }

        /// `12 counts (8 worse)`, or empty.
        public var others: String {
            guard othersMoved > 0 else { return "" }
            return "\(ComparisonFormatting.plural(othersMoved, "count"))" + (othersWorse > 0 ? " (\(othersWorse) worse)" : "")
        }
    }

    /// A line per compared scenario, in name order.
    public var scenarios: [ScenarioLine]
    /// The top regressions, at most ``limit``.
    public var top: [Entry]
    /// How many entries there were before the limit.
    public var total: Int

    /// The summary of `comparison`.
    public init(_ comparison: Comparison) {
        scenarios = comparison.scenarios.map { scenario in
            let rows = comparison.rows.filter { $0.key.scenario == scenario }
            let metrics = rows.flatMap(\.metrics)
            let counts = metrics.filter { $0.role == .count }
            let measured = metrics.filter { $0.role == .measured }
            let instructions = metrics.filter { $0.role == .instructions }
            var line = ScenarioLine(
                scenario: scenario, runs: rows.count,
                runsWithCountChanges: rows.filter { $0.metrics.contains { $0.role == .count && $0.verdict != .unchanged } }.count,
                counts: (
                    counts.filter { $0.verdict == .regression }.count, counts.filter { $0.verdict == .improvement }.count,
                    counts.filter { $0.verdict == .changed }.count
                ),
                measured: (measured.filter { $0.verdict == .regression }.count, measured.filter { $0.verdict == .improvement }.count),
                configuration: comparison.configurationChanges.filter { $0.scenario == scenario })
            if !instructions.isEmpty {
                line.instructions = (
                    instructions.filter { $0.verdict == .regression }.count, instructions.filter { $0.verdict == .improvement }.count
                )
            }
            return line
        }
        var runs: [Entry] = []
        for row in comparison.rows {
            let moved = row.metrics.filter { $0.role == .count && $0.verdict != .unchanged }
            let worse = moved.filter { $0.verdict == .regression }
            guard let lead = Self.headline(worse) else { continue }
            runs.append(Entry(metric: lead, othersMoved: moved.count - 1, othersWorse: worse.count - 1))
        }
        let measured = comparison.regressions.filter { $0.role == .measured || $0.role == .instructions }.map { Entry(metric: $0, othersMoved: 0, othersWorse: 0) }
        let entries = Self.largestFirst(runs) + Self.largestFirst(measured)
        total = entries.count
        top = Array(entries.prefix(Self.limit))
    }

    /// The count that leads a run's worse counts: its kind's bars column, else a table column,
    /// else any; among equals the largest relative change, then the first in column order.
    static func headline(_ worse: [MetricComparison]) -> MetricComparison? {
        func rank(_ metric: MetricComparison) -> Int {
            metric.views.contains(.bars) ? 0 : metric.views.contains(.table) ? 1 : 2
        }
        return worse.enumerated().min { a, b in
            (rank(a.element), -size(a.element), a.offset) < (rank(b.element), -size(b.element), b.offset)
        }?.element
    }

    /// `entries` by the size of their change, largest first (a change from 0 counts as the
    /// largest); equal ones in their order.
    static func largestFirst(_ entries: [Entry]) -> [Entry] {
        entries.enumerated().sorted { a, b in
            (-size(a.element.metric), a.offset) < (-size(b.element.metric), b.offset)
        }.map(\.element)
    }

    /// The magnitude of a metric's relative change; infinite from a baseline of 0.
    static func size(_ metric: MetricComparison) -> Double {
        metric.percent.map(\.magnitude) ?? .infinity
    }
}
