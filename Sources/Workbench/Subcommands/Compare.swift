import ArgumentParser
import Report

/// `workbench compare BASELINE CURRENT`: compares two results directories metric by metric and
/// fails (exit 2) on a regression.
struct Compare: ParsableCommand {
    /// How the comparison is printed.
    enum OutputFormat: String, CaseIterable, ExpressibleByArgument {
        /// Aligned columns for a terminal.
        case text
        /// GitHub-flavoured markdown, for a CI job summary.
        case markdown
        /// Every compared metric as CSV.
        case csv
    }

    static let configuration = CommandConfiguration(
        abstract: "Compare two results directories and report regressions and improvements.",
        discussion: """
            Matches each CURRENT/<scenario>/summary.csv row to the BASELINE row with the same \
            scenario, policy, in_use and sweep_* columns, and compares every metric column. Counts \
            are deterministic and compare exactly: any change in a metric's worse direction is a \
            regression, in its better direction an improvement. Neutral metrics (requests, frames, \
            intents, ...) are reported as changed, never as regressions.

            MEASURED METRICS (*_ns, bytes, allocations, ...; results of run --repeat N)
              A change is a regression only when the medians differ by more than the
              threshold (default 10% of the baseline) AND the difference is significant:
              with 5 or more repetitions on both sides, a two-sided Mann-Whitney U test
              over the repetitions, Holm-corrected over every tested metric, at --alpha
              (default 0.01); with 2 to 4, the medians' 95% confidence intervals must not
              overlap. With a single repetition on either side, measured metrics are
              listed (not judged) unless --strict judges them by the threshold alone.
              A latency percentile with fewer than 10 samples beyond it (its
              <metric>_tail_samples column, either side) is unreliable: never judged,
              listed with the reason (greyed on a terminal, in italics in markdown).
              The default threshold, 10%, comes from pairs of runs of one build on a
              2-core machine (scripts/false-alarms.py, 20 pairs per setting): from 5% to
              20% the false alarms were the same (1 of 20 for two runs --repeat 10 judged
              by compare, 0 of 20 for ab --repeat 20), 20% missed most 11% slowdowns, and
              ab --repeat 20 caught slowdowns of 34% or more in 19 of 20 pairs (16 of 20
              at 19%). Two runs taken minutes apart also differ by the machine's own
              drift, which more repetitions make significant (5 of 20 false alarms with
              --repeat 20): judge pull requests with ab.

            THRESHOLDS
              --threshold METRIC=VALUE   VALUE is 5% (of the baseline), 200 (in the
                                         metric's unit) or exact; METRIC * means
                                         every measured metric, counts every count
              --thresholds FILE          'metric: value' lines, # comments; quote
                                         "*" to keep the file valid YAML
            A metric's own entry beats * and counts; --threshold beats the file.

            EXIT CODES
              0  no regression
              1  a directory or file cannot be read, a bad --threshold or --alpha value, or a
                 scenario whose results are of another kind on each side
              2  a regression (takes precedence over 3)
              3  the baseline lacks a scenario of CURRENT
            Scenarios or runs on one side only, interrupted runs (complete=false) \
            and changed settings are listed as notes (on stderr with --format csv).
            """
    )

    @Argument(help: ArgumentHelp("Results directory to compare against.", valueName: "baseline"))
    var baseline: String

    @Argument(help: ArgumentHelp("Results directory to judge.", valueName: "current"))
    var current: String

    @Option(help: ArgumentHelp("Output format: text, markdown or csv.", valueName: "format"))
    var format: OutputFormat = .text

    @Option(
        name: .customLong("threshold"),
        help: ArgumentHelp(
            "A metric's threshold, METRIC=VALUE: 5% (of the baseline), 200 (absolute) or exact; METRIC * for every measured metric, counts for every count (repeatable).",
            valueName: "metric=value"))
    var thresholdArguments: [String] = []

    @Option(
        name: .customLong("thresholds"),
        help: ArgumentHelp("A file of 'metric: value' lines (see THRESHOLDS above).", valueName: "file"))
    var thresholdsFile: String?

    @Option(help: ArgumentHelp("Family-wise significance level for measured metrics (0 < alpha < 1).", valueName: "alpha"))
    var alpha: Double = CompareOptions.defaultAlpha

    @Flag(help: "Judge measured metrics of a single repetition by their threshold alone.")
    var strict = false

    @Flag(help: "Also list every compared metric, unchanged ones included (text and markdown).")
    var all = false

    func run() throws {
        var thresholds = Thresholds()
        let comparison: Comparison
        do {
            if let thresholdsFile {
                try thresholds.load(file: thresholdsFile)
            }
            for argument in thresholdArguments {
                try thresholds.set(assignment: argument)
            }
            guard alpha > 0, alpha < 1 else {
                Diagnostics.error("error: --alpha \(alpha): must be between 0 and 1 (exclusive)")
                throw WorkbenchExit.inputError
            }
            comparison = try Comparison.load(
                baseline: baseline, current: current, thresholds: thresholds, options: CompareOptions(alpha: alpha, strict: strict))
        } catch let error as CompareError {
            Diagnostics.error(error.description)
            if case .invalidThreshold = error {
                Diagnostics.note("see 'workbench compare --help'")
            }
            throw WorkbenchExit.inputError
        }

        switch format {
        case .text:
            print(ComparisonTextFormatter(all: all, dim: Diagnostics.stdoutIsTerminal).render(comparison), terminator: "")
        case .markdown:
            print(ComparisonMarkdownFormatter(all: all).render(comparison), terminator: "")
        case .csv:
            print(ComparisonCSVFormatter().render(comparison), terminator: "")
            for note in comparison.notes {
                Diagnostics.note("note: \(note)")
            }
        }

        switch comparison.status {
        case .passed:
            return
        case .regression:
            throw WorkbenchExit.expectationFailed
        case .baselineMissing:
            throw WorkbenchExit.baselineMissing
        }
    }
}
