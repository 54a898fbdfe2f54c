import ArgumentParser
import Foundation
import Scenarios

/// `workbench validate FILE...`: loads and checks scenario files without running them.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files without running them.",
        discussion: """
            Prints each file's runs (every sweep point counted), or its errors as file:line:column. \
            Checks what run checks: a file validate accepts, run accepts. Exit 1 if any file is bad.
            """
    )

    @Argument(help: ArgumentHelp("Scenario files (YAML), or directories: every *.yaml inside, in name order.", valueName: "file"))
    var files: [String]

    /// A directory argument stands for the `*.yaml` files inside it.
    mutating func validate() throws {
        files = ScenarioFiles.expand(files)
    }

    @OptionGroup var memory: MemoryLimitOption

    @OptionGroup var changes: ScenarioChanges

    func run() throws {
        let memoryLimit = try memory.limit()
        let overrides = try changes.overrides()
        var options = RunOptions()
        options.inUse = try changes.inUseModes()
        var failed = false
        // As run: a second file with a scenario name already seen would overwrite its results.
        var namesSeen: [String: String] = [:]
        for file in files {
            do {
                // The same loading as `run`: every sweep point is decoded and checked.
                let plan = try ScenarioLoader.loadPlan(
                    contentsOf: URL(fileURLWithPath: file), memoryLimit: memoryLimit, overrides: overrides, options: options)
                // What a run checks as it reads (a csv trace's rows), read in full here.
                for point in plan.points { try point.scenario.body.checkInputs() }
                if let other = namesSeen[plan.name] {
                    Diagnostics.error(
                        "\(file):1:1: error: scenario name '\(plan.name)' is already used by \(other); results would overwrite each other")
                    failed = true
                    continue
                }
                namesSeen[plan.name] = file
                let runs = ScenarioRunner.runs(for: plan, options: options).map(\.configuration)
                // The runs of one point, named without the point.
                let perPoint = runs.prefix(runs.count / max(plan.points.count, 1)).map { run in
                    var unswept = run
                    // A kind sweeping by itself (a trace's capacities) keeps its point in the name.
                    if plan.base.header.sweep != nil { unswept.sweep = nil }
                    return unswept
                }
                var count = "\(runs.count) runs"
                if let sweep = plan.base.header.sweep {
                    count += " (\(plan.points.count) points of \(sweep.key) × \(perPoint.count))"
                }
                print(
                    "\(file): ok: \(plan.name) (\(plan.base.kind.rawValue)), \(count): \(perPoint.map(\.description).joined(separator: ", "))"
                )
                for warning in ScenarioWarnings.before(plan, options: options) {
                    Diagnostics.warning("\(file): \(plan.name): \(warning)")
                }
                // A relative expectation on a measured figure needs repetitions to be judged.
                for warning in ExpectationCheck.unjudgeable(plan.base, repetitions: plan.base.header.repetitions) {
                    Diagnostics.warning("\(file): \(plan.name): \(warning)")
                }
                // An absolute bound on a figure measured here depends on the machine.
                for note in ExpectationCheck.machineDependent(plan.base) {
                    Diagnostics.note("note: \(file): \(plan.name): \(note)")
                }
            } catch {
                Diagnostics.error(error.description)
                failed = true
            }
        }
        if failed { throw WorkbenchExit.inputError }
    }
}
