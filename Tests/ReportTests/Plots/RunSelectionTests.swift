import Foundation
import Testing

@testable import Report

/// The ">6 runs" rule on synthetic results: a plot draws at most six runs; past six, the
/// baseline (`none`), the best and the worst by its metric, in the metric's direction.
@Suite("Plots: which runs a plot draws")
struct RunSelectionTests {
    /// A summary of `runs` (policy, in_use, metric value) and its columns, `cost` lower is better,
    /// `level` neutral.
    func selection(_ runs: [(String, String, Double)]) throws -> RunSelection {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let lines =
            ["scenario,policy,in_use,run,hit_rate,cost,level"]
            + runs.enumerated().map { index, run in
                "s,\(run.0),\(run.1),\(index),\(run.2),\(run.2 * 10),\(run.2)"
            }
        let url = directory.url.appendingPathComponent("summary.csv")
        try AtomicFile.write(lines.joined(separator: "\r\n") + "\r\n", to: url)
        let columns = ResultColumns(summary: [
            .count("hit_rate", .higherIsBetter, "hits / requests", unit: .ratio), .count("cost", .lowerIsBetter, "misses"),
            .count("level", .neutral, "a level"),
        ])
        return RunSelection(summary: try ResultsTable(contentsOf: url), columns: columns)
    }

    func runs(_ selection: RunSelection) -> [ResultsTable.Run] {
        selection.summary.runs(keyed: false)
    }

    static let eight: [(String, String, Double)] = [
        ("lru", "pin", 0.5), ("none", "-", 0), ("lru", "repopulate", 0.9), ("fifo", "pin", 0.3), ("fifo", "drop", 0.2),
        ("random", "drop", 0.6), ("lfu", "pin", 0.7), ("clock", "pin", 0.4),
    ]

    @Test("six runs or fewer: every run, no subtitle")
    func upToSix() throws {
        let selection = try selection(Array(Self.eight.prefix(6)))
        let chosen = selection.choose(runs(selection), metric: "hit_rate")
        #expect(chosen.runs.count == 6 && chosen.note == nil)
    }

    @Test("more than six runs: baseline, best and worst by a higher-is-better metric, in file order")
    func higherIsBetter() throws {
        let selection = try selection(Self.eight)
        let chosen = selection.choose(runs(selection), metric: "hit_rate")
        #expect(chosen.runs.map(\.key) == ["none/-", "lru/repopulate", "fifo/drop"])
        #expect(chosen.note == "3 of 8 runs: baseline none, best lru/repopulate, worst fifo/drop by hit_rate (higher is better)")
    }

    @Test("a lower-is-better metric turns best and worst around; a neutral one names the highest and the lowest")
    func directions() throws {
        let selection = try selection(Self.eight)
        let cost = selection.choose(runs(selection), metric: "cost")
        #expect(cost.note == "3 of 8 runs: baseline none, best fifo/drop, worst lru/repopulate by cost (lower is better)")
        let level = selection.choose(runs(selection), metric: "level")
        #expect(level.note == "3 of 8 runs: baseline none, highest lru/repopulate, lowest fifo/drop by level")
    }

    @Test("without a baseline run, the best and the worst; without the metric, the first six")
    func withoutBaselineOrMetric() throws {
        let selection = try selection(Self.eight.map { $0.0 == "none" ? ("arc", "pin", 0.1) : $0 })
        let chosen = selection.choose(runs(selection), metric: "hit_rate")
        #expect(chosen.runs.map(\.key) == ["arc/pin", "lru/repopulate"])
        #expect(chosen.note == "2 of 8 runs: best lru/repopulate, worst arc/pin by hit_rate (higher is better)")
        let unranked = selection.choose(runs(selection), metric: "no_such_column")
        #expect(unranked.runs.count == 6 && unranked.note == "6 of 8 runs: the first 6")
    }
}
