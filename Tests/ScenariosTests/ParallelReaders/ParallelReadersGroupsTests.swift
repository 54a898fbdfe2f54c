import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// Reader and writer groups: `readers:` and `writers:` as a list of named groups, each with its
/// own threads, loop, mix, bursts, batch and distribution, run at once against one store, with
/// per-group summary columns.
@Suite("Parallel-readers scenarios: reader and writer groups")
struct ParallelReadersGroupsTests {
    /// Line numbers are fixed: tests point at them.
    static let yaml = """
        name: chat
        kind: parallel-readers
        seed: 5
        duration: 300ms
        warmup: 50ms
        sample_interval: 100ms
        store: {designs: [rwlock, left-right]}
        keys: 400
        distribution: {latest: 0.99}
        readers:
          - name: ui
            threads: 1
            mix: {get: 100}
            rate: 2000
            bursts: {every: 50ms, length: 10ms}
          - name: background
            threads: 2
            mix: {get: 90, all_items: 10}
            operations: 3000
            distribution: uniform
        writers:
          - name: sync
            threads: 1
            mix: {set: 80, bulk_add: 10, remove: 10}
            rate: 3000
            batch: 8

        """

    static func replacing(_ old: String, _ new: String) -> String {
        precondition(yaml.contains(old), "fixture lacks \(old)")
        return yaml.replacingOccurrences(of: old, with: new)
    }

    static func error(_ text: String) -> ScenarioError? { ParallelReadersLoadingTests.error(text) }

    static func number(_ row: ResultRow?, _ column: String) -> Double { ParallelReadersRunTests.number(row, column) }

    // MARK: - Loading

    @Test("readers and writers take a list of named groups, each with its own threads, loop, mix, bursts, batch and distribution")
    func groupsLoad() throws {
        let scenario = try ParallelReadersLoadingTests.load(Self.yaml)
        #expect(scenario.readers.map(\.name) == ["ui", "background"])
        #expect(scenario.readers[0].rate == 2000 && scenario.readers[0].bursts == Bursts(every: .milliseconds(50), length: .milliseconds(10)))
        #expect(scenario.readers[0].distribution == nil, "a group without a distribution takes the scenario's")
        #expect(scenario.readers[1].threads == 2 && scenario.readers[1].operations == 3000)
        #expect(scenario.readers[1].mix == [.get: 90, .allItems: 10] && scenario.readers[1].distribution == .uniform)
        #expect(scenario.writers.map(\.name) == ["sync"] && scenario.writers[0].batch == 8)
        #expect(scenario.readerThreads == 3 && scenario.writerThreads == 1)
        #expect(scenario.runLoad.threads == 4)
    }

    @Test("a single readers or writers mapping keeps the kind's columns, unchanged, in every shipped scenario")
    func singleMappingKeepsColumns() throws {
        let single = try ParallelReadersLoadingTests.load(ParallelReadersLoadingTests.yaml)
        #expect(single.resultColumns == ParallelReadersScenario.columns)
        #expect(single.readers.count == 1 && single.readers[0].name == nil)
        for url in SchemaDeclarationTests.shippedScenarios {
            let scenario = try ScenarioLoader.load(contentsOf: url)
            guard let readers = scenario.as(ParallelReadersScenario.self), readers.roles.allSatisfy({ $0.role.name == nil }) else { continue }
            #expect(scenario.body.resultColumns == ParallelReadersScenario.columns, "\(url.lastPathComponent)")
        }
    }

    @Test("each named group adds its summary columns, prefixed by its name, with their roles, after the kind's")
    func groupColumnsDeclared() throws {
        let scenario = try ParallelReadersLoadingTests.load(Self.yaml)
        let columns = scenario.resultColumns
        let kind = ParallelReadersScenario.columns
        #expect(Array(columns.summary.prefix(kind.summary.count)) == kind.summary, "the whole-run columns stay, first")
        #expect(columns.timeseries == kind.timeseries && columns.latency == kind.latency)
        let added = columns.summary.dropFirst(kind.summary.count).map(\.name)
        #expect(added.first == "ui_total_ops")
        for name in ["ui_get_ops", "ui_stale_reads", "ui_get_p99_ns", "background_get_ops", "background_all_items_ops",
            "background_all_items_p50_ns", "sync_set_ops", "sync_bulk_add_p99_ns", "sync_ops_per_s"]
        {
            #expect(added.contains(name), "\(name)")
        }
        #expect(!added.contains("ui_all_items_ops"), "only the operations a group's mix names")
        #expect(!added.contains("sync_stale_reads"), "stale reads only for a group that gets")
        #expect(columns.role(of: "ui_get_ops") == .count && columns.role(of: "ui_stale_reads") == .count)
        #expect(columns.role(of: "background_get_p99_ns") == .measured && columns.role(of: "ui_ops_per_s") == .measured)
        #expect(columns.role(of: "ui_get_p99_ns_tail_samples") == .tail)
        #expect(Set(columns.summary.map(\.name)).count == columns.summary.count, "no column twice")
    }

    @Test("a group of a list needs a name, at the group")
    func nameRequiredInList() {
        let error = Self.error(Self.replacing("  - name: background\n    threads: 2", "  - threads: 2"))
        #expect(error?.keyPath == "readers[1].name")
        #expect(error?.line == 16)
        #expect(error?.message.contains("name") == true, "\(String(describing: error))")
    }

    @Test("a single mapping has no name and no distribution of its own, each an error at its key")
    func nameAndDistributionOnlyInList() {
        let base = ParallelReadersLoadingTests.yaml
        let named = Self.error(base.replacingOccurrences(of: "readers:\n  threads: 2", with: "readers:\n  name: ui\n  threads: 2"))
        #expect(named?.keyPath == "readers.name")
        #expect(named?.line == 12 && named?.column == 3)
        #expect(named?.message.contains("write readers as a list of groups") == true)
        let distributed = Self.error(base.replacingOccurrences(of: "  batch: 8", with: "  batch: 8\n  distribution: uniform"))
        #expect(distributed?.keyPath == "writers.distribution")
        #expect(distributed?.message.contains("uses the scenario's distribution") == true)
    }

    @Test("a group name is a safe identifier: letters, digits and underscores, beginning with a letter")
    func safeNames() throws {
        for bad in ["ui-thread", "2d", "ui thread", "\"\"", String(repeating: "a", count: 33)] {
            let error = Self.error(Self.replacing("name: ui", "name: \(bad)"))
            #expect(error?.keyPath == "readers[0].name", "\(bad)")
            #expect(error?.line == 11 && error?.column == 11, "\(bad)")
            #expect(error?.message.contains("letters, digits and underscores") == true, "\(bad)")
        }
        let scenario = try ParallelReadersLoadingTests.load(Self.replacing("name: ui", "name: UI_thread_2"))
        #expect(scenario.readers[0].name == "UI_thread_2")
    }

    @Test("group names are unique, across readers and writers")
    func uniqueNames() {
        let readers = Self.error(Self.replacing("name: background", "name: ui"))
        #expect(readers?.keyPath == "readers[1].name")
        #expect(readers?.line == 16)
        #expect(readers?.message.contains("already used by readers[0]") == true, "\(String(describing: readers))")
        let writers = Self.error(Self.replacing("name: sync", "name: ui"))
        #expect(writers?.keyPath == "writers[0].name")
    }

    @Test("a group name is no column of the kind, and makes none (read makes read_ops_per_s)")
    func namesClashWithColumns() {
        let column = Self.error(Self.replacing("name: background", "name: keys"))
        #expect(column?.keyPath == "readers[1].name")
        #expect(column?.message.contains("'keys' is a summary column of every run") == true, "\(String(describing: column))")
        let made = Self.error(Self.replacing("name: sync", "name: write"))
        #expect(made?.keyPath == "writers[0].name")
        #expect(made?.message.contains("'write_ops_per_s', a summary column of every run") == true, "\(String(describing: made))")
    }

    @Test("a reader group's mix may only read, at the operation")
    func groupReadersOnlyRead() {
        let error = Self.error(Self.replacing("{get: 90, all_items: 10}", "{get: 90, set: 10}"))
        #expect(error?.keyPath == "readers[1].mix.set")
        #expect(error?.line == 18)
        #expect(error?.message.contains("readers only read") == true)
    }

    @Test("an empty list of groups, or a group that is not a mapping, is an error")
    func emptyOrBadList() {
        let empty = Self.error(ParallelReadersLoadingTests.yaml.replacingOccurrences(of: "readers:\n  threads: 2\n  mix: {get: 98, all_items: 2}\n  operations: 3000\n", with: "readers: []\n"))
        #expect(empty?.keyPath == "readers")
        #expect(empty?.message.contains("at least one group") == true, "\(String(describing: empty))")
        let scalar = Self.error(Self.replacing("  - name: background\n    threads: 2\n    mix: {get: 90, all_items: 10}\n    operations: 3000\n    distribution: uniform\n", "  - 4\n"))
        #expect(scalar?.keyPath == "readers[1]")
        #expect(scalar?.message.contains("a mapping") == true, "\(String(describing: scalar))")
    }

    @Test("each group's rate must be expressible in the duration and its bursts, at that group's rate")
    func groupRateExpressible() {
        let error = Self.error(Self.replacing("rate: 2000", "rate: 50"))
        #expect(error?.keyPath == "readers[0].rate")
        #expect(error?.message.contains("does not fit in its 0.01s bursts") == true, "\(String(describing: error))")
        let writer = Self.error(Self.replacing("rate: 3000", "rate: 0"))
        #expect(writer?.keyPath == "writers[0].rate")
    }

    @Test("the writers of every group count against keys: each owns keys")
    func writerThreadsAcrossGroups() {
        let two = Self.replacing(
            "    batch: 8\n", "    batch: 8\n  - name: receipts\n    threads: 200\n    mix: {set: 100}\n    rate: 100\n"
        ).replacingOccurrences(of: "keys: 400", with: "keys: 150")
        let error = Self.error(two)
        #expect(error?.keyPath == "writers[1].threads")
        #expect(error?.message.contains("must be at most keys (150)") == true, "\(String(describing: error))")
        #expect(error?.message.contains("writers of every group: 201") == true)
    }

    @Test("a role's groups have at most 256 threads in all, at the group that passes it")
    func groupThreadsAtMost256() {
        let error = Self.error(Self.replacing("threads: 2", "threads: 256"))
        #expect(error?.keyPath == "readers[1].threads")
        #expect(error?.message.contains("257 threads so far: at most 256 in all") == true, "\(String(describing: error))")
    }

    @Test("expect lines name a group's columns; a column no group makes is an unknown metric")
    func expectNamesGroupColumns() {
        #expect(Self.error(Self.yaml + "expect:\n  rwlock: {ui_get_ops: \"== 200\", background_all_items_p99_ns: \"< 1e9\", sync_total_ops: \">= 1\"}\n") == nil)
        let other = Self.error(Self.yaml + "expect:\n  rwlock: {ui_all_items_ops: \"== 0\"}\n")
        #expect(other?.keyPath == "expect.rwlock.ui_all_items_ops")
        #expect(other?.message.contains("unknown metric") == true)
        let mapping = Self.error(ParallelReadersLoadingTests.yaml + "expect:\n  big-reader: {ui_get_ops: \"== 0\"}\n")
        #expect(mapping?.keyPath == "expect.big-reader.ui_get_ops", "a scenario without groups has no group columns")
    }

    @Test("decide names a group's columns, and refuses one no group makes")
    func decideNamesGroupColumns() {
        #expect(Self.error(Self.yaml + "decide: {goal: {ui_get_p99_ns: \"< 16000000\"}, minimize: background_get_p50_ns}\n") == nil)
        let unknown = Self.error(Self.yaml + "decide: {goal: {chat_get_p99_ns: \"< 16000000\"}}\n")
        #expect(unknown?.keyPath.hasPrefix("decide.goal") == true, "\(String(describing: unknown))")
    }

    @Test("groups are written to scenario.yaml as a list and load back the same")
    func groupsRoundTrip() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.yaml, file: "chat.yaml")
        let text = ScenarioRunner.yaml(scenario, repetitions: 1)
        #expect(text.contains("- name: ui") && text.contains("- name: sync"))
        #expect(try ScenarioLoader.load(yaml: text, file: "scenario.yaml") == scenario)
    }

    // MARK: - Running

    @Test("every group runs at once against one store; the whole-run columns are the groups' sums")
    func groupsRunTogether() throws {
        let result = try ParallelReadersRunTests.run(Self.yaml, designs: [.rwlock])
        let row = try #require(result.summary.first)
        #expect(Self.number(row, "readers") == 3 && Self.number(row, "writers") == 1)
        // ui: 2000/s in 10 ms of every 50 ms for 300 ms: 6 bursts of 20; background: 2 × 3000; sync: 3000/s × 0.3 s.
        #expect(Self.number(row, "ui_total_ops") == 120 && Self.number(row, "ui_get_ops") == 120)
        #expect(Self.number(row, "background_total_ops") == 6000)
        #expect(Self.number(row, "sync_total_ops") == 900)
        #expect(Self.number(row, "total_ops") == 120 + 6000 + 900)
        #expect(Self.number(row, "get_ops") == Self.number(row, "ui_get_ops") + Self.number(row, "background_get_ops"))
        #expect(Self.number(row, "all_items_ops") == Self.number(row, "background_all_items_ops"))
        #expect(
            Self.number(row, "set_ops") + Self.number(row, "remove_ops") + Self.number(row, "bulk_add_ops")
                == Self.number(row, "sync_total_ops"))
        #expect(Self.number(row, "stale_reads") == 0 && Self.number(row, "ui_stale_reads") == 0)
        #expect(Self.number(row, "ui_get_p50_ns") > 0 && Self.number(row, "ui_get_p50_ns") <= Self.number(row, "ui_get_max_ns"))
        #expect(Self.number(row, "background_ops_per_s") > 0)
        #expect(row["complete"] == .string("true"))
    }

    @Test("the counts of closed-loop and open-loop groups are fixed by the seed: the same in every design, twice, and across repetitions")
    func groupCountsDeterministic() throws {
        let columns = ["ui_total_ops", "ui_get_ops", "background_get_ops", "background_all_items_ops", "sync_set_ops", "sync_remove_ops",
            "sync_bulk_add_ops"]
        func counts(_ result: ScenarioResult) -> [[Double]] {
            result.summary.map { row in columns.map { Self.number(row, $0) } }
        }
        let first = try ParallelReadersRunTests.run(Self.yaml)
        let second = try ParallelReadersRunTests.run(Self.yaml)
        #expect(counts(first) == counts(second))
        #expect(Set(counts(first)).count == 1, "every design sees the same operations")
        #expect(counts(first).first?.allSatisfy { $0 > 0 } == true)
        // Rows as declared (their roles included), and counts identical across repetitions.
        try RepeatedCountsTests.check(Self.yaml.replacingOccurrences(of: "[rwlock, left-right]", with: "[mutex]"), file: "groups.yaml")
    }

    @Test("a group that runs for the duration has measured operation counts; a bound group's stay counts")
    func timeBoundGroupMeasured() throws {
        let yaml = Self.replacing("    operations: 3000\n", "")
        let result = try ParallelReadersRunTests.run(yaml, designs: [.bigReader])
        let row = try #require(result.summary.first)
        #expect(row.role(of: "background_total_ops", declaredBy: result.columns.summary) == .measured)
        #expect(row.role(of: "background_get_ops", declaredBy: result.columns.summary) == .measured)
        #expect(row.role(of: "ui_total_ops", declaredBy: result.columns.summary) == .count)
        #expect(row.role(of: "total_ops", declaredBy: result.columns.summary) == .measured)
        #expect(Self.number(row, "ui_total_ops") == 120)
        #expect(Self.number(row, "background_total_ops") > 0)
        // The results writer accepts the rows as declared.
        try ResultsWriter.checkOverrides(of: row, declared: result.columns.summary, file: "summary.csv")
    }

    @Test("a group's own distribution picks its keys: a writer group on a hotspot removes only the hot keys")
    func groupDistribution() throws {
        let base = """
            name: hot
            kind: parallel-readers
            seed: 3
            duration: 200ms
            sample_interval: 100ms
            store: {designs: [mutex]}
            keys: 1000
            readers: [{name: reader, mix: {get: 100}, operations: 500}]
            writers: [{name: remover, mix: {remove: 100}, operations: 2000, distribution: {hotspot: {keys: 0.01, operations: 1}}}]

            """
        let hot = try #require(try ParallelReadersRunTests.run(base).summary.first)
        #expect(Self.number(hot, "items_end") >= 990, "only the 10 hot keys were removed")
        let uniform = try #require(
            try ParallelReadersRunTests.run(base.replacingOccurrences(of: ", distribution: {hotspot: {keys: 0.01, operations: 1}}", with: "")).summary
                .first)
        #expect(Self.number(uniform, "items_end") < 900, "the scenario's uniform distribution spreads the removals")
    }

    @Test("the shipped chat store runs its UI group open loop paced by frames beside two bulk background readers and a sync writer")
    func chatStoreShipped() throws {
        let url = SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios/chat-store.yaml")
        let scenario = try #require(try ScenarioLoader.load(contentsOf: url).as(ParallelReadersScenario.self))
        #expect(scenario.readers.map(\.name) == ["ui", "background"] && scenario.writers.map(\.name) == ["sync"])
        #expect(scenario.readers[0].rate != nil && scenario.readers[1].operations != nil && scenario.readers[1].threads == 2)
        let metrics = Set(scenario.header.expect.map(\.metric))
        #expect(metrics.isSuperset(of: ["ui_total_ops", "background_total_ops", "stale_reads", "ui_stale_reads"]))
        #expect(scenario.header.duration.value + scenario.header.warmup.value <= 2, "make run stays fast")
    }
}
