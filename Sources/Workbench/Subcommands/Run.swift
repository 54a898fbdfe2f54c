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
            to a temporary name and renamed, so an interrupted run never leaves half a file; a \
            scenario's directory is written into a hidden sibling and swapped in whole, so no file \
            of an earlier run survives, and a failed write leaves the previous results intact. One \
            process at a time writes into <out> (a lock on <out>/.workbench.lock). A bad \
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
            "Run only this policy or store design, replacing the file's list (repeatable; none, lru, fifo, random, forever, clock, lfu, arc, s3-fifo, sieve, w-tinylfu, 2q, slru, optimal, memory, disk, memory+disk, gcd-barrier, rwlock, mutex, big-reader, left-right).",
            valueName: "name"))
    var policies: [String] = []

    @Option(help: ArgumentHelp("Seed for every scenario, replacing the file's seed.", valueName: "n"))
    var seed: UInt64?

    @Flag(name: .shortAndLong, help: "No progress and no summary tables; errors and failed expectations only.")
    var quiet = false

    @Flag(help: "Summary tables show only the columns that do not vary from run to run (settings and counts).")
    var countsOnly = false

    @Option(
        name: .customLong("shard"),
        help: ArgumentHelp(
            "Run only slice K of N of all runs (every run of every file, sweep point, policy and mode, counted in order): a deterministic split for parallel jobs; combine with `workbench merge`.",
            valueName: "K/N"))
    var shardOption: String?

    @Option(
        name: .customLong("max-duration"),
        help: ArgumentHelp(
            "Cap every scenario's duration and warm-up (each) at this duration, after checking the file as written (a smoke test: 2s, 500ms). It bounds durations only: a count-bound run (parallel-readers `operations`, a script's step counts) still does its count (at most 100000000 operations per thread).",
            valueName: "duration"))
    var maxDuration: String?

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where the drawing kind's disk tiers live: <dir>/workbench-<pid>/, removed when the run ends (also on SIGINT/SIGTERM); directories left there by runs that were killed are removed at the next start. Default: the system temporary directory ($TMPDIR, else /tmp).",
            valueName: "dir"))
    var cacheDir: String?

    @Flag(
        name: .customLong("record-trace"),
        help: ArgumentHelp(
            "Also write, for each run, the requests its bounded cache saw (scrolling-table: the controller cache; navigation: the view cache; drawing: the memory tier) as <out>/<scenario>/trace-<run>-<policy>[-<in_use>].csv: a header line time,key,size, then one line per request (virtual seconds; keys numbered 1, 2, ... in order of first request; bytes, or 1 where the cache counts controllers), warm-up included."))
    var recordTrace = false
    @OptionGroup var memory: MemoryLimitOption

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run every run this many times, interleaved (1 to 100; replaces the file's repeat:), each repetition in a process of its own (see --in-process): counts must agree, measured columns get a median and a 95% confidence interval.",
            valueName: "n"))
    var repetitions: Int?

    @Option(
        name: .customLong("warm-up"),
        help: ArgumentHelp(
            "Unrecorded rounds of every run before the measured one in each repetition's process, or before all repetitions with --in-process (0 to 10; default 1 with more than one repetition, else 0): a process's first pass pays for code, type metadata and memory the later ones find ready.",
            valueName: "n"))
    var warmUpRounds: Int?

    @Flag(
        name: .customLong("in-process"),
        help: ArgumentHelp(
            "Run every repetition in this process, one after another (faster), instead of each repetition in a process of its own (the default with more than one repetition). What is a property of a whole process (where the scheduler put its threads, how its memory was laid out) is then shared by all repetitions and hidden from their spread, so two such runs of the same build can differ significantly."))
    var inProcess = false

    /// Hidden: run one repetition (after --warm-up rounds) of the runs numbered in
    /// --repetition-runs and write its record here (``RepetitionProcess``).
    @Option(name: .customLong("repetition-record"), help: .hidden)
    var repetitionRecord: String?

    @Option(name: .customLong("repetition-runs"), help: .hidden)
    var repetitionRuns: String?

    @OptionGroup var plotOptions: PlotOptions

    func run() throws {
        // First, so that an interrupt while loading is seen too.
        Interrupt.install()
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
        let memoryLimit = try memory.limit()
        if let cacheDir {
            guard !cacheDir.isEmpty else {
                Diagnostics.error("error: --cache-dir: must not be empty")
                throw WorkbenchExit.inputError
            }
            DrawingTierDirectory.root = URL(fileURLWithPath: cacheDir, isDirectory: true)
        }
        do {
            _ = try repetitions.map(ScenarioLoader.validateRepeatOption)
            _ = try warmUpRounds.map(ScenarioLoader.validateWarmUpOption)
        } catch {
            Diagnostics.error("error: \(error.description)")
            throw WorkbenchExit.inputError
        }
        DrawingTierDirectory.removeStale()
        defer { DrawingTierDirectory.removeProcessDirectory() }
        AllocationProbe.install()
        if let repetitionRecord {
            try runRepetition(record: repetitionRecord, policies: policyOverride, durationCap: durationCap, memoryLimit: memoryLimit)
            return
        }
        guard !out.isEmpty else {
            Diagnostics.error("error: --out: must not be empty (a directory for the results)")
            throw WorkbenchExit.inputError
        }
        let writer = ResultsWriter(directory: URL(fileURLWithPath: out))
        let showProgress = !quiet && Diagnostics.stderrIsTerminal
        var failed = false
        var interrupted = false

        // Load every file first: a bad one is reported and skipped, the others still run.
        var plans: [(file: String, plan: ScenarioPlan)] = []
        var namesSeen: [String: String] = [:]
        var baseOptions = RunOptions(policies: policyOverride, seed: seed)
        baseOptions.recordTrace = recordTrace
        for file in files {
            if Interrupt.requested {
                interrupted = true
                Diagnostics.note("interrupted while loading: nothing was run")
                break
            }
            let plan: ScenarioPlan
            do {
                plan = try ScenarioLoader.loadPlan(
                    contentsOf: URL(fileURLWithPath: file), maxDuration: durationCap, memoryLimit: memoryLimit)
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

        // One process at a time writes into --out; held until the process exits.
        var lock: DirectoryLock? = nil
        let outExisted = FileManager.default.fileExists(atPath: out)
        var inputRefused = false
        if !plans.isEmpty, !interrupted {
            do {
                lock = try DirectoryLock(writer.directory)
                StagedDirectory.removeStale(in: writer.directory)
            } catch {
                Diagnostics.error("error: --out \(out): \(error)")
                throw WorkbenchExit.inputError
            }
        }
        defer { withExtendedLifetime(lock) {} }

        // A shard runs every N-th run of the whole study, counted across files in order.
        var selections: [Set<Int>?] = Array(repeating: nil, count: plans.count)
        let runCounts = plans.map { ScenarioRunner.runs(for: $0.plan, options: baseOptions).count }
        if let shard {
            selections = shard.selections(runCounts: runCounts)
        }

        // The study these results belong to (study.json), complete once every run is written;
        // none when no file loaded (nothing is written then).
        var study: StudyRecord?
        if !plans.isEmpty {
            do {
                study = try StudyRecord.of(
                    files: plans.map(\.file), runs: runCounts.reduce(0, +), seed: seed, policies: policies, maxDuration: maxDuration, shard: shard)
                try study?.write(into: URL(fileURLWithPath: out))
            } catch {
                Diagnostics.error("\(out): error: cannot record the study: \(error)")
                failed = true
            }
        }

        var outcomes: [ExpectationOutcome] = []
        var written: [URL] = []
        for (position, entry) in plans.enumerated() where !interrupted {
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
            options.warmUpRounds = warmUpRounds
            if !inProcess, let executable = Bundle.main.executableURL {
                options.isolation = RepetitionProcess(executable: executable, file: entry.file, arguments: passedOn)
            }
            let result = ScenarioRunner.run(entry.plan, options: options)
            if showProgress { Diagnostics.endProgress() }
            if let error = result.inputError {
                // A bad input row met by a run (a trace's rows are checked as they are replayed).
                Diagnostics.error(error.description)
                failed = true
                inputRefused = true
                continue
            }
            if !result.complete, result.summary.isEmpty {
                // Interrupted before its first run had a row: the previous results stay as they are.
                interrupted = true
                Diagnostics.note("interrupted: '\(name)' had not started; its previous results (if any) are untouched")
                break
            }
            if let failure = result.processFailure {
                Diagnostics.error("\(entry.file): error: '\(name)': \(failure); nothing of it was written")
                failed = true
                if Interrupt.requested {
                    interrupted = true
                    break
                }
                continue
            }
            if let failure = result.determinismFailure {
                Diagnostics.error(failure.description)
                failed = true
                continue
            }
            let checked = ExpectationCheck.evaluate(entry.plan.base.header.expect, result: result)
            do {
                let plots = result.complete && !plotOptions.noPlots ? plotOptions : nil
                written.append(try ScenarioResultsOutput.write(result, checked: checked, writer: writer, plots: plots, quiet: quiet))
            } catch {
                Diagnostics.error(
                    "\(out): error: cannot write results of '\(name)': \(error); the previous results there (if any) are unchanged")
                failed = true
                if !result.complete {
                    interrupted = true
                    break
                }
                continue
            }
            if !quiet {
                print(SummaryTable(result: result, directory: writer.scenarioDirectory(name).path, countsOnly: countsOnly).render())
            }
            outcomes += checked
            if !result.complete {
                interrupted = true
                Diagnostics.note(
                    "interrupted: partial results of '\(name)' kept, marked complete=false"
                        + (plotOptions.noPlots ? "" : " (no plots drawn: scripts/plot.sh DIR draws them)"))
                break
            }
        }

        if var study, !interrupted, !failed {
            study.complete = true
            do {
                try study.write(into: URL(fileURLWithPath: out))
            } catch {
                Diagnostics.error("\(out): error: cannot record the study: \(error)")
                failed = true
            }
        }

        plotOptions.finish(resultsDirectory: URL(fileURLWithPath: out), written: written, quiet: quiet, drawPlots: false)

        let failures = outcomes.filter { !$0.passed }
        if !failures.isEmpty || !outcomes.isEmpty && !quiet {
            print(ExpectationTable(outcomes: outcomes, failuresOnly: quiet).render())
        } else if !outcomes.isEmpty {
            let skipped = outcomes.filter(\.skipped).count
            print("expectations: \(outcomes.count - skipped) passed, 0 failed" + (skipped > 0 ? ", \(skipped) skipped" : ""))
        }
        if inputRefused, written.isEmpty, !outExisted {
            // Nothing was written but the study's record: leave no directory behind.
            try? FileManager.default.removeItem(atPath: out)
        }
        if interrupted { throw WorkbenchExit.interrupted }
        if failed { throw WorkbenchExit.inputError }
        if !failures.isEmpty { throw WorkbenchExit.expectationFailed }
    }

    /// The options a repetition's process is given as they were given here.
    private var passedOn: [String] {
        var arguments: [String] = []
        if let seed { arguments += ["--seed", "\(seed)"] }
        for policy in policies { arguments += ["--policy", policy] }
        if let maxDuration { arguments += ["--max-duration", maxDuration] }
        if let cacheDir { arguments += ["--cache-dir", cacheDir] }
        if let limit = memory.text { arguments += ["--memory-limit", limit] }
        return arguments
    }

    /// A repetition's process (`--repetition-record`): runs one repetition of the given runs of
    /// the one file and writes what it measured for the process that started it.
    private func runRepetition(record: String, policies: [PolicyName]?, durationCap: Seconds?, memoryLimit: Double) throws {
        guard files.count == 1, let text = repetitionRuns,
            case let indices = text.split(separator: ",").compactMap({ Int($0) }), !indices.isEmpty
        else {
            Diagnostics.error("error: \(RepetitionProcess.recordOption) takes one file and \(RepetitionProcess.runsOption) its runs")
            throw WorkbenchExit.inputError
        }
        let plan: ScenarioPlan
        do {
            plan = try ScenarioLoader.loadPlan(
                contentsOf: URL(fileURLWithPath: files[0]), maxDuration: durationCap, memoryLimit: memoryLimit)
        } catch {
            Diagnostics.error(error.description)
            throw WorkbenchExit.inputError
        }
        var options = RunOptions(policies: policies, seed: seed, isCancelled: { Interrupt.requested })
        options.recordTrace = recordTrace
        options.only = Set(indices)
        options.warmUpRounds = warmUpRounds ?? 0
        let outputs = ScenarioRunner.repetitionOutputs(plan, options: options)
        do {
            try RepetitionRecord.write(outputs, to: URL(fileURLWithPath: record))
        } catch {
            Diagnostics.error("error: \(error)")
            throw WorkbenchExit.inputError
        }
    }
}
