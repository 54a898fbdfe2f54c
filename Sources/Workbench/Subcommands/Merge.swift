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
            """
    )

    @Argument(help: ArgumentHelp("Results directories of the shards.", valueName: "dir"))
    var inputs: [String]

    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for the merged results.", valueName: "dir"))
    var out: String

    @OptionGroup var plotOptions: PlotOptions

    func run() throws {
        let written: [URL]
        do {
            written = try ResultsMerger.merge(inputs.map { URL(fileURLWithPath: $0) }, into: URL(fileURLWithPath: out))
        } catch {
            Diagnostics.error("error: merge: \(error)")
            throw WorkbenchExit.inputError
        }
        print(
            "merged \(written.count) scenario\(written.count == 1 ? "" : "s") from \(inputs.count) director\(inputs.count == 1 ? "y" : "ies") into \(out)"
        )
        plotOptions.finish(resultsDirectory: URL(fileURLWithPath: out), written: written, quiet: false)
    }
}
