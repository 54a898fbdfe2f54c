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
/// `variables` is the last field: assignments `name='text'` (quotes doubled) or `name=12`,
/// separated by `; `; the others hold no comma. What only the data can say (files, runs, whether
/// runs have an in-use mode, whether the timeseries has memory pressure) is added when drawing.
///
/// A results directory is data, never code: it may come from a downloaded shard. ``parse(_:path:)``
/// reads `plots.csv` strictly and refuses, naming the file and line, a plot name that is not a
/// plain file name, a script that is not a plain `<name>.gp`, and variables that are anything
/// but such assignments (``PlotVariable/parseList(_:)``); the plotter then re-quotes every value
/// itself, so nothing in the file reaches gnuplot as source or names a path outside its
/// directory.
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

    /// Parses the text of a `plots.csv` file, strictly: see the type's discussion.
    ///
    /// - Throws: ``ReportError/malformedPlots(path:line:reason:)`` naming what is wrong and where.
    public static func parse(_ text: String, path: String) throws -> [PlotView] {
        var parser = CSVParser(text)
        let records: [CSVParser.Record]
        do {
            records = try parser.records()
        } catch {
            throw ReportError.malformedPlots(path: path, line: 1, reason: "\(error)")
        }
        guard let head = records.first, head.fields == header else {
            throw ReportError.malformedPlots(path: path, line: 1, reason: "the header is not \(header.joined(separator: ","))")
        }
        return try records.dropFirst().map { record in
            func refuse(_ reason: String) -> ReportError {
                ReportError.malformedPlots(path: path, line: record.line, reason: reason)
            }
            let row = record.fields
            guard row.count == header.count else {
                throw refuse("\(row.count) fields, but the header has \(header.count)")
            }
            guard isPlotName(row[0]) else {
                throw refuse("plot name '\(row[0])' is not a plain file name (letters, digits, '_' and '-')")
            }
            guard isScriptName(row[1]) else {
                throw refuse("script '\(row[1])' is not the name of a plot script (lowercase letters, digits and '-', then .gp)")
            }
            guard let input = PlotInput(rawValue: row[2]) else {
                throw refuse("unknown input '\(row[2])'")
            }
            guard !row[3].unicodeScalars.contains(where: Gnuplot.isControl) else {
                throw refuse("metric '\(row[3])' holds a control character")
            }
            let variables: [PlotVariable]
            do {
                variables = try PlotVariable.parseList(row[4])
            } catch let error as PlotVariable.Refusal {
                throw refuse("variables: \(error.reason)")
            }
            return PlotView(
                name: row[0], script: row[1], input: input, metric: row[3].isEmpty ? nil : row[3], variables: variables)
        }
    }

    /// Whether `name` can name a plot, and so its files (`<name>.png`): letters, digits, `_` and
    /// `-`, not starting with `-`; never a path.
    public static func isPlotName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, first != "-" else { return false }
        return name.unicodeScalars.allSatisfy { $0.isASCII && (isAlphanumeric($0) || $0 == "_" || $0 == "-") }
    }

    /// Whether `name` can name a plot script: lowercase letters, digits and `-`, then `.gp`
    /// (`hit-rate.gp`); never a path.
    public static func isScriptName(_ name: String) -> Bool {
        guard name.hasSuffix(".gp") else { return false }
        let stem = name.unicodeScalars.dropLast(3)
        return !stem.isEmpty
            && stem.allSatisfy { ("a"..."z").contains($0) || ("0"..."9").contains($0) || $0 == "-" }
    }

    private static func isAlphanumeric(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// Reads `<scenarioDirectory>/plots.csv`.
    ///
    /// - Throws: ``ReportError/missingColumns(path:)`` naming the file when it is missing (results
    ///   written before plots were declared by their kind), ``ReportError/malformedPlots(path:line:reason:)``.
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
            throw ReportError.malformedPlots(path: url.path, line: 1, reason: error.localizedDescription)
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
