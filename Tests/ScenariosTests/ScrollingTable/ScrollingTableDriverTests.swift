import Foundation
import Models
import Report
import Testing

@testable import Scenarios

@Suite("Scrolling-table driver")
struct ScrollingTableDriverTests {
    static func scenario(_ yaml: String) throws -> Scenario {
        try ScenarioLoader.load(yaml: yaml, file: "test.yaml")
    }

    static let table = """
        name: drive
        kind: scrolling-table
        seed: 11
        duration: 4s
        warmup: 1s
        table:
          sections: 12
          rows_per_section: [2, 30]
          viewport_height: 600
          refresh_hz: 60
          header: {reuse_id: h, height: 30, nib: {views: 6, depth: 2, label: H}}
          cells:
            - {type: a, height: 44, weight: 2, nib: {views: 8, depth: 3, label: A}}
            - {type: b, height: 80, weight: 1, nib: {views: 12, depth: 3, label: B}}
        scroll:
          - fling: {velocity: 3000}
          - random_jumps: {count: 3, every: 300ms, target: section}
          - back_and_forth: {span: 800, speed: 1200}
        memory_pressure:
          - {every: 1500ms, level: warning}
        cache: {capacity: 6, policies: [none, lru, random], in_use: [repopulate, pin, drop]}

        """

    /// The identity and count columns of every row, by their roles among `declared` (measured
    /// columns dropped).
    static func counts(_ rows: [ResultRow], _ declared: [Column]) -> [[String]] {
        rows.map { row in
            row.columns.filter { [.identity, .count].contains(row.role(of: $0.name, declaredBy: declared)) }
                .map { "\($0.name)=\($0.value.text)" }
        }
    }

    @Test("the same file and seed produce identical count columns twice")
    func deterministicCounts() throws {
        let scenario = try Self.scenario(Self.table)
        let first = ScenarioRunner.run(scenario)
        let second = ScenarioRunner.run(scenario)
        let columns = first.columns
        #expect(Self.counts(first.summary, columns.summary) == Self.counts(second.summary, columns.summary))
        #expect(Self.counts(Array(first.timeseries), columns.timeseries) == Self.counts(Array(second.timeseries), columns.timeseries))
        #expect(first.summary.count == 7)
        #expect(first.summary.allSatisfy { $0["complete"] == .string("true") })
    }

    @Test("a different seed gives a different event stream")
    func seedMatters() throws {
        let scenario = try Self.scenario(Self.table)
        let a = ScenarioRunner.run(scenario, options: RunOptions(policies: [.lru], seed: 1))
        let b = ScenarioRunner.run(scenario, options: RunOptions(policies: [.lru], seed: 2))
        #expect(Self.counts(a.summary, a.columns.summary) != Self.counts(b.summary, b.columns.summary))
    }

    @Test("every policy sees the same requests: the event stream does not depend on the policy")
    func samePolicyIndependentStream() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.table))
        let requests = Set(result.summary.compactMap { $0["requests"]?.text })
        #expect(requests.count == 1)
        #expect(result.summary.first?["requests"] != .int(0))
    }

    @Test("warm-up is driven but not counted: the summary equals the sum of the sampled intervals")
    func warmupNotCounted() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.table), options: RunOptions(policies: [.lru]))
        let summary = try #require(result.summary.first)
        let runRows = result.timeseries.filter { $0["in_use"] == summary["in_use"] }
        let sampled = runRows.compactMap { row -> Int? in if case .int(let n) = row["requests"] { return n } else { return nil } }
        #expect(summary["requests"] == .int(sampled.reduce(0, +)))
        #expect(summary["frames"] == .int(240), "4 s at 60 Hz counted, warm-up excluded")
        #expect(runRows.first?["t_s"] == .double(2), "first sample ends one interval after the warm-up")
        #expect(runRows.count == 4)
    }

    @Test("the newer eviction policies run in a scrolling-table file, one row each, deterministically")
    func newerPolicies() throws {
        let yaml = Self.table.replacingOccurrences(
            of: "policies: [none, lru, random], in_use: [repopulate, pin, drop]",
            with: "policies: [clock, lfu, arc, s3-fifo, sieve, w-tinylfu, 2q, slru], in_use: [repopulate]")
        let scenario = try Self.scenario(yaml)
        let result = ScenarioRunner.run(scenario)
        let policies = result.summary.compactMap { row -> String? in
            if case .string(let name) = row["policy"] { return name } else { return nil }
        }
        #expect(policies == ["clock", "lfu", "arc", "s3-fifo", "sieve", "w-tinylfu", "2q", "slru"])
        let again = ScenarioRunner.run(scenario)
        #expect(Self.counts(result.summary, result.columns.summary) == Self.counts(again.summary, again.columns.summary))
    }

    @Test("policy parameters are read from the cache block")
    func policyParametersApply() throws {
        let yaml = Self.table.replacingOccurrences(
            of: "cache: {capacity: 6, policies: [none, lru, random], in_use: [repopulate, pin, drop]}",
            with: "cache: {capacity: 6, policies: [s3-fifo, w-tinylfu], in_use: [repopulate], parameters: {s3-fifo: {small_ratio: 0.5}, w-tinylfu: {window: 0.5}}}")
        guard let table = (try Self.scenario(yaml)).as(ScrollingTableScenario.self) else {
            Issue.record("not a scrolling-table scenario")
            return
        }
        #expect(table.cache.parameters == PolicyParameters([.s3fifo: ["small_ratio": .number(0.5)], .wTinyLFU: ["window": .number(0.5)]]))
    }

    @Test("policy none instantiates on every request and reuses nothing")
    func noneBaseline() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.table), options: RunOptions(policies: [.none]))
        let row = try #require(result.summary.first)
        #expect(row["hits"] == .int(0))
        #expect(row["reuses"] == .int(0))
        #expect(row["instantiations"] == row["requests"])
        #expect(row["in_use"] == .string("-"))
    }

    @Test("memory warnings reach the cache and the pool during the counted period")
    func memoryWarningsDelivered() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.table), options: RunOptions(policies: [.lru]))
        let row = try #require(result.summary.first)
        #expect(row["memory_pressure_events"] == .int(3), "at 1.5 s, 3 s and 4.5 s, all after the 1 s warm-up")
        #expect(row["pool_purges"] == .int(3))
        let marked = result.timeseries.filter { $0["memory_pressure"] != .string("") }
        #expect(!marked.isEmpty)
    }

    @Test("remove_from_cache removes controllers by hand, counted as manual removals")
    func manualRemovalStep() throws {
        let yaml = Self.table.replacingOccurrences(
            of: "  - back_and_forth: {span: 800, speed: 1200}\n",
            with: "  - back_and_forth: {span: 800, speed: 1200}\n  - remove_from_cache: a\n  - remove_from_cache: all\n")
        let result = ScenarioRunner.run(try Self.scenario(yaml), options: RunOptions(policies: [.lru]))
        let row = try #require(result.summary.first)
        if case .int(let removals) = row["manual_removals"] { #expect(removals > 0) } else { Issue.record("no manual_removals column") }
    }

    /// `table` with detail screens opened by `step` (`push` or `present`) instead of the jumps.
    static func withDetails(_ step: String) -> String {
        table.replacingOccurrences(
            of: "  - random_jumps: {count: 3, every: 300ms, target: section}\n",
            with: "  - \(step): {count: 3, dwell: 400ms}\n"
        ).replacingOccurrences(
            of: "scroll:\n",
            with: "details:\n  - {type: note, weight: 2, nib: {views: 20, depth: 4}}\n  - {type: photo, nib: {views: 30, depth: 5}}\nscroll:\n")
    }

    @Test("push: pushed details come from the cache, and warnings during the dwell find them in use by navigation")
    func pushedDetailsInUseByNavigation() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.withDetails("push")), options: RunOptions(policies: [.lru]))
        let repopulate = try #require(result.summary.first { $0["in_use"] == .string("repopulate") })
        guard case .int(let pushed) = repopulate["details_pushed"], case .int(let navigation) = repopulate["in_use_by_navigation"]
        else {
            Issue.record("missing detail columns")
            return
        }
        #expect(pushed > 0)
        #expect(navigation > 0)
        #expect(repopulate["in_use_by_parent"] == repopulate["in_use_by_navigation"], "a pushed controller is the navigation controller's child")
        #expect(repopulate["in_use_by_presenting"] == .int(0))
        #expect(repopulate["details_presented"] == .int(0))
        let drop = try #require(result.summary.first { $0["in_use"] == .string("drop") })
        #expect(drop["details_pushed"] == repopulate["details_pushed"], "the same user, whatever the mode")
    }

    @Test("present: presented details are in use by their presenting controller alone")
    func presentedDetailsInUseByPresenting() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.withDetails("present")), options: RunOptions(policies: [.lru]))
        let row = try #require(result.summary.first)
        guard case .int(let presenting) = row["in_use_by_presenting"] else {
            Issue.record("no in_use_by_presenting column")
            return
        }
        #expect(presenting > 0)
        #expect(row["in_use_by_navigation"] == .int(0) && row["in_use_by_parent"] == .int(0))
        #expect(row["details_pushed"] == .int(0))
    }

    @Test("without push or present steps only the superview condition occurs")
    func rowsOnlyInUseBySuperview() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.table), options: RunOptions(policies: [.lru]))
        let row = try #require(result.summary.first)
        #expect(row["in_use_by_superview"] != .int(0))
        #expect(row["in_use_by_parent"] == .int(0) && row["in_use_by_presenting"] == .int(0) && row["in_use_by_navigation"] == .int(0))
    }

    @Test("a cancelled run stops, keeps its rows and is marked incomplete")
    func cancelledRun() throws {
        let result = ScenarioRunner.run(try Self.scenario(Self.table), options: RunOptions(isCancelled: { true }))
        #expect(!result.complete)
        let cancel = CancelAfter(calls: 100)
        let partial = ScenarioRunner.run(
            try Self.scenario(Self.table), options: RunOptions(policies: [.lru], isCancelled: { cancel.check() }))
        #expect(!partial.complete)
        #expect(partial.summary.first?["complete"] == .string("false"))
    }

    @Test("on the collapsible-sections scenario, lru instantiates less and allocates less than none, and repopulate keeps what drop loses")
    func collapsibleSectionsClaim() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios/collapsible-sections.yaml")
        let scenario = try ScenarioLoader.load(contentsOf: url)
        let result = ScenarioRunner.run(scenario, options: RunOptions(policies: [.none, .lru]))
        func value(_ policy: String, _ mode: String, _ column: String) -> Int {
            guard let row = result.summary.first(where: { $0["policy"] == .string(policy) && $0["in_use"] == .string(mode) }) else {
                return -1
            }
            switch row[column] {
            case .int(let n): return n
            case .uint(let n): return Int(n)
            default: return -1
            }
        }
        #expect(value("lru", "repopulate", "instantiations") < value("none", "-", "instantiations"))
        #expect(value("lru", "repopulate", "allocated_bytes") < value("none", "-", "allocated_bytes"))
        #expect(value("lru", "repopulate", "repopulations") > 0)
        #expect(value("lru", "repopulate", "in_use_dropped") == 0)
        #expect(value("lru", "drop", "in_use_dropped") > 0)
        #expect(value("lru", "drop", "repopulations") == 0)
    }
}

/// Reports cancellation after a number of polls.
final class CancelAfter: @unchecked Sendable {
    private var remaining: Int
    init(calls: Int) { remaining = calls }
    func check() -> Bool {
        remaining -= 1
        return remaining < 0
    }
}
