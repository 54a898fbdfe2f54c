import Foundation

/// What the index pages show of one scenario directory: its name, kind, CSV files, plots and a
/// summary excerpt.
struct ScenarioEntry {
    /// The plot views in page order when the results declare none (`plots.csv`); other PNG files
    /// follow, by name.
    static let viewOrder = ["hit_rate", "throughput", "resident", "latency", "sweep"]
    /// The result files linked, in order, when present.
    static let dataFiles = ["summary.csv", "timeseries.csv", "latency.csv", "decision.csv", "grid.csv"]

    /// The directory name, which is the scenario name.
    let name: String
    /// The results' own description (`scenario.yaml`, `columns.csv`); nil when missing.
    let description: ResultsDescription?
    /// The kind, from ``description``.
    var kind: String? { description?.kind }
    /// The result files present, among ``dataFiles``.
    let dataFiles: [String]
    /// PNG plots (file names), in page order.
    let images: [String]
    /// Other renderings of a PNG plot's view present next to it, by PNG name: `svg`, `txt`.
    let alternates: [String: [String]]
    /// The summary excerpt, or nil when the summary could not be read.
    let excerpt: SummaryExcerpt?
    /// Why the summary could not be read, when it could not.
    let summaryProblem: String?
    /// The scenario's `expect` lines and how each run did (`expectations.csv`: run, metric,
    /// expected, actual, result), or nil when it has none.
    let expectations: ResultsTable?
    /// The answer to the scenario's question and its sweep's grid (`decision.csv`, `grid.csv`),
    /// or nil without them.
    let decision: DecisionReport?
    /// What `run` warned about the scenario (`run.json`'s `warnings`: one workload seed, threads
    /// outnumbering the cores, ...), in order; empty for none.
    let warnings: [String]
    /// The plot a reader should see first, shown beside the answer: a sweep's plot against the
    /// swept value (its `sweep` or `curve` view), else the first plot; nil without plots.
    let mainImage: String?

    /// The scenario directories of `results` (sub-directories holding a `summary.csv`, not
    /// hidden), sorted by name.
    ///
    /// - Throws: ``PageError/unreadableDirectory(path:reason:)`` when `results` cannot be listed.
    static func all(in results: URL) throws -> [ScenarioEntry] {
        let names: [String]
        do {
            names = try FileManager.default.contentsOfDirectory(atPath: results.path)
        } catch {
            throw PageError.unreadableDirectory(path: results.path, reason: error.localizedDescription)
        }
        return names.filter { !$0.hasPrefix(".") }.sorted().compactMap { name in
            let directory = results.appendingPathComponent(name, isDirectory: true)
            var isDirectory: ObjCBool = false
            let summary = directory.appendingPathComponent("summary.csv", isDirectory: false).path
            guard FileManager.default.fileExists(atPath: directory.path, isDirectory: &isDirectory),
                isDirectory.boolValue,
                FileManager.default.fileExists(atPath: summary)
            else {
                return nil
            }
            return ScenarioEntry(directory: directory)
        }
    }

    /// Reads the scenario directory `directory`. A summary that cannot be parsed becomes a
    /// ``summaryProblem``; the entry is still listed.
    init(directory: URL) {
        name = directory.lastPathComponent
        let files = Set((try? FileManager.default.contentsOfDirectory(atPath: directory.path)) ?? [])
        dataFiles = Self.dataFiles.filter(files.contains)
        let pngs = files.filter { $0.hasSuffix(".png") && !$0.hasPrefix(".") }
        // The order the kind declares its plots in.
        let views = (try? PlotView.load(scenarioDirectory: directory)) ?? []
        let order = views.isEmpty ? Self.viewOrder : views.map(\.name)
        images = pngs.sorted { left, right in
            let leftRank = order.firstIndex(of: String(left.dropLast(4))) ?? order.count
            let rightRank = order.firstIndex(of: String(right.dropLast(4))) ?? order.count
            return leftRank != rightRank ? leftRank < rightRank : left < right
        }
        var alternates: [String: [String]] = [:]
        for image in images {
            let base = String(image.dropLast(4))
            let present = ["svg", "txt"].filter { files.contains("\(base).\($0)") }
            if !present.isEmpty {
                alternates[image] = present
            }
        }
        self.alternates = alternates
        let description = try? ResultsDescription.load(scenarioDirectory: directory)
        self.description = description
        decision = DecisionReport.load(scenarioDirectory: directory)
        warnings = RunMetadata.load(scenarioDirectory: directory.path)?.warnings ?? []
        expectations = try? ResultsTable(contentsOf: directory.appendingPathComponent("expectations.csv", isDirectory: false))
        let summary: ResultsTable
        do {
            summary = try ResultsTable(contentsOf: directory.appendingPathComponent("summary.csv", isDirectory: false))
        } catch {
            excerpt = nil
            summaryProblem = "\(error)"
            mainImage = images.first
            return
        }
        excerpt = SummaryExcerpt(summary, columns: description?.columns)
        summaryProblem = nil
        // A sweep's main plot is its plot against the swept value.
        let isSweep = !summary.distinctValues(of: "sweep_value").isEmpty
        let swept = views.filter { $0.input == .sweep || $0.input == .curve }.map { "\($0.name).png" }
        mainImage = (isSweep ? images.first(where: swept.contains) : nil) ?? images.first
    }
}
