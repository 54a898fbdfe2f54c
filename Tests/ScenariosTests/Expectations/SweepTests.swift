import Report
import Testing

@testable import Scenarios

/// `sweep`: one run per value of a numeric key, and the slicing of runs into shards.
@Suite("Sweeps and shards")
struct SweepTests {
    /// The sweep block is on line 12.
    static func yaml(_ sweep: String) -> String {
        """
        name: sweep
        kind: scrolling-table
        seed: 2
        duration: 2s
        table:
          sections: 5
          rows_per_section: [3, 10]
          cells: [{type: a, height: 44, nib: {views: 4, depth: 2}}, {type: b, height: 60, weight: 2, nib: {views: 6, depth: 3}}]
        scroll: [{fling: {velocity: 2500}}, {random_jumps: {count: 2, every: 400ms}}]
        memory_pressure: [{every: 700ms, level: warning}]
        cache: {capacity: 4, policies: [none, lru], in_use: [repopulate, drop]}
        \(sweep)

        """
    }

    func error(_ yaml: String) -> ScenarioError? {
        planError(yaml, file: "sweep.yaml")
    }

    @Test("a sweep over a list makes one variant per value, with the key replaced")
    func listSweep() throws {
        let plan = try ScenarioLoader.loadPlan(yaml: Self.yaml("sweep: {key: cache.capacity, values: [2, 8, 32]}"), file: "sweep.yaml")
        #expect(plan.points.map { $0.point?.value } == [2, 8, 32])
        let capacities = plan.points.map { point -> Int in
            if let table = point.scenario.as(ScrollingTableScenario.self) { return table.cache.capacity ?? -1 }
            return -1
        }
        #expect(capacities == [2, 8, 32])
    }

    @Test("a sweep over a range from/to/step, into list items by index")
    func rangeSweep() throws {
        let plan = try ScenarioLoader.loadPlan(
            yaml: Self.yaml("sweep: {key: \"table.cells[1].weight\", from: 1, to: 3, step: 0.5}"), file: "sweep.yaml")
        let weights = plan.points.map { point -> Double in
            if let table = point.scenario.as(ScrollingTableScenario.self) { return table.table.cells[1].weight }
            return -1
        }
        #expect(weights == [1, 1.5, 2, 2.5, 3])
    }

    @Test("a sweep key that is not a number in the file is an error at sweep.key")
    func badKey() {
        let missing = error(Self.yaml("sweep: {key: cache.capacty, values: [2]}"))
        #expect(missing?.line == 12)
        #expect(missing?.keyPath == "sweep.key")
        #expect(missing?.message.contains("'cache.capacty' is not a numeric key written in this file") == true)
        let notNumber = error(Self.yaml("sweep: {key: cache.policies, values: [2]}"))
        #expect(notNumber?.keyPath == "sweep.key")
        let malformed = error(Self.yaml("sweep: {key: \"cache..capacity\", values: [2]}"))
        #expect(malformed?.message.contains("cannot read key path") == true)
    }

    @Test("a swept value that makes the scenario invalid is an error at the swept key, naming the value")
    func invalidValue() {
        let failure = error(Self.yaml("sweep: {key: cache.capacity, values: [4, 0]}"))
        #expect(failure?.keyPath == "cache.capacity")
        #expect(failure?.line == 11)
        #expect(failure?.message.contains("(with sweep value 0)") == true)
    }

    @Test("a sweep block must give values or a range, not both, and a positive step")
    func sweepShape() {
        #expect(
            error(Self.yaml("sweep: {key: cache.capacity, values: [2], from: 1, to: 2, step: 1}"))?.message.contains("not both") == true)
        #expect(error(Self.yaml("sweep: {key: cache.capacity, from: 1, to: 2, step: 0}"))?.keyPath == "sweep.step")
        #expect(error(Self.yaml("sweep: {key: cache.capacity, values: []}"))?.keyPath == "sweep.values")
    }

    @Test("a sweep value listed twice (2 and 2.0 alike) is refused at the repeated value's file:line:column")
    func duplicateValues() {
        for values in ["[2, 4, 2]", "[2, 4, 2.0]"] {
            let found = error(Self.yaml("sweep: {key: cache.capacity, values: \(values)}"))
            #expect(found?.line == 12, "\(values)")
            #expect(found?.column == 45, "\(values)")
            #expect(found?.keyPath == "sweep.values[2]", "\(values)")
            #expect(found?.message == "sweep.values[2]: value 2 is already at [0]: each point runs once", "\(values)")
        }
    }

    @Test("summary rows carry the sweep point and the run index, in sweep-then-policy order")
    func rowsCarryThePoint() throws {
        let plan = try ScenarioLoader.loadPlan(yaml: Self.yaml("sweep: {key: cache.capacity, values: [2, 8]}"), file: "sweep.yaml")
        let result = ScenarioRunner.run(plan)
        #expect(result.summary.count == 6, "2 points × (none + lru × 2 modes)")
        #expect(result.summary.map { $0["sweep_value"]?.text ?? "" } == ["2", "2", "2", "8", "8", "8"])
        #expect(result.summary.allSatisfy { $0["sweep_key"] == .string("cache.capacity") })
        #expect(result.summary.map { $0["run"]?.text ?? "" } == ["0", "1", "2", "3", "4", "5"])
        #expect(result.timeseries.allSatisfy { $0["sweep_key"] == .string("cache.capacity") })
    }

    @Test("K/N shards slice the runs so that every run is in exactly one shard")
    func shardsCoverEveryRunOnce() throws {
        for count in 1...5 {
            let shards = (1...count).map { Shard(index: $0, count: count) }
            for run in 0..<23 {
                #expect(shards.filter { $0.contains(run) }.count == 1, "run \(run) with \(count) shards")
            }
        }
        #expect(try Shard(parsing: "2/4") == Shard(index: 2, count: 4))
        for bad in ["0/3", "4/3", "3", "a/b", "1/0", "-1/2"] {
            #expect(throws: Shard.ParseError.self) { try Shard(parsing: bad) }
        }
    }
}
