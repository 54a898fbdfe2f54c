import ArgumentParser
import Foundation
import Models
import Report
import Scenarios

/// `workbench plan FILE... --shards N`: how a study splits into shards, and job scripts that run it.
struct Plan: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Split a study into shards: each shard's runs, work, CPUs and memory; job scripts for Slurm or GitHub Actions.",
        discussion: """
            The slices are those of `run --shard K/N` with the same files, in the same order, and \
            the same --seed, --policy and --max-duration. Work is the scenario seconds (warm-up + \
            duration) of a shard's runs; wall time counts parallel-readers runs at their duration, \
            drawing runs at \(StudyPlan.drawingWallFactor)x it (they rasterize for real) and the \
            other kinds at \(Int(StudyPlan.simulationSpeedup))x faster (an upper bound). \
            CPUs: the most threads one run keeps busy (readers + writers for parallel-readers). \
            Memory: \(Int(StudyPlan.baseMemoryBytes / 1_048_576)) MiB plus \
            \(Int(StudyPlan.bytesPerSample / 1024)) KiB per timeseries row a scenario holds.

            --emit slurm writes <out>/jobs/shard.sbatch (a job array), merge.sbatch, submit.sh \
            (submits both, the merge with --dependency=afterok) and rerun.sh K (re-runs shard K \
            and points the merge at it), and creates <out>/logs. Shards write <out>/shards/shard-K, \
            the merge <out>/merged. --emit github prints a workflow: a matrix job per shard and a \
            merge job. Every value written into a job script is quoted for its shell or YAML; a job \
            name other than letters, digits, '.', '_' and '-', or a path or option holding a line \
            break (or, for github, '${{'), is refused with exit 1.
            """
    )

    enum Emit: String, ExpressibleByArgument, CaseIterable {
        case text, csv, slurm, github
    }

    @Argument(help: ArgumentHelp("Scenario files (YAML) or directories of them, in the order the shards run them.", valueName: "file"))
    var files: [String]

    /// A directory argument stands for the `*.yaml` files inside it.
    mutating func validate() throws {
        files = ScenarioFiles.expand(files)
    }

    @Option(help: ArgumentHelp("Number of shards.", valueName: "n"))
    var shards: Int

    @Option(
        help: ArgumentHelp(
            "What to print: text (each shard's runs and needs), csv (a row per run: shard, file, scenario, run, configuration), slurm (write job scripts), github (print a workflow).",
            valueName: "format"))
    var emit: Emit = .text

    @Option(
        name: .shortAndLong,
        help: ArgumentHelp("Results directory of the study (shards, logs, job scripts, merged results).", valueName: "dir"))
    var out: String = "results"

    @OptionGroup var scenario: ScenarioOptions<Plan>

    @Option(
        name: .customLong("job-name"),
        help: ArgumentHelp("Slurm job name: letters, digits, '.', '_' and '-' (the merge job adds -merge).", valueName: "name"))
    var jobName: String = "workbench"

    @Option(
        help: ArgumentHelp(
            "The workbench binary the jobs run (default: this one; for other nodes, one built by `make dist`).",
            valueName: "path"))
    var binary: String?

    @Option(
        name: .customLong("time-margin"),
        help: ArgumentHelp("Multiplies the estimated wall time for --time (which adds 10 minutes on top).", valueName: "factor"))
    var timeMargin: Double = 2

    func run() throws {
        guard shards >= 1 else {
            Diagnostics.error("error: --shards: expected a number of shards >= 1, found \(shards)")
            throw WorkbenchExit.inputError
        }
        guard timeMargin.isFinite, timeMargin >= 1 else {
            Diagnostics.error("error: --time-margin: expected a factor >= 1, found \(timeMargin)")
            throw WorkbenchExit.inputError
        }
        let (options, durationCap) = try scenario.validated()
        let overrides = try scenario.overrides()
        // A study with a bad file cannot be planned: every file must load, as every shard loads them all.
        var plans: [ScenarioPlan] = []
        var failed = false
        for file in files {
            do {
                plans.append(
                    try ScenarioLoader.loadPlan(contentsOf: URL(fileURLWithPath: file), maxDuration: durationCap, overrides: overrides))
            } catch {
                Diagnostics.error(error.description)
                failed = true
            }
        }
        if failed { throw WorkbenchExit.inputError }
        let plan = StudyPlan(plans, options: options, shards: shards)
        if plan.shards.count < shards {
            Diagnostics.note(
                "note: --shards \(shards) capped at \(plan.shards.count): the study has \(plan.runs.count) run\(plan.runs.count == 1 ? "" : "s")"
            )
        }
        let jobs = StudyJobs(plan: plan, options: self)
        if emit == .slurm || emit == .github {
            do {
                try jobs.check(for: emit)
            } catch {
                Diagnostics.error("error: \(error)")
                throw WorkbenchExit.inputError
            }
        }
        switch emit {
        case .text: print(text(plan), terminator: "")
        case .csv: print(csv(plan), terminator: "")
        case .github: print(jobs.github(), terminator: "")
        case .slurm:
            do {
                let written = try jobs.writeSlurm()
                print(written.map { "wrote \($0)" }.joined(separator: "\n"))
                print("submit with: bash \(jobs.jobsDirectory)/submit.sh")
            } catch {
                Diagnostics.error("\(out): error: \(error)")
                throw WorkbenchExit.inputError
            }
        }
    }

    /// Each shard's runs and needs, for people.
    func text(_ plan: StudyPlan) -> String {
        var lines = [
            "study: \(files.count) file\(files.count == 1 ? "" : "s"), \(plan.runs.count) runs, \(plan.shards.count) shard\(plan.shards.count == 1 ? "" : "s")"
        ]
        for shard in plan.shards {
            lines.append(
                "shard \(shard.shard.index)/\(shard.shard.count): \(shard.runs.count) runs, work \(Self.duration(shard.seconds)) of scenario time, about \(Self.duration(shard.wallSeconds)) wall, \(shard.cpus) CPU\(shard.cpus == 1 ? "" : "s"), about \(Self.mebibytes(shard.memoryBytes)) MiB"
            )
            var byScenario: [(String, [String])] = []
            for run in shard.runs {
                let entry = "\(run.index) \(run.configuration)"
                if let last = byScenario.last, last.0 == run.scenario {
                    byScenario[byScenario.count - 1].1.append(entry)
                } else {
                    byScenario.append((run.scenario, [entry]))
                }
            }
            for (scenario, runs) in byScenario {
                lines.append("  \(scenario): \(runs.joined(separator: ", "))")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }

    /// A row per run: which shard makes it.
    func csv(_ plan: StudyPlan) -> String {
        var table = CSVTable(header: ["shard", "file", "scenario", "run", "configuration", "seconds", "threads"])
        for shard in plan.shards {
            for run in shard.runs {
                // Every row has the header's width, so appending cannot fail.
                try? table.append([
                    .string("\(shard.shard.index)"), .string(files[run.file]), .string(run.scenario), .string("\(run.index)"),
                    .string(run.configuration), .string(Self.number(run.seconds)), .string("\(run.threads)"),
                ])
            }
        }
        return table.render()
    }

    static func number(_ value: Double) -> String {
        value == value.rounded() && abs(value) < 1e15 ? String(Int(value)) : String(value)
    }

    /// `1h 02m 03s`, `4m 05s`, `6s`.
    static func duration(_ seconds: Double) -> String {
        guard seconds.isFinite, seconds < 1e12 else { return "\(seconds)s" }
        let total = Int(saturating: seconds.rounded(.up))
        let (h, m, s) = (total / 3600, total / 60 % 60, total % 60)
        if h > 0 { return String(format: "%dh %02dm %02ds", h, m, s) }
        if m > 0 { return String(format: "%dm %02ds", m, s) }
        return "\(s)s"
    }

    static func mebibytes(_ bytes: Double) -> Int {
        Int(saturating: (bytes / 1_048_576).rounded(.up))
    }
}

extension Plan: ScenarioOptionsCommand {
    static var policyHelp: ArgumentHelp { ArgumentHelp("Passed to every shard's run (repeatable).", valueName: "name") }
    static var seedHelp: ArgumentHelp { ArgumentHelp("Passed to every shard's run.", valueName: "n") }
    static var maxDurationHelp: ArgumentHelp { ArgumentHelp("Passed to every shard's run.", valueName: "duration") }
}
