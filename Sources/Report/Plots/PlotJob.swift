import Foundation

/// One plot of a scenario: the gnuplot script that draws it, the file name it is written to
/// (without extension), and the script's variables except `format` and `out`.
struct PlotJob: Equatable, Sendable {
    /// The file name without extension: `hit_rate`, `instantiations`, `creations` or
    /// `fresh_draws`, `resident`, `latency`, `sweep`.
    let name: String
    /// The script's file name in the scripts directory, e.g. `hit-rate.gp`.
    let script: String
    /// The script's variables, in order.
    let variables: [Gnuplot.Variable]

    /// The jobs of one scenario directory, in page order: hit rate, instantiations (creations,
    /// fresh draws), resident, latency, sweep. A view is left out when its input is missing: no
    /// `timeseries.csv` or runs in it (hit rate, resident), no `latency.csv` or operations in it
    /// (latency), no filled `sweep_value` in `summary.csv` (sweep). Latency panels follow
    /// ``ResultsKind/panelOrder(_:)``.
    ///
    /// Time-series views draw, for scrolling-table, one run per policy (and sweep value): its
    /// `repopulate` run, or its first when it has none (ten overlapping lines say less than
    /// four); for navigation and drawing, every run.
    /// Latency and per-run bars draw every run. When the summary has sweep values, runs are told
    /// apart by them too (`policy/in_use@value`) in every file that has a `sweep_value` column.
    ///
    /// - Throws: ``PlotError/missingSummary(path:)``, ``PlotError/unknownKind(path:)``,
    ///   ``PlotError/unreadableResults(path:reason:)``.
    static func jobs(scenarioDirectory directory: URL) throws -> [PlotJob] {
        let summaryURL = directory.appendingPathComponent("summary.csv", isDirectory: false)
        guard FileManager.default.fileExists(atPath: summaryURL.path) else {
            throw PlotError.missingSummary(path: summaryURL.path)
        }
        let summary = try ResultsTable(contentsOf: summaryURL)
        guard let kind = ResultsKind(summaryHeader: summary.header) else {
            throw PlotError.unknownKind(path: summaryURL.path)
        }
        let sweepKey =
            summary.distinctValues(of: "sweep_value").isEmpty
            ? nil : summary.distinctValues(of: "sweep_key").first ?? "sweep_value"
        let sweeps = sweepKey != nil
        let common: [Gnuplot.Variable] = [
            .init("kind", kind.rawValue),
            .init("scenario", directory.lastPathComponent),
        ]
        var jobs: [PlotJob] = []
        var timeseriesVariables: [Gnuplot.Variable]? = nil

        let timeseriesURL = directory.appendingPathComponent("timeseries.csv", isDirectory: false)
        if FileManager.default.fileExists(atPath: timeseriesURL.path) {
            let timeseries = try ResultsTable(contentsOf: timeseriesURL)
            let keyed = sweeps && timeseries.has("sweep_value")
            let all = timeseries.runs(keyed: keyed)
            let runs = kind.drawsEveryRunOverTime ? all : representatives(all)
            if !runs.isEmpty {
                let variables =
                    common + [
                        .init("timeseries", timeseriesURL.path),
                        .init("runs", runs.map(\.key).joined(separator: " ")),
                        .init("keyed", keyed ? 1 : 0),
                    ]
                jobs.append(PlotJob(name: "hit_rate", script: "hit-rate.gp", variables: variables))
                timeseriesVariables = variables
            }
        }

        jobs.append(
            PlotJob(
                name: kind.creationsColumn, script: "instantiations.gp",
                variables: common + [.init("summary", summaryURL.path), .init("keyed", sweeps ? 1 : 0)]))

        if let timeseriesVariables {
            jobs.append(PlotJob(name: "resident", script: "resident.gp", variables: timeseriesVariables))
        }

        let latencyURL = directory.appendingPathComponent("latency.csv", isDirectory: false)
        if FileManager.default.fileExists(atPath: latencyURL.path) {
            let latency = try ResultsTable(contentsOf: latencyURL)
            let keyed = sweeps && latency.has("sweep_value")
            let runs = latency.runs(keyed: keyed)
            let operations = kind.panelOrder(latency.distinctValues(of: "operation"))
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

        if let sweepKey {
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
