import ArgumentParser
import Foundation
import Scenarios

/// `workbench validate FILE...`: loads and checks scenario files without running them.
struct Validate: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Check scenario files without running them.",
        discussion: "Prints each file's runs, or its errors as file:line:column. Exit 1 if any file is bad."
    )

    @Argument(help: ArgumentHelp("Scenario files (YAML).", valueName: "file"))
    var files: [String]

    func run() throws {
        var failed = false
        for file in files {
            do {
                let scenario = try ScenarioLoader.load(contentsOf: URL(fileURLWithPath: file))
                let runs = ScenarioRunner.runs(for: scenario)
                print(
                    "\(file): ok: \(scenario.header.name) (\(scenario.kind.rawValue)), \(runs.count) runs: \(runs.map(\.description).joined(separator: ", "))"
                )
            } catch {
                Diagnostics.error(error.description)
                failed = true
            }
        }
        if failed { throw WorkbenchExit.inputError }
    }
}
