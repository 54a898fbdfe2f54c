import Foundation
import Testing

@testable import Report

/// The grid of a sweep: runs × sweep values of the decision metric, best marked, ties shown.
@Suite("Decision: the grid")
struct DecisionGridTests {
    @Test("grid.csv: the metric top left, the sweep values and knee as header, a row per run, then the best and tied rows")
    func csv() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try DecisionFixture.write(DecisionFixture.sweep, in: directory.url)
        let grid = try #require(try DecisionReport.make(scenarioDirectory: scenario, question: nil).grid)
        #expect(
            grid.csv()
                == [
                    "hit_rate,2,4,8,16,knee", "a/x,0.2,0.6,0.9,0.95,8", "b/x,0.5,0.92,0.85,0.95,4", "c/x,0.1,0.2,0.3,0.5,4",
                    "best,b/x,b/x,a/x,a/x b/x,", "tied,,,,,", "",
                ].joined(separator: "\r\n"))
    }

    @Test("the grid's metric: the goal's first column, else the first metric the plot views name; none without either or a sweep")
    func metricRule() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let scenario = try DecisionFixture.write(DecisionFixture.sweep, in: directory.url)
        let goal = try DecisionReport.make(
            scenarioDirectory: scenario, question: DecisionFixture.question("instantiations<=10,hit_rate>=0.9"))
        #expect(goal.grid?.metric == "instantiations" && goal.grid?.higherIsBetter == false)
        #expect(goal.grid?.names(.best, at: 0) == ["b/x"], "the fewest instantiations is best")
        let plain = try DecisionFixture.write(DecisionFixture.sweep, named: "plain", in: directory.url, plotMetric: nil)
        #expect(try DecisionReport.make(scenarioDirectory: plain, question: nil) == DecisionReport())
        let unswept = try DecisionFixture.write(DecisionTests.unswept, named: "unswept", in: directory.url)
        #expect(try DecisionReport.make(scenarioDirectory: unswept, question: nil).grid == nil)
    }

    @Test("the text grid marks the best of each sweep value with *, the tied with =; the knee column when no answer lists knees")
    func textMarks() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let seeds = DecisionTests.tenSeeds
        let rows = ["a", "b", "c"].flatMap { policy in [4, 8].map { DecisionFixture.Row(policy: policy, capacity: $0, hitRate: 0) } }
        let scenario = try DecisionFixture.write(rows, in: directory.url, seeds: seeds)
        let text = try DecisionReport.make(scenarioDirectory: scenario, question: nil).text()
        #expect(
            text.contains(
                "* best (separated from every other run), = the tied group: not separated from the best median, no best named "
                    + "(paired Wilcoxon over 10 seeds, Holm within each cache.capacity, α = 0.05)"))
        #expect(text.contains("  a/x    0.92=    0.92=  none"))
        #expect(text.contains("  b/x  0.9155=  0.9155=  none"))
        #expect(text.contains("  c/x    0.87     0.87   none"))
    }
}
