import Foundation
import Report
import Scenarios

/// Writes one scenario's results whole: the CSV files, the scenario as run, the expectations and
/// the plots go into a staged sibling of `<out>/<scenario>/` (``StagedDirectory``), renamed into
/// place once everything is there. A failure (a full disk) leaves the previous results as they were.
enum ScenarioResultsOutput {
    /// Writes `result` and its checked expectations; returns the scenario directory.
    /// - Parameter plots: The plot options, or nil for no plots (an interrupted run: exit at once).
    /// - Parameter decide: The scenario's `decide:` block: a complete result gets its answer and
    ///   (a sweep) its grid, `decision.csv` and `grid.csv`, before the plots (a failure is reported,
    ///   the results still written).
    /// - Throws: ``ReportError`` saying what failed; nothing of the new results is then left.
    static func write(
        _ result: ScenarioResult, checked: [ExpectationOutcome], writer: ResultsWriter, plots: PlotOptions?, quiet: Bool,
        warnings: [String] = [], decide: DecideSpec? = nil
    ) throws -> URL {
        try ResultsWriter.checkName(result.name)
        let target = writer.scenarioDirectory(result.name)
        let staged = try StagedDirectory(replacing: target)
        do {
            let stagedWriter = ResultsWriter(directory: staged.directory.deletingLastPathComponent())
            try stagedWriter.write(
                scenario: result.name, summary: result.summary, timeseries: result.timeseries, latency: result.latency,
                repetitions: result.repetitions, seeds: result.seeds, views: result.views, columns: result.columns, scenarioYAML: RunRecord.current.yamlComment + result.scenarioYAML,
                plots: result.plots)
            var metadata = RunRecord.current.metadata
            metadata.warnings = warnings.isEmpty ? nil : warnings
            metadata.parallel = result.parallelism
            try AtomicFile.write(metadata.json(), to: staged.directory.appendingPathComponent(RunMetadata.fileName))
            if !checked.isEmpty {
                try AtomicFile.write(
                    ExpectationTable.csv(checked), to: staged.directory.appendingPathComponent(ExpectationTable.fileName))
            }
            for trace in result.traceFiles {
                try AtomicFile.write(trace.csv, to: staged.directory.appendingPathComponent(trace.name))
            }
            if result.complete { _ = Decide.write(scenarioDirectory: staged.directory, decide: decide, name: result.name) }
            plots?.draw([staged.directory], quiet: quiet)
            try staged.commit()
        } catch {
            staged.discard()
            throw error
        }
        return target
    }
}
