import Models
import Report
import Testing

@testable import Scenarios

/// Policy variants in scenario files, and `sweep` of a policy's parameter (`s3-fifo.small_ratio`):
/// in a kind whose runs are its policies (`cache.policies`), one run per variant beside the
/// file's other policies; in one whose runs share one policy (a drawing's `cache.eviction`), one
/// sweep point per variant.
@Suite("Policy variants and sweeps of a policy's parameter")
struct PolicySweepTests {
    /// A generated trace; `cache` on line 4, `sweep` on line 5.
    static func trace(cache: String = "{policies: [lru, s3-fifo], capacities: [50, 200]}", sweep: String = "") -> String {
        """
        name: t
        kind: trace
        generate: {objects: 1000, requests: 20000, alpha: 0.9, seed: 5}
        cache: \(cache)
        \(sweep)

        """
    }

    static func rows(_ scenario: Scenario) -> [String] {
        ScenarioRunner.run(scenario).summary.map {
            "\($0["policy"]?.text ?? "?")@\($0["sweep_value"]?.text ?? "?")=\($0["misses"]?.text ?? "?")"
        }
    }

    @Test("a sweep of a policy's parameter on a trace runs one variant per value beside the other policies, capacities the inner loop")
    func policyParameterSweepOnTrace() throws {
        let plan = try ScenarioLoader.loadPlan(
            yaml: Self.trace(sweep: "sweep: {key: s3-fifo.small_ratio, values: [0.05, 0.1, 0.2]}"), file: "t.yaml")
        #expect(plan.points.count == 1)
        #expect(plan.base.header.sweep == nil)
        let rows = Self.rows(plan.points[0].scenario)
        #expect(rows.map { $0.split(separator: "=", maxSplits: 1)[0] }.count == 8)
        #expect(rows.map { String($0.prefix(while: { $0 != "@" })) } == [
            "lru", "lru", "s3-fifo(small_ratio", "s3-fifo(small_ratio", "s3-fifo(small_ratio", "s3-fifo(small_ratio",
            "s3-fifo(small_ratio", "s3-fifo(small_ratio",
        ].enumerated().map { index, prefix in
            index < 2 ? prefix : prefix + "=" + ["0.05", "0.05", "0.1", "0.1", "0.2", "0.2"][index - 2] + ")"
        })
        // The default small_ratio is 0.1: that variant counts what s3-fifo counts.
        let plain = Self.rows(try ScenarioLoader.loadPlan(yaml: Self.trace(), file: "t.yaml").base)
        #expect(rows[4].split(separator: "@")[1] == plain[2].split(separator: "@")[1])
        #expect(rows[5].split(separator: "@")[1] == plain[3].split(separator: "@")[1])
        #expect(rows[2] != rows[6])
    }

    @Test("--sweep POLICY.PARAMETER=... on the command line is the sweep block, and the trace kind takes it")
    func policyParameterSweepOption() throws {
        let override = try ScenarioOverride.sweep("s3-fifo.small_ratio=0.05,0.2")
        let plan = try ScenarioLoader.loadPlan(yaml: Self.trace(), file: "t.yaml", overrides: [override])
        let trace = try #require(plan.base.as(TraceScenario.self))
        #expect(trace.cache.policies == ["lru", "s3-fifo(small_ratio=0.05)", "s3-fifo(small_ratio=0.2)"])
    }

    @Test("a variant named in the file runs with its settings, over the file's parameters for its policy")
    func variantInFileRunsWithItsSettings() throws {
        let variant = Self.rows(
            try ScenarioLoader.loadPlan(
                yaml: Self.trace(cache: "{policies: [\"s3-fifo(small_ratio=0.3)\"], capacities: [50], parameters: {s3-fifo: {small_ratio: 0.05}}}"),
                file: "t.yaml"
            ).base)
        let set = Self.rows(
            try ScenarioLoader.loadPlan(
                yaml: Self.trace(cache: "{policies: [s3-fifo], capacities: [50], parameters: {s3-fifo: {small_ratio: 0.3}}}"), file: "t.yaml"
            ).base)
        #expect(variant.map { $0.split(separator: "@")[1] } == set.map { $0.split(separator: "@")[1] })
        #expect(variant.first?.hasPrefix("s3-fifo(small_ratio=0.3)@") == true)
    }

    @Test("a sweep of a policy the file does not run, or of a value the parameter does not take, is an error at the sweep")
    func policySweepErrorsAtTheSweep() {
        let unlisted = planError(Self.trace(cache: "{policies: [lru], capacities: [50]}", sweep: "sweep: {key: s3-fifo.small_ratio, values: [0.2]}"))
        #expect(unlisted?.keyPath == "sweep.key")
        #expect(unlisted?.line == 5)
        #expect(unlisted?.message.contains("s3-fifo is not run by this file (cache.policies: lru); list it in cache.policies") == true)
        let range = planError(Self.trace(sweep: "sweep: {key: s3-fifo.small_ratio, values: [0.2, 1.5]}"))
        #expect(range?.keyPath == "sweep.values[1]")
        #expect(range?.message.contains("s3-fifo.small_ratio must be > 0 and < 1 (found 1.5)") == true)
        let whole = planError(Self.trace(sweep: "sweep: {key: s3-fifo.move_threshold, values: [1, 1.5]}"))
        #expect(whole?.keyPath == "sweep.values[1]")
        let variant = planError(Self.trace(cache: "{policies: [lru, \"s3-fifo(small_ratio=2)\"], capacities: [50]}"))
        #expect(variant?.keyPath == "cache.policies[1]")
        #expect(variant?.message.contains("s3-fifo small_ratio must be > 0 and < 1 (found 2)") == true)
        let numeric = planError(Self.trace(sweep: "sweep: {key: cache.capacities, values: [2]}"))
        #expect(numeric?.message.contains("sweeps its cache capacities itself") == true)
    }

    @Test("in a table, a sweep of a policy's parameter makes its variants runs of their own, each with every in_use mode")
    func policyParameterSweepInTable() throws {
        let yaml = SweepTests.yaml("sweep: {key: s3-fifo.small_ratio, values: [0.1, 0.3]}")
            .replacingOccurrences(of: "policies: [none, lru]", with: "policies: [none, s3-fifo]")
        let plan = try ScenarioLoader.loadPlan(yaml: yaml, file: "sweep.yaml")
        let table = try #require(plan.base.as(ScrollingTableScenario.self))
        #expect(table.cache.policies == ["none", "s3-fifo(small_ratio=0.1)", "s3-fifo(small_ratio=0.3)"])
        let runs = table.runs(options: RunOptions()).map { "\($0.policy)/\($0.inUseMode?.rawValue ?? "-")" }
        #expect(runs.contains("s3-fifo(small_ratio=0.3)/drop"))
        #expect(runs.count == 5)
    }

    @Test("in a drawing, whose runs share one eviction policy, a sweep of its parameter runs one sweep point per variant")
    func policyParameterSweepInDrawing() throws {
        let url = ScenarioOverrideTests.scenarios.appendingPathComponent("stock-chart.yaml")
        let plan = try ScenarioLoader.loadPlan(
            contentsOf: url,
            overrides: [try ScenarioOverride.set("cache.eviction=s3-fifo"), try ScenarioOverride.sweep("s3-fifo.small_ratio=0.1,0.3")])
        #expect(plan.points.map { $0.point?.key } == ["s3-fifo.small_ratio", "s3-fifo.small_ratio"])
        #expect(plan.points.map { $0.point?.value } == [0.1, 0.3])
        let evictions = plan.points.compactMap { $0.scenario.as(DrawingScenario.self)?.cache.eviction }
        #expect(evictions == ["s3-fifo(small_ratio=0.1)", "s3-fifo(small_ratio=0.3)"])
    }

    @Test("--policy selects a variant by its name, in any spelling of its settings")
    func policyOptionSelectsVariant() throws {
        let selection = try ScenarioLoader.validatePolicySelection(["lru,s3-fifo(small_ratio=0.20)"])
        #expect(selection.policies == ["lru", "s3-fifo(small_ratio=0.2)"])
        #expect(throws: OptionValueError.self) { try ScenarioLoader.validatePolicySelection(["s3-fifo(small=1)"]) }
    }
}
