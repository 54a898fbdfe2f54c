import Foundation
import Testing

@testable import Report

/// The decision rule on fixed synthetic results (``DecisionFixture``): meeting the goal, the
/// smallest sweep value per run, the answer, best and tied per sweep value, seeds and shares.
@Suite("Decision: the answer to a scenario's question")
struct DecisionTests {
    func decide(
        _ question: DecisionQuestion = DecisionFixture.question(), rows: [DecisionFixture.Row] = DecisionFixture.sweep,
        seeds: [String: [Double]] = [:]
    ) throws -> Decision {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try DecisionFixture.write(rows, in: directory.url, seeds: seeds)
        return try #require(try DecisionReport.make(scenarioDirectory: scenario, question: question).decision)
    }

    /// The chosen sweep value of each run, by run name ("never" when none).
    func chosen(_ decision: Decision) -> [String: String] {
        Dictionary(
            uniqueKeysWithValues: decision.runs.indices.map { run in
                (decision.names[run], decision.chosen[run].map { decision.values[$0] } ?? "never")
            })
    }

    @Test("one seed: a configuration meets the goal when every condition holds for its summary values")
    func meetsWithOneSeed() throws {
        let decision = try decide()
        #expect(decision.values == ["2", "4", "8", "16"])
        #expect(decision.cells[0].map(\.meetsGoal) == [false, false, true, true], "a: 0.9 >= 0.9 holds")
        #expect(decision.cells[1].map(\.meetsGoal) == [false, true, false, true])
        #expect(decision.cells[2].allSatisfy { !$0.meetsGoal && $0.seeds == 1 && $0.seedsMeeting == 0 })
        let both = try decide(DecisionFixture.question("hit_rate>=0.9,instantiations<=8"))
        #expect(both.cells[0].map(\.meetsGoal) == [false, false, false, true], "every condition must hold")
    }

    @Test("per run, the smallest sweep value that meets the goal; a run that never does is named with its best value")
    func smallestSweepValuePerRun() throws {
        let decision = try decide()
        #expect(chosen(decision) == ["a/x": "8", "b/x": "4", "c/x": "never"])
        #expect(decision.steady == [true, false, false], "b meets at 4 but not at 8")
        let summary = DecisionSummary(decision)
        #expect(summary.perRun[2] == ["b/x", "4, not at 8", "4"])
        #expect(summary.perRun[3] == ["c/x", "never (best hit_rate 0.5 at 16)", "4"])
    }

    @Test("the answer: the smallest sweep value at which any run meets the goal, and the runs that do there")
    func answer() throws {
        let decision = try decide()
        #expect(decision.answer.map { decision.names[$0.run] } == ["b/x"])
        #expect(DecisionSummary(decision).answer == "cache.capacity 4, met by b/x")
        let none = try decide(DecisionFixture.question("hit_rate>=0.99"))
        #expect(none.answer.isEmpty && DecisionSummary(none).answer == "no run meets the goal at any cache.capacity")
    }

    @Test("minimize a column: per run the configuration meeting the goal with the smallest value; equal answers are all named")
    func minimizeColumn() throws {
        let decision = try decide(DecisionFixture.question(minimize: "instantiations"))
        #expect(chosen(decision) == ["a/x": "16", "b/x": "16", "c/x": "never"])
        #expect(decision.answer.map { decision.names[$0.run] } == ["a/x", "b/x"])
        #expect(DecisionSummary(decision).answer == "a/x, b/x at cache.capacity 16 (instantiations 5)")
    }

    @Test("ties with one seed: runs with exactly the best value are all best, none is merely tied")
    func tiesWithOneSeed() throws {
        let decision = try decide()
        let best = decision.values.indices.map { value in
            decision.runs.indices.filter { decision.cells[$0][value].standing == .best }.map { decision.names[$0] }
        }
        #expect(best == [["b/x"], ["b/x"], ["a/x"], ["a/x", "b/x"]])
        #expect(!decision.cells.joined().contains { $0.standing == .tied })
        #expect(DecisionSummary.group(best: ["a/x", "b/x"], tied: [], runs: 3) == "a/x, b/x (equal)")
    }

    /// Ten seeds of three runs without a sweep: `a` best (median 0.92), `b` within the seeds'
    /// spread of it (differences of both signs; below 0.9 in one seed), `c` 0.05 below `a` in
    /// every seed.
    static let tenSeeds: [String: [Double]] = {
        let a = [0.91, 0.92, 0.93, 0.90, 0.91, 0.92, 0.93, 0.94, 0.91, 0.92]
        let noise = [0.004, -0.003, 0.002, -0.001, 0.003, -0.004, 0.001, -0.002, 0.005, -0.006]
        return ["a": a, "b": zip(a, noise).map { $0 + $1 }, "c": a.map { $0 - 0.05 }]
    }()
    static let unswept = ["a", "b", "c"].map { DecisionFixture.Row(policy: $0, capacity: nil, hitRate: 0) }

    @Test("with seeds, a configuration meets the goal in at least the share of its seeds")
    func shareOfSeeds() throws {
        let strict = try decide(rows: Self.unswept, seeds: Self.tenSeeds)
        #expect(strict.seeds == 10)
        #expect(strict.cells.map { $0[0].seedsMeeting } == [10, 9, 0])
        #expect(strict.cells.map { $0[0].meetsGoal } == [true, false, false], "9 of 10 < 95%")
        let lenient = try decide(DecisionFixture.question(share: 0.9), rows: Self.unswept, seeds: Self.tenSeeds)
        #expect(lenient.cells.map { $0[0].meetsGoal } == [true, true, false], "9 of 10 >= 90%")
        #expect(DecisionSummary(lenient).answer == "met by a/x, b/x")
    }

    @Test(
        "ties with seeds: a run not significantly different from the leader (paired Wilcoxon, Holm) is tied with it, and then no best is named; one significantly worse is behind"
    )
    func tiesWithSeeds() throws {
        let decision = try decide(rows: Self.unswept, seeds: Self.tenSeeds)
        #expect(decision.cells.map { $0[0].standing } == [.tied, .tied, .behind])
        #expect(decision.cells[1][0].verdict == .tied)
        let p = try #require(decision.cells[2][0].pValue)
        #expect(abs(p - 2 * 2.0 / 1024) < 1e-12, "exact p 2/1024, Holm-adjusted over the two runs tested")
        #expect(DecisionSummary.group(best: [], tied: ["a/x", "b/x"], runs: 3) == "tied: a/x, b/x")
        #expect(DecisionSummary.group(best: [], tied: ["a/x", "b/x", "c/x"], runs: 3) == "all 3 runs tied")
    }

    @Test("too few seeds to tell runs apart: they are tied, and the answer says why")
    func tooFewSeeds() throws {
        let seeds = ["a": [0.91, 0.92, 0.93], "b": [0.5, 0.5, 0.5], "c": [0.86, 0.87, 0.88]]
        let decision = try decide(rows: Self.unswept, seeds: seeds)
        #expect(decision.cells.map { $0[0].standing } == [.tied, .tied, .tied])
        #expect(decision.cells[2][0].verdict == .tooFewSeeds)
        #expect(DecisionSummary(decision).notes.contains { $0.contains("too few differing seeds") })
    }

    @Test("a goal or minimize column that is not a numeric summary column is an error naming the columns it could be")
    func unknownColumn() throws {
        #expect(throws: DecisionError.self) { try decide(DecisionFixture.question("hit_ratio>=0.9")) }
        do {
            _ = try decide(DecisionFixture.question(minimize: "policy"))
            Issue.record("minimize: policy was accepted")
        } catch let error as DecisionError {
            #expect(error.description.contains("minimize names 'policy'") && error.description.contains("sweep, hit_rate"))
        }
    }

    @Test("decision.csv: one row per run and sweep value, the question in every row, read back")
    func decisionCSV() throws {
        let decision = try decide()
        let text = decision.csv()
        let parsed = try CSVTable.parse(text)
        #expect(parsed.header == Decision.header)
        #expect(parsed.rows.count == 12)
        let b4 = try #require(parsed.rows.first { $0[1] == "b" && $0[4] == "4" })
        #expect(
            b4[5...] == [
                "hit_rate", "0.92", "hit_rate >= 0.9", "0.95", "sweep", "1", "1", "true", "4", "true", "true", "best", "", "", "true",
            ])
        #expect(Decision.question(inCSV: text) == DecisionFixture.question())
    }

    @Test("the terminal answer: the question, the answer, a row per run, the best per sweep value, then the grid")
    func terminalText() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try DecisionFixture.write(DecisionFixture.sweep, in: directory.url)
        let text = try DecisionReport.make(scenarioDirectory: scenario, question: DecisionFixture.question()).text()
        #expect(
            text == """
                feed: hit_rate >= 0.9 (one seed); minimize cache.capacity
                  answer: cache.capacity 4, met by b/x
                  run  smallest cache.capacity          knee
                  a/x  8                                8
                  b/x  4, not at 8                      4
                  c/x  never (best hit_rate 0.5 at 16)  4
                  best hit_rate (higher is better; ties: equal values) at each cache.capacity:
                    2   b/x
                    4   b/x
                    8   a/x
                    16  a/x, b/x (equal)
                  hit_rate by cache.capacity (higher is better); * best (several when equal)
                  run    2      4      8     16
                  a/x  0.2    0.6    0.9*  0.95*
                  b/x  0.5*  0.92*  0.85   0.95*
                  c/x  0.1    0.2    0.3    0.5

                """)
    }

    @Test("written and read back: decide on the files run wrote gives the same report")
    func writtenAndLoaded() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try DecisionFixture.write(DecisionFixture.sweep, in: directory.url, seeds: [:])
        let written = try DecisionReport.write(scenarioDirectory: scenario, question: DecisionFixture.question())
        #expect(try directory.contents(of: scenario).contains("decision.csv") && directory.contents(of: scenario).contains("grid.csv"))
        #expect(DecisionReport.load(scenarioDirectory: scenario) == written)
        #expect(DecisionReport.rankingMetric(scenarioDirectory: scenario) == "hit_rate")
    }
}
