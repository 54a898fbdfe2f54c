import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// The two shipped cost-aware scenarios: pages of very different device costs, where gdsf and
/// greedy-dual lose less device time to re-creation than lru in every seed or nearly; and the same
/// pages all costing alike, where greedy-dual is lru and gdsf loses more.
@Suite("Cost-aware eviction of pages (costly-pages, alike-pages)")
struct CostAwarePagesTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios")

    /// Each policy's device_recreation_ms and creations per seed.
    static func perSeed(_ file: String) throws -> [String: [(recreation: Double, creations: Double)]] {
        let plan = try ScenarioLoader.loadPlan(contentsOf: scenarios.appendingPathComponent(file))
        let result = ScenarioRunner.run(plan)
        var rows: [String: [(Double, Double)]] = [:]
        for row in result.seeds {
            let policy = row["policy"]?.text ?? "?"
            rows[policy, default: []].append(
                (Double(row["device_recreation_ms"]?.text ?? "") ?? -1, Double(row["creations"]?.text ?? "") ?? -1))
        }
        return rows
    }

    @Test("costly pages (2-24 ms): gdsf and greedy-dual lose less device time to re-creation than lru across the seeds, re-making more, cheaper pages")
    func costAwareEvictionBeatsLRUOnCostlyPages() throws {
        let seeds = try Self.perSeed("costly-pages.yaml")
        let lru = try #require(seeds["lru"])
        #expect(lru.count == 10)
        for policy in ["gdsf", "greedy-dual"] {
            let other = try #require(seeds[policy])
            let better = zip(other, lru).filter { $0.recreation < $1.recreation }.count
            #expect(better >= 8, "\(policy) lost less than lru in \(better) of 10 seeds")
        }
        let greedy = try #require(seeds["greedy-dual"])
        #expect(zip(greedy, lru).filter { $0.creations > $1.creations }.count >= 8)
    }

    @Test("pages that cost alike: greedy-dual evicts as lru does in every seed, and gdsf loses more device time")
    func costAwareEvictionDoesNotPayOnAlikePages() throws {
        let seeds = try Self.perSeed("alike-pages.yaml")
        let lru = try #require(seeds["lru"])
        let greedy = try #require(seeds["greedy-dual"])
        #expect(greedy.map(\.recreation) == lru.map(\.recreation))
        #expect(greedy.map(\.creations) == lru.map(\.creations))
        let gdsf = try #require(seeds["gdsf"])
        #expect(zip(gdsf, lru).filter { $0.recreation > $1.recreation }.count >= 8)
    }

    @Test("device_recreation_ms counts only what the cache let go: a cache that never evicts, and one with room for all 12 pages, lose nothing, though the user's refreshes re-make pages")
    func recreationIsWhatTheCacheLetGo() throws {
        let plan = try ScenarioLoader.loadPlan(
            contentsOf: Self.scenarios.appendingPathComponent("costly-pages.yaml"),
            overrides: [
                try ScenarioOverride.set("cache.capacity=20"), try ScenarioOverride.set("cache.policies=[forever, lru, gdsf]"),
                try ScenarioOverride.set("seeds=1"), try ScenarioOverride.set("expect={}"),
            ])
        let result = ScenarioRunner.run(plan)
        let column = { (name: String) in
            Dictionary(uniqueKeysWithValues: result.summary.map { ($0["policy"]?.text ?? "?", Double($0[name]?.text ?? "") ?? -1) })
        }
        let recreation = column("device_recreation_ms")
        #expect(recreation == ["forever": 0, "lru": 0, "gdsf": 0])
        // More creations than the 12 pages: the refreshes' fresh views, made whatever the cache holds.
        #expect(column("creations").values.allSatisfy { $0 > 12 }, "\(column("creations"))")
        let small = ScenarioRunner.run(
            try ScenarioLoader.loadPlan(
                contentsOf: Self.scenarios.appendingPathComponent("costly-pages.yaml"),
                overrides: [try ScenarioOverride.set("seeds=1"), try ScenarioOverride.set("cache.policies=[lru]"), try ScenarioOverride.set("expect={}")]))
        let lru = try #require(small.summary.first)
        #expect((Double(lru["device_recreation_ms"]?.text ?? "") ?? 0) > (recreation["forever"] ?? 0))
        #expect((Double(lru["device_recreation_ms"]?.text ?? "") ?? 0) <= (Double(lru["device_cost_ms"]?.text ?? "") ?? 0))
    }
}
