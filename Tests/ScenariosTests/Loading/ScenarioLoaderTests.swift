import Foundation
import Scenarios
import Models
import Testing
import Yams

@Suite("Scenario loading: valid files")
struct ScenarioLoaderTests {
    /// Every policy name a scenario can use, as messages list them (a test may have registered one).
    static var allNames: String { PolicyName.allCases.map(\.rawValue).joined(separator: ", ") }

    @Test("a full scrolling-table file decodes every key to the expected values")
    func fullFileDecodes() throws {
        let scenario = try ScenarioLoader.load(yaml: LoaderFixtures.full, file: "full.yaml")
        guard let table = (scenario).as(ScrollingTableScenario.self) else {
            Issue.record("expected a scrolling-table scenario, got \(scenario)")
            return
        }
        let nib = { (views: Int, depth: Int, label: String) in NibSpec(views: views, depth: depth, label: label) }

        #expect(scenario.kind == .scrollingTable)
        #expect(
            scenario.header
                == ScenarioHeader(
                    version: 1,
                    name: "contacts-scroll_2",
                    kind: .scrollingTable,
                    description: "Scroll a long contacts list with mixed cell types.",
                    seed: 42,
                    duration: Seconds(120),
                    warmup: Seconds(10),
                    sampleInterval: Seconds(0.25),
                    memoryPressure: [
                        MemoryPressureEvent(schedule: .at(Seconds(30)), level: .warning),
                        MemoryPressureEvent(schedule: .every(Seconds(20), start: Seconds(5)), level: .moderate),
                        MemoryPressureEvent(schedule: .every(Seconds(45), start: Seconds(45)), level: .warning),
                    ]))
        #expect(table.header == scenario.header)
        #expect(
            table.table
                == TableSpec(
                    sections: 60,
                    rowsPerSection: .range(5...40),
                    viewportHeight: 844,
                    refreshHz: 120,
                    disclosure: .oneSection,
                    header: SupplementaryViewSpec(reuseID: "header", height: 28, nib: nib(24, 3, "Section")),
                    footer: SupplementaryViewSpec(reuseID: "footer", height: 20, nib: nib(6, 2, "Label")),
                    cells: [
                        CellSpec(type: "contact", height: 44, weight: 3, nib: nib(12, 3, "Jane Appleseed")),
                        CellSpec(type: "photo", height: 120.5, weight: 1, nib: nib(30, 6, "Photo")),
                    ]))
        #expect(
            table.scroll == [
                .steady(SteadyScroll(speed: 800, duration: Seconds(5))),
                .fling(Fling(velocity: -4000, deceleration: 0.998)),
                .backAndForth(BackAndForth(span: 2000, speed: 1200, cycles: 2)),
                .randomJumps(RandomJumps(count: 5, every: Seconds(1), target: .section)),
                .tapDisclose(TapDisclose(count: 10, dwell: Seconds(2), order: .sequential)),
                .pause(Seconds(1.5)),
                .removeFromCache(.cellType("photo")),
                .removeFromCache(.all),
            ])
        #expect(
            table.cache
                == CacheSpec(
                    capacity: 32, policies: [.none, .lru, .fifo, .random],
                    inUse: [.repopulate, .pin, .drop]))
    }

    @Test("details and the push, present and remove_from_cache steps that use them decode")
    func detailsDecode() throws {
        let yaml = LoaderFixtures.minimal(
            replacing: "scroll:\n  - pause: 1s",
            with: """
                details:
                  - {type: plain_message, weight: 3, nib: {views: 40, depth: 5, label: Body}}
                  - {type: html_message, nib: {views: 90, depth: 8}}
                scroll:
                  - push: {count: 4, dwell: 2500ms}
                  - present: {count: 1, dwell: 1s}
                  - remove_from_cache: html_message
                """)
        guard let table = (try ScenarioLoader.load(yaml: yaml, file: "details.yaml")).as(ScrollingTableScenario.self) else {
            Issue.record("expected a scrolling-table scenario")
            return
        }
        #expect(
            table.details == [
                DetailSpec(type: "plain_message", weight: 3, nib: NibSpec(views: 40, depth: 5, label: "Body")),
                DetailSpec(type: "html_message", weight: 1, nib: NibSpec(views: 90, depth: 8, label: "Label")),
            ])
        #expect(
            table.scroll == [
                .push(OpenDetails(count: 4, dwell: Seconds(2.5))),
                .present(OpenDetails(count: 1, dwell: Seconds(1))),
                .removeFromCache(.cellType("html_message")),
            ])
    }

    @Test("a minimal file gets the documented defaults")
    func minimalFileGetsDefaults() throws {
        let scenario = try ScenarioLoader.load(yaml: LoaderFixtures.minimal, file: "minimal.yaml")
        guard let table = (scenario).as(ScrollingTableScenario.self) else {
            Issue.record("expected a scrolling-table scenario, got \(scenario)")
            return
        }
        let header = scenario.header
        #expect(header.version == 1)
        #expect(header.name == "minimal")
        #expect(header.description == nil)
        #expect(header.seed == 1)
        #expect(header.duration == Seconds(30))
        #expect(header.warmup == Seconds(0))
        #expect(header.sampleInterval == Seconds(1))
        #expect(header.memoryPressure.isEmpty)

        #expect(table.table.rowsPerSection == .fixed(10))
        #expect(table.table.rowsPerSection.bounds == 10...10)
        #expect(table.table.viewportHeight == 667)
        #expect(table.table.refreshHz == 60)
        #expect(table.table.disclosure == .all)
        #expect(table.table.header == nil)
        #expect(table.table.footer == nil)
        #expect(
            table.table.cells == [
                CellSpec(
                    type: "plain", height: 44, weight: 1,
                    nib: NibSpec(views: 1, depth: 1, label: "Label"))
            ])
        #expect(table.scroll == [.pause(Seconds(1))])
        #expect(table.details.isEmpty)
        #expect(table.cache.policies == [.none, .lru, .forever])
        #expect(table.cache.inUse == [.repopulate])
    }

    @Test("forever, the seed's store, is a default policy and needs no capacity")
    func foreverNeedsNoCapacity() throws {
        let yaml = LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  policies: [none, forever]")
        guard let table = (try ScenarioLoader.load(yaml: yaml, file: "forever.yaml")).as(ScrollingTableScenario.self) else {
            Issue.record("expected a scrolling-table scenario")
            return
        }
        #expect(table.cache.capacity == nil)
        #expect(table.cache.policies == [.none, .forever])
        #expect(ScenarioDefaults.policies.contains(.forever))
    }

    @Test("optional step fields get their defaults: deceleration 0.998, cycles 1, target row, order random")
    func stepDefaults() throws {
        let yaml = LoaderFixtures.minimal(
            replacing: "  - pause: 1s",
            with: """
                  - fling: {velocity: 3000}
                  - back_and_forth: {span: 500, speed: 100}
                  - random_jumps: {count: 2, every: 500ms}
                  - tap_disclose: {count: 3, dwell: 1s}
                """)
        guard let table = (try ScenarioLoader.load(yaml: yaml, file: "steps.yaml")).as(ScrollingTableScenario.self) else {
            Issue.record("expected a scrolling-table scenario")
            return
        }
        #expect(
            table.scroll == [
                .fling(Fling(velocity: 3000, deceleration: 0.998)),
                .backAndForth(BackAndForth(span: 500, speed: 100, cycles: 1)),
                .randomJumps(RandomJumps(count: 2, every: Seconds(0.5), target: .row)),
                .tapDisclose(TapDisclose(count: 3, dwell: Seconds(1), order: .random)),
            ])
    }

    @Test(
        "durations accept a number of seconds or a number with unit ms, s, m, h",
        arguments: [
            ("250ms", 0.25), ("10s", 10), ("2m", 120), ("1.5h", 5400), ("\"120\"", 120), ("0.5", 0.5), ("45", 45),
        ])
    func durationsParse(text: String, seconds: Double) throws {
        let yaml = LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: \(text)")
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "duration.yaml")
        #expect(scenario.header.duration == Seconds(seconds))
    }

    @Test("memory_pressure 'every' without 'start' starts after one interval")
    func memoryPressureStartDefaultsToEvery() throws {
        let yaml = LoaderFixtures.minimal(
            replacing: "duration: 30",
            with: """
                duration: 30
                memory_pressure:
                  - every: 7s
                    level: moderate
                """)
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "pressure.yaml")
        #expect(
            scenario.header.memoryPressure == [
                MemoryPressureEvent(schedule: .every(Seconds(7), start: Seconds(7)), level: .moderate)
            ])
    }

    @Test("a rows_per_section range may have min == max and min 0")
    func rowRangeBounds() throws {
        let yaml = LoaderFixtures.minimal(replacing: "rows_per_section: 10", with: "rows_per_section: [0, 0]")
        guard let table = (try ScenarioLoader.load(yaml: yaml, file: "rows.yaml")).as(ScrollingTableScenario.self) else {
            Issue.record("expected a scrolling-table scenario")
            return
        }
        #expect(table.table.rowsPerSection == .range(0...0))
    }

    @Test("YAML anchors and merge keys are followed")
    func mergeKeys() throws {
        let yaml = LoaderFixtures.minimal(
            replacing: "    - {type: plain, height: 44, nib: {views: 1, depth: 1}}",
            with: """
                    - {type: plain, height: 44, nib: &small {views: 2, depth: 1, label: Small}}
                    - {type: other, height: 50, nib: {<<: *small, label: Other}}
                """)
        guard let table = (try ScenarioLoader.load(yaml: yaml, file: "merge.yaml")).as(ScrollingTableScenario.self) else {
            Issue.record("expected a scrolling-table scenario")
            return
        }
        #expect(
            table.table.cells.map(\.nib) == [
                NibSpec(views: 2, depth: 1, label: "Small"),
                NibSpec(views: 2, depth: 1, label: "Other"),
            ])
    }

    @Test("a scenario encodes to YAML that loads back to the same value")
    func encodeRoundTrip() throws {
        let scenario = try ScenarioLoader.load(yaml: LoaderFixtures.full, file: "full.yaml")
        let yaml = try YAMLEncoder().encode(scenario)
        let reloaded = try ScenarioLoader.load(yaml: yaml, file: "reencoded.yaml")
        #expect(reloaded == scenario)
    }

    @Test("load(contentsOf:) reads a file from disk")
    func loadsFromFile() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenario-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("minimal.yaml")
        try LoaderFixtures.minimal.write(to: url, atomically: true, encoding: .utf8)

        let scenario = try ScenarioLoader.load(contentsOf: url)
        #expect(scenario.header.name == "minimal")
    }

    @Test("--policy override accepts known names, repeated or comma-separated")
    func policyOverrideAccepts() throws {
        #expect(try ScenarioLoader.validatePolicyOverride(["lru"]) == [.lru])
        #expect(try ScenarioLoader.validatePolicyOverride(["fifo,random", "none"]) == [.fifo, .random, .none])
    }

    @Test("--policy override rejects unknown, empty and repeated names, listing the valid ones")
    func policyOverrideRejects() {
        #expect(throws: OptionValueError(message: "--policy: unknown policy 'lruu' (expected one of: \(Self.allNames))")) {
            try ScenarioLoader.validatePolicyOverride(["lru", "lruu"])
        }
        #expect(throws: OptionValueError(message: "--policy: expected a policy name (one of: \(Self.allNames))")) {
            try ScenarioLoader.validatePolicyOverride([])
        }
        #expect(throws: OptionValueError(message: "--policy: policy 'lru' is given more than once")) {
            try ScenarioLoader.validatePolicyOverride(["lru,lru"])
        }
    }
}
