import Foundation
import Testing

@testable import Report

/// The ">6 runs" rule on synthetic results: a plot draws at most six runs; past six, the
/// baseline (`none`), then the best and the worst at each sweep value from the smallest up by
/// the scenario's decision metric (without a sweep: the best and the worst).
@Suite("Plots: which runs a plot draws")
struct RunSelectionTests {
    /// A summary of `runs` (policy, in_use, metric value, sweep value) and its columns,
    /// `cost` lower is better, `level` neutral; ranked by `metric`.
    func selection(_ runs: [(String, String, Double)], sweep: [String?]? = nil, metric: String? = "hit_rate") throws -> RunSelection {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let points = sweep ?? Array(repeating: nil, count: runs.count)
        let lines =
            ["scenario,policy,in_use,run,sweep_key,sweep_value,hit_rate,cost,level"]
            + runs.enumerated().map { index, run in
                let point = points[index]
                return "s,\(run.0),\(run.1),\(index),\(point == nil ? "" : "cache.capacity"),\(point ?? ""),\(run.2),\(run.2 * 10),\(run.2)"
            }
        let url = directory.url.appendingPathComponent("summary.csv")
        try AtomicFile.write(lines.joined(separator: "\r\n") + "\r\n", to: url)
        let columns = ResultColumns(summary: [
            .count("hit_rate", .higherIsBetter, "hits / requests", unit: .ratio), .count("cost", .lowerIsBetter, "misses"),
            .count("level", .neutral, "a level"),
        ])
        return RunSelection(summary: try ResultsTable(contentsOf: url), columns: columns, metric: metric)
    }

    func runs(_ selection: RunSelection, keyed: Bool = false) -> [ResultsTable.Run] {
        selection.summary.runs(keyed: keyed)
    }

    static let eight: [(String, String, Double)] = [
        ("lru", "pin", 0.5), ("none", "-", 0), ("lru", "repopulate", 0.9), ("fifo", "pin", 0.3), ("fifo", "drop", 0.2),
        ("random", "drop", 0.6), ("lfu", "pin", 0.7), ("clock", "pin", 0.4),
    ]

    @Test("six runs or fewer: every run, no subtitle")
    func upToSix() throws {
        let selection = try selection(Array(Self.eight.prefix(6)))
        let chosen = selection.choose(runs(selection))
        #expect(chosen.runs.count == 6 && chosen.note == nil)
    }

    @Test("more than six runs: baseline, best and worst by a higher-is-better metric, in file order")
    func higherIsBetter() throws {
        let selection = try selection(Self.eight)
        let chosen = selection.choose(runs(selection))
        #expect(chosen.runs.map(\.key) == ["none/-", "lru/repopulate", "fifo/drop"])
        #expect(chosen.note == "3 of 8 runs: baseline none, best lru/repopulate, worst fifo/drop by hit_rate (higher is better)")
    }

    @Test("a lower-is-better metric turns best and worst around; a neutral one names the highest and the lowest")
    func directions() throws {
        let cost = try selection(Self.eight, metric: "cost")
        #expect(
            cost.choose(runs(cost)).note == "3 of 8 runs: baseline none, best fifo/drop, worst lru/repopulate by cost (lower is better)")
        let level = try selection(Self.eight, metric: "level")
        #expect(level.choose(runs(level)).note == "3 of 8 runs: baseline none, highest lru/repopulate, lowest fifo/drop by level")
    }

    @Test("without a baseline run, the best and the worst; without the metric, the first six")
    func withoutBaselineOrMetric() throws {
        let selection = try selection(Self.eight.map { $0.0 == "none" ? ("arc", "pin", 0.1) : $0 })
        let chosen = selection.choose(runs(selection))
        #expect(chosen.runs.map(\.key) == ["arc/pin", "lru/repopulate"])
        #expect(chosen.note == "2 of 8 runs: best lru/repopulate, worst arc/pin by hit_rate (higher is better)")
        for metric in ["no_such_column", nil] {
            let unranked = try self.selection(Self.eight, metric: metric)
            let first = unranked.choose(runs(unranked))
            #expect(first.runs.count == 6 && first.note == "6 of 8 runs: the first 6")
        }
    }

    /// Eight runs at capacities 1...6: `optimal` best everywhere, `w1` worst at 1 to 4 and
    /// `late` worst at 5 and 6 only — above `w1` on average, which the old rule (best and worst
    /// by the mean over every capacity) drew instead, hiding `late`.
    static func lateWorst() -> (runs: [(String, String, Double)], sweep: [String?]) {
        var runs: [(String, String, Double)] = []
        var sweep: [String?] = []
        for capacity in 1...6 {
            let c = Double(capacity)
            let rates: [(String, Double)] = [
                ("optimal", 0.5 + 0.08 * c), ("w1", capacity <= 4 ? 0.05 * c : 0.45 + 0.05 * c),
                ("late", capacity <= 4 ? 0.3 + 0.05 * c : 0.2),
                ("a", 0.35 + 0.05 * c), ("b", 0.34 + 0.05 * c), ("c", 0.33 + 0.05 * c), ("d", 0.32 + 0.05 * c), ("e", 0.31 + 0.05 * c),
            ]
            for (policy, rate) in rates {
                runs.append((policy, "-", rate))
                sweep.append(String(capacity))
            }
        }
        return (runs, sweep)
    }

    @Test(
        "a sweep: the best and the worst at each sweep value from the smallest up, so a run worst only at the largest capacities is drawn")
    func worstAtEachSweepValue() throws {
        let fixture = Self.lateWorst()
        let selection = try selection(fixture.runs, sweep: fixture.sweep)
        let chosen = selection.choose(runs(selection))
        #expect(chosen.runs.map(\.policy) == ["optimal", "w1", "late"])
        #expect(chosen.note == "3 of 8 runs: best and worst at each cache.capacity by hit_rate (higher is better)")
    }

    @Test("a sweep with more best and worst runs than six: the values whose best and worst are both drawn are named")
    func sixAtMost() throws {
        // At each capacity a different best and worst: 1 → p1, q1; 2 → p2, q2; ...
        var rows: [(String, String, Double)] = [("none", "-", 0)]
        var sweep: [String?] = ["1"]
        for capacity in 1...4 {
            for index in 1...4 {
                rows.append(("p\(index)", "-", index == capacity ? 0.9 : 0.5))
                rows.append(("q\(index)", "-", index == capacity ? 0.1 : 0.4))
                sweep += [String(capacity), String(capacity)]
            }
        }
        let selection = try selection(rows, sweep: sweep)
        let chosen = selection.choose(runs(selection))
        #expect(chosen.runs.map(\.policy) == ["none", "p1", "q1", "p2", "q2", "p3"])
        #expect(chosen.note == "6 of 9 runs: baseline none; best and worst at cache.capacity 1, 2 (of 4) by hit_rate (higher is better)")
    }

    @Test("runs keyed by their sweep value (lines over time) are ranked at their own value")
    func keyedRuns() throws {
        let fixture = Self.lateWorst()
        let selection = try selection(fixture.runs, sweep: fixture.sweep)
        let chosen = selection.choose(runs(selection, keyed: true))
        #expect(chosen.runs.map(\.name) == ["optimal@1", "w1@1", "optimal@2", "w1@2", "optimal@3", "w1@3"])
        #expect(chosen.note == "6 of 48 runs: best and worst at cache.capacity 1, 2, 3 (of 6) by hit_rate (higher is better)")
    }
}
