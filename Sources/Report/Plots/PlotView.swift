import Foundation

/// A plot a scenario kind declares: which generic gnuplot script draws it, from which result
/// files, and its settings (columns, titles, axis labels, scales) as the script's variables.
///
/// The scripts in `scripts/` know no kind: everything kind-specific is here, declared in the
/// kind's folder (`Sources/Scenarios/<Kind>/<Kind>Plots.swift`, or derived from the columns'
/// views by ``defaults(for:)``), and written with the results as `plots.csv`, which the CLI's
/// ``Plotter`` and `scripts/plot.sh` both read:
///
/// ```text
/// <scenario>/plots.csv   plot,script,input,metric,variables
///                        hit_rate,hit-rate.gp,timeseries,hit_rate,"title='Hit rate over time'; hits='hits'; ..."
/// ```
///
/// `variables` is gnuplot source (`name='text'; name=1`), the last field; the others hold no
/// comma. What only the data can say (files, runs, whether runs have an in-use mode, whether the
/// timeseries has memory pressure) is added when drawing.
public struct PlotView: Sendable, Equatable {
    /// The file name of the plot, without extension (`hit_rate`, `creations`, `resident`).
    public var name: String
    /// The script in `scripts/` that draws it.
    public var script: String
    /// Which result files it reads.
    public var input: PlotInput
    /// The summary column the view is about. Without a `decide:` goal, the first view naming
    /// one gives the scenario its decision metric, which ranks runs in every line plot that has
    /// more than it draws (``RunSelection``) and fills the sweep's grid; nil for none.
    public var metric: String?
    /// The script's variables, in order.
    public var variables: [PlotVariable]

    /// A plot view.
    public init(name: String, script: String, input: PlotInput, metric: String? = nil, variables: [PlotVariable]) {
        self.name = name
        self.script = script
        self.input = input
        self.metric = metric
        self.variables = variables
    }

    /// The file name, `plots.csv`.
    public static let fileName = "plots.csv"
    /// The header of `plots.csv`.
    public static let header = ["plot", "script", "input", "metric", "variables"]

    /// The text of `plots.csv` for `views`.
    public static func render(_ views: [PlotView]) -> String {
        var table = CSVTable(header: header)
        for view in views {
            // Every row has the header's width: append cannot fail.
            try? table.append(
                [view.name, view.script, view.input.rawValue, view.metric ?? "", PlotVariable.assignments(view.variables)]
                    .map { CSVValue.string($0) })
        }
        return table.render()
    }

    /// Parses the text of a `plots.csv` file.
    ///
    /// - Throws: ``ReportError/malformedColumns(path:reason:)`` naming what is wrong.
    public static func parse(_ text: String, path: String) throws -> [PlotView] {
        let parsed: (header: [String], rows: [[String]])
        do {
            parsed = try CSVTable.parse(text)
        } catch {
            throw ReportError.malformedColumns(path: path, reason: "\(error)")
        }
        guard parsed.header == header else {
            throw ReportError.malformedColumns(path: path, reason: "the header is not \(header.joined(separator: ","))")
        }
        return try parsed.rows.enumerated().map { number, row in
            guard let input = PlotInput(rawValue: row[2]) else {
                throw ReportError.malformedColumns(path: path, reason: "line \(number + 2): unknown input '\(row[2])'")
            }
            return PlotView(
                name: row[0], script: row[1], input: input, metric: row[3].isEmpty ? nil : row[3],
                variables: [PlotVariable(source: row[4])])
        }
    }

    /// Reads `<scenarioDirectory>/plots.csv`.
    ///
    /// - Throws: ``ReportError/missingColumns(path:)`` naming the file when it is missing (results
    ///   written before plots were declared by their kind), ``ReportError/malformedColumns(path:reason:)``.
    public static func load(scenarioDirectory: URL) throws -> [PlotView] {
        let url = scenarioDirectory.appendingPathComponent(fileName, isDirectory: false)
        guard FileManager.default.fileExists(atPath: url.path) else {
            throw ReportError.missingColumns(path: url.path)
        }
        do {
            return try parse(try String(contentsOf: url, encoding: .utf8), path: url.path)
        } catch let error as ReportError {
            throw error
        } catch {
            throw ReportError.malformedColumns(path: url.path, reason: error.localizedDescription)
        }
    }
}

/// The result files a plot reads, and so the variables added when it is drawn.
public enum PlotInput: String, Sendable, Equatable, CaseIterable {
    /// `timeseries.csv`, one line per run over time (`timeseries`, `runs`, `keyed`).
    case timeseries
    /// `summary.csv`, bars per run (`summary`, `keyed`).
    case summary
    /// Bars from `summary.csv`, then lines from `timeseries.csv` when it has runs.
    case summaryAndTimeseries = "summary+timeseries"
    /// `latency.csv`, a panel per operation (`latency`, `runs`, `operations`).
    case latency
    /// `summary.csv` against its sweep values; drawn only for sweeps (`runs`, `sweep_key`).
    case sweep
    /// As `sweep`, but every run is drawn: a curve compares all the policies (a trace's
    /// miss-ratio curve, one line per policy), and curves of one column seldom hide each other.
    case curve
}

/// One gnuplot variable of a plot, as gnuplot source.
public struct PlotVariable: Sendable, Equatable {
    /// `name='text'` (quotes doubled) or `name=12`; or several, joined with `; `.
    public var source: String

    /// Variables as gnuplot source, as `plots.csv` holds them.
    init(source: String) {
        self.source = source
    }

    /// A text variable.
    public init(_ name: String, _ value: String) {
        source = "\(name)=\(Gnuplot.quote(value))"
    }

    /// A number variable.
    public init(_ name: String, _ value: Int) {
        source = "\(name)=\(value)"
    }

    /// The `-e` text setting `variables`.
    static func assignments(_ variables: [PlotVariable]) -> String {
        variables.map(\.source).filter { !$0.isEmpty }.joined(separator: "; ")
    }
}
