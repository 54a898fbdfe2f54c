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
            "Run only this eviction policy, replacing the file's list (repeatable; none, lru, fifo, random, forever).",
            valueName: "name"))
    var policies: [String] = []

    @Option(help: ArgumentHelp("Seed for every scenario, replacing the file's seed.", valueName: "n"))
    var seed: UInt64?

    @Flag(name: .shortAndLong, help: "No progress and no summary tables; errors only.")
    var quiet = false

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
        Interrupt.install()
        AllocationProbe.install()
        let writer = ResultsWriter(directory: URL(fileURLWithPath: out))
        let showProgress = !quiet && Diagnostics.stderrIsTerminal
        var failed = false
        var interrupted = false
        var namesSeen: [String: String] = [:]

        for (index, file) in files.enumerated() {
            let scenario: Scenario
            do {
                scenario = try ScenarioLoader.load(contentsOf: URL(fileURLWithPath: file))
            } catch {
                Diagnostics.error(error.description)
                failed = true
                continue
            }
            let name = scenario.header.name
            if let other = namesSeen[name] {
                Diagnostics.error(
                    "\(file):1:1: error: scenario name '\(name)' is already used by \(other); results would overwrite each other")
                failed = true
                continue
            }
            namesSeen[name] = file
            let fileNumber = index + 1
            let fileCount = files.count
            var progress: (@Sendable (RunProgress) -> Void)? = nil
            if showProgress {
                progress = { (p: RunProgress) in
                    let percent = Int(p.fraction * 100)
                    Diagnostics.progress(
                        "[\(fileNumber)/\(fileCount)] \(p.scenario): run \(p.run + 1)/\(p.runs) \(p.configuration) \(percent)%")
                }
            }
            let options = RunOptions(
                policies: policyOverride, seed: seed, isCancelled: { Interrupt.requested }, progress: progress)
            let result = ScenarioRunner.run(scenario, options: options)
            if showProgress { Diagnostics.endProgress() }
            do {
                try writer.write(scenario: name, summary: result.summary, timeseries: result.timeseries, latency: result.latency)
            } catch {
                Diagnostics.error("\(out): error: cannot write results of '\(name)': \(error)")
                failed = true
                continue
            }
            if !quiet {
                print(SummaryTable(result: result, directory: writer.scenarioDirectory(name).path).render())
            }
            if !result.complete {
                interrupted = true
                Diagnostics.note("interrupted: partial results of '\(name)' kept, marked complete=false")
                break
            }
        }
        if interrupted { throw WorkbenchExit.interrupted }
        if failed { throw WorkbenchExit.inputError }
    }
}
