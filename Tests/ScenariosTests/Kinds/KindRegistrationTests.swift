import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// A kind built here, in the test target, to prove that a new kind costs one folder: one type
/// conforming to `KindScenario`, registered (here for the test's task only, with
/// `KindRegistry.registering`; a shipped kind is one line in `KindRegistry.builtIn`), and it runs end to end
/// (results, columns.csv, scenario.yaml, a plot, the index page, compare) with nothing else
/// edited. A coin is flipped `flips` times; a flip "hits" when it matches the one before.
struct CoinFlipScenario: KindScenario {
    static let kind = KindName(rawValue: "coin-flips")
    static let summary = "a coin flipped again and again, each flip checked against the one before"
    static let columns = ResultColumns(
        summary: SharedColumns.identity + [
            SharedColumns.seed,
            .count("flips", .neutral, "coins flipped", views: [.table]),
            .count("hits", .higherIsBetter, "flips equal to the flip before", views: [.table]),
            .count("hit_rate", .higherIsBetter, "hits / flips", unit: .ratio, views: [.table]),
            SharedColumns.complete,
        ],
        timeseries: SharedColumns.identity + [
            SharedColumns.time,
            .count("hits", .higherIsBetter, "flips equal to the flip before in the interval"),
            .count("hit_rate", .higherIsBetter, "hits / flips of the interval", unit: .ratio, views: [.hitRate]),
            SharedColumns.memoryPressure,
        ])
    /// The plots its columns imply (hit rate over time), and two of its own, drawn by the
    /// generic scripts with no script edited: bars of its hits, and its hits over time.
    static var plots: [PlotView] {
        PlotView.defaults(for: columns) + [
            .bars(
                "hits", title: "Flips that matched the one before, per run",
                left: .init("hits", title: "matching flips", label: "flips equal to the one before"), columns: columns),
            .overTime(
                "streaks", title: "Matching flips over time",
                panels: [.init("matches", label: "matching flips per interval", columns: ["hits"])], metric: "hit_rate",
                xlabel: "flips", columns: columns),
        ]
    }

    var header: ScenarioHeader
    var flips: Int

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ScenarioHeader.keys + ["flips"])
        header = try ScenarioHeader(from: decoder)
        let fields = try Fields(sharedMapping: decoder)
        flips = try fields.required("flips")
        try fields.check("flips", flips > 0, "must be > 0")
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try header.encodeFields(into: &container)
        try container.encode(flips, for: "flips")
    }

    func runs(options: RunOptions) -> [RunConfiguration] {
        RunConfiguration.matrix(
            policies: options.policies ?? [.none, .lru], modes: [], seed: seed(options), inUseApplies: { _ in false })
    }

    func memoryEstimate() -> MemoryEstimate {
        MemoryEstimate([.init("histograms", MemoryEstimate.bytesPerHistogram)])
    }

    func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        var generator = SeededGenerator(seed: configuration.seed)
        var previous = Bool.random(using: &generator)
        var hits = 0
        var timeseries: [ResultRow] = []
        let perSample = max(1, flips / 4)
        var intervalHits = 0
        for flip in 1...flips {
            let side = Bool.random(using: &generator)
            if side == previous {
                hits += 1
                intervalHits += 1
            }
            previous = side
            if flip % perSample == 0 {
                var row = configuration.identityRow(scenario: header.name)
                row.append("t_s", .double(Double(flip)))
                row.append("hits", .int(intervalHits))
                row.append("hit_rate", .double(Double(intervalHits) / Double(perSample)))
                row.append("memory_pressure", .string(""))
                timeseries.append(row)
                intervalHits = 0
            }
        }
        var summary = configuration.identityRow(scenario: header.name)
        summary.append("seed", .uint(configuration.seed))
        summary.append("flips", .int(flips))
        summary.append("hits", .int(hits))
        summary.append("hit_rate", .double(Double(hits) / Double(flips)))
        summary.append("complete", .string("true"))
        return RunOutput(summary: summary, timeseries: timeseries, latency: [], complete: true)
    }
}

@Suite("Kinds: a kind registered from outside the package runs end to end")
struct KindRegistrationTests {
    static let yaml = """
        name: coins
        kind: coin-flips
        description: A coin against its own last flip.
        duration: 1s
        flips: 400
        """

    /// The package's `scripts/` directory, found from this file's path.
    static var scripts: URL {
        URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scripts")
    }

    @Test("a registered kind loads, runs, writes columns.csv and scenario.yaml, plots, appears on the index page and compares")
    func registeredKindRunsEndToEnd() throws {
        try KindRegistry.registering([CoinFlipScenario.self]) {
            try runEndToEnd()
        }
    }

    private func runEndToEnd() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.yaml, file: "coins.yaml")
        #expect(scenario.kind == CoinFlipScenario.kind)
        #expect(scenario.as(CoinFlipScenario.self)?.flips == 400)

        let result = ScenarioRunner.run(scenario)
        #expect(result.summary.count == 2)
        #expect(result.complete)

        let out = FileManager.default.temporaryDirectory.appendingPathComponent("kinds-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: out) }
        try ResultsWriter(directory: out).write(
            scenario: result.name, summary: result.summary, timeseries: result.timeseries, latency: result.latency,
            columns: result.columns, scenarioYAML: result.scenarioYAML, plots: result.plots)
        let directory = out.appendingPathComponent("coins")

        let description = try ResultsDescription.load(scenarioDirectory: directory)
        #expect(description.kind == "coin-flips")
        #expect(description.columns == CoinFlipScenario.columns)
        #expect(description.description == "A coin against its own last flip.")

        try #require(Plotter.isGnuplotAvailable, "gnuplot draws the plot")
        let plots = try Plotter(scriptsDirectory: Self.scripts).plot(scenarioDirectory: directory, formats: [.ascii])
        #expect(plots.map(\.lastPathComponent) == ["hit_rate.txt", "hits.txt", "streaks.txt"])
        let bars = try String(contentsOf: directory.appendingPathComponent("hits.txt"), encoding: .utf8)
        #expect(bars.contains("Flips that matched the one before, per run: coins"))
        #expect(bars.contains("none") && bars.contains("lru") && !bars.contains("/-"), "runs without an in-use mode")
        let overTime = try String(contentsOf: directory.appendingPathComponent("streaks.txt"), encoding: .utf8)
        #expect(overTime.contains("Matching flips over time: coins") && overTime.contains("matches"))

        try IndexPage.write(resultsDirectory: out)
        let page = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
        #expect(page.contains("coin-flips"))
        #expect(page.contains("<th>flips</th><th>hits</th><th>hit_<wbr>rate</th>"))

        let comparison = try Comparison.load(baseline: out.path, current: out.path)
        #expect(comparison.status == .passed)
        let hits = try #require(comparison.metrics.first { $0.metric == "hits" })
        #expect(hits.direction == .higherIsBetter && hits.role == .count)
    }

    @Test("outside the registering task the kind is unknown again, an error listing the registered kinds")
    func unknownKind() {
        #expect(throws: (any Error).self) {
            try ScenarioLoader.load(yaml: Self.yaml, file: "coins.yaml")
        }
        #expect {
            try ScenarioLoader.load(yaml: "name: x\nkind: nope\nduration: 1s\n", file: "x.yaml")
        } throws: { error in
            "\(error)".contains("unknown kind 'nope' (expected one of: scrolling-table, navigation, drawing, parallel-readers")
        }
    }
}
