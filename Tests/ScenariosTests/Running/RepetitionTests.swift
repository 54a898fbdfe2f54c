import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// Which runs ran, in order, per scenario name (tests run in parallel, each with its own name).
final class RepetitionLog: @unchecked Sendable {
    static let shared = RepetitionLog()
    private let lock = NSLock()
    private var calls: [String: [String]] = [:]

    /// Records a call of `run` in `scenario` and returns how many calls `scenario` has had.
    func record(_ scenario: String, _ run: String) -> Int {
        lock.withLock {
            calls[scenario, default: []].append(run)
            return calls[scenario, default: []].count
        }
    }

    func calls(_ scenario: String) -> [String] {
        lock.withLock { calls[scenario] ?? [] }
    }
}

/// A kind whose measured figure (and, with `drift: true`, a count) depends on how many runs of
/// its scenario came before: the n-th call measures work_ns = 10·n and records one latency of
/// 1000·n ns.
struct RepetitionProbeScenario: KindScenario {
    static let kind = KindName(rawValue: "repetition-probe")
    static let summary = "a run that counts how often it ran"
    static let columns = ResultColumns(
        summary: SharedColumns.identity + [
            SharedColumns.seed,
            .count("hits", .higherIsBetter, "7, or with drift the call's number"),
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
        RunConfiguration.matrix(policies: [.none, .lru], modes: [], seed: seed(options), inUseApplies: { _ in false })
    }

    func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        let call = RepetitionLog.shared.record(header.name, configuration.description)
        var summary = configuration.identityRow(scenario: header.name)
        summary.append("seed", .uint(configuration.seed))
        summary.append("hits", .int(drift ? call : 7))
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

@Suite("Running: repetitions")
struct RepetitionTests {
    /// No warm-up round, so a run's n-th call is its n-th recorded repetition (the warm-up
    /// has a test of its own).
    static var unwarmed: RunOptions {
        var options = RunOptions()
        options.warmUpRounds = 0
        return options
    }

    static func scenario(_ name: String, repeat count: Int = 3, drift: Bool = false) throws -> Scenario {
        try ScenarioLoader.load(
            yaml: "name: \(name)\nkind: repetition-probe\nduration: 1s\nrepeat: \(count)\ndrift: \(drift)\n", file: "\(name).yaml")
    }

    @Test("repetitions are interleaved: repetition 1 of every run, then repetition 2, ...")
    func interleaved() throws {
        try KindRegistry.registering([RepetitionProbeScenario.self]) {
            let result = ScenarioRunner.run(try Self.scenario("interleaved"), options: Self.unwarmed)
            #expect(RepetitionLog.shared.calls("interleaved") == ["none", "lru", "none", "lru", "none", "lru"])
            #expect(result.determinismFailure == nil)
        }
    }

    @Test("--repeat replaces the file's repeat, and scenario.yaml records the one that ran")
    func repeatOption() throws {
        try KindRegistry.registering([RepetitionProbeScenario.self]) {
            var options = Self.unwarmed
            options.repetitions = 2
            let result = ScenarioRunner.run(try Self.scenario("option", repeat: 5), options: options)
            #expect(RepetitionLog.shared.calls("option").count == 4)
            #expect(result.scenarioYAML.contains("\nrepeat: 2\n"))
        }
    }

    @Test("a count that differs between repetitions is a determinism failure naming the column, the run and the two values")
    func determinismFailure() throws {
        try KindRegistry.registering([RepetitionProbeScenario.self]) {
            let result = ScenarioRunner.run(try Self.scenario("drifting", drift: true), options: Self.unwarmed)
            let failure = try #require(result.determinismFailure)
            #expect(
                failure
                    == DeterminismFailure(
                        scenario: "drifting", run: "none",
                        difference: Repetitions.CountDifference(column: "hits", repetition: 2, first: "1", other: "3")))
            #expect(
                failure.description
                    == "drifting: error: determinism failure: run none: count 'hits' is 1 in repetition 1 but 3 in repetition 2 (the same file and seed must give the same counts)"
            )
        }
    }

    @Test(
        "with repetitions: the summary holds the median and its interval, repetitions.csv a row per run per repetition, latency.csv the merged histograms"
    )
    func repeatedResults() throws {
        try KindRegistry.registering([RepetitionProbeScenario.self]) {
            let result = ScenarioRunner.run(try Self.scenario("medians"), options: Self.unwarmed)
            // none ran as calls 1, 3, 5: work_ns 10, 30, 50.
            let none = try #require(result.summary.first)
            #expect(none["hits"] == .int(7))
            #expect(none["work_ns"] == .double(30))
            #expect(none["work_ns_ci_low"] == .double(10))
            #expect(none["work_ns_ci_high"] == .double(50))
            #expect(result.columns.column("work_ns_ci_low")?.role == .measured)
            #expect(result.repetitions.count == 6)
            #expect(result.repetitions.map { $0["repetition"] } == [.int(1), .int(2), .int(3), .int(1), .int(2), .int(3)])
            #expect(
                result.repetitions.first?.names == [
                    "scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "repetition", "work_ns",
                ])
            let noneLatency = result.latency.filter { $0["policy"] == .string("none") }
            #expect(noneLatency.last?["latency_ns"] == .uint(5000))
            #expect(noneLatency.first?["latency_ns"] == .uint(1000))
        }
    }

    @Test("latency.csv's band: at every percentile the smallest and largest of the repetitions' own values; one repetition, its own value")
    func spectrumBand() throws {
        try KindRegistry.registering([RepetitionProbeScenario.self]) {
            // none ran as calls 1, 3, 5: one latency each, 1000, 3000 and 5000 ns.
            let result = ScenarioRunner.run(try Self.scenario("band"), options: Self.unwarmed)
            let none = result.latency.filter { $0["policy"] == .string("none") }
            #expect(!none.isEmpty)
            #expect(none.allSatisfy { $0[SharedColumns.spectrumLow] == .uint(1000) && $0[SharedColumns.spectrumHigh] == .uint(5000) })
            #expect(result.columns.latency.map(\.name).suffix(3) == ["latency_ns", "latency_ns_min", "latency_ns_max"])
            let single = ScenarioRunner.run(try Self.scenario("band-single", repeat: 1), options: Self.unwarmed)
            #expect(
                single.latency.allSatisfy { $0[SharedColumns.spectrumLow] == $0["latency_ns"] && $0[SharedColumns.spectrumHigh] == $0["latency_ns"] })
        }
    }

    @Test("warm-up rounds run every run unrecorded before the measured ones: one by default with repetitions, none without")
    func warmUpRounds() throws {
        try KindRegistry.registering([RepetitionProbeScenario.self]) {
            // (repetitions, --warm-up) → calls of each of the scenario's 2 runs (none, lru)
            let cases: [(Int, Int?, Int)] = [(1, nil, 1), (2, nil, 3), (3, 0, 3), (1, 2, 3), (2, 2, 4)]
            for (index, (repetitions, warmUp, expected)) in cases.enumerated() {
                let name = "warm-up-\(index)"
                var options = RunOptions()
                options.repetitions = repetitions
                options.warmUpRounds = warmUp
                let result = ScenarioRunner.run(try Self.scenario(name), options: options)
                let calls = RepetitionLog.shared.calls(name)
                #expect(calls.count == 2 * expected, "repeat \(repetitions), warm-up \(String(describing: warmUp))")
                #expect(result.complete && result.summary.count == 2)
                #expect(result.repetitions.count == (repetitions > 1 ? 2 * repetitions : 0))
            }
            // The warm-up's calls are not recorded: with one round, none's repetitions are calls 3 and 5.
            var options = RunOptions()
            options.repetitions = 2
            let result = ScenarioRunner.run(try Self.scenario("warm-up-unrecorded"), options: options)
            let none = result.repetitions.filter { $0["policy"] == .string("none") }.map { $0["work_ns"] }
            #expect(none == [.int(30), .int(50)], "\(none)")
        }
    }

    @Test("--warm-up is 0 to 10")
    func warmUpRange() {
        #expect(throws: OptionValueError.self) { try ScenarioLoader.validateWarmUpOption(-1) }
        #expect(throws: OptionValueError.self) { try ScenarioLoader.validateWarmUpOption(11) }
        #expect((try? ScenarioLoader.validateWarmUpOption(0)) == 0)
        #expect((try? ScenarioLoader.validateWarmUpOption(10)) == 10)
    }

    @Test("repeat is 1 to 100: 0 and 101 are refused at the key")
    func repeatRange() {
        for value in [0, 101] {
            let error = planError(LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: 30\nrepeat: \(value)"))
            #expect(error?.keyPath == "repeat", "\(String(describing: error))")
            #expect(error?.line == 4, "\(String(describing: error))")
            #expect(error?.message.contains("must be 1 to 100") == true, "\(String(describing: error))")
        }
        #expect(throws: OptionValueError.self) { try ScenarioLoader.validateRepeatOption(0) }
        #expect((try? ScenarioLoader.validateRepeatOption(100)) == 100)
    }
}
