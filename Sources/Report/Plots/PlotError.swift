import Foundation

/// Everything that can go wrong drawing plots with ``Plotter``.
public enum PlotError: Error, CustomStringConvertible, Equatable {
    /// No `gnuplot` executable on `PATH`.
    case gnuplotNotFound
    /// The scripts directory lacks some of the plot scripts (file names in `missing`).
    case scriptsNotFound(directory: String, missing: [String])
    /// A scenario directory without `summary.csv`.
    case missingSummary(path: String)
    /// A result file could not be read or parsed as CSV.
    case unreadableResults(path: String, reason: String)
    /// A scenario directory that does not describe itself (`columns.csv`, `scenario.yaml`):
    /// what is missing, as a message.
    case missingDescription(String)
    /// A `plots.csv` refused: it holds something other than plot views (gnuplot source, a
    /// script path, a plot name that is a path), as a message naming the file and line.
    case refusedViews(String)
    /// A plot names a script that is not a plain file name in the scripts directory.
    case unknownScript(name: String, directory: String)
    /// gnuplot could not be started.
    case launchFailed(reason: String)
    /// gnuplot ran `script` and failed: its exit status (or terminating signal) and what it
    /// wrote to standard error.
    case gnuplotFailed(script: String, status: Int32, stderr: String)
    /// A plot was drawn but could not be put in place at `path`.
    case writeFailed(path: String, reason: String)

    /// A one-line (for ``gnuplotFailed(script:status:stderr:)``, multi-line) explanation.
    public var description: String {
        switch self {
        case .gnuplotNotFound:
            return "gnuplot is not installed or not on PATH (apt-get install gnuplot-nox, brew install gnuplot)"
        case let .scriptsNotFound(directory, missing):
            return "plot scripts missing from \(directory): \(missing.joined(separator: ", "))"
        case let .missingSummary(path):
            return "\(path): no summary.csv, nothing to plot"
        case let .unreadableResults(path, reason):
            return "cannot read \(path): \(reason)"
        case let .missingDescription(message):
            return message + ", no plots"
        case let .refusedViews(message):
            return message + "; no plots drawn from it"
        case let .unknownScript(name, directory):
            return "no plot script '\(name)' in \(directory) (a plot script is a plain file name there)"
        case let .launchFailed(reason):
            return "cannot start gnuplot: \(reason)"
        case let .gnuplotFailed(script, status, stderr):
            let output = stderr.trimmingCharacters(in: .whitespacesAndNewlines)
            return "gnuplot failed on \(script) (status \(status))" + (output.isEmpty ? "" : ":\n\(output)")
        case let .writeFailed(path, reason):
            return "cannot write \(path): \(reason)"
        }
    }
}
