import Foundation
import Report
import Scenarios

/// Writes one scenario's results whole: the CSV files, the scenario as run, the expectations and
/// the plots go into a staged sibling of `<out>/<scenario>/` (``StagedDirectory``), renamed into
/// place once everything is there. A failure (a full disk) leaves the previous results as they were.
enum ScenarioResultsOutput {
    /// Writes `result` and its checked expectations; returns the scenario directory.
    /// - Parameter plots: The plot options, or nil for no plots (an interrupted run: exit at once).
    /// - Throws: ``ReportError`` saying what failed; nothing of the new results is then left.
    static func write(
        _ result: ScenarioResult, checked: [ExpectationOutcome], writer: ResultsWriter, plots: PlotOptions?, quiet: Bool
    ) throws -> URL {
        try ResultsWriter.checkName(result.name)
        let target = writer.scenarioDirectory(result.name)
        let staged = try StagedDirectory(replacing: target)
        do {
            let stagedWriter = ResultsWriter(directory: staged.directory.deletingLastPathComponent())
            try stagedWriter.write(
                scenario: result.name, summary: result.summary, timeseries: result.timeseries, latency: result.latency,
                repetitions: result.repetitions, columns: result.columns, scenarioYAML: RunRecord.current.yamlComment + result.scenarioYAML,
                plots: result.plots)
            try AtomicFile.write(
                RunRecord.current.metadata.json(), to: staged.directory.appendingPathComponent(RunMetadata.fileName))
            if !checked.isEmpty {
                try AtomicFile.write(
                    ExpectationTable.csv(checked), to: staged.directory.appendingPathComponent(ExpectationTable.fileName))
            }
            for trace in result.traceFiles {
                try AtomicFile.write(trace.csv, to: staged.directory.appendingPathComponent(trace.name))
            }
            plots?.draw([staged.directory], quiet: quiet)
            try staged.commit()
        } catch {
            staged.discard()
            throw error
        }
        return target
    }
}
