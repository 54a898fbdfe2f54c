/// Pieces the text and markdown formatters share: the headline, the sections, and how numbers
/// are written.
enum ComparisonFormatting {
    /// `2 regressions, 1 improvement`.
    static func verdictCounts(_ comparison: Comparison) -> String {
        "\(plural(comparison.regressions.count, "regression")), \(plural(comparison.improvements.count, "improvement"))"
    }

    /// What follows the counts: ` in 3 scenarios`, then `; 2 neutral metrics changed` and
    /// `; baseline lacks 1 scenario` when they apply.
    static func headlineTail(_ comparison: Comparison) -> String {
        var text = " in \(plural(comparison.scenarios.count, "scenario"))"
        let changes = comparison.changes.count
        if changes > 0 {
            text += "; \(changes) neutral \(changes == 1 ? "metric" : "metrics") changed"
        }
        let unjudged = comparison.notJudged.count
        if unjudged > 0 {
            text +=
                "; \(unjudged) measured \(unjudged == 1 ? "metric" : "metrics") beyond the threshold not judged "
                + "(too few repetitions)"
        }
        let unreliable = comparison.unreliable.count
        if unreliable > 0 {
            text +=
                "; \(unreliable) unreliable \(unreliable == 1 ? "percentile" : "percentiles") beyond the threshold not judged "
                + "(fewer than \(TailSamples.reliableMinimum) samples beyond)"
        }
        let missing = comparison.scenariosMissingFromBaseline.count
        if missing > 0 {
            text += "; baseline lacks \(plural(missing, "scenario"))"
        }
        return text
    }

    /// The lines after the headline: each scenario's configuration changes (unless `summary`,
    /// whose scenario lines name them), then what the repetitions could not judge
    /// (``JudgingPower/statements``).
    static func statements(_ comparison: Comparison, summary: Bool = false) -> [String] {
        (summary ? [] : ConfigurationChange.lines(comparison.configurationChanges)) + comparison.power.statements
    }

    /// At most `limit` notes, then how many more there are.
    static func notes(_ comparison: Comparison, limit: Int) -> [String] {
        let notes = comparison.notes.map(\.description)
        guard notes.count > limit else { return notes }
        return notes.prefix(limit) + ["and \(notes.count - limit) more notes (compare without --summary lists them)"]
    }

    /// The column titles of the summary's top regressions.
    static func summaryTitles(_ summary: ComparisonSummary) -> [String] {
        let shown = summary.top.count < summary.total ? "top \(summary.top.count) of \(summary.total)" : "\(summary.total)"
        return ["scenario", "run", "regressions (\(shown))", "also moved"]
    }

    /// The summary's top regression's cells, matching ``summaryTitles(_:)``.
    static func summaryCells(_ entry: ComparisonSummary.Entry) -> [String] {
        [entry.metric.key.scenario, entry.metric.key.run, entry.change, entry.others]
    }

    /// `1 regression`, `2 regressions`, `0 regressions`.
    static func plural(_ count: Int, _ noun: String) -> String {
        "\(count) \(noun)\(count == 1 ? "" : "s")"
    }

    /// The titled groups of metrics to list, in order: regressions, improvements, neutral
    /// changes (each only when non-empty), then every metric when `all` is set.
    static func sections(_ comparison: Comparison, all: Bool) -> [(title: String, metrics: [MetricComparison], showVerdict: Bool)] {
        var sections: [(title: String, metrics: [MetricComparison], showVerdict: Bool)] = []
        for (title, metrics) in [
            ("Regressions", comparison.regressions), ("Improvements", comparison.improvements),
            ("Changed (neutral)", comparison.changes), ("Not judged (too few repetitions)", comparison.notJudged),
            ("Not judged (unreliable percentiles)", comparison.unreliable),
        ] where !metrics.isEmpty {
            sections.append((title: title, metrics: metrics, showVerdict: false))
        }
        if all {
            sections.append((title: "All metrics", metrics: comparison.metrics, showVerdict: true))
        }
        return sections
    }

    /// Column titles of a section's table.
    static func titles(showVerdict: Bool) -> [String] {
        ["scenario", "run", "metric", "baseline", "current", "delta", "change", "ratio (95% CI)", "threshold", "judged by"]
            + (showVerdict ? ["verdict"] : [])
    }

    /// A metric's cells, matching ``titles(showVerdict:)``.
    static func cells(_ metric: MetricComparison, showVerdict: Bool) -> [String] {
        [
            metric.key.scenario, metric.key.run, metric.metric, metric.baselineText, metric.currentText,
            signed(metric.delta), percent(metric.percent), ratio(metric), metric.threshold.description,
            metric.judgment.label,
        ] + (showVerdict ? [metric.verdict.rawValue] : [])
    }

    /// `+1`, `-0.1`, `0`: six decimals at most, a sign unless zero.
    /// `1.23 [1.1, 1.4]`, or empty without a ratio.
    static func ratio(_ metric: MetricComparison) -> String {
        guard let ratio = metric.ratio else { return "" }
        func short(_ value: Double) -> String { CSVValue.format((value * 1000).rounded() / 1000) }
        return "\(short(ratio.value)) [\(short(ratio.low)), \(short(ratio.high))]"
    }

    static func signed(_ value: Double) -> String {
        let text = CSVValue.format(value)
        return value > 0 && text != "0" ? "+" + text : text
    }

    /// `+10%`, `-12.5%` (one decimal), or `n/a` without a baseline to divide by.
    static func percent(_ value: Double?) -> String {
        guard let value else {
            return "n/a"
        }
        return signed((value * 10).rounded() / 10) + "%"
    }
}
