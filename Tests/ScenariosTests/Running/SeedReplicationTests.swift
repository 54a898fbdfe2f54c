import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// A kind whose counts depend on the seed: `hits` is the seed modulo 1000 (plus 1 under fifo),
/// `misses` 1000 minus that; its measured `work_ns` is 10 × how many runs of its scenario came
/// before (with `drift: true`, so is `hits`: a determinism bug).
struct SeedProbeScenario: KindScenario {
    static let kind = KindName(rawValue: "seed-probe")
    static let summary = "a run whose counts are its seed's"
    static let columns = ResultColumns(
        summary: SharedColumns.identity + [
            SharedColumns.seed,
            .count("hits", .higherIsBetter, "the seed modulo 1000, plus 1 under fifo"),
            .count("misses", .lowerIsBetter, "1000 minus hits"),
            .measured("work_ns", .nanoseconds, .lowerIsBetter, "10 × the call's number"),
            SharedColumns.complete,
        ],
        latency: SharedColumns.spectrum)

    var header: ScenarioHeader
    var drift: Bool

    init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ScenarioHeader.keys + ["drift"])
        header = try ScenarioHeader(from: decoder)
        drift = try Fields(sharedMapping: decoder).optional("drift") ?? false
    }

    func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try header.encodeFields(into: &container)
        try container.encode(drift, for: "drift")
    }

    func runs(options: RunOptions) -> [RunConfiguration] {
        RunConfiguration.matrix(policies: [.lru, .fifo], modes: [], seed: seed(options), inUseApplies: { _ in false })
    }

    func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        let call = RepetitionLog.shared.record(header.name, "\(configuration.description) \(configuration.seed)")
        let hits = Int(configuration.seed % 1000) + (configuration.policy == .fifo ? 1 : 0)
        var summary = configuration.identityRow(scenario: header.name)
        summary.append("seed", .uint(configuration.seed))
        summary.append("hits", .int(drift ? call : hits))
        summary.append("misses", .int(1000 - hits))
        summary.append("work_ns", .int(10 * call))
        summary.append("complete", .string("true"))
        var latency = LatencyRecorder()
        latency.record(nanoseconds: UInt64(1000 * call))
        return configuration.output(
            scenario: header.name, summary: summary, timeseries: RowSpool(), operations: [("work", latency)], complete: true)
    }

    func memoryEstimate() -> MemoryEstimate {
        MemoryEstimate()
    }
}

@Suite("Running: workload seeds")
struct SeedReplicationTests {
    /// No warm-up round: a run's calls are its recorded ones.
    static var unwarmed: RunOptions {
        var options = RunOptions()
        options.warmUpRounds = 0
        return options
    }

    static func scenario(_ name: String, seeds: String = "[101, 205, 303]", repeat count: Int = 1, drift: Bool = false) throws -> Scenario {
        try ScenarioLoader.load(
            yaml: "name: \(name)\nkind: seed-probe\nseed: 7\nduration: 1s\nseeds: \(seeds)\nrepeat: \(count)\ndrift: \(drift)\n",
            file: "\(name).yaml")
    }

    @Test("seeds: N is the base seed, then seed i = output i of SplitMix64 seeded with it; a list is used as written")
    func seedDerivation() {
        var generator = SeededGenerator(seed: 2024)
        let derived = (1...3).map { _ in generator.next() }
        #expect(SeedsSpec.count(4).seeds(base: 2024) == [2024] + derived)
        #expect(SeedsSpec.count(1).seeds(base: 2024) == [2024])
        // SplitMix64's first output for seed 0 (Vigna's reference implementation).
        #expect(SeedsSpec.count(2).seeds(base: 0) == [0, 0xE220_A839_7B1D_CDAF])
        #expect(SeedsSpec.list([9, 3, 5]).seeds(base: 2024) == [9, 3, 5])
    }

    @Test(
        "a seeds: list is checked for its length before its duplicates, each seed once by a set: 300,000 seeds are refused in seconds, not a minute"
    )
    func longSeedList() throws {
        func list(_ count: Int) -> String { "[" + (0..<count).map { String($0 % 500) }.joined(separator: ", ") + "]" }
        let started = Date()
        let (huge, error, duplicate) = KindRegistry.registering([SeedProbeScenario.self]) {
            (
                // 300,000 seeds pass the loader's node limit: refused before any seed is read.
                loadError("name: huge\nkind: seed-probe\nseed: 7\nduration: 1s\nseeds: \(list(300_000))\ndrift: false\n", file: "huge.yaml"),
                // 9,000 seeds, each listed many times, within the node limit: refused by length, not duplicates.
                loadError("name: many\nkind: seed-probe\nseed: 7\nduration: 1s\nseeds: \(list(9_000))\ndrift: false\n", file: "many.yaml"),
                loadError("name: twice\nkind: seed-probe\nseed: 7\nduration: 1s\nseeds: [4, 5, 4]\ndrift: false\n", file: "twice.yaml")
            )
        }
        #expect(Date().timeIntervalSince(started) < 10, "refused in \(Date().timeIntervalSince(started)) s")
        #expect(huge?.message.contains("more than 10000 YAML nodes") == true, "\(String(describing: huge))")
        #expect(error?.message == "seeds must list 1 to 1000 seeds", "\(String(describing: error))")
        #expect(duplicate?.message == "seeds[2]: duplicate seed 4 (already at [0])", "\(String(describing: duplicate))")
        #expect(duplicate?.line == 5 && duplicate?.column == 15)
    }

    @Test("--seeds replaces the file's seeds (a count or a list); --seed is the base of a count and leaves a list alone")
    func seedOptions() throws {
        let (listed, counted) = try KindRegistry.registering([SeedProbeScenario.self]) {
            (try Self.scenario("listed").header, try Self.scenario("counted", seeds: "3").header)
        }
        var options = RunOptions()
        #expect(options.seeds(for: listed) == [101, 205, 303])
        #expect(options.seeds(for: counted) == SeedsSpec.count(3).seeds(base: 7))
        options.seed = 11
        #expect(options.seeds(for: listed) == [101, 205, 303])
        #expect(options.seeds(for: counted) == SeedsSpec.count(3).seeds(base: 11))
        options.seedCount = 2
        #expect(options.seeds(for: listed) == SeedsSpec.count(2).seeds(base: 11))
        #expect(options.seedsSpec(for: listed) == .count(2))
    }

    @Test("every run is replicated over the seeds, seed by seed: every run on the first seed, then every run on the second, ...")
    func replicatedSeedBySeed() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let result = ScenarioRunner.run(try Self.scenario("seed-order"), options: Self.unwarmed)
            #expect(
                RepetitionLog.shared.calls("seed-order") == ["lru 101", "fifo 101", "lru 205", "fifo 205", "lru 303", "fifo 303"])
            #expect(result.complete && result.summary.count == 2 && result.seedList == [101, 205, 303])
        }
    }

    @Test("seeds.csv: one row per run per seed, the summary's identity and count columns with that row's seed, nothing measured")
    func seedRows() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let result = ScenarioRunner.run(try Self.scenario("seed-rows"), options: Self.unwarmed)
            let names = ["scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "seed", "hits", "misses", "complete"]
            #expect(result.columns.seeds.map(\.name) == names)
            #expect(result.seeds.allSatisfy { $0.names == names })
            #expect(result.seeds.map { $0["policy"]?.text ?? "" } == ["lru", "lru", "lru", "fifo", "fifo", "fifo"])
            #expect(result.seeds.map { $0["seed"] } == [.uint(101), .uint(205), .uint(303), .uint(101), .uint(205), .uint(303)])
            #expect(result.seeds.map { $0["hits"] } == [.int(101), .int(205), .int(303), .int(102), .int(206), .int(304)])
            #expect(throws: Never.self) {
                _ = try ResultsWriter.table(file: Seeds.fileName, rows: result.seeds, declared: result.columns.seeds)
            }
        }
    }

    @Test(
        "summary.csv: one row per run, each count the median over the seeds followed by <count>_seed_min and _seed_max, seed the first seed"
    )
    func summaryOverSeeds() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let result = ScenarioRunner.run(try Self.scenario("seed-summary", seeds: "[101, 205, 303, 400]"), options: Self.unwarmed)
            let lru = try #require(result.summary.first)
            #expect(lru["seed"] == .uint(101))
            #expect(lru["hits"] == .int(254))  // (205 + 303) / 2
            #expect(lru["hits_seed_min"] == .int(101) && lru["hits_seed_max"] == .int(400))
            #expect(lru["misses"] == .int(746) && lru["misses_seed_min"] == .int(600) && lru["misses_seed_max"] == .int(899))
            let summary = result.columns.summary.map(\.name)
            #expect(summary.contains { $0 == "hits" } && summary[summary.firstIndex(of: "hits")! + 1] == "hits_seed_min")
            #expect(result.columns.column("hits_seed_max")?.role == .count)
            #expect(result.columns.column("hits_seed_min")?.direction == .neutral)
            #expect(result.summary.allSatisfy { $0.names == summary })
            // The file's columns.csv declares every file's columns, seeds.csv's among them.
            #expect(result.columns.render().contains("\r\nseeds,hits,count,count,higher_is_better,"))
        }
    }

    @Test(
        "measured columns: the median and interval over every seed's repetitions; repetitions.csv a row per run per seed per repetition, with its seed"
    )
    func measuredOverSeedsAndRepetitions() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let result = ScenarioRunner.run(try Self.scenario("seed-measured", seeds: "[1, 2]", repeat: 2), options: Self.unwarmed)
            // Calls: repetition 1 (lru 1, fifo 1, lru 2, fifo 2), repetition 2 (the same): lru ran as calls 1, 3, 5, 7.
            #expect(RepetitionLog.shared.calls("seed-measured").count == 8)
            let lru = try #require(result.summary.first)
            #expect(lru["work_ns"] == .double(40))
            #expect(lru["work_ns_ci_low"] == .double(10) && lru["work_ns_ci_high"] == .double(70))
            #expect(result.repetitions.count == 8)
            #expect(
                result.repetitions.first?.names == [
                    "scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "seed", "repetition", "work_ns",
                ])
            #expect(result.columns.repetitions.map(\.name) == result.repetitions.first?.names)
            let lruRows = result.repetitions.filter { $0["policy"] == .string("lru") }
            #expect(lruRows.map { $0["seed"] } == [.uint(1), .uint(1), .uint(2), .uint(2)])
            #expect(lruRows.map { $0["work_ns"] } == [.int(10), .int(50), .int(30), .int(70)])
            // One repetition of several seeds: the seeds are the samples.
            let once = ScenarioRunner.run(try Self.scenario("seed-measured-once", seeds: "[1, 2, 3]"), options: Self.unwarmed)
            #expect(once.repetitions.count == 6 && once.summary.first?["work_ns"] == .double(30))
        }
    }

    @Test("--seeds and --repeat combine: each seed's run is repeated, and a count that differs between a seed's repetitions names the seed")
    func seedsWithRepetitions() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let steady = ScenarioRunner.run(try Self.scenario("seed-steady", repeat: 3), options: Self.unwarmed)
            #expect(steady.determinismFailure == nil && steady.seeds.count == 6 && steady.repetitions.count == 18)
            let drifting = ScenarioRunner.run(try Self.scenario("seed-drift", repeat: 2, drift: true), options: Self.unwarmed)
            let failure = try #require(drifting.determinismFailure)
            #expect(failure.run == "lru (seed 101)" && failure.difference.column == "hits")
        }
    }

    @Test("interrupted before every seed had run: the runs' rows are kept, over the seeds that ran, and say complete=false")
    func interruptedAmongSeeds() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            var options = Self.unwarmed
            options.isCancelled = { RepetitionLog.shared.calls("seed-interrupted").count >= 3 }
            let result = ScenarioRunner.run(try Self.scenario("seed-interrupted"), options: options)
            #expect(!result.complete)
            #expect(result.seeds.map { "\($0["policy"]?.text ?? "") \($0["seed"]?.text ?? "")" } == ["lru 101", "lru 205", "fifo 101"])
            #expect(result.summary.count == 2 && result.summary.allSatisfy { $0["complete"] == .string("false") })
            #expect(result.summary.first?["hits_seed_max"] == .int(205))
        }
    }

    @Test("one seed writes what it wrote before: the kind's columns, no seeds.csv, no seeds: line in scenario.yaml")
    func oneSeedUnchanged() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let plain = try ScenarioLoader.load(yaml: "name: one-seed\nkind: seed-probe\nseed: 7\nduration: 1s\n", file: "one.yaml")
            let before = ScenarioRunner.run(plain, options: Self.unwarmed)
            var options = Self.unwarmed
            options.seedCount = 1
            let explicit = ScenarioRunner.run(plain, options: options)
            for result in [before, explicit] {
                #expect(result.columns == SeedProbeScenario.columns)
                #expect(result.seeds.isEmpty && result.repetitions.isEmpty)
                #expect(!result.scenarioYAML.contains("seeds"))
                #expect(result.summary.map { $0["hits"] } == [.int(7), .int(8)])
                #expect(result.summary.first?.names == SeedProbeScenario.columns.summary.map(\.name))
            }
        }
    }

    @Test("scenario.yaml records the seeds that ran: --seeds replaces the file's count or list")
    func seedsInScenarioYAML() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            var options = Self.unwarmed
            options.seedCount = 2
            let listed = ScenarioRunner.run(try Self.scenario("yaml-listed"), options: options)
            #expect(listed.scenarioYAML.contains("\nseeds: 2\n") && !listed.scenarioYAML.contains("- 101"))
            let counted = ScenarioRunner.run(try Self.scenario("yaml-counted", seeds: "5"), options: options)
            #expect(counted.scenarioYAML.contains("\nseeds: 2\n") && !counted.scenarioYAML.contains("seeds: 5"))
            let plain = try ScenarioLoader.load(yaml: "name: yaml-plain\nkind: seed-probe\nseed: 7\nduration: 1s\n", file: "p.yaml")
            let added = ScenarioRunner.run(plain, options: options)
            #expect(added.scenarioYAML.contains("\nseed: 7\nseeds: 2\n"))
            // Read back, it is the scenario that ran.
            let reread = try ScenarioLoader.load(yaml: added.scenarioYAML, file: "again.yaml")
            #expect(reread.header.seeds == .count(2))
        }
    }

    @Test(
        "a real kind over seeds: rows as declared, and each seed's counts those of a run on that seed alone (trace: lru's capacities replayed in one pass per seed)"
    )
    func realKindsPerSeed() throws {
        let yamls = [
            ("scrolling-table", ScrollingTableDriverTests.table),
            (
                "trace",
                "name: seeded-trace\nkind: trace\ngenerate: {distribution: zipf, alpha: 1.0, objects: 300, requests: 4000}\ncache: {policies: [lru, fifo], capacities: [16, 64]}\n"
            ),
        ]
        for (kind, yaml) in yamls {
            let scenario = try ScenarioLoader.load(yaml: yaml, file: "\(kind).yaml")
            var options = RunOptions()
            options.seedCount = 3
            let result = ScenarioRunner.run(scenario, options: options)
            RepeatedCountsTests.declaredRows(result, kind: kind)
            #expect(result.determinismFailure == nil && result.complete)
            let runs = ScenarioRunner.runs(for: scenario).count
            #expect(result.summary.count == runs && result.seeds.count == 3 * runs, "\(kind)")
            #expect(result.seeds.allSatisfy { $0.names == result.columns.seeds.map(\.name) })
            for (position, seed) in result.seedList.enumerated() {
                var alone = RunOptions()
                alone.seed = seed
                let single = ScenarioRunner.run(scenario, options: alone)
                let mine = result.seeds.enumerated().filter { $0.offset % 3 == position }.map(\.element)
                let expected = single.summary.map { Seeds.row($0, columns: scenario.kindType.columns) }
                #expect(mine == expected, "\(kind), seed \(seed)")
            }
            // Seeds that differ give counts that differ (the seed reaches the workload).
            let counts = result.seeds.map { row in row.columns.filter { $0.name != "seed" }.map(\.value.text) }
            #expect(Set(counts).count > runs, "\(kind)")
        }
    }
}

extension StudyPlanTests {
    @Test("plan counts a run's work over its seeds: warm-up plus duration, times the seeds (seeds: or --seeds)")
    func workOverSeeds() throws {
        let plans = [try ScenarioLoader.loadPlan(yaml: "name: a\nseeds: 3\n" + Self.table, file: "a.yaml")]
        #expect(StudyPlan(plans, shards: 1).runs.allSatisfy { $0.seconds == 15 })
        var options = RunOptions()
        options.seedCount = 10
        #expect(StudyPlan(plans, options: options, shards: 1).runs.allSatisfy { $0.seconds == 50 })
        #expect(StudyPlan(plans, options: options, shards: 1).runs.count == 3)
    }
}
