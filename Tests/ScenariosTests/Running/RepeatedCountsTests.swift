import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// Every kind's counts are identical across repetitions: a small scenario of each kind run with
/// `repeat: 2` has no determinism failure, and its counts equal those of a single run (and its
/// merged latency spectrum lies within the repetitions' band).
@Suite("Running: counts identical across repetitions, in every kind")
struct RepeatedCountsTests {
    /// Runs `yaml` once and with 2 repetitions; expects no determinism failure and the same
    /// counts (role count, recorded as a count) in every row.
    static func check(_ yaml: String, file: String = "repeated.yaml", sourceLocation: SourceLocation = #_sourceLocation) throws {
        let scenario = try ScenarioLoader.load(yaml: yaml, file: file)
        let single = ScenarioRunner.run(scenario)
        var options = RunOptions()
        options.repetitions = 2
        let repeated = ScenarioRunner.run(scenario, options: options)
        #expect(repeated.determinismFailure == nil, "\(String(describing: repeated.determinismFailure))", sourceLocation: sourceLocation)
        #expect(!repeated.repetitions.isEmpty, "two repetitions ran", sourceLocation: sourceLocation)
        let counts = counts(single, columns: single.columns)
        #expect(!counts.isEmpty && counts.allSatisfy { !$0.isEmpty }, sourceLocation: sourceLocation)
        #expect(Self.counts(repeated, columns: single.columns) == counts, sourceLocation: sourceLocation)
        // The merged spectrum lies within the repetitions' band at every percentile.
        let outside = repeated.latency.filter { row in
            guard let low = row[SharedColumns.spectrumLow]?.number, let high = row[SharedColumns.spectrumHigh]?.number,
                let value = row["latency_ns"]?.number
            else { return true }
            return value < low || value > high
        }
        #expect(outside.isEmpty, "\(outside.count) latency rows outside their band", sourceLocation: sourceLocation)
    }

    /// Every row's count columns (role count in `columns`, recorded as a count by the run).
    static func counts(_ result: ScenarioResult, columns: ResultColumns) -> [[String]] {
        result.summary.map { row in
            row.columns.filter { columns.role(of: $0.name) == .count && row.kind(of: $0.name) == .count }
                .map { "\($0.name)=\($0.value.text)" }
        }
    }

    /// A small scenario of each kind, by kind.
    static let scenarios: [String: String] = [
        "scrolling-table": ScrollingTableDriverTests.table,
        "navigation": NavigationDriverTests.markovApp,
        "drawing": DrawingScenarioTests.yaml,
        "parallel-readers": ParallelReadersLoadingTests.yaml,
        "trace": """
            name: repeated-trace
            kind: trace
            generate: {distribution: zipf, alpha: 1.0, objects: 300, requests: 6000, seed: 42}
            cache: {policies: [lru, fifo], capacities: [16, 64]}

            """,
    ]

    @Test("every kind has a scenario here")
    func everyKindCovered() {
        #expect(Set(ScenarioKinds.builtIn.map { $0.kind.rawValue }) == Set(Self.scenarios.keys))
    }

    @Test(
        "each kind: repeat 2 runs without a determinism failure, its counts those of a single run, its spectrum within the band",
        arguments: ["scrolling-table", "navigation", "drawing", "parallel-readers", "trace"])
    func repeatedCounts(_ kind: String) throws {
        try Self.check(try #require(Self.scenarios[kind]))
    }
}
