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
    /// `memory_pressure` column). Lines draw at most ``maximumRuns`` runs, chosen by one rule
    /// and one metric for every line plot (``RunSelection``); bars and curves draw every run.
    /// When the summary has sweep values, runs are told apart by them too
    /// (`policy/in_use@value`) in every file that has a `sweep_value` column. A `grid.csv` adds
    /// the heat map (``heatmap(directory:columns:common:sweepKey:)``) after the kind's views.
    ///
    /// `plots.csv` is read strictly (``PlotView/parse(_:path:)``): a job's name is a plain file
    /// name, its script a plain script name, and its variables values the writer quotes.
    ///
    /// - Throws: ``PlotError/missingSummary(path:)``, ``PlotError/missingDescription(_:)``,
    ///   ``PlotError/refusedViews(_:)``, ``PlotError/unreadableResults(path:reason:)``.
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
            if case .malformedPlots = error { throw PlotError.refusedViews(error.description) }
            throw PlotError.missingDescription(error.description)
        }
        let sweepKey =
            summary.distinctValues(of: "sweep_value").isEmpty
            ? nil : summary.distinctValues(of: "sweep_key").first ?? "sweep_value"
        let sweeps = sweepKey != nil
        let shortNames = summary.distinctValues(of: "in_use").allSatisfy { $0 == "-" }
        // Columns with a confidence interval (`<column>_ci_low`, `<column>_ci_high`): error bars.
        let intervals = summary.header.filter { summary.has($0 + "_ci_low") && summary.has($0 + "_ci_high") }
        // A sweep of a byte count (a capacity in bytes): its values read 2 MiB in every label.
        let byteSweep = sweepKey.map { ByteCount.isByteSweep(key: $0, columns: columns) } ?? false
        let common: [Gnuplot.Variable] =
            [.init("scenario", directory.lastPathComponent), .init("short_names", shortNames ? 1 : 0)]
            + (intervals.isEmpty ? [] : [.init("intervals", intervals.joined(separator: " "))])
            + (byteSweep ? [.init("sweep_unit", "bytes")] : [])

        func table(_ file: String) throws -> (url: URL, table: ResultsTable)? {
            let url = directory.appendingPathComponent(file, isDirectory: false)
            guard FileManager.default.fileExists(atPath: url.path) else { return nil }
            return (url, try ResultsTable(contentsOf: url))
        }
        let timeseries = try table("timeseries.csv")
        let latency = try table("latency.csv")
        // One rule, one metric, for every line plot: the scenario's decision metric.
        let selection = RunSelection(
            summary: summary, columns: columns, metric: DecisionReport.rankingMetric(scenarioDirectory: directory))

        // The runs of `file` a line plot draws, and the variables naming them.
        func lines(_ file: ResultsTable, keyed: Bool, prefix: String = "") -> [Gnuplot.Variable]? {
            let all = file.runs(keyed: keyed)
            guard !all.isEmpty else { return nil }
            let chosen = selection.choose(all)
            return [.init(prefix + "runs", chosen.runs.map(\.key).joined(separator: " "))]
                + (chosen.note.map { [.init("drawn", $0)] } ?? [])
        }

        var jobs: [PlotJob] = []
        for view in views {
            var data = common
            // Per-run bars: upright labels on a wider plot when there are many runs.
            if view.script == "bars.gp" || view.script == "throughput.gp" {
                data += barLayout(runs: summary.rows.count)
            }
            var variables = view.variables
            switch view.input {
            case .timeseries:
                guard let timeseries else { continue }
                let keyed = sweeps && timeseries.table.has("sweep_value")
                guard let runs = lines(timeseries.table, keyed: keyed) else { continue }
                data +=
                    [.init("timeseries", timeseries.url.path)] + runs + [
                        .init("keyed", keyed ? 1 : 0), .init("pressure", timeseries.table.has("memory_pressure") ? 1 : 0),
                    ]
                variables = droppingEmptyPanels(variables, in: timeseries.table)
            case .summary:
                data += [.init("summary", summaryURL.path), .init("keyed", sweeps ? 1 : 0)]
            case .summaryAndTimeseries:
                data += [.init("summary", summaryURL.path), .init("keyed", sweeps ? 1 : 0)]
                // The bars label runs by `keyed`; the panels over time find theirs with
                // `series_keyed` (the timeseries may lack a sweep_value column).
                if let timeseries {
                    let keyed = sweeps && timeseries.table.has("sweep_value")
                    if let runs = lines(timeseries.table, keyed: keyed) {
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
                guard !operations.isEmpty, let runs = lines(latency.table, keyed: keyed) else {
                    continue
                }
                data +=
                    [.init("latency", latency.url.path)] + runs + [
                        .init("operations", operations.joined(separator: " ")), .init("keyed", keyed ? 1 : 0),
                    ]
            case .sweep:
                guard let sweepKey, let runs = lines(summary, keyed: false) else { continue }
                data += [.init("summary", summaryURL.path)] + runs + [.init("sweep_key", sweepKey)]
                variables = droppingEmptyPanels(variables, in: summary)
            case .curve:
                let runs = summary.runs(keyed: false)
                guard let sweepKey, !runs.isEmpty else { continue }
                data += [
                    .init("summary", summaryURL.path), .init("runs", runs.map(\.key).joined(separator: " ")),
                    .init("sweep_key", sweepKey),
                ]
                // The curve's unit: a ratio's axis fits its values.
                let curve = view.variables.first { $0.name == "curve_column" }.flatMap { variable -> String? in
                    if case .text(let name) = variable.value { return name }
                    return nil
                }
                if let unit = columns.column(curve ?? "miss_ratio")?.unit {
                    data.append(.init("curve_unit", unit.rawValue))
                }
            }
            jobs.append(PlotJob(name: view.name, script: view.script, variables: data + variables.map(Gnuplot.Variable.init)))
        }
        if let heatmap = try heatmap(directory: directory, columns: columns, common: common, sweepKey: sweepKey) {
            jobs.append(heatmap)
        }
        return jobs
    }

    /// The heat map of a sweep's grid (`heatmap`, heatmap.gp), after the kind's views: drawn for
    /// every scenario directory holding a `grid.csv` with runs and sweep values
    /// (``DecisionGrid``), whatever its kind.
    static func heatmap(directory: URL, columns: ResultColumns, common: [Gnuplot.Variable], sweepKey: String?) throws -> PlotJob? {
        let url = directory.appendingPathComponent(DecisionGrid.fileName, isDirectory: false)
        guard FileManager.default.fileExists(atPath: url.path) else { return nil }
        let grid = try ResultsTable(contentsOf: url)
        let runs = grid.rows.prefix { $0.first != Standing.best.rawValue }.count
        let values = grid.header.count - 2
        guard let metric = grid.header.first, runs > 0, values > 0 else { return nil }
        let column = columns.column(metric)
        return PlotJob(
            name: "heatmap", script: "heatmap.gp",
            variables: common + [
                .init("grid", url.path), .init("runs", runs), .init("values", values),
                .init("sweep_key", sweepKey ?? "sweep_value"), .init("metric", metric),
                .init("better", column?.direction == .lowerIsBetter ? "lower" : "higher"),
                .init("unit", (column?.unit ?? .number).rawValue),
            ])
    }

    /// The most runs whose bars keep the default layout (1000 pixels wide, labels at -35°).
    static let crowdedRuns = 12
    /// The pixels each run's bars and upright label take in a crowded bar plot.
    static let pixelsPerRun = 28

    /// The layout of a per-run bar plot of `runs` runs (bars.gp, throughput.gp): nothing for at
    /// most ``crowdedRuns``; beyond, upright labels (`xtics_angle` 90: each as wide as a line of
    /// text) and a plot wide enough for every run to have ``pixelsPerRun`` pixels (the legend and
    /// axes take about 360), a little taller for the labels, so no two labels overlap.
    /// `scripts/plot.sh` passes the same for a summary of as many rows.
    static func barLayout(runs: Int) -> [Gnuplot.Variable] {
        guard runs > crowdedRuns else { return [] }
        return [.init("xtics_angle", 90), .init("width", max(1000, 360 + pixelsPerRun * runs)), .init("height", 640)]
    }

    /// `variables` without the panels whose columns are zero or empty in every row of `file` (a
    /// reuse pool a table without headers or footers never fills), the others renumbered; as
    /// they are when every panel is empty (the plot then shows that nothing was held) or they
    /// have no `panels`. `scripts/plot.sh` drops the same panels (its `drop_empty_panels`).
    static func droppingEmptyPanels(_ variables: [PlotVariable], in file: ResultsTable) -> [PlotVariable] {
        guard let count = variables.first(where: { $0.name == "panels" }), case .integer(let panels) = count.value, panels > 0
        else { return variables }
        func columns(_ panel: Int) -> [String] {
            let prefix = "panel\(panel)_"
            for variable in variables where variable.name == prefix + "columns" || variable.name == prefix + "column" {
                if case .text(let names) = variable.value { return names.split(separator: " ").map(String.init) }
            }
            return []
        }
        func isEmpty(_ panel: Int) -> Bool {
            let names = columns(panel)
            return !names.isEmpty
                && names.allSatisfy { name in
                    file.has(name) && file.values(of: name).allSatisfy { $0.isEmpty || Double($0) == 0 }
                }
        }
        let kept = (1...panels).filter { !isEmpty($0) }
        guard !kept.isEmpty, kept.count < panels else { return variables }
        var result: [PlotVariable] = []
        for variable in variables {
            if variable.name == "panels" {
                result.append(PlotVariable("panels", kept.count))
                continue
            }
            guard variable.name.hasPrefix("panel"),
                let underscore = variable.name.firstIndex(of: "_"),
                let panel = Int(variable.name[variable.name.index(variable.name.startIndex, offsetBy: 5)..<underscore])
            else {
                result.append(variable)
                continue
            }
            guard let position = kept.firstIndex(of: panel) else { continue }
            var renamed = variable
            renamed.name = "panel\(position + 1)" + variable.name[underscore...]
            result.append(renamed)
        }
        return result
    }

    /// The most runs a plot draws as lines, each in its own colour.
    static let maximumRuns = RunSelection.maximumRuns
}
