import Foundation

/// One plot of a scenario: the gnuplot script that draws it, the file name it is written to
/// (without extension), and the script's variables except `format` and `out`.
struct PlotJob: Equatable, Sendable {
    /// The file name without extension: the plot view's name (`hit_rate`, `creations`, ...).
    let name: String
    /// The script's file name in the scripts directory, e.g. `hit-rate.gp`.
    let script: String
    /// The script's variables, in order: the data's (files, runs), then the view's.
    let variables: [Gnuplot.Variable]

    /// The jobs of one scenario directory, one per plot view of its `plots.csv` (in that order)
    /// whose input is there: a `timeseries.csv` with runs (timeseries views; a
    /// `summary+timeseries` view then draws its summary panel alone), a `latency.csv` with
    /// operations (latency, panels in order of each run's order), a filled `sweep_value` in
    /// `summary.csv` (sweep).
    ///
    /// Besides the view's own variables, every job gets `scenario`, its files, `short_names` (1
    /// when no run has an in-use mode), `intervals` (the summary columns with a confidence
    /// interval, `<column>_ci_low` and `<column>_ci_high`: bars and sweeps draw error bars) and, over time, `pressure` (1 when the timeseries has a
    /// `memory_pressure` column). Lines draw at most ``maximumRuns`` runs (see
    /// ``RunSelection``); bars draw every run. When the summary has sweep values, runs are told
    /// apart by them too (`policy/in_use@value`) in every file that has a `sweep_value` column.
    ///
    /// - Throws: ``PlotError/missingSummary(path:)``, ``PlotError/missingDescription(_:)``,
    ///   ``PlotError/unreadableResults(path:reason:)``.
    static func jobs(scenarioDirectory directory: URL) throws -> [PlotJob] {
        let summaryURL = directory.appendingPathComponent("summary.csv", isDirectory: false)
        guard FileManager.default.fileExists(atPath: summaryURL.path) else {
            throw PlotError.missingSummary(path: summaryURL.path)
        }
        let summary = try ResultsTable(contentsOf: summaryURL)
        let columns: ResultColumns
        let views: [PlotView]
        do {
            columns = try ResultsDescription.load(scenarioDirectory: directory).columns
            views = try PlotView.load(scenarioDirectory: directory)
        } catch let error as ReportError {
            throw PlotError.missingDescription(error.description)
        }
        let sweepKey =
            summary.distinctValues(of: "sweep_value").isEmpty
            ? nil : summary.distinctValues(of: "sweep_key").first ?? "sweep_value"
        let sweeps = sweepKey != nil
        let shortNames = summary.distinctValues(of: "in_use").allSatisfy { $0 == "-" }
        // Columns with a confidence interval (`<column>_ci_low`, `<column>_ci_high`): error bars.
        let intervals = summary.header.filter { summary.has($0 + "_ci_low") && summary.has($0 + "_ci_high") }
        let common: [Gnuplot.Variable] =
            [.init("scenario", directory.lastPathComponent), .init("short_names", shortNames ? 1 : 0)]
            + (intervals.isEmpty ? [] : [.init("intervals", intervals.joined(separator: " "))])

        func table(_ file: String) throws -> (url: URL, table: ResultsTable)? {
            let url = directory.appendingPathComponent(file, isDirectory: false)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return (url, try ResultsTable(contentsOf: url))
        }
        let timeseries = try table("timeseries.csv")
        let latency = try table("latency.csv")
        let selection = RunSelection(summary: summary, columns: columns)

        // The runs of `file` a view with `metric` draws, and the variables naming them.
        func lines(_ file: ResultsTable, keyed: Bool, metric: String?, prefix: String = "") -> [Gnuplot.Variable]? {
            let all = file.runs(keyed: keyed)
            guard !all.isEmpty else { return nil }
            let chosen = selection.choose(all, metric: metric)
            return [.init(prefix + "runs", chosen.runs.map(\.key).joined(separator: " "))]
                + (chosen.note.map { [.init("drawn", $0)] } ?? [])
        }

        var jobs: [PlotJob] = []
        for view in views {
            var data = common
            switch view.input {
            case .timeseries:
                guard let timeseries else { continue }
                let keyed = sweeps && timeseries.table.has("sweep_value")
                guard let runs = lines(timeseries.table, keyed: keyed, metric: view.metric) else { continue }
                data +=
                    [.init("timeseries", timeseries.url.path)] + runs + [
                        .init("keyed", keyed ? 1 : 0), .init("pressure", timeseries.table.has("memory_pressure") ? 1 : 0),
                    ]
            case .summary:
                data += [.init("summary", summaryURL.path), .init("keyed", sweeps ? 1 : 0)]
            case .summaryAndTimeseries:
                data += [.init("summary", summaryURL.path), .init("keyed", sweeps ? 1 : 0)]
                // The bars label runs by `keyed`; the panels over time find theirs with
                // `series_keyed` (the timeseries may lack a sweep_value column).
                if let timeseries {
                    let keyed = sweeps && timeseries.table.has("sweep_value")
                    if let runs = lines(timeseries.table, keyed: keyed, metric: view.metric) {
                        data +=
                            [.init("timeseries", timeseries.url.path)] + runs + [
                                .init("series_keyed", keyed ? 1 : 0),
                                .init("pressure", timeseries.table.has("memory_pressure") ? 1 : 0),
                            ]
                    }
                }
            case .latency:
                guard let latency else { continue }
                let keyed = sweeps && latency.table.has("sweep_value")
                let operations = latency.table.operationsInRunOrder()
                guard !operations.isEmpty, let runs = lines(latency.table, keyed: keyed, metric: view.metric) else {
                    continue
                }
                data +=
                    [.init("latency", latency.url.path)] + runs + [
                        .init("operations", operations.joined(separator: " ")), .init("keyed", keyed ? 1 : 0),
                    ]
            case .sweep:
                guard let sweepKey, let runs = lines(summary, keyed: false, metric: view.metric) else { continue }
                data += [.init("summary", summaryURL.path)] + runs + [.init("sweep_key", sweepKey)]
            case .curve:
                let runs = summary.runs(keyed: false)
                guard let sweepKey, !runs.isEmpty else { continue }
                data += [
                    .init("summary", summaryURL.path), .init("runs", runs.map(\.key).joined(separator: " ")),
                    .init("sweep_key", sweepKey),
                ]
            }
            jobs.append(
                PlotJob(name: view.name, script: view.script, variables: data + view.variables.map(Gnuplot.Variable.init)))
        }
        return jobs
    }

    /// The most runs a plot draws as lines, each in its own colour.
    static let maximumRuns = RunSelection.maximumRuns
}

extension Gnuplot.Variable {
    /// A plot view's variables, as gnuplot source.
    init(_ variable: PlotVariable) {
        self.init(source: variable.source)
    }
}
