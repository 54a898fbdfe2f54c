import Foundation

/// One plot of a scenario: the gnuplot script that draws it, the file name it is written to
/// (without extension), and the script's variables except `format` and `out`.
struct PlotJob: Equatable, Sendable {
    /// The file name without extension: `hit_rate`, `instantiations`, `creations` or
    /// `fresh_draws`, `throughput`, `resident`, `latency`, `sweep`.
    let name: String
    /// The script's file name in the scripts directory, e.g. `hit-rate.gp`.
    let script: String
    /// The script's variables, in order.
    let variables: [Gnuplot.Variable]

    /// The jobs of one scenario directory, in page order: hit rate, the per-run bars (named
    /// after the summary column marked ``ColumnView/bars``), throughput, resident, latency, sweep.
    /// A view is drawn when `columns.csv` marks a column for it (hit rate: a timeseries column
    /// marked ``ColumnView/hitRate``; bars; throughput; resident: timeseries columns) and its
    /// input is there: a `timeseries.csv` with runs (hit rate, resident; throughput then draws
    /// its summary panel alone), a `latency.csv` with operations (latency, panels in order of
    /// each run's order), a filled `sweep_value` in `summary.csv` (sweep). The kind, which the scripts
    /// take as `kind`, comes from `scenario.yaml`.
    ///
    /// Time-series views draw every run up to ``maximumRuns``; past it, one run per policy (and
    /// sweep value): its `repopulate` run, or its first when it has none, and the `drawn`
    /// variable puts "4 of 10 runs drawn: one per policy" under the title.
    /// Latency and per-run bars draw every run. When the summary has sweep values, runs are told
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
        let description: ResultsDescription
        do {
            description = try ResultsDescription.load(scenarioDirectory: directory)
        } catch let error as ReportError {
            throw PlotError.missingDescription(error.description)
        }
        let columns = description.columns
        let sweepKey =
            summary.distinctValues(of: "sweep_value").isEmpty
            ? nil : summary.distinctValues(of: "sweep_key").first ?? "sweep_value"
        let sweeps = sweepKey != nil
        let common: [Gnuplot.Variable] = [
            .init("kind", description.kind),
            .init("scenario", directory.lastPathComponent),
        ]
        var jobs: [PlotJob] = []
        var timeseriesVariables: [Gnuplot.Variable]? = nil
        var timeseriesRuns: (path: String, runs: String, keyed: Bool)? = nil

        let timeseriesURL = directory.appendingPathComponent("timeseries.csv", isDirectory: false)
        if FileManager.default.fileExists(atPath: timeseriesURL.path) {
            let timeseries = try ResultsTable(contentsOf: timeseriesURL)
            let keyed = sweeps && timeseries.has("sweep_value")
            let all = timeseries.runs(keyed: keyed)
            let runs = all.count <= maximumRuns ? all : representatives(all)
            if !runs.isEmpty {
                // A plot that leaves runs out says so under its title.
                let drawn: [Gnuplot.Variable] =
                    runs.count < all.count ? [.init("drawn", "\(runs.count) of \(all.count) runs drawn: one per policy")] : []
                let variables =
                    common + [
                        .init("timeseries", timeseriesURL.path),
                        .init("runs", runs.map(\.key).joined(separator: " ")),
                        .init("keyed", keyed ? 1 : 0),
                    ] + drawn
                if !columns.columns(of: .timeseries, shownIn: .hitRate).isEmpty {
                    jobs.append(PlotJob(name: "hit_rate", script: "hit-rate.gp", variables: variables))
                }
                timeseriesVariables = variables
                timeseriesRuns = (timeseriesURL.path, runs.map(\.key).joined(separator: " "), keyed)
            }
        }

        let summaryVariables: [Gnuplot.Variable] =
            common + [.init("summary", summaryURL.path), .init("keyed", sweeps ? 1 : 0)]
        if let creations = columns.columns(of: .summary, shownIn: .bars).first?.name {
            jobs.append(PlotJob(name: creations, script: "instantiations.gp", variables: summaryVariables))
        }

        if !columns.columns(of: .summary, shownIn: .throughput).isEmpty
            || !columns.columns(of: .timeseries, shownIn: .throughput).isEmpty
        {
            // The summary's bars label runs by `keyed`; the panels over time find theirs with
            // `series_keyed` (the timeseries may lack a sweep_value column).
            let series: [Gnuplot.Variable] =
                timeseriesRuns.map { series in
                    [
                        .init("timeseries", series.path), .init("runs", series.runs),
                        .init("series_keyed", series.keyed ? 1 : 0),
                    ]
                } ?? []
            jobs.append(PlotJob(name: "throughput", script: "throughput.gp", variables: summaryVariables + series))
        }

        if let timeseriesVariables, !columns.columns(of: .timeseries, shownIn: .resident).isEmpty {
            jobs.append(PlotJob(name: "resident", script: "resident.gp", variables: timeseriesVariables))
        }

        let latencyURL = directory.appendingPathComponent("latency.csv", isDirectory: false)
        if FileManager.default.fileExists(atPath: latencyURL.path) {
            let latency = try ResultsTable(contentsOf: latencyURL)
            let keyed = sweeps && latency.has("sweep_value")
            let runs = latency.runs(keyed: keyed)
            let operations = latency.operationsInRunOrder()
            if !runs.isEmpty && !operations.isEmpty {
                jobs.append(
                    PlotJob(
                        name: "latency", script: "latency.gp",
                        variables: common + [
                            .init("latency", latencyURL.path),
                            .init("runs", runs.map(\.key).joined(separator: " ")),
                            .init("operations", operations.joined(separator: " ")),
                            .init("keyed", keyed ? 1 : 0),
                        ]))
            }
        }

        if let sweepKey, let curve = columns.columns(of: .summary, shownIn: .curve).first?.name {
            jobs.append(
                PlotJob(
                    name: "curve", script: "curve.gp",
                    variables: common + [
                        .init("summary", summaryURL.path),
                        .init("runs", summary.runs(keyed: false).map(\.key).joined(separator: " ")),
                        .init("sweep_key", sweepKey),
                        .init("curve_column", curve),
                    ]))
        } else if let sweepKey {
            jobs.append(
                PlotJob(
                    name: "sweep", script: "sweep.gp",
                    variables: common + [
                        .init("summary", summaryURL.path),
                        .init("runs", summary.runs(keyed: false).map(\.key).joined(separator: " ")),
                        .init("sweep_key", sweepKey),
                    ]))
        }
        return jobs
    }

    /// The most runs a plot over time draws, each in its own colour.
    static let maximumRuns = 6

    /// One run per policy (and sweep value), in order: the `repopulate` run when there is one,
    /// else the first.
    static func representatives(_ runs: [ResultsTable.Run]) -> [ResultsTable.Run] {
        var chosen: [String: Int] = [:]
        var picked: [ResultsTable.Run] = []
        for run in runs {
            let group = run.policy + "@" + (run.sweepValue ?? "")
            if let index = chosen[group] {
                if run.inUse == "repopulate" && picked[index].inUse != "repopulate" {
                    picked[index] = run
                }
            } else {
                chosen[group] = picked.count
                picked.append(run)
            }
        }
        return picked
    }
}
