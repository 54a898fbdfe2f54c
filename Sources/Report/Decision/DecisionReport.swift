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
    /// question, a `decision.csv` left there (by an earlier `decide --goal --replace`) is
    /// removed, so that the two files always answer the same question.
    ///
    /// A what-if (`decide --goal` on results that answer their own question) writes elsewhere:
    /// `output` names the directory and the two files' names (``WhatIfFiles``), and nothing in
    /// `directory` is touched.
    ///
    /// - Throws: ``DecisionError``, ``DecisionError/writeFailed(path:reason:)``.
    @discardableResult
    public static func write(
        scenarioDirectory directory: URL, question: DecisionQuestion?, output: WhatIfFiles? = nil
    ) throws -> DecisionReport {
        let report = try make(scenarioDirectory: directory, question: question)
        let target = output?.directory ?? directory
        let files = [
            report.decision.map { (output?.decision ?? Decision.fileName, $0.csv()) },
            report.grid.map { (output?.grid ?? DecisionGrid.fileName, $0.csv()) },
        ].compactMap { $0 }
        if report.decision == nil, output == nil {
            try? FileManager.default.removeItem(at: directory.appendingPathComponent(Decision.fileName, isDirectory: false))
        }
        if output != nil {
            do {
                try FileManager.default.createDirectory(at: target, withIntermediateDirectories: true)
            } catch {
                throw DecisionError.writeFailed(path: target.path, reason: "\(error)")
            }
        }
        for (name, text) in files {
            let url = target.appendingPathComponent(name, isDirectory: false)
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

/// Where a what-if answer is written (`decide --goal` without `--replace`): a directory and the
/// names of its decision and grid files. Beside the run's own files by default,
/// `decision-<question>.csv` and `grid-<question>.csv`, the question in the name
/// (``DecisionQuestion/fileTag``); with `--out DIR`, `DIR/<scenario>/decision.csv` and
/// `grid.csv`.
public struct WhatIfFiles: Sendable, Equatable {
    /// The directory written into.
    public var directory: URL
    /// The decision file's name.
    public var decision: String
    /// The grid file's name.
    public var grid: String

    /// The files beside the run's own in `scenarioDirectory`, named after `question`.
    public static func beside(scenarioDirectory: URL, question: DecisionQuestion) -> WhatIfFiles {
        let tag = question.fileTag
        return WhatIfFiles(directory: scenarioDirectory, decision: "decision-\(tag).csv", grid: "grid-\(tag).csv")
    }

    /// `out/<scenario>/decision.csv` and `grid.csv`.
    public static func under(_ out: URL, scenario: String) -> WhatIfFiles {
        WhatIfFiles(
            directory: out.appendingPathComponent(scenario, isDirectory: true), decision: Decision.fileName, grid: DecisionGrid.fileName)
    }
}

extension DecisionQuestion {
    /// The question as a file name part: `hit_rate-ge-0.96-share-1-min-sweep` (operators as
    /// words, characters other than letters, digits, `.`, `_` and `-` as `_`, at most 120).
    public var fileTag: String {
        let words: [ComparisonOperator: String] = [
            .atLeast: "ge", .atMost: "le", .greater: "gt", .less: "lt", .equal: "eq", .notEqual: "ne",
        ]
        let parts =
            goal.map { "\($0.metric)-\(words[$0.op] ?? "op")-\(CSVValue.format($0.value))" }
            + ["share-\(CSVValue.format(share))", "min-\(minimize)"]
        let allowed = Set("abcdefghijklmnopqrstuvwxyzABCDEFGHIJKLMNOPQRSTUVWXYZ0123456789._-")
        let tag = String(parts.joined(separator: "-").map { allowed.contains($0) ? $0 : "_" })
        return String(tag.prefix(120))
    }
}

extension DecisionGrid {
    /// Whether some cell holds a number.
    var hasNumbers: Bool { cells.contains { $0.contains { Double($0) != nil } } }
}
