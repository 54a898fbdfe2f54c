import ArgumentParser
import Foundation
import Report

/// What plots a run draws besides its CSV files.
enum PlotMode: String, CaseIterable, ExpressibleByArgument {
    /// PNG and SVG files beside the CSVs (the default).
    case files
    /// The files, and gnuplot's dumb-terminal plots on stdout (for CI logs).
    case ascii
}

/// The plotting options shared by `run` and `merge`, and what they do after results are written:
/// draw each scenario's plots with the gnuplot scripts of the binary's `scripts/` (beside or above
/// the executable, ``Plotter/locateScripts(executable:builtFrom:)``; never the working directory's)
/// (when gnuplot is installed)
/// and write `index.html` and `index.md`.
struct PlotOptions: ParsableArguments {
    @Option(
        name: .customLong("plots"),
        help: ArgumentHelp("files (PNG and SVG) or ascii (the files, and text plots on stdout for CI logs).", valueName: "mode"))
    var mode: PlotMode = .files

    @Flag(help: "Draw no plots (the CSV files and index pages are still written).")
    var noPlots = false

    /// Plots (unless `drawPlots` is false: drawn already) and index pages for the scenario
    /// directories in `written`.
    func finish(resultsDirectory: URL, written: [URL], quiet: Bool, drawPlots: Bool = true) {
        guard !written.isEmpty else { return }
        if drawPlots, !noPlots { draw(written, quiet: quiet) }
        do {
            try IndexPage.write(resultsDirectory: resultsDirectory)
        } catch {
            Diagnostics.error("\(resultsDirectory.path): error: cannot write the index pages: \(error)")
        }
    }

    /// Draws the plots of each scenario directory in `written` (failures are warnings).
    func draw(_ written: [URL], quiet: Bool) {
        let executable = Bundle.main.executableURL ?? URL(fileURLWithPath: CommandLine.arguments[0])
        guard Plotter.isGnuplotAvailable else {
            if !quiet {
                Diagnostics.note("note: gnuplot is not installed: no plots (apt-get install gnuplot-nox; then scripts/plot.sh DIR)")
            }
            return
        }
        guard let scripts = Plotter.locateScripts(executable: executable) else {
            if !quiet {
                Diagnostics.note(
                    "note: the plot scripts (scripts/*.gp) were not found beside or above the workbench binary: "
                        + "no plots; keep scripts/ with the binary (as the package has it), "
                        + "or draw them later with scripts/plot.sh DIR")
            }
            return
        }
        let plotter = Plotter(scriptsDirectory: scripts)
        for directory in written {
            do {
                try plotter.plot(scenarioDirectory: directory, formats: [.png, .svg])
                if mode == .ascii { print(try plotter.asciiPlots(scenarioDirectory: directory)) }
            } catch {
                // Plots are a view of the results; failing to draw one does not fail the run.
                Diagnostics.note("warning: plots of \(directory.lastPathComponent): \(error)")
            }
        }
    }
}
