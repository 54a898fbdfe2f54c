import ArgumentParser
import Foundation
import Report
import Scenarios

/// `workbench merge DIR... --out DIR`: combines the results of shards into one results directory.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine results directories written by `run --shard K/N` into one.",
        discussion: """
            Rows are put back in run order, so the merged directory equals what one unsharded run \
            writes (every count; measured columns are whatever each shard measured), with the \
            same decision.csv and grid.csv when every shard is there and complete (the decide: \
            block of scenario.yaml, as run answers it). Plots (a sweep's heat map too) and index \
            pages are redrawn unless --no-plots. A count or measured value that is neither empty \
            nor a finite number (nan, inf, text) is refused, named as file:line:column.

            Each input's study.json must show one study: the same scenario files (by content, in \
            order) and options, every shard 1...N once, each complete. Otherwise merge exits 1 \
            naming the shard and the command that re-runs it, and writes nothing; --partial \
            merges what is there and records the result as incomplete.
            """
    )

    @Argument(help: ArgumentHelp("Results directories of the shards.", valueName: "dir"))
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for the merged results.", valueName: "dir"))
    var out: String

    @Flag(help: "Merge the shards that are there, even if some are missing or incomplete; the merged study.json says complete=false and lists them.")
    var partial = false

    @OptionGroup var plotOptions: PlotOptions

    func run() throws {
        let outcome: ResultsMerger.Outcome
        do {
            outcome = try ResultsMerger.merge(
                inputs.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: out), partial: partial,
                command: RunRecord.current.command
            ) { staged, complete in
                // As an unsharded run decides each complete scenario: its decide: block's answer
                // and a sweep's grid (the plots draw its heat map).
                if complete { Self.decide(staged) }
            }
        } catch {
            Diagnostics.error("error: merge: \(error)")
            throw WorkbenchExit.inputError
        }
        let written = outcome.scenarios
        if !outcome.missing.isEmpty {
            let count = outcome.shardCount
            Diagnostics.note(
                "note: partial merge: shard\(outcome.missing.count == 1 ? "" : "s") \(outcome.missing.map { "\($0)/\(count)" }.joined(separator: ", ")) missing or incomplete; \(out)/\(StudyRecord.fileName) says complete=false"
            )
        }
        print(
            "merged \(written.count) scenario\(written.count == 1 ? "" : "s") from \(inputs.count) director\(inputs.count == 1 ? "y" : "ies") into \(out)"
        )
        plotOptions.finish(resultsDirectory: URL(fileURLWithPath: out), written: written, quiet: false)
    }

    /// Writes `decision.csv` and `grid.csv` of a merged scenario from its `scenario.yaml`'s
    /// `decide:` block, as `run` writes them (``Decide/write(scenarioDirectory:decide:name:)``).
    /// The staged directory has the scenario's name.
    static func decide(_ staged: URL) {
        let yaml = staged.appendingPathComponent(ResultsWriter.scenarioFileName, isDirectory: false)
        let name = staged.lastPathComponent
        var block: DecideSpec? = nil
        if FileManager.default.fileExists(atPath: yaml.path) {
            do {
                block = try ScenarioLoader.loadHeader(contentsOf: yaml).decide
            } catch {
                Diagnostics.note("warning: \(name): its scenario.yaml does not load, so its decide: block is not answered: \(error)")
            }
        }
        _ = Decide.write(scenarioDirectory: staged, decide: block, name: name)
    }
}
