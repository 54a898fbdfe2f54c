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
              threshold (default 10% of the baseline) AND the difference is significant
              by a two-sided Mann-Whitney U test over the repetitions, Holm-corrected
              over every tested metric, at --alpha (default 0.01). Measured metrics are
              judged only with 5 or more repetitions on both sides; with fewer they are
              listed, not judged, unless --strict judges them weakly (2 to 4: the
              medians' 95% confidence intervals must not overlap; 1: the threshold
              alone). Five a side give p >= 0.0079, which Holm's correction over many
              metrics never lets through: when no p-value the repetitions could give
              passes the correction, the metrics are listed, not judged, and compare
              says how many repetitions a side would judge them (e.g. 9 for 69 tested
              metrics at alpha 0.01). Unjudged measured metrics never fail the job:
              the exit code then rests on the counts.
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

            INSTRUCTION COUNTS (<op>_instructions*, results of run --instructions)
              Instructions counted under callgrind repeat for the same release binary
              and input whatever the machine's load, so they are judged like counts, in
              one run a side: a change beyond --instructions-tolerance (default 1% of
              the baseline) is a regression or an improvement. (A debug build's frame
              counts move a few percent under CPU load: compare release builds.)
              --counts-only keeps them.

            THRESHOLDS
              --threshold METRIC=VALUE   VALUE is 5% (of the baseline), 200 (in the
                                         metric's unit) or exact; METRIC * means
                                         every measured metric, counts every count,
                                         instructions every instruction count
              --thresholds FILE          'metric: value' lines, # comments; quote
                                         "*" to keep the file valid YAML
            A metric's own entry beats * and counts; --threshold beats the file.

            EXIT CODES
              0  no regression
              1  a directory or file cannot be read, a bad --threshold or --alpha value,
                 a scenario whose results are of another kind on each side, or a
                 metric value that is neither empty nor a finite number (nan, inf,
                 text; named as file:line:column): a gate never passes on garbage
              2  a regression (takes precedence over 3), or CURRENT lacks a scenario of
                 the baseline (what it checked is no longer checked)
              3  the baseline lacks a scenario of CURRENT
            A setting that differs between the sides (a setting column such as capacity, or a \
            key of the recorded scenario.yaml) is reported as a configuration change \
            ('configuration changed: capacity 12 → 8'); the counts are compared all the same. \
            Scenarios or runs on one side only and interrupted runs (complete=false) are listed \
            as notes (a scenario only in the baseline also fails the comparison, exit 2). With --format csv, the configuration changes, what the repetitions could not \
            judge and the notes go to stderr.

            SUMMARY (--summary, text or markdown; refused with --format csv)
              A line per scenario (counts changed, measured regressions, improvements,
              configuration changes), then at most 10 top regressions: a run whose
              counts got worse as one line (its headline count and how many others
              moved), each measured regression as one. What the CI recipes post.
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

    @Option(
        name: .customLong("instructions-tolerance"),
        help: ArgumentHelp(
            "How far an instruction count (<op>_instructions, run --instructions) may move before it is a regression or an improvement: 1% (default), 500 (instructions) or exact; a metric's own --threshold beats it.",
            valueName: "threshold"))
    var instructionsTolerance: String?

    @Option(help: ArgumentHelp("Family-wise significance level for measured metrics (0 < alpha < 1).", valueName: "alpha"))
    var alpha: Double = CompareOptions.defaultAlpha

    @Flag(
        help: "Judge measured metrics of fewer than 5 repetitions anyway, weakly: 2 to 4 by confidence intervals, 1 by the threshold alone."
    )
    var strict = false

    @Flag(help: "Compare the counts only, leaving measured metrics out: the same report on every machine (a count gate on a shared runner).")
    var countsOnly = false

    @Flag(help: "Also list every compared metric, unchanged ones included (text and markdown; not with --summary).")
    var all = false

    @Flag(
        help: "Print a line per scenario and the top 10 regressions instead of every change (text and markdown; refused with --format csv)."
    )
    var summary = false

    mutating func validate() throws {
        guard !(summary && format == .csv) else {
            throw ValidationError("--summary prints text or markdown; --format csv lists every metric (drop one of them)")
        }
    }

    func run() throws {
        var thresholds = Thresholds()
        let comparison: Comparison
        do {
            if let thresholdsFile {
                try thresholds.load(file: thresholdsFile)
            }
            if let instructionsTolerance {
                try thresholds.set(assignment: "\(Thresholds.instructionsKey)=\(instructionsTolerance)")
            }
            for argument in thresholdArguments {
                try thresholds.set(assignment: argument)
            }
            guard alpha > 0, alpha < 1 else {
                Diagnostics.error("error: --alpha \(alpha): must be between 0 and 1 (exclusive)")
                throw WorkbenchExit.inputError
            }
            comparison = try Comparison.load(
                baseline: baseline, current: current, thresholds: thresholds, options: CompareOptions(alpha: alpha, strict: strict, countsOnly: countsOnly))
        } catch let error as CompareError {
            Diagnostics.error(error.description)
            if case .invalidThreshold = error {
                Diagnostics.note("see 'workbench compare --help'")
            }
            throw WorkbenchExit.inputError
        }

        switch format {
        case .text:
            print(
                ComparisonTextFormatter(all: all, dim: Diagnostics.stdoutIsTerminal, summary: summary).render(comparison),
                terminator: "")
        case .markdown:
            print(ComparisonMarkdownFormatter(all: all, summary: summary).render(comparison), terminator: "")
        case .csv:
            print(ComparisonCSVFormatter().render(comparison), terminator: "")
            let lines = ConfigurationChange.lines(comparison.configurationChanges) + comparison.power.statements
            for line in lines + comparison.notes.map(\.description) {
                Diagnostics.note("note: \(line)")
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
