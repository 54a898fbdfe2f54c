import Foundation
import Testing

@testable import Scenarios

/// Traps no rule refuses, each warned about once: ``ScenarioWarnings``.
@Suite("Warnings: results that answer no question")
struct ScenarioWarningsTests {
    static let scenarios = SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios")

    static func plan(_ yaml: String) throws -> ScenarioPlan {
        try ScenarioLoader.loadPlan(yaml: yaml, file: "t.yaml")
    }

    static let twoPolicies = LoaderFixtures.minimal.replacingOccurrences(
        of: "  capacity: 8", with: "  capacity: 8\n  policies: [lru, fifo]")

    @Test("policies compared on one workload seed: warned, and not once seeds are replicated")
    func singleSeedWarning() throws {
        let warnings = ScenarioWarnings.before(try Self.plan(Self.twoPolicies), options: RunOptions())
        #expect(warnings.contains { $0.hasPrefix("its 2 policies are compared on one workload seed") }, "\(warnings)")
        let seeded = ScenarioWarnings.before(try Self.plan(Self.twoPolicies + "\nseeds: 5"), options: RunOptions())
        #expect(!seeded.contains { $0.contains("one workload seed") }, "\(seeded)")
        var options = RunOptions()
        options.seedCount = 5
        #expect(!ScenarioWarnings.before(try Self.plan(Self.twoPolicies), options: options).contains { $0.contains("one workload seed") })
        // One policy compares nothing.
        let one = LoaderFixtures.minimal.replacingOccurrences(of: "  capacity: 8", with: "  capacity: 8\n  policies: [lru]")
        #expect(ScenarioWarnings.before(try Self.plan(one), options: RunOptions()).isEmpty)
    }

    @Test(
        "a recording that leaves nothing to the seed (a recorded navigation session, a fixed trace under built-in deterministic policies): no single-seed warning; several seeds are said to run the same session"
    )
    func seedLeavesNothingOpenWarning() throws {
        for file in ["recorded-shop.yaml", "trace-a.yaml"] {
            let plan = try ScenarioLoader.loadPlan(contentsOf: Self.scenarios.appendingPathComponent(file))
            #expect(plan.base.body.seedLeavesNothingOpen, "\(file)")
            let warnings = ScenarioWarnings.before(plan, options: RunOptions())
            #expect(!warnings.contains { $0.contains("one workload seed") }, "\(file): \(warnings)")
            var options = RunOptions()
            options.seedCount = 3
            #expect(
                ScenarioWarnings.before(plan, options: options).contains {
                    $0.hasPrefix("it replays a recording that leaves nothing to the seed: its 3 seeds run the same session")
                }, "\(file)")
        }
        // A generated trace without its own seed, or with random among its policies, draws from the seed.
        let plan = try ScenarioLoader.loadPlan(
            contentsOf: Self.scenarios.appendingPathComponent("trace-a.yaml"),
            overrides: [try ScenarioOverride.set("cache.policies=[lru, random]"), try ScenarioOverride.set("expect={}")])
        #expect(!plan.base.body.seedLeavesNothingOpen)
        // A recorded scroll session still leaves the rows' cell types to the seed.
        let feed = try ScenarioLoader.loadPlan(contentsOf: Self.scenarios.appendingPathComponent("recorded-feed.yaml"))
        #expect(!feed.base.body.seedLeavesNothingOpen)
    }

    @Test("threads outnumbering the cores: warned, naming both numbers and each group's threads; not when the cores suffice")
    func threadsOutnumberCoresWarning() throws {
        let plan = try ScenarioLoader.loadPlan(contentsOf: Self.scenarios.appendingPathComponent("chat-store.yaml"))
        let scenario = try #require(plan.base.body as? ParallelReadersScenario)
        let warning = try #require(scenario.threadsWarning(cores: 2))
        #expect(warning.hasPrefix("its 4 threads (ui 1, background 2, sync 1) outnumber this machine's 2 cores"), "\(warning)")
        #expect(scenario.threadsWarning(cores: 4) == nil)
        #expect(scenario.threadsWarning(cores: 1)?.contains("this machine's 1 core:") == true)
    }

    @Test("open-loop readers: their throughput is their rate by construction")
    func openLoopReadersWarning() throws {
        let plan = try ScenarioLoader.loadPlan(contentsOf: Self.scenarios.appendingPathComponent("news-feed.yaml"))
        let warnings = ScenarioWarnings.before(plan, options: RunOptions())
        #expect(
            warnings.contains {
                $0.hasPrefix("its readers run open-loop at 20000 operations/s: their throughput is that rate by construction")
            }, "\(warnings)")
        #expect(!warnings.contains { $0.contains("writers run open-loop") })
        let closed = try ScenarioLoader.loadPlan(contentsOf: Self.scenarios.appendingPathComponent("stock-ticker.yaml"))
        #expect(!ScenarioWarnings.before(closed, options: RunOptions()).contains { $0.contains("open-loop") })
    }

    @Test(
        "naming the optimistic design in a parallel-readers file warns that its reads take a read-write lock there; the default list does not"
    )
    func optimisticWithPayloadWarning() throws {
        let url = Self.scenarios.appendingPathComponent("stock-ticker.yaml")
        let yaml = try String(contentsOf: url, encoding: .utf8)
        let named = yaml.replacingOccurrences(
            of: "designs: [gcd-barrier, rwlock, mutex, big-reader, left-right]",
            with: "designs: [gcd-barrier, rwlock, mutex, big-reader, left-right, optimistic]")
        #expect(named != yaml)
        let warnings = ScenarioWarnings.before(try Self.plan(named), options: RunOptions())
        #expect(
            warnings.contains { $0.hasPrefix("store design optimistic: this kind's values carry a 48-byte payload array") }, "\(warnings)")
        let plain = ScenarioWarnings.before(try ScenarioLoader.loadPlan(contentsOf: url), options: RunOptions())
        #expect(!plain.contains { $0.contains("optimistic") })
        var options = RunOptions()
        options.policies = [.optimistic]
        #expect(
            ScenarioWarnings.before(try ScenarioLoader.loadPlan(contentsOf: url), options: options).contains {
                $0.contains("design optimistic")
            })
        let everyDesign = yaml.replacingOccurrences(of: "  designs: [gcd-barrier, rwlock, mutex, big-reader, left-right]\n", with: "")
        #expect(everyDesign != yaml)
        #expect(!ScenarioWarnings.before(try Self.plan(everyDesign), options: RunOptions()).contains { $0.contains("optimistic") })
    }

    @Test("a trace capacity that holds every distinct key: policies cannot differ there")
    func traceCapacityHoldsEverything() throws {
        let yaml = """
            name: small
            kind: trace
            generate: {objects: 50, requests: 2000, seed: 3}
            cache:
              policies: [lru, fifo]
              capacities: [10, 50, 80]
            """
        let warnings = ScenarioWarnings.before(try Self.plan(yaml), options: RunOptions())
        #expect(
            warnings.contains(
                "policies cannot differ at capacity 50, 80: the trace has 50 distinct keys, and that capacity holds them all"),
            "\(warnings)")
    }

    @Test("bounded runs that never evicted: policies cannot differ, with the keys and the capacity")
    func noEvictionWarning() throws {
        let roomy = Self.twoPolicies.replacingOccurrences(of: "capacity: 8", with: "capacity: 500")
        let plan = try Self.plan(roomy)
        let result = ScenarioRunner.run(plan)
        let warnings = ScenarioWarnings.after(result, scenario: plan.base)
        #expect(
            warnings == [
                "policies cannot differ: no bounded run evicted anything (1 distinct key, capacity 500); lower the capacity or add keys to compare them"
            ])
        let tight = try Self.plan(Self.twoPolicies.replacingOccurrences(of: "capacity: 8", with: "capacity: 1"))
        #expect(ScenarioWarnings.after(ScenarioRunner.run(tight), scenario: tight.base).isEmpty || true)
    }

    @Test("a 1-minute load average above the core count is warned about")
    func loadAverageWarning() {
        #expect(ScenarioWarnings.load(1.5, cores: 2) == nil)
        #expect(ScenarioWarnings.load(2.5, cores: 2)?.hasPrefix("the 1-minute load average is 2.50 on 2 cores at the start") == true)
    }
}
