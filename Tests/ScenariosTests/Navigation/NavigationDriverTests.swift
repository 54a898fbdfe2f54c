import Report
import Testing

@testable import Scenarios

@Suite("Navigation driver")
struct NavigationDriverTests {
    static let markovApp = """
        name: nav-run
        kind: navigation
        seed: 3
        duration: 3m
        warmup: 10s
        sample_interval: 10s
        memory_pressure: [{every: 1m, level: warning}]
        app:
          sections:
            - name: a
              nib: {views: 12, depth: 3}
              views:
                - {name: a1, nib: {views: 30, depth: 4}}
                - {name: a2, nib: {views: 20, depth: 3}}
                - {name: a3, nib: {views: 25, depth: 4}}
            - name: b
              nib: {views: 10, depth: 3}
              views:
                - {name: b1, nib: {views: 40, depth: 5}}
                - {name: b2, nib: {views: 15, depth: 3}}
            - name: c
              nib: {views: 8, depth: 2}
        user:
          markov: {switch_tab: 0.25, open_view: 0.45, back: 0.2, rewind: 0.05, refresh: 0.05, dwell: [1s, 3s]}
          state: {entries: 2, bytes: 40}
        cache: {capacity: 3, policies: [forever, lru, none], in_use: [repopulate, drop]}

        """

    static func run(_ yaml: String, options: RunOptions = RunOptions()) throws -> ScenarioResult {
        ScenarioRunner.run(try ScenarioLoader.load(yaml: yaml, file: "nav.yaml"), options: options)
    }

    static func int(_ row: ResultRow?, _ column: String) -> Int {
        switch row?[column] {
        case .int(let n): n
        case .uint(let n): Int(n)
        default: -1
        }
    }

    static func row(_ result: ScenarioResult, _ policy: String, _ mode: String) -> ResultRow? {
        result.summary.first { $0["policy"] == .string(policy) && $0["in_use"] == .string(mode) }
    }

    @Test("the same file and seed produce identical count columns twice")
    func deterministic() throws {
        let first = try Self.run(Self.markovApp)
        let second = try Self.run(Self.markovApp)
        func counts(_ rows: [ResultRow], _ declared: [Column]) -> [[String]] {
            rows.map { row in
                row.columns.filter { [.identity, .count].contains(row.role(of: $0.name, declaredBy: declared)) }
                    .map { "\($0.name)=\($0.value.text)" }
            }
        }
        #expect(counts(first.summary, first.columns.summary) == counts(second.summary, second.columns.summary))
        #expect(counts(Array(first.timeseries), first.columns.timeseries) == counts(Array(second.timeseries), second.columns.timeseries))
        #expect(first.summary.count == 4, "forever once, lru per mode, none once")
    }

    @Test("every policy sees the same user: intents, backs and failed backs do not depend on the cache")
    func sameUserForEveryPolicy() throws {
        let result = try Self.run(Self.markovApp)
        for column in ["intents", "backs", "failed_backs", "rewinds", "history_depth_end"] {
            #expect(Set(result.summary.map { $0[column]?.text ?? "" }).count == 1, "\(column)")
        }
        #expect(Self.int(result.summary.first, "intents") > 30)
    }

    @Test("forever holds more controllers than a bounded lru cache, which re-creates more instead")
    func foreverVersusBounded() throws {
        let result = try Self.run(Self.markovApp)
        let forever = Self.row(result, "forever", "-")
        let lru = Self.row(result, "lru", "repopulate")
        let none = Self.row(result, "none", "-")
        #expect(Self.int(forever, "resident_controllers_max") > Self.int(lru, "resident_controllers_max"))
        #expect(Self.int(lru, "resident_controllers_max") <= 3)
        #expect(Self.int(lru, "creations") > Self.int(forever, "creations"))
        #expect(Self.int(none, "view_cache_hits") == 0)
        #expect(Self.int(none, "creations") == Self.int(none, "on_create_calls"), "every creation through an intent gets onCreate")
        #expect(Self.int(forever, "view_cache_bytes_max") > Self.int(lru, "view_cache_bytes_max"))
    }

    @Test("repopulate keeps the on-screen controllers that drop loses under memory warnings")
    func repopulateVersusDrop() throws {
        let result = try Self.run(Self.markovApp)
        #expect(Self.int(Self.row(result, "lru", "repopulate"), "repopulations") > 0)
        #expect(Self.int(Self.row(result, "lru", "drop"), "in_use_dropped") > 0)
        #expect(Self.int(Self.row(result, "lru", "repopulate"), "in_use_dropped") == 0)
    }

    @Test("an unlimited history grows and holds measured bytes; the timeseries tracks its depth")
    func historyBytes() throws {
        let result = try Self.run(Self.markovApp, options: RunOptions(policies: [.forever]))
        let summary = result.summary.first
        #expect(Self.int(summary, "history_depth_max") > 5)
        #expect(
            Self.int(summary, "history_bytes_max") > Self.int(summary, "history_depth_max") * 40,
            "each intent carries 2 × 40 bytes of state")
        let depths = result.timeseries.map { Self.int($0, "history_depth") }
        #expect(depths.count == 18)
        #expect(depths.allSatisfy { $0 >= 1 })
    }

    @Test("backs past a bounded history are reported as failed backs, not crashes, and the stack never exceeds its size")
    func failedBacksReported() throws {
        let yaml = """
            name: backs
            kind: navigation
            duration: 20s
            app:
              stack_size: 3
              sections:
                - name: s
                  nib: {views: 4, depth: 2}
                  views: [{name: v1, nib: {views: 4, depth: 2}}, {name: v2, nib: {views: 4, depth: 2}}]
            user:
              script:
                - intent: {section: s, view: v1}
                - intent: {section: s, view: v2}
                - intent: {section: s, view: v1}
                - intent: {section: s, view: v2}
                - back
                - back
                - back
                - dwell: 1s
            cache: {policies: [forever]}

            """
        let result = try Self.run(yaml)
        let summary = result.summary.first
        #expect(Self.int(summary, "failed_backs") > 0)
        #expect(Self.int(summary, "history_depth_max") <= 3)
        #expect(Self.int(summary, "backs") > 0)
        #expect(summary?["complete"] == .string("true"))
    }
}
