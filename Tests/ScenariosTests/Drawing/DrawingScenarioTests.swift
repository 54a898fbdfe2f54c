import Report
import Testing

@testable import Scenarios

/// The drawing kind: loading, errors, and what runs record.
@Suite("Drawing scenarios")
struct DrawingScenarioTests {
    /// Small drawings and short runs, so the debug build draws them quickly. Line numbers fixed.
    static let yaml = """
        name: tiny-drawing
        kind: drawing
        seed: 5
        duration: 3s
        warmup: 500ms
        refresh_hz: 60
        memory_pressure: [{at: 1500ms, level: warning}]
        restarts: [2500ms]
        views:
          - name: button
            count: 2
            size: [40, 16]
            effects: {gradient: true, corner_radius: 4, shadow: 0, text: true}
            redraw_every: 250ms
            content: static
          - name: ticker
            size: [32, 12]
            effects: {gradient: false, text: true}
            redraw_every: 100ms
            content: every_frame
        cache: {policies: [none, memory, memory+disk], eviction: lru, capacity: 64KB}

        """

    static func load(_ yaml: String) throws -> Scenario {
        try ScenarioLoader.load(yaml: yaml, file: "draw.yaml")
    }

    /// The drawing scenario in `yaml`, or nil for another kind.
    static func drawing(_ yaml: String) throws -> DrawingScenario? {
        guard let scenario = (try load(yaml)).as(DrawingScenario.self) else { return nil }
        return scenario
    }

    /// The test file with its `cache:` block replaced by `cache`.
    static func withCache(_ cache: String) -> String {
        yaml.replacingOccurrences(of: "cache: {policies: [none, memory, memory+disk], eviction: lru, capacity: 64KB}", with: "cache: \(cache)")
    }

    static func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "draw.yaml")
            return nil
        } catch {
            return error
        }
    }

    static func int(_ row: ResultRow?, _ column: String) -> Int {
        switch row?[column] {
        case .int(let n): n
        case .uint(let n): Int(n)
        default: -1
        }
    }

    @Test("a drawing scenario loads its views, content changes, restarts and cache")
    func loads() throws {
        guard let scenario = (try Self.load(Self.yaml)).as(DrawingScenario.self) else {
            Issue.record("not a drawing scenario")
            return
        }
        #expect(scenario.views.map(\.name) == ["button", "ticker"])
        #expect(scenario.views[0].width == 40 && scenario.views[0].height == 16)
        #expect(scenario.views[1].content == .everyFrame)
        #expect(scenario.restarts == [.milliseconds(2500)])
        #expect(scenario.cache.capacityBytes == 64 * 1024)
        #expect(scenario.timeout == .seconds(604_800), "the seed's default: one week")
        #expect(ScenarioRunner.runs(for: Scenario(scenario)).map(\.description) == ["none", "memory", "memory+disk"])
    }

    @Test("a drawing scenario accepts only the store's tiers as policies; other kinds refuse them")
    func policiesPerKind() {
        let bad = Self.error(Self.yaml.replacingOccurrences(of: "policies: [none, memory, memory+disk]", with: "policies: [none, lru]"))
        #expect(bad?.keyPath == "cache.policies[1]")
        #expect(bad?.message.contains("not a drawing store policy") == true)
        let table = """
            name: t
            kind: scrolling-table
            duration: 1s
            table: {sections: 1, rows_per_section: 2, cells: [{type: a, height: 44, nib: {views: 1, depth: 1}}]}
            scroll: [pause: 1s]
            cache: {capacity: 2, policies: [lru, memory]}
            """
        #expect(Self.error(table)?.message.contains("policy 'memory' does not apply to this kind") == true)
    }

    @Test("bad content, sizes and capacities are errors at their key")
    func badInput() {
        let content = Self.error(Self.yaml.replacingOccurrences(of: "content: every_frame", with: "content: sometimes"))
        #expect(content?.line == 20)
        #expect(content?.message.contains("unknown content 'sometimes'") == true)
        let size = Self.error(Self.yaml.replacingOccurrences(of: "size: [32, 12]", with: "size: [32]"))
        #expect(size?.keyPath == "views[1].size")
        let capacity = Self.error(Self.yaml.replacingOccurrences(of: "capacity: 64KB", with: "capacity: lots"))
        #expect(capacity?.message.contains("cannot read byte count 'lots'") == true)
        let rate = Self.error(Self.yaml.replacingOccurrences(of: "content: static", with: "content: static\n    cancel_rate: 2"))
        #expect(rate?.keyPath == "views[0].cancel_rate")
    }

    @Test("none draws every time; a memory tier serves static content from memory; memory+disk serves it from disk after a warning and a restart")
    func tiers() throws {
        let result = ScenarioRunner.run(try Self.load(Self.yaml))
        let none = result.summary.first { $0["policy"] == .string("none") }
        let memory = result.summary.first { $0["policy"] == .string("memory") }
        let disk = result.summary.first { $0["policy"] == .string("memory+disk") }
        #expect(Self.int(none, "memory_hits") == 0 && Self.int(none, "disk_hits") == 0)
        #expect(Self.int(none, "fresh_draws") == Self.int(none, "requests"))
        #expect(Self.int(memory, "memory_hits") > 0)
        #expect(Self.int(memory, "disk_hits") == 0)
        #expect(Self.int(disk, "disk_hits") > 0, "the static buttons come back from disk after the warning and the restart")
        #expect(Self.int(disk, "fresh_draws") < Self.int(memory, "fresh_draws"))
        #expect(Self.int(disk, "restarts") == 1)
        #expect(Set(result.summary.map { Self.int($0, "requests") }).count == 1, "every policy sees the same draws")
    }

    @Test("the disk policy (the seed's set-up) serves static content from disk only, after a warning and a restart as before")
    func diskPolicyServesFromDisk() throws {
        let result = ScenarioRunner.run(try Self.load(Self.yaml), options: RunOptions(policies: [.disk, .memory]))
        let disk = result.summary.first { $0["policy"] == .string("disk") }
        let memory = result.summary.first { $0["policy"] == .string("memory") }
        #expect(Self.int(disk, "memory_hits") == 0)
        #expect(Self.int(disk, "disk_hits") > 0)
        #expect(Self.int(disk, "fresh_draws") < Self.int(memory, "fresh_draws"), "the warning and the restart cost it nothing")
        #expect(Self.int(disk, "requests") == Self.int(memory, "requests"))
    }

    @Test("capacity is required only when a listed policy has a memory tier")
    func capacityRequiredForMemoryTier() throws {
        let diskOnly = try #require(try Self.drawing(Self.withCache("{policies: [none, disk]}")))
        #expect(diskOnly.cache.policies == [.none, .disk])
        #expect(Self.error(Self.withCache("{policies: [disk, memory]}"))?.keyPath == "cache.capacity")
    }

    @Test("without a policy list a drawing scenario compares none, memory, disk and memory+disk")
    func defaultPolicies() throws {
        let scenario = try #require(try Self.drawing(Self.withCache("{capacity: 64KB}")))
        #expect(ScenarioRunner.runs(for: Scenario(scenario)).map(\.description) == ["none", "memory", "disk", "memory+disk"])
    }

    @Test("content that changes every frame never hits, whatever the tier")
    func everyFrameNeverHits() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "content: static", with: "content: every_frame")
        let result = ScenarioRunner.run(try Self.load(yaml), options: RunOptions(policies: [.memory]))
        let memory = result.summary.first
        #expect(Self.int(memory, "memory_hits") == 0)
        #expect(Self.int(memory, "fresh_draws") == Self.int(memory, "requests"))
    }

    @Test("the same file and seed produce identical count columns twice")
    func deterministic() throws {
        let scenario = try Self.load(Self.yaml)
        func counts(_ rows: [ResultRow], _ declared: [Column]) -> [[String]] {
            rows.map { row in
                row.columns.filter { [.identity, .count].contains(row.role(of: $0.name, declaredBy: declared)) }
                    .map { "\($0.name)=\($0.value.text)" }
            }
        }
        let first = ScenarioRunner.run(scenario)
        let second = ScenarioRunner.run(scenario)
        #expect(counts(first.summary, first.columns.summary) == counts(second.summary, second.columns.summary))
        #expect(counts(Array(first.timeseries), first.columns.timeseries) == counts(Array(second.timeseries), second.columns.timeseries))
    }

    @Test("a cancel rate makes some draws cancel: nothing stored, counted as cancels")
    func cancels() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "content: static", with: "content: static\n    cancel_rate: 0.5")
        let result = ScenarioRunner.run(try Self.load(yaml), options: RunOptions(policies: [.memory]))
        #expect(Self.int(result.summary.first, "cancels") > 0)
    }
}
