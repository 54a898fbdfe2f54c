import ArgumentParser
import Foundation
import Report

/// `workbench merge DIR... --out DIR`: combines the results of shards into one results directory.
struct Merge: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Combine results directories written by `run --shard K/N` into one.",
        discussion: """
            Rows are put back in run order, so the merged directory equals what one unsharded run \
            writes (every count; measured columns are whatever each shard measured). Plots and \
            index pages are redrawn unless --no-plots.

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
                command: RunRecord.current.command)
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
}
