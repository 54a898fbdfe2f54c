import Report
import Testing

@testable import Scenarios

/// `expect` lines: parsing, load errors at their position, evaluation.
@Suite("Expectations")
struct ExpectationTests {
    /// Line numbers are fixed: the expect block starts on line 15.
    static func yaml(_ expect: String) -> String {
        """
        name: exp
        kind: scrolling-table
        seed: 4
        duration: 3s
        table:
          sections: 6
          rows_per_section: [3, 12]
          viewport_height: 500
          cells: [{type: a, height: 44, nib: {views: 6, depth: 2}}]
        scroll:
          - fling: {velocity: 3000}
          - random_jumps: {count: 2, every: 500ms}
        memory_pressure: [{every: 1s, level: warning}]
        cache: {capacity: 3, policies: [none, lru], in_use: [repopulate, drop]}
        expect:
        \(expect)

        """
    }

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "exp.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("conditions parse with every operator, spaces optional, and evaluate")
    func conditions() throws {
        let atLeast = try #require(Expectation.Condition(parsing: ">= 0.9"))
        #expect(atLeast == .init(.atLeast, 0.9))
        #expect(atLeast.holds(for: 0.9) && !atLeast.holds(for: 0.89))
        #expect(Expectation.Condition(parsing: "<20000") == .init(.less, 20000))
        #expect(Expectation.Condition(parsing: "== 0")?.holds(for: 0) == true)
        #expect(Expectation.Condition(parsing: "!= 0")?.holds(for: 0) == false)
        #expect(Expectation.Condition(parsing: "> 1")?.holds(for: 1) == false)
        #expect(Expectation.Condition(parsing: "<= 4")?.holds(for: 4) == true)
        #expect(Expectation.Condition(parsing: "about 3") == nil)
        #expect(Expectation.Condition(parsing: ">= lots") == nil)
    }

    @Test("an expect block loads per policy and per policy/in_use")
    func loads() throws {
        let scenario = try ScenarioLoader.load(
            yaml: Self.yaml("  lru: {hit_rate: \">= 0.5\"}\n  lru/drop: {in_use_dropped: \"> 0\"}"), file: "exp.yaml")
        #expect(
            scenario.header.expect == [
                Expectation(policy: .lru, metric: "hit_rate", condition: .init(.atLeast, 0.5)),
                Expectation(policy: .lru, inUse: .drop, metric: "in_use_dropped", condition: .init(.greater, 0)),
            ])
    }

    @Test("an unknown metric is a load error at the metric's key, listing the metrics")
    func unknownMetric() {
        let failure = error(Self.yaml("  lru: {hit_rat: \">= 0.5\"}"))
        #expect(failure?.line == 16)
        #expect(failure?.column == 9)
        #expect(failure?.keyPath == "expect.lru.hit_rat")
        #expect(failure?.message.contains("unknown metric 'hit_rat'") == true)
        #expect(failure?.message.contains("hit_rate") == true)
    }

    @Test("an unknown policy name is a load error at the policy's key")
    func unknownPolicy() {
        let failure = error(Self.yaml("  lruu: {hit_rate: \">= 0.5\"}"))
        #expect(failure?.line == 16)
        #expect(failure?.column == 3)
        #expect(failure?.message.contains("unknown policy 'lruu'") == true)
    }

    @Test("a policy or in-use mode the scenario does not run is a load error")
    func policyNotRun() {
        let fifo = error(Self.yaml("  fifo: {hits: \"> 0\"}"))
        #expect(fifo?.message.contains("policy 'fifo' is not run by this scenario") == true)
        #expect(fifo?.line == 16)
        let pin = error(Self.yaml("  lru/pin: {hits: \"> 0\"}"))
        #expect(pin?.message.contains("in_use mode 'pin' is not run") == true)
        let bogus = error(Self.yaml("  lru/keep: {hits: \"> 0\"}"))
        #expect(bogus?.message.contains("unknown in_use mode 'keep'") == true)
    }

    @Test("a condition that cannot be read is a load error at its value")
    func badCondition() {
        let failure = error(Self.yaml("  lru: {hits: \"lots\"}"))
        #expect(failure?.line == 16)
        #expect(failure?.keyPath == "expect.lru.hits")
        #expect(failure?.message.contains("cannot read condition 'lots'") == true)
        #expect(error(Self.yaml("  lru: {hits: 5}"))?.message.contains("cannot read condition '5'") == true)
    }

    @Test("after a run each expectation is checked on every matching run, and failures say so")
    func evaluation() throws {
        let scenario = try ScenarioLoader.load(
            yaml: Self.yaml(
                "  none: {hits: \"== 0\", instantiations: \"== 0\"}\n  lru: {requests: \"> 0\"}\n  lru/drop: {in_use_dropped: \">= 0\"}"),
            file: "exp.yaml")
        let result = ScenarioRunner.run(scenario)
        let outcomes = ExpectationCheck.evaluate(scenario.header.expect, result: result)
        #expect(outcomes.count == 5, "none: 2, lru: 2 runs, lru/drop: 1")
        let failed = outcomes.filter { !$0.passed }
        #expect(failed.map(\.expectation.metric) == ["instantiations"], "none instantiates: == 0 fails")
        #expect(failed.first?.actual ?? 0 > 0)
        #expect(outcomes.first { $0.expectation.metric == "requests" }?.run == "lru/repopulate")
    }

    @Test("expectations of policies that did not run (a --policy override or a shard) are listed as skipped, not checked")
    func skippedPolicies() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.yaml("  none: {hits: \"== 1\"}"), file: "exp.yaml")
        let result = ScenarioRunner.run(scenario, options: RunOptions(policies: [.lru]))
        let outcomes = ExpectationCheck.evaluate(scenario.header.expect, result: result)
        #expect(outcomes.count == 1)
        #expect(outcomes.first?.skipped == true)
        #expect(outcomes.first?.passed == true, "a skipped expectation is not a failure")
        #expect(outcomes.first?.run == "none")
    }

    @Test("complete is not accepted as an expectation metric")
    func completeIsNotAMetric() {
        let failure = error(Self.yaml("  lru: {complete: \"== 1\"}"))
        #expect(failure?.keyPath == "expect.lru.complete")
        #expect(failure?.message.contains("unknown metric 'complete'") == true)
    }

    @Test("relative conditions name another run, with an optional factor, and read back as written")
    func relativeConditions() throws {
        let lower = try #require(Expectation.Condition(parsing: "< gcd-barrier"))
        #expect(lower.op == .less && lower.reference == Expectation.Reference(policy: .gcdBarrier))
        let factor = try #require(Expectation.Condition(parsing: ">= 3x gcd-barrier"))
        #expect(factor.reference == Expectation.Reference(policy: .gcdBarrier, factor: 3))
        #expect(factor.description == ">= 3x gcd-barrier")
        let mode = try #require(Expectation.Condition(parsing: ">=fifo/drop"))
        #expect(mode.reference == Expectation.Reference(policy: .fifo, inUse: .drop))
        #expect(Expectation.Condition(parsing: ">= mutex")?.reference?.policy == .mutex)
        #expect(Expectation.Condition(parsing: ">= 0x fifo") == nil)
    }

    @Test("an unknown run name in a relative condition is a load error at its value, file:line:column")
    func unknownRun() {
        let unknown = error(Self.yaml("  lru: {hits: \">= lfuu\"}"))
        #expect(unknown?.line == 16 && unknown?.keyPath == "expect.lru.hits")
        #expect(unknown?.message.contains("unknown run 'lfuu' in '>= lfuu'") == true, "\(String(describing: unknown))")
        #expect(unknown?.description.hasPrefix("exp.yaml:16:") == true)
        let notRun = error(Self.yaml("  lru: {hits: \">= fifo\"}"))
        #expect(notRun?.keyPath == "expect.lru.hits")
        #expect(notRun?.message.contains("run 'fifo' is not run by this scenario") == true, "\(String(describing: notRun))")
    }

    @Test("a relative expectation on a count is checked exactly against the other run's value times the factor")
    func relativeCounts() throws {
        let scenario = try ScenarioLoader.load(
            yaml: Self.yaml("  lru/drop: {instantiations: \"< none\", hits: \"> 1000x none\"}\n  lru/repopulate: {hits: \"> none\"}"),
            file: "exp.yaml")
        let result = ScenarioRunner.run(scenario)
        let outcomes = ExpectationCheck.evaluate(scenario.header.expect, result: result)
        let none = try #require(result.summary.first { $0["policy"] == .string("none") })
        let instantiations = outcomes.filter { $0.expectation.metric == "instantiations" }
        #expect(instantiations.count == 1 && instantiations.allSatisfy(\.passed))
        #expect(instantiations.first?.reference == none["instantiations"]?.number)
        // none never hits: 1000 × 0 = 0; lru/drop hits 5 times, lru/repopulate not at all (exactly: 0 > 0 fails).
        let hits = outcomes.filter { $0.expectation.metric == "hits" }
        #expect(hits.map(\.passed) == [true, false] && hits.allSatisfy { $0.reference == 0 })
        #expect(outcomes.allSatisfy { $0.reason == nil })
    }

    @Test("a relative expectation on a measured metric holds only when significant, else fails saying so")
    func relativeMeasured() throws {
        func result(none: [Double], lru: [Double]) -> ScenarioResult {
            let columns = Repetitions.columns(RepetitionProbeScenario.columns)
            var result = ScenarioResult(name: "probe", columns: columns)
            for (policy, values) in [("none", none), ("lru", lru)] {
                var rows: [ResultRow] = []
                for value in values {
                    var row = ResultRow()
                    for column in SharedColumns.identity { row.append(column.name, .string(column.name == "policy" ? policy : "")) }
                    row.append("work_ns", .double(value))
                    rows.append(row)
                }
                result.summary.append(Repetitions.summary(rows, columns: columns))
                if values.count > 1 {
                    result.repetitions += rows.enumerated().map { Repetitions.row($1, repetition: $0 + 1, columns: columns) }
                }
            }
            return result
        }
        let faster = [Expectation(policy: .lru, metric: "work_ns", condition: .init(.less, .init(policy: .none)))]
        // 5 against 5, apart: p = 2/252 = 0.0079 <= 0.01.
        let five = ExpectationCheck.evaluate(faster, result: result(none: [200, 201, 202, 203, 204], lru: [100, 101, 102, 103, 104]))
        #expect(five.first?.passed == true)
        #expect(five.first?.reason == "p=0.0079")
        // 3 against 3: the medians' intervals (the whole ranges) do not overlap.
        let three = ExpectationCheck.evaluate(faster, result: result(none: [200, 201, 202], lru: [100, 101, 102]))
        #expect(three.first?.passed == true && three.first?.reason == "confidence intervals apart")
        // One repetition: not judged (see relativeMeasuredOneRepetition).
        let one = ExpectationCheck.evaluate(faster, result: result(none: [200], lru: [100]))
        #expect(one.first?.notJudged == true && one.first?.reason == "1 repetition")
        let overlapping = ExpectationCheck.evaluate(faster, result: result(none: [200, 100, 202], lru: [100, 150, 300]))
        #expect(overlapping.first?.passed == false && overlapping.first?.reason == "not significant with 3 repetitions")
        // Significant, but the wrong way round.
        let slower = ExpectationCheck.evaluate(faster, result: result(none: [100, 101, 102], lru: [200, 201, 202]))
        #expect(slower.first?.passed == false)
    }

    @Test("a relative expectation on an unreliable percentile (fewer than 10 samples beyond it in either run) is not met and says why")
    func relativeUnreliablePercentile() throws {
        func result(noneTail: Int, lruTail: Int) -> ScenarioResult {
            let columns = Repetitions.columns(
                ResultColumns(summary: SharedColumns.identity + SharedColumns.latency("work", of: "the work", levels: ["p99"])))
            var result = ScenarioResult(name: "probe", columns: columns)
            for (policy, values, tail) in [("none", [200.0, 201, 202, 203, 204], noneTail), ("lru", [100.0, 101, 102, 103, 104], lruTail)] {
                var rows: [ResultRow] = []
                for value in values {
                    var row = ResultRow()
                    for column in SharedColumns.identity { row.append(column.name, .string(column.name == "policy" ? policy : "")) }
                    row.append("work_p99_ns", .double(value))
                    row.append("work_p99_ns_tail_samples", .int(tail))
                    rows.append(row)
                }
                result.summary.append(Repetitions.summary(rows, columns: columns))
                result.repetitions += rows.enumerated().map { Repetitions.row($1, repetition: $0 + 1, columns: columns) }
            }
            return result
        }
        let faster = [Expectation(policy: .lru, metric: "work_p99_ns", condition: .init(.less, .init(policy: .none)))]
        // 5 repetitions with 2 samples beyond each: 10 in all, enough; the difference is significant (p = 0.0079).
        let reliable = ExpectationCheck.evaluate(faster, result: result(noneTail: 2, lruTail: 2))
        #expect(reliable.first?.passed == true)
        // The reference run has 5 × 1 = 5 samples beyond its p99: the claim cannot be made.
        let unreliable = ExpectationCheck.evaluate(faster, result: result(noneTail: 1, lruTail: 2))
        #expect(unreliable.first?.passed == false)
        #expect(unreliable.first?.reason == "unreliable: 5 samples beyond (needs 10)")
    }
}

