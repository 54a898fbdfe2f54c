import ArgumentParser
import Foundation
import Report
import Scenarios

/// What `workbench run` does with its command line (``Run``): checks the options, loads and
/// checks every file, plans the runs (a shard's slice of them), runs them with progress and
/// interrupts, writes each scenario's results and the study's record, checks the expectations,
/// and says how it all ended as an exit code.
struct RunFrontEnd {
    /// The parsed command line.
    let command: Run

    /// The options once checked.
    private struct Checked {
        /// Policies, seed and `--record-trace`: what every run of the study shares.
        var options: RunOptions
        var durationCap: Seconds?
        var shard: Shard?
        var memoryLimit: Double
        /// `--set` and `--sweep`.
        var overrides: [ScenarioOverride]
        /// `--instructions`: how repetitions start under callgrind.
        var instructions: InstructionLaunch? = nil
    }

    /// A file that loaded, with the SHA-256 of what was loaded (``ScenarioSnapshot``).
    private typealias Entry = (file: String, plan: ScenarioPlan, digest: String)

    /// How the run is going.
    private struct Tally {
        /// A file, a run or a write failed (exit 1).
        var failed = false
        /// Stopped by SIGINT/SIGTERM (exit 4).
        var interrupted = false
        /// A run met a bad input row.
        var inputRefused = false
        /// Every written scenario's checked expectations.
        var outcomes: [ExpectationOutcome] = []
        /// The scenario directories written.
        var written: [URL] = []
        /// The study's record, written (incomplete) once the first scenario's results are: nil
        /// once written, and never written when nothing ran.
        var pendingStudy: StudyRecord?
        /// Where repetitions' processes write their records: a private directory in `--out`'s
        /// staging area (``PrivateDirectory``), else the system temporary directory.
        var scratch: URL = FileManager.default.temporaryDirectory
    }

    /// Does the run; the exit code of how it ended: ``WorkbenchExit/interrupted``,
    /// ``WorkbenchExit/inputError`` (a file, a run or a write failed),
    /// ``WorkbenchExit/expectationFailed``, or ``WorkbenchExit/success``.
    /// - Throws: ``WorkbenchExit/inputError`` for a bad option, `--out` or repetition (reported).
    func run() throws -> ExitCode {
        // First, so that an interrupt while loading is seen too.
        Interrupt.install()
        // Started by another workbench: die with it (a repetition's process at once, with no
        // record; a run `ab` started as if interrupted, keeping what it measured).
        guard ParentDeath.arrange(signal: command.repetitionRecord != nil ? SIGKILL : SIGTERM) else {
            Diagnostics.error("error: the process that started this run has exited; nothing was run")
            return WorkbenchExit.interrupted
        }
        let checked = try checkOptions()
        // A process counting instructions leaves this to its parent: listing a temporary directory
        // of many entries first changes what the allocator and the runtime do later.
        if !InstructionCounter.isActive { DrawingTierDirectory.removeStale() }
        defer { DrawingTierDirectory.removeProcessDirectory() }
        AllocationProbe.install()
        if let record = command.repetitionRecord {
            try runRepetition(record: record, checked)
            return WorkbenchExit.success
        }
        let out = command.out
        guard !out.isEmpty else {
            Diagnostics.error("error: --out: must not be empty (a directory for the results)")
            throw WorkbenchExit.inputError
        }
        let writer = ResultsWriter(directory: URL(fileURLWithPath: out))
        var tally = Tally()

        // Load every file first: a bad one is reported and skipped, the others still run.
        let plans = load(checked, tally: &tally)
        if !plans.isEmpty, !command.quiet, let loaded = ScenarioWarnings.machine() {
            Diagnostics.warning(loaded)
        }

        // One process at a time writes into --out; held until the process exits.
        var lock: DirectoryLock? = nil
        let outExisted = FileManager.default.fileExists(atPath: out)
        if !plans.isEmpty, !tally.interrupted {
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
        let runCounts = plans.map { ScenarioRunner.runs(for: $0.plan, options: checked.options).count }
        if let shard = checked.shard {
            selections = shard.selections(runCounts: runCounts)
        }

        // The study these results belong to (study.json), complete once every run is written;
        // none when no file loaded (nothing is written then).
        var study: StudyRecord?
        if !plans.isEmpty {
            do {
                study = try StudyRecord.of(
                    files: plans.map(\.file), inputs: plans.flatMap(\.plan.inputFiles), runs: runCounts.reduce(0, +), options: command.scenario, shard: checked.shard)
                // Written with the first results: a study of which nothing ran (an interrupt
                // while its only file loaded) or nothing was written leaves the previous record.
                tally.pendingStudy = study
            } catch {
                Diagnostics.error("\(out): error: cannot record the study: \(error)")
                tally.failed = true
            }
        }

        // The run's private directory for its repetitions' records, inside --out's staging area
        // (a `.staging-<pid>-` name: removed as stale by a later run if this one is killed).
        var scratch: PrivateDirectory?
        if lock != nil {
            scratch = try? PrivateDirectory(in: writer.directory, prefix: "\(StagedDirectory.stagingPrefix)\(getpid())-private-")
            if let scratch { tally.scratch = scratch.url }
        }
        defer { scratch?.remove() }

        for (position, entry) in plans.enumerated() where !tally.interrupted {
            if let only = selections[position], only.isEmpty { continue }
            let goOn = runFile(
                entry, number: position + 1, of: plans.count, only: selections[position], checked.options, writer: writer,
                instructions: checked.instructions, tally: &tally)
            if !goOn { break }
        }

        if var study, !tally.interrupted, !tally.failed {
            study.complete = true
            do {
                try study.write(into: URL(fileURLWithPath: out))
            } catch {
                Diagnostics.error("\(out): error: cannot record the study: \(error)")
                tally.failed = true
            }
        }

        command.plotOptions.finish(
            resultsDirectory: URL(fileURLWithPath: out), written: tally.written, quiet: command.quiet, drawPlots: false)

        let failures = reportExpectations(tally.outcomes)
        if tally.inputRefused, tally.written.isEmpty, !outExisted {
            // Nothing was written but the study's record: leave no directory behind.
            try? FileManager.default.removeItem(atPath: out)
        }
        if tally.interrupted { return WorkbenchExit.interrupted }
        if tally.failed { return WorkbenchExit.inputError }
        if failures > 0 { return WorkbenchExit.expectationFailed }
        return WorkbenchExit.success
    }

    /// Checks every option before anything is loaded, and applies `--cache-dir`. A bad option
    /// is reported and exits 1 (an input error, as documented) rather than with ArgumentParser's
    /// validation exit code 64.
    private func checkOptions() throws -> Checked {
        var shard: Shard?
        var (options, durationCap) = try command.scenario.validated(checkingBetween: {
            do {
                shard = try command.shardOption.map(Shard.init(parsing:))
            } catch {
                Diagnostics.error("error: \(error)")
                throw WorkbenchExit.inputError
            }
        })
        options.recordTrace = command.recordTrace
        // The memory estimate counts every repetition's outputs (``MemoryGuard``).
        options.repetitions = command.repetitions
        options.jobs = command.jobs ?? ProcessInfo.processInfo.activeProcessorCount
        options.jobsMeasured = command.jobsMeasured
        let overrides = try command.scenario.overrides()
        let memoryLimit = try command.memory.limit()
        options.memoryLimit = memoryLimit
        if let cacheDir = command.cacheDir {
            guard !cacheDir.isEmpty else {
                Diagnostics.error("error: --cache-dir: must not be empty")
                throw WorkbenchExit.inputError
            }
            DrawingTierDirectory.root = URL(fileURLWithPath: cacheDir, isDirectory: true)
        }
        var checked = Checked(options: options, durationCap: durationCap, shard: shard, memoryLimit: memoryLimit, overrides: overrides)
        if command.instructions, command.repetitionRecord == nil {
            guard !command.inProcess else {
                Diagnostics.error("error: --instructions runs every repetition under valgrind in a process of its own: drop --in-process")
                throw WorkbenchExit.inputError
            }
            do {
                checked.instructions = try InstructionLaunch.locate()
            } catch {
                Diagnostics.error("error: \(error)")
                throw WorkbenchExit.inputError
            }
        }
        return checked
    }

    /// Loads every file, in order: a bad one, one whose scenario name another file already has,
    /// or one with no run under `--policy` is reported and skipped. Stops at an interrupt.
    private func load(_ checked: Checked, tally: inout Tally) -> [Entry] {
        var plans: [Entry] = []
        var namesSeen: [String: String] = [:]
        for file in command.files {
            if Interrupt.requested {
                tally.interrupted = true
                Diagnostics.note("interrupted while loading: nothing was run")
                break
            }
            let plan: ScenarioPlan
            let digest: String
            do {
                let snapshot = try ScenarioSnapshot.load(
                    contentsOf: URL(fileURLWithPath: file), maxDuration: checked.durationCap, memoryLimit: checked.memoryLimit,
                    overrides: checked.overrides, options: checked.options)
                (plan, digest) = (snapshot.plan, snapshot.sha256)
            } catch where Interrupt.requested {
                // A trace's load polls the interrupt: it stopped, the file is not at fault.
                tally.interrupted = true
                Diagnostics.note("interrupted while loading: nothing was run")
                break
            } catch {
                Diagnostics.error(error.description)
                tally.failed = true
                continue
            }
            if let other = namesSeen[plan.name] {
                Diagnostics.error(
                    "\(file):1:1: error: scenario name '\(plan.name)' is already used by \(other); results would overwrite each other")
                tally.failed = true
                continue
            }
            namesSeen[plan.name] = file
            if checked.options.policies != nil, ScenarioRunner.runs(for: plan, options: checked.options).isEmpty {
                let policyOverride = command.scenario.policies
                let own = ScenarioRunner.runs(for: plan).prefix(while: { $0.configuration.sweep == plan.points.first?.point })
                Diagnostics.error(
                    "error: --policy \(policyOverride.joined(separator: ",")) matches no run of '\(plan.name)' (\(file)); its runs: \(own.map(\.configuration.description).joined(separator: ", "))"
                )
                tally.failed = true
                continue
            }
            plans.append((file, plan, digest))
        }
        return plans
    }

    /// Runs file `number` of `count` (only the runs `only`, when set), writes its results and
    /// prints its summary table; false when the study stops here (interrupted).
    private func runFile(
        _ entry: Entry, number fileNumber: Int, of fileCount: Int, only: Set<Int>?, _ base: RunOptions, writer: ResultsWriter,
        instructions: InstructionLaunch? = nil, tally: inout Tally
    ) -> Bool {
        let name = entry.plan.name
        let showProgress = !command.quiet && Diagnostics.stderrIsTerminal
        var progress: (@Sendable (RunProgress) -> Void)? = nil
        if showProgress {
            progress = { (p: RunProgress) in
                let percent = Int(p.fraction * 100)
                let beside = p.running > 1 ? " (\(p.running) runs under way)" : ""
                Diagnostics.progress(
                    "[\(fileNumber)/\(fileCount)] \(p.scenario): run \(p.run + 1)/\(p.runs) \(p.configuration) \(percent)%\(beside)")
            }
        }
        var options = base
        options.isCancelled = { Interrupt.requested }
        options.progress = progress
        options.only = only
        options.repetitions = command.repetitions
        options.warmUpRounds = command.warmUpRounds
        if !command.inProcess, let executable = Bundle.main.executableURL {
            options.isolation = RepetitionProcess(
                executable: executable, file: entry.file, arguments: passedOn, directory: tally.scratch, scenarioDigest: entry.digest)
        }
        if let launch = instructions {
            if CountedOperation.of(entry.plan.base.body) != nil {
                options.isolation?.instructions = launch
            } else if !command.quiet {
                Diagnostics.warning(
                    "\(name): --instructions counts nothing for kind \(type(of: entry.plan.base.body).kind): valgrind runs one "
                        + "thread at a time, so its threads would never race; it runs as without --instructions")
            }
        }
        var warnings = ScenarioWarnings.before(entry.plan, options: options)
        let result = ScenarioRunner.run(entry.plan, options: options)
        if showProgress { Diagnostics.endProgress() }
        if let body = entry.plan.points.first?.scenario { warnings += ScenarioWarnings.after(result, scenario: body) }
        if !command.quiet {
            for warning in warnings { Diagnostics.warning("\(name): \(warning)") }
        }
        if let error = result.inputError {
            // A bad input row met by a run (a trace's rows are checked as they are replayed).
            Diagnostics.error(error.description)
            tally.failed = true
            tally.inputRefused = true
            return true
        }
        if !result.complete, result.summary.isEmpty {
            // Interrupted before its first run had a row: the previous results stay as they are.
            tally.interrupted = true
            Diagnostics.note("interrupted: '\(name)' had not started; its previous results (if any) are untouched")
            return false
        }
        if let failure = result.processFailure {
            Diagnostics.error("\(entry.file): error: '\(name)': \(failure); nothing of it was written")
            tally.failed = true
            if Interrupt.requested {
                tally.interrupted = true
                return false
            }
            return true
        }
        if let failure = result.determinismFailure {
            Diagnostics.error(failure.description)
            tally.failed = true
            return true
        }
        let checked = ExpectationCheck.evaluate(entry.plan.base.header.expect, result: result)
        let plotOptions = command.plotOptions
        do {
            let plots = result.complete && !plotOptions.noPlots ? plotOptions : nil
            tally.written.append(
                try ScenarioResultsOutput.write(
                    result, checked: checked, writer: writer, plots: plots, quiet: command.quiet, warnings: warnings,
                    decide: entry.plan.base.header.decide))
        } catch {
            Diagnostics.error(
                "\(command.out): error: cannot write results of '\(name)': \(error); the previous results there (if any) are unchanged")
            tally.failed = true
            if !result.complete {
                tally.interrupted = true
                return false
            }
            return true
        }
        if let study = tally.pendingStudy {
            // The study's first results are in: its record follows, incomplete until the end. (A
            // failed first write leaves the previous record with the previous results.)
            tally.pendingStudy = nil
            do {
                try study.write(into: URL(fileURLWithPath: command.out))
            } catch {
                Diagnostics.error("\(command.out): error: cannot record the study: \(error)")
                tally.failed = true
            }
        }
        if !command.quiet {
            print(SummaryTable(result: result, directory: writer.scenarioDirectory(name).path, countsOnly: command.countsOnly).render())
            // Over several seeds: which runs beat which on the counts decide: and expect: name.
            let verdicts = SeedVerdicts.render(
                SeedVerdicts.comparisons(result, header: entry.plan.base.header), seeds: result.seedList.count)
            if !verdicts.isEmpty { print(verdicts) }
        }
        // The answer to the scenario's decide: question and the sweep's grid (decision.csv, grid.csv).
        let decision = DecisionReport.load(scenarioDirectory: writer.scenarioDirectory(name))
        if let decision, !command.quiet { print(decision.text()) }
        if result.complete, entry.plan.base.header.decide != nil, decision?.decision == nil { tally.failed = true }
        tally.outcomes += checked
        if !result.complete {
            tally.interrupted = true
            Diagnostics.note(
                "interrupted: partial results of '\(name)' kept, marked complete=false"
                    + (plotOptions.noPlots ? "" : " (no plots drawn: scripts/plot.sh DIR draws them)"))
            return false
        }
        return true
    }

    /// Prints the expectations' table (with `--quiet`, only when one failed, and only the
    /// failures; else a one-line count); how many failed.
    private func reportExpectations(_ outcomes: [ExpectationOutcome]) -> Int {
        let failures = outcomes.filter { !$0.passed }
        if !failures.isEmpty || !outcomes.isEmpty && !command.quiet {
            print(ExpectationTable(outcomes: outcomes, failuresOnly: command.quiet).render())
        } else if !outcomes.isEmpty {
            let skipped = outcomes.filter(\.skipped).count
            let notJudged = outcomes.filter(\.notJudged).count
            print(
                "expectations: \(outcomes.count - skipped - notJudged) passed, 0 failed" + (skipped > 0 ? ", \(skipped) skipped" : "")
                    + (notJudged > 0 ? ", \(notJudged) not judged" : ""))
        }
        return failures.count
    }

    /// The options a repetition's process is given as they were given here.
    private var passedOn: [String] {
        var arguments = command.scenario.arguments
        if let cacheDir = command.cacheDir { arguments += ["--cache-dir", cacheDir] }
        if let limit = command.memory.text { arguments += ["--memory-limit", limit] }
        return arguments
    }

    /// A repetition's process (`--repetition-record`): runs one repetition of the given runs of
    /// the one file and writes what it measured for the process that started it.
    private func runRepetition(record: String, _ checked: Checked) throws {
        guard command.files.count == 1, let text = command.repetitionRuns,
            case let indices = text.split(separator: ",").compactMap({ Int($0) }), !indices.isEmpty
        else {
            Diagnostics.error("error: \(RepetitionProcess.recordOption) takes one file and \(RepetitionProcess.runsOption) its runs")
            throw WorkbenchExit.inputError
        }
        let plan: ScenarioPlan
        do {
            let snapshot = try ScenarioSnapshot.load(
                contentsOf: URL(fileURLWithPath: command.files[0]), maxDuration: checked.durationCap,
                memoryLimit: checked.memoryLimit, overrides: checked.overrides, options: checked.options)
            // The parent's scenario or none: a file edited since the parent loaded it is refused.
            if let expected = command.repetitionDigest, snapshot.sha256 != expected {
                Diagnostics.error(
                    "\(command.files[0]):1:1: error: the scenario file changed since the run started (SHA-256 \(snapshot.sha256), "
                        + "loaded as \(expected)); its repetitions would mix two scenarios: not run")
                throw WorkbenchExit.inputError
            }
            plan = snapshot.plan
        } catch let error as ScenarioError {
            Diagnostics.error(error.description)
            throw WorkbenchExit.inputError
        }
        var options = checked.options
        options.isCancelled = { Interrupt.requested }
        options.only = Set(indices)
        options.warmUpRounds = command.warmUpRounds ?? 0
        let outputs = ScenarioRunner.repetitionOutputs(plan, options: options)
        do {
            try RepetitionRecord.write(outputs, to: URL(fileURLWithPath: record))
        } catch {
            Diagnostics.error("error: \(error)")
            throw WorkbenchExit.inputError
        }
    }
}
