import Report
import Testing

@testable import Scenarios

/// Relative expectations over seeds and repetitions: counts compared seed by seed, measured
/// figures not judged on one repetition, and expectations whose runs did not run skipped.
@Suite("Expectations over seeds and repetitions")
struct SeedExpectationTests {
    /// A seed-probe scenario (fifo has one hit more than lru in every seed) with `expect`.
    static func scenario(_ name: String, seeds: String, repeat count: Int = 1, expect: String) throws -> Scenario {
        try ScenarioLoader.load(
            yaml: "name: \(name)\nkind: seed-probe\nseed: 7\nduration: 1s\nseeds: \(seeds)\nrepeat: \(count)\nexpect:\n\(expect)\n",
            file: "\(name).yaml")
    }

    static var unwarmed: RunOptions {
        var options = RunOptions()
        options.warmUpRounds = 0
        return options
    }

    @Test(
        "a relative expectation on a count over several seeds is judged seed by seed (paired Wilcoxon test), with the verdict as its reason"
    )
    func countsPairedOverSeeds() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let expect = "  fifo: {hits: \"> lru\", misses: \"< lru\"}\n  lru: {hits: \">= fifo\"}"
            // Ten seeds: fifo higher in all ten, p = 2/1024.
            let ten = try Self.scenario("paired-ten", seeds: "10", expect: expect)
            let outcomes = ExpectationCheck.evaluate(ten.header.expect, result: ScenarioRunner.run(ten, options: Self.unwarmed))
            let byKey = Dictionary(uniqueKeysWithValues: outcomes.map { ("\($0.expectation)", $0) })
            let higher = try #require(byKey["fifo: hits > lru"])
            #expect(higher.passed && higher.reason == "higher in 10 of 10 seeds (p = 0.002)")
            let lower = try #require(byKey["fifo: misses < lru"])
            #expect(lower.passed && lower.reason == "lower in 10 of 10 seeds (p = 0.002)")
            let atLeast = try #require(byKey["lru: hits >= fifo"])
            #expect(!atLeast.passed && atLeast.reason == "lower in 10 of 10 seeds (p = 0.002)")
            // Three seeds: the same direction in all three cannot be significant (p >= 0.25).
            let three = try Self.scenario("paired-three", seeds: "3", expect: expect)
            let few = ExpectationCheck.evaluate(three.header.expect, result: ScenarioRunner.run(three, options: Self.unwarmed))
            let unsure = try #require(few.first { "\($0.expectation)" == "fifo: hits > lru" })
            #expect(!unsure.passed)
            #expect(unsure.reason == "higher in 3, lower in 0 of 3 seeds: too few differing seeds to tell (p >= 0.25)")
            // One seed: exact, as before.
            let one = try Self.scenario("paired-one", seeds: "1", expect: expect)
            let exact = ExpectationCheck.evaluate(one.header.expect, result: ScenarioRunner.run(one, options: Self.unwarmed))
            #expect(exact.filter(\.passed).count == 2 && exact.first { "\($0.expectation)" == "lru: hits >= fifo" }?.passed == false)
            #expect(exact.allSatisfy { $0.reason == nil })
        }
    }

    @Test(
        "expect across seeds: '>= N in P% of seeds' holds when at least that share of the run's seeds meets the bound (decide:'s share), whatever the median"
    )
    func shareOfSeeds() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            // lru's hits are its seeds, 1 to 20: 19 of them are >= 2, 18 are >= 3.
            let seeds = "[" + (1...20).map(String.init).joined(separator: ", ") + "]"
            let expect = "  lru: {hits: \">= 2 in 95% of seeds\", misses: \"<= 998 in 95% of seeds\"}\n  fifo: {hits: \">= 4 in 95% of seeds\"}"
            let scenario = try Self.scenario("share", seeds: seeds, expect: expect)
            let outcomes = ExpectationCheck.evaluate(scenario.header.expect, result: ScenarioRunner.run(scenario, options: Self.unwarmed))
            let byKey = Dictionary(uniqueKeysWithValues: outcomes.map { ("\($0.expectation)", $0) })
            let met = try #require(byKey["lru: hits >= 2 in 95% of seeds"])
            #expect(met.passed && met.reason == "in 19 of 20 seeds (needs 19)", "\(met)")
            let misses = try #require(byKey["lru: misses <= 998 in 95% of seeds"])
            #expect(misses.passed && misses.reason == "in 19 of 20 seeds (needs 19)", "\(misses)")
            // fifo's hits are 2 to 21: 18 are >= 4; the median (11.5) would have held.
            let missed = try #require(byKey["fifo: hits >= 4 in 95% of seeds"])
            #expect(!missed.passed && missed.reason == "in 18 of 20 seeds (needs 19)", "\(missed)")
            // The file round-trips (scenario.yaml writes the condition as it reads it).
            #expect(scenario.header.expect.map(\.condition.description).sorted() == [
                "<= 998 in 95% of seeds", ">= 2 in 95% of seeds", ">= 4 in 95% of seeds",
            ])
        }
    }

    @Test(
        "expect across seeds misused: a share above 100% or at 0%, a share with another run, or in decide:'s goal, is an error saying how to write it"
    )
    func shareOfSeedsErrors() throws {
        KindRegistry.registering([SeedProbeScenario.self]) {
            for condition in [">= 2 in 150% of seeds", ">= 2 in 0% of seeds", "> fifo in 95% of seeds", ">= 2 in most seeds"] {
                #expect {
                    try Self.scenario("bad", seeds: "5", expect: "  lru: {hits: \"\(condition)\"}")
                } throws: { error in
                    "\(error)".contains("in a share of the seeds, \">= 0.95 in 95% of seeds\"")
                        && "\(error)".contains("bad.yaml:8:")
                }
            }
        }
        let decide = """
            name: decide-share
            kind: scrolling-table
            duration: 1s
            table: {sections: 1, rows_per_section: 50, viewport_height: 400, cells: [{type: a, height: 40}]}
            cache: {capacity: 4}
            decide: {goal: {hit_rate: ">= 0.9 in 95% of seeds"}}
            """
        #expect {
            try ScenarioLoader.load(yaml: decide, file: "d.yaml")
        } throws: { error in
            "\(error)".contains("the share of seeds is decide:'s share:, for every condition")
        }
    }

    @Test("over seeds, >= holds when the runs are the same in every seed, and == when they are not significantly different")
    func equalityOverSeeds() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let scenario = try Self.scenario("paired-same", seeds: "6", expect: "  lru: {hits: \">= lru\", misses: \"== 1x lru\"}")
            let outcomes = ExpectationCheck.evaluate(scenario.header.expect, result: ScenarioRunner.run(scenario, options: Self.unwarmed))
            #expect(outcomes.count == 2 && outcomes.allSatisfy(\.passed))
            #expect(outcomes.allSatisfy { $0.reason == "the same in all 6 seeds" })
        }
    }

    @Test(
        "a relative expectation on a measured metric with one repetition is 'not judged (1 repetition)', not a failure; with repetitions it is judged"
    )
    func relativeMeasuredOneRepetition() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let expect = "  lru: {work_ns: \"< fifo\"}"
            let once = try Self.scenario("measured-once", seeds: "[1, 2, 3]", expect: expect)
            let outcome = try #require(
                ExpectationCheck.evaluate(once.header.expect, result: ScenarioRunner.run(once, options: Self.unwarmed)).first)
            #expect(outcome.notJudged && outcome.passed && !outcome.skipped)
            #expect(outcome.reason == "1 repetition")
            // With repetitions it is judged (over every seed's repetitions): lru's calls come first.
            let repeated = try Self.scenario("measured-repeated", seeds: "1", repeat: 5, expect: expect)
            let judged = try #require(
                ExpectationCheck.evaluate(repeated.header.expect, result: ScenarioRunner.run(repeated, options: Self.unwarmed)).first)
            #expect(!judged.notJudged && judged.reason != nil && judged.reason != "1 repetition")
        }
    }

    @Test(
        "a relative expectation on a measured metric over seeds compares each seed's repetitions only with the same seed's (van Elteren's stratified test), and its reason names the seeds"
    )
    func measuredStratifiedOverSeeds() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            // work_ns is 10 × the call's number; repetitions interleave (repetition 1 of every seed
            // of every run, then repetition 2, ...), so within a seed lru's repetition r comes just
            // before fifo's and just after fifo's r - 1: lru is lower in 15 of 25 pairs of each seed,
            // never separated.
            let expect = "  lru: {work_ns: \"< fifo\"}\n  fifo: {work_ns: \"== lru\"}"
            let scenario = try Self.scenario("measured-seeds", seeds: "[1, 2, 3, 4]", repeat: 5, expect: expect)
            let result = ScenarioRunner.run(scenario, options: Self.unwarmed)
            let outcomes = ExpectationCheck.evaluate(scenario.header.expect, result: result)
            let byKey = Dictionary(uniqueKeysWithValues: outcomes.map { ("\($0.expectation)", $0) })
            let lower = try #require(byKey["lru: work_ns < fifo"])
            #expect(!lower.passed && !lower.notJudged, "\(lower)")
            #expect(lower.reason == "not significant with 20 repetitions over 4 seeds", "\(lower)")
            let equal = try #require(byKey["fifo: work_ns == lru"])
            #expect(equal.passed && equal.reason == "not significant with 20 repetitions over 4 seeds", "\(equal)")
        }
    }

    @Test("validate's warning: a relative expectation on a measured figure with one repetition will not be judged")
    func unjudgeableWarning() throws {
        try KindRegistry.registering([SeedProbeScenario.self]) {
            let expect = "  lru: {work_ns: \"< fifo\", hits: \"> fifo\"}\n  fifo: {work_ns: \"< 100\"}"
            let once = try Self.scenario("warn-once", seeds: "1", expect: expect)
            let warnings = ExpectationCheck.unjudgeable(once, repetitions: 1)
            #expect(warnings.count == 1)
            #expect(warnings.first?.hasPrefix("expect: lru: work_ns < fifo compares a measured figure with 1 repetition") == true)
            #expect(ExpectationCheck.unjudgeable(once, repetitions: 3).isEmpty)
        }
    }

    @Test("under --policy, an expectation naming a run that did not run is skipped: its own run, or the run it compares with")
    func skippedUnderPolicy() throws {
        let scenario = try ScenarioLoader.load(
            yaml: ExpectationTests.yaml(
                "  lru/drop: {hits: \">= 0\", instantiations: \"<= none\"}\n  lru/repopulate: {hits: \">= lru/drop\"}\n  none: {hits: \"== 0\"}"
            ),
            file: "exp.yaml")
        var options = RunOptions()
        options.select(PolicySelection(policies: [.lru], modes: [.lru: [.repopulate]]))
        let result = ScenarioRunner.run(scenario, options: options)
        #expect(result.summary.count == 1)
        let outcomes = ExpectationCheck.evaluate(scenario.header.expect, result: result)
        let byText = Dictionary(uniqueKeysWithValues: outcomes.map { ("\($0.expectation)", $0) })
        // lru/drop and none did not run: skipped.
        #expect(byText["lru/drop: hits >= 0"]?.skipped == true && byText["none: hits == 0"]?.skipped == true)
        #expect(byText["lru/drop: instantiations <= none"]?.skipped == true)
        // lru/repopulate ran, but the run it compares with did not: skipped too, not failed.
        let relative = try #require(byText["lru/repopulate: hits >= lru/drop"])
        #expect(relative.skipped && relative.passed && relative.actual == nil)
        #expect(outcomes.allSatisfy { $0.passed })
    }
}
