import Foundation

/// What a scenario's results decide: the answer to its question (``Decision``, with a
/// `decide:` block or `--goal`) and, for a sweep, the grid of the decision metric
/// (``DecisionGrid``). `run` and `decide` write them next to the results; the index pages and
/// the plots read them back.
///
/// ```text
/// <scenario>/decision.csv   with a question: one row per run and sweep value (``Decision/csv()``)
/// <scenario>/grid.csv       for a sweep: runs × sweep values of the decision metric (``DecisionGrid/csv()``)
/// ```
///
/// ```swift
/// let report = try DecisionReport.write(scenarioDirectory: feed, question: question)
/// print(report.text())
/// ```
public struct DecisionReport: Sendable, Equatable {
    /// The answer, when there is a question.
    public var decision: Decision?
    /// The grid, for a sweep whose decision metric has values.
    public var grid: DecisionGrid?

    /// Decides `question` (or, without one, only draws the grid) from the results in
    /// `directory`: `summary.csv`, `columns.csv`, `plots.csv` and `seeds.csv`. Writes nothing.
    ///
    /// - Throws: ``DecisionError``: a file missing or unreadable, a goal or `minimize` column
    ///   that is not a numeric summary column; ``ReportError/notANumber(path:line:column:name:value:)``
    ///   for a result value that is neither empty nor a finite number.
    public static func make(scenarioDirectory directory: URL, question: DecisionQuestion?) throws -> DecisionReport {
        let data = try DecisionData(scenarioDirectory: directory)
        return try make(data, question: question, gridMetric: nil)
    }

    static func make(_ data: DecisionData, question: DecisionQuestion?, gridMetric: String?) throws -> DecisionReport {
        if let question {
            let decision = try Decision(data, question: question)
            return DecisionReport(decision: decision, grid: decision.grid.flatMap { $0.hasNumbers ? $0 : nil })
        }
        guard let metric = gridMetric ?? DecisionGrid.metric(question: nil, data: data), data.columns.column(metric) != nil else {
            return DecisionReport()
        }
        let higher = DecisionGrid.higherIsBetter(metric, columns: data.columns, question: nil)
        return DecisionReport(grid: DecisionGrid(data, metric: metric, higherIsBetter: higher))
    }

    /// Decides as ``make(scenarioDirectory:question:)`` and writes `decision.csv` (with a
    /// question) and `grid.csv` (with a grid) into `directory`, each atomically. Without a
    /// question, a `decision.csv` left there (by an earlier `decide --goal`) is removed, so that
    /// the two files always answer the same question.
    ///
    /// - Throws: ``DecisionError``, ``DecisionError/writeFailed(path:reason:)``.
    @discardableResult
    public static func write(scenarioDirectory directory: URL, question: DecisionQuestion?) throws -> DecisionReport {
        let report = try make(scenarioDirectory: directory, question: question)
        let files = [
            report.decision.map { (Decision.fileName, $0.csv()) }, report.grid.map { (DecisionGrid.fileName, $0.csv()) },
        ].compactMap { $0 }
        if report.decision == nil {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(Decision.fileName, isDirectory: false))
        }
        for (name, text) in files {
            let url = directory.appendingPathComponent(name, isDirectory: false)
            do {
                try AtomicFile.write(text, to: url)
            } catch let ReportError.writeFailed(path, reason) {
                throw DecisionError.writeFailed(path: path, reason: reason)
            } catch {
                throw DecisionError.writeFailed(path: url.path, reason: "\(error)")
            }
        }
        return report
    }

    /// What `decision.csv` and `grid.csv` in `directory` say, recomputed from the results they
    /// were written from (the question from `decision.csv`, the grid's metric from `grid.csv`);
    /// nil when the directory has neither file or they can no longer be recomputed.
    public static func load(scenarioDirectory directory: URL) -> DecisionReport? {
        let decisionURL = directory.appendingPathComponent(Decision.fileName, isDirectory: false)
        let gridURL = directory.appendingPathComponent(DecisionGrid.fileName, isDirectory: false)
        let question = (try? String(contentsOf: decisionURL, encoding: .utf8)).flatMap(Decision.question(inCSV:))
        let gridMetric = (try? String(contentsOf: gridURL, encoding: .utf8)).flatMap { text in
            (try? CSVTable.parse(text))?.header.first
        }
        guard question != nil || gridMetric != nil, let data = try? DecisionData(scenarioDirectory: directory),
            let report = try? make(data, question: question, gridMetric: gridMetric),
            report.decision != nil || report.grid != nil
        else { return nil }
        return report
    }

    /// The decision metric of the results in `directory`, as the plots rank runs by it: the
    /// metric of its `decision.csv`, else of its `grid.csv`, else the first plot view's (nil
    /// when none names one).
    static func rankingMetric(scenarioDirectory directory: URL) -> String? {
        for name in [Decision.fileName, DecisionGrid.fileName] {
            let url = directory.appendingPathComponent(name, isDirectory: false)
            guard let text = try? String(contentsOf: url, encoding: .utf8), let parsed = try? CSVTable.parse(text) else { continue }
            if name == Decision.fileName {
                if let index = parsed.header.firstIndex(of: "metric"), let row = parsed.rows.first, !row[index].isEmpty {
                    return row[index]
                }
            } else if let metric = parsed.header.first, !metric.isEmpty {
                return metric
            }
        }
        return (try? PlotView.load(scenarioDirectory: directory))?.lazy.compactMap(\.metric).first
    }
}

extension DecisionGrid {
    /// Whether some cell holds a number.
    var hasNumbers: Bool { cells.contains { $0.contains { Double($0) != nil } } }
}
