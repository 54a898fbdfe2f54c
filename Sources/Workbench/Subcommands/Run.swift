import ArgumentParser
import Foundation
import Report
import Scenarios

/// `workbench run FILE...` (the default): runs scenario files and writes their results.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario files and write their results (the default subcommand).",
        discussion: """
            Writes <out>/<scenario>/summary.csv (a row per run), timeseries.csv (a row per run per \
            sampling interval) and latency.csv (the latency percentile spectrum). Files are written \
            to a temporary name and renamed, so an interrupted run never leaves half a file. A bad \
            scenario file is reported as file:line:column and skipped; the others still run.
            """
    )

    @Argument(help: ArgumentHelp("Scenario files (YAML).", valueName: "file"))
    var files: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for the results.", valueName: "dir"))
    var out: String = "results"

    @Option(
        name: .customLong("policy"),
        help: ArgumentHelp(
            "Run only this policy or store design, replacing the file's list (repeatable; none, lru, fifo, random, forever, clock, lfu, arc, s3-fifo, sieve, w-tinylfu, 2q, slru, memory, disk, memory+disk, gcd-barrier, rwlock, mutex, big-reader, left-right).",
            valueName: "name"))
    var policies: [String] = []

    @Option(help: ArgumentHelp("Seed for every scenario, replacing the file's seed.", valueName: "n"))
    var seed: UInt64?

    @Flag(name: .shortAndLong, help: "No progress and no summary tables; errors and failed expectations only.")
    var quiet = false

    @Option(
        name: .customLong("shard"),
        help: ArgumentHelp(
            "Run only slice K of N of all runs (every run of every file, sweep point, policy and mode, counted in order): a deterministic split for parallel jobs; combine with `workbench merge`.",
            valueName: "K/N"))
    var shardOption: String?

    @Option(
        name: .customLong("max-duration"),
        help: ArgumentHelp(
            "Cap every scenario's duration and warm-up (each) at this duration, after checking the file as written (a smoke test: 2s, 500ms).",
            valueName: "duration"))
    var maxDuration: String?

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where the drawing kind's disk tiers live: <dir>/workbench-<pid>/, removed when the run ends (also on SIGINT/SIGTERM); directories left there by runs that were killed are removed at the next start. Default: the system temporary directory ($TMPDIR, else /tmp).",
            valueName: "dir"))
    var cacheDir: String?

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run every run this many times, interleaved (1 to 100; replaces the file's repeat:): counts must agree, measured columns get a median and a 95% confidence interval.",
            valueName: "n"))
    var repetitions: Int?

    @OptionGroup var plotOptions: PlotOptions

    func run() throws {
        // Checked here rather than in validate(), so a bad --policy exits 1 (an input error, as
        // documented) instead of ArgumentParser's validation exit code 64.
        var policyOverride: [PolicyName]? = nil
        if !policies.isEmpty {
            do {
                policyOverride = try ScenarioLoader.validatePolicyOverride(policies)
            } catch {
                Diagnostics.error("error: \(error.description)")
                Diagnostics.note("see 'workbench run --help'")
                throw WorkbenchExit.inputError
            }
        }
        let shard: Shard?
        do {
            shard = try shardOption.map(Shard.init(parsing:))
        } catch {
            Diagnostics.error("error: \(error)")
            throw WorkbenchExit.inputError
        }
        var durationCap: Seconds? = nil
        if let maxDuration {
            do {
                durationCap = try ScenarioLoader.parseDurationOption(maxDuration, option: "--max-duration")
            } catch {
                Diagnostics.error("error: \(error.description)")
                throw WorkbenchExit.inputError
            }
        }
        if let cacheDir {
            guard !cacheDir.isEmpty else {
                Diagnostics.error("error: --cache-dir: must not be empty")
                throw WorkbenchExit.inputError
            }
            DrawingTierDirectory.root = URL(fileURLWithPath: cacheDir, isDirectory: true)
        }
        do {
            _ = try repetitions.map(ScenarioLoader.validateRepeatOption)
        } catch {
            Diagnostics.error("error: \(error.description)")
            throw WorkbenchExit.inputError
        }
        DrawingTierDirectory.removeStale()
        defer { DrawingTierDirectory.removeProcessDirectory() }
        Interrupt.install()
        AllocationProbe.install()
        let writer = ResultsWriter(directory: URL(fileURLWithPath: out))
        let showProgress = !quiet && Diagnostics.stderrIsTerminal
        var failed = false
        var interrupted = false

        // Load every file first: a bad one is reported and skipped, the others still run.
        var plans: [(file: String, plan: ScenarioPlan)] = []
        var namesSeen: [String: String] = [:]
        let baseOptions = RunOptions(policies: policyOverride, seed: seed)
        for file in files {
            let plan: ScenarioPlan
            do {
                plan = try ScenarioLoader.loadPlan(contentsOf: URL(fileURLWithPath: file), maxDuration: durationCap)
            } catch {
                Diagnostics.error(error.description)
                failed = true
                continue
            }
            if let other = namesSeen[plan.name] {
                Diagnostics.error(
                    "\(file):1:1: error: scenario name '\(plan.name)' is already used by \(other); results would overwrite each other")
                failed = true
                continue
            }
            namesSeen[plan.name] = file
            if let policyOverride, ScenarioRunner.runs(for: plan, options: baseOptions).isEmpty {
                let own = ScenarioRunner.runs(for: plan).prefix(while: { $0.configuration.sweep == plan.points.first?.point })
                Diagnostics.error(
                    "error: --policy \(policyOverride.map(\.rawValue).joined(separator: ",")) matches no run of '\(plan.name)' (\(file)); its runs: \(own.map(\.configuration.description).joined(separator: ", "))"
                )
                failed = true
                continue
            }
            plans.append((file, plan))
        }

        // A shard runs every N-th run of the whole study, counted across files in order.
        var selections: [Set<Int>?] = Array(repeating: nil, count: plans.count)
        if let shard {
            var global = 0
            for (position, entry) in plans.enumerated() {
                var mine: Set<Int> = []
                for run in ScenarioRunner.runs(for: entry.plan, options: baseOptions) {
                    if shard.contains(global) { mine.insert(run.configuration.index) }
                    global += 1
                }
                selections[position] = mine
            }
        }

        var outcomes: [ExpectationOutcome] = []
        var written: [URL] = []
        for (position, entry) in plans.enumerated() {
            let name = entry.plan.name
            if let only = selections[position], only.isEmpty { continue }
            let fileNumber = position + 1
            let fileCount = plans.count
            var progress: (@Sendable (RunProgress) -> Void)? = nil
            if showProgress {
                progress = { (p: RunProgress) in
                    let percent = Int(p.fraction * 100)
                    Diagnostics.progress(
                        "[\(fileNumber)/\(fileCount)] \(p.scenario): run \(p.run + 1)/\(p.runs) \(p.configuration) \(percent)%")
                }
            }
            var options = baseOptions
            options.isCancelled = { Interrupt.requested }
            options.progress = progress
            options.only = selections[position]
            options.repetitions = repetitions
            let result = ScenarioRunner.run(entry.plan, options: options)
            if showProgress { Diagnostics.endProgress() }
            if let failure = result.determinismFailure {
                Diagnostics.error(failure.description)
                failed = true
                continue
            }
            let checked = ExpectationCheck.evaluate(entry.plan.base.header.expect, result: result)
            do {
                try writer.write(
                    scenario: name, summary: result.summary, timeseries: result.timeseries, latency: result.latency,
                    repetitions: result.repetitions, columns: result.columns, scenarioYAML: RunRecord.current.yamlComment + result.scenarioYAML)
                try AtomicFile.write(
                    RunRecord.current.metadata.json(),
                    to: writer.scenarioDirectory(name).appendingPathComponent(RunMetadata.fileName))
                if !checked.isEmpty {
                    try AtomicFile.write(
                        ExpectationTable.csv(checked),
                        to: writer.scenarioDirectory(name).appendingPathComponent(ExpectationTable.fileName))
                }
                written.append(writer.scenarioDirectory(name))
            } catch {
                Diagnostics.error("\(out): error: cannot write results of '\(name)': \(error)")
                failed = true
                continue
            }
            if !quiet {
                print(SummaryTable(result: result, directory: writer.scenarioDirectory(name).path).render())
            }
            outcomes += checked
            if !result.complete {
                interrupted = true
                Diagnostics.note("interrupted: partial results of '\(name)' kept, marked complete=false")
                break
            }
        }

        plotOptions.finish(resultsDirectory: URL(fileURLWithPath: out), written: written, quiet: quiet)

        let failures = outcomes.filter { !$0.passed }
        if !failures.isEmpty || !outcomes.isEmpty && !quiet {
            print(ExpectationTable(outcomes: outcomes, failuresOnly: quiet).render())
        } else if !outcomes.isEmpty {
            let skipped = outcomes.filter(\.skipped).count
            print("expectations: \(outcomes.count - skipped) passed, 0 failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        }
        if interrupted { throw WorkbenchExit.interrupted }
        if failed { throw WorkbenchExit.inputError }
        if !failures.isEmpty { throw WorkbenchExit.expectationFailed }
    }
}
