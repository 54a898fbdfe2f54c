import ArgumentParser
import Foundation
import Report

/// The plotting options shared by `run` and `merge`, and what they do after results are written:
/// draw each scenario's plots with gnuplot (when it is installed) and write the index pages.
struct PlotOptions: ParsableArguments {
    @Flag(help: "Do not draw plots (the CSV files and index pages are still written).")
    var noPlots = false

    @Flag(help: "Also print gnuplot's dumb-terminal plots on stdout (for CI logs).")
    var asciiPlots = false

    /// Plots and index pages for the scenario directories in `written`.
    func finish(resultsDirectory: URL, written: [URL], quiet: Bool) {
        PlotFinisher.finish(options: self, resultsDirectory: resultsDirectory, written: written, quiet: quiet)
    }
}

/// Draws plots and pages; filled in once the plotting library is wired (see Report/Plots).
enum PlotFinisher {
    static func finish(options: PlotOptions, resultsDirectory: URL, written: [URL], quiet: Bool) {}
}
