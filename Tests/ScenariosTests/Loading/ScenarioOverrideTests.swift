import Foundation
import Testing

@testable import Scenarios

/// `--set KEY.PATH=VALUE` and `--sweep KEY.PATH=V1,V2,...`: the file's tree changed before it is
/// read, paths checked against the declarations, errors naming the option.
@Suite("Overrides: --set and --sweep")
struct ScenarioOverrideTests {
    static let scenarios = SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios")

    static func load(_ options: [String], sweep: [String] = [], yaml: String = LoaderFixtures.minimal) throws -> Scenario {
        let overrides = try options.map(ScenarioOverride.set) + sweep.map(ScenarioOverride.sweep)
        return try ScenarioLoader.load(yaml: yaml, file: "t.yaml", overrides: overrides)
    }

    static func error(_ options: [String], sweep: [String] = [], yaml: String = LoaderFixtures.minimal) -> String? {
        do {
            let overrides = try options.map(ScenarioOverride.set) + sweep.map(ScenarioOverride.sweep)
            _ = try ScenarioLoader.loadPlan(yaml: yaml, file: "t.yaml", overrides: overrides)
            return nil
        } catch {
            return "\(error)"
        }
    }

    @Test("--set replaces a value written in the file")
    func setReplacesAValue() throws {
        let table = try #require(try Self.load(["cache.capacity=5"]).as(ScrollingTableScenario.self))
        #expect(table.cache.capacity == 5)
    }

    @Test("--set adds a key the file leaves to its default, and a nested mapping the file lacks")
    func setAddsAKey() throws {
        let table = try #require(try Self.load(["table.viewport_height=800", "table.header={reuse_id: h, height: 20, nib: {views: 2, depth: 2}}"]).as(ScrollingTableScenario.self))
        #expect(table.table.viewportHeight == 800)
        #expect(table.table.header?.reuseID == "h")
    }

    @Test("--set reaches into a list entry: table.cells[0].nib.views")
    func setListEntry() throws {
        let table = try #require(try Self.load(["table.cells[0].nib.views=70", "table.cells[0].nib.depth=4"]).as(ScrollingTableScenario.self))
        #expect(table.table.cells[0].nib.views == 70 && table.table.cells[0].nib.depth == 4)
    }

    @Test("--set takes any YAML value: a list of policies")
    func setValueIsYAML() throws {
        let table = try #require(try Self.load(["cache.policies=[lru, fifo]"]).as(ScrollingTableScenario.self))
        #expect(table.cache.policies == [.lru, .fifo])
    }

    @Test("the scenario as run (scenario.yaml) records the changed value")
    func scenarioYAMLRecordsTheOverride() throws {
        let scenario = try Self.load(["cache.capacity=5", "seed=9"])
        let text = ScenarioRunner.yaml(scenario, repetitions: scenario.header.repetitions)
        #expect(text.contains("capacity: 5"))
        #expect(text.contains("seed: 9"))
    }

    @Test("--set in every kind, where the key exists", arguments: [
        ("feed.yaml", "cache.capacity=5"),
        ("four-tab-app.yaml", "cache.capacity=3"),
        ("live-feed.yaml", "cache.capacity=1MB"),
        ("news-feed.yaml", "keys=500"),
        ("trace-a.yaml", "window=1000"),
    ])
    func setInEveryKind(file: String, option: String) throws {
        let url = Self.scenarios.appendingPathComponent(file)
        let plain = try ScenarioLoader.load(contentsOf: url)
        let changed = try ScenarioLoader.load(contentsOf: url, overrides: [ScenarioOverride.set(option)])
        #expect(plain != changed, "\(file) \(option)")
        let text = ScenarioRunner.yaml(changed, repetitions: changed.header.repetitions)
        let (path, value) = (String(option.split(separator: "=")[0]), String(option.split(separator: "=")[1]))
        #expect(text.contains("\(path.split(separator: ".").last!): \(value == "1MB" ? "1048576" : value)") || text.contains(value), "\(text)")
    }

    @Test("--sweep runs a key at several values, replacing the file's sweep")
    func sweepOption() throws {
        let plan = try ScenarioLoader.loadPlan(
            yaml: LoaderFixtures.minimal, file: "t.yaml", overrides: [ScenarioOverride.sweep("cache.capacity=2,4,8")])
        #expect(plan.points.map { $0.point?.value } == [2, 4, 8])
        let capacities = plan.points.compactMap { $0.scenario.as(ScrollingTableScenario.self)?.cache.capacity }
        #expect(capacities == [2, 4, 8])
    }

    @Test("--sweep in every kind that sweeps, where the key is a number written in the file", arguments: [
        ("feed.yaml", "cache.capacity=4,8", "cache.capacity"),
        ("four-tab-app.yaml", "cache.capacity=2,4", "cache.capacity"),
        ("live-feed.yaml", "views[0].count=2,4", "views[0].count"),
        ("stock-ticker.yaml", "keys=1000,2000", "keys"),
    ])
    func sweepInEveryKind(file: String, option: String, key: String) throws {
        let url = Self.scenarios.appendingPathComponent(file)
        let plan = try ScenarioLoader.loadPlan(contentsOf: url, overrides: [ScenarioOverride.sweep(option)])
        #expect(plan.points.count == 2, "\(file)")
        #expect(plan.points.allSatisfy { $0.point?.key == key }, "\(file)")
        #expect(plan.points[0].scenario != plan.points[1].scenario, "\(file)")
    }

    @Test("--sweep in a trace file is refused as its sweep: key is (a trace sweeps its capacities itself)")
    func sweepInTraceRefused() throws {
        let url = Self.scenarios.appendingPathComponent("trace-a.yaml")
        #expect {
            try ScenarioLoader.loadPlan(contentsOf: url, overrides: [ScenarioOverride.sweep("window=1000,2000")])
        } throws: { error in
            "\(error)".contains("--sweep window=1000,2000: sweep: a trace scenario sweeps its cache capacities itself")
        }
    }

    @Test("an unknown key in a --set path is refused naming the option and the keys allowed there")
    func setUnknownKey() {
        #expect(
            Self.error(["cache.capacty=8"])
                == "t.yaml: error: --set cache.capacty=8: unknown key 'capacty' in cache (expected one of: capacity, policies, in_use, parameters)")
        #expect(Self.error(["tabel.sections=2"])?.contains("unknown key 'tabel' at the top level (expected one of: version, name,") == true)
    }

    @Test("a --set value a file could not hold is refused naming the option and the rule")
    func setBadValue() {
        #expect(Self.error(["cache.capacity=0"]) == "t.yaml: error: --set cache.capacity=0: cache.capacity must be > 0 (found 0)")
        #expect(
            Self.error(["cache.capacity=zero"]) == "t.yaml: error: --set cache.capacity=zero: cache.capacity: expected an integer, found 'zero'")
    }

    @Test("a --set index beyond the file's list is refused with the list's length")
    func setIndexOutOfRange() {
        #expect(
            Self.error(["table.cells[3].weight=2"])
                == "t.yaml: error: --set table.cells[3].weight=2: 'table.cells' has 1 entry in this file (indices from 0), so no [3]")
    }

    @Test("a --set that is not KEY.PATH=VALUE is refused")
    func setMalformed() {
        #expect(throws: OptionValueError(message: "--set capacity: expected KEY.PATH=VALUE, e.g. cache.capacity=8")) {
            try ScenarioOverride.set("capacity")
        }
        #expect(throws: OptionValueError(message: "--set cache.capacity=: expected KEY.PATH=VALUE with a value after '='")) {
            try ScenarioOverride.set("cache.capacity=")
        }
        #expect(throws: OptionValueError(message: "--set cache..capacity=2: cannot read key path 'cache..capacity' (expected e.g. cache.capacity or table.cells[0].nib.views)")) {
            try ScenarioOverride.set("cache..capacity=2")
        }
    }

    @Test("a --sweep of a non-number, of a value given twice, or of an undeclared key, is refused naming the option")
    func sweepErrors() {
        #expect(throws: OptionValueError(message: "--sweep cache.capacity=2,4,2: '2' is given twice (each point runs once)")) {
            try ScenarioOverride.sweep("cache.capacity=2,4,2")
        }
        #expect(throws: OptionValueError(message: "--sweep cache.capacity=2,2.0: '2.0' is '2' again (each point runs once)")) {
            try ScenarioOverride.sweep("cache.capacity=2,2.0")
        }
        #expect(throws: OptionValueError(message: "--sweep cache.capacity=2,x: 'x' is not a number (a sweep runs a numeric key at several values)")) {
            try ScenarioOverride.sweep("cache.capacity=2,x")
        }
        #expect(
            Self.error([], sweep: ["cache.capacty=2,4"])
                == "t.yaml: error: --sweep cache.capacty=2,4: unknown key 'capacty' in cache (expected one of: capacity, policies, in_use, parameters)")
        // A declared key the file does not write: the sweep's own rule, naming the option.
        #expect(
            Self.error([], sweep: ["table.viewport_height=500,600"])
                == "t.yaml: error: --sweep table.viewport_height=500,600: sweep.key: 'table.viewport_height' is not a numeric key written in this file (a sweep replaces a number that is there)")
    }
}
