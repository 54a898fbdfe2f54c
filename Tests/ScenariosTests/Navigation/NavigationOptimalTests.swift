import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// `optimal` in a navigation file: the bounded view cache driven by Belady's policy over the
/// stream a recording pass saw, checked against an independent Belady computation on that stream.
@Suite("optimal in navigation: Belady's policy on the view cache's request stream")
struct NavigationOptimalTests {
    /// A Markov user over three tabs and eight views, a cache of 3 controllers: no memory pressure,
    /// no refreshes and no flushes, so every view-cache request is a look-up and the cache's
    /// misses are exactly the stream's.
    static let walk = """
        name: nav-optimal
        kind: navigation
        seed: 9
        duration: 4m
        warmup: 20s
        sample_interval: 20s
        app:
          stack_size: 6
          sections:
            - name: a
              nib: {views: 4, depth: 2}
              views:
                - {name: a1, nib: {views: 4, depth: 2}}
                - {name: a2, nib: {views: 4, depth: 2}}
                - {name: a3, nib: {views: 4, depth: 2}}
            - name: b
              nib: {views: 4, depth: 2}
              views:
                - {name: b1, nib: {views: 4, depth: 2}}
                - {name: b2, nib: {views: 4, depth: 2}}
                - {name: b3, nib: {views: 4, depth: 2}}
            - name: c
              nib: {views: 4, depth: 2}
              views:
                - {name: c1, nib: {views: 4, depth: 2}}
                - {name: c2, nib: {views: 4, depth: 2}}
        user:
          markov: {switch_tab: 0.3, open_view: 0.45, back: 0.2, rewind: 0.05, dwell: [500ms, 2s]}
          state: {entries: 1, bytes: 8}
        cache: {capacity: 3, policies: [forever, lru, fifo, clock, lfu, arc, s3-fifo, sieve, w-tinylfu, 2q, slru, random, optimal], in_use: [drop]}

        """

    static func int(_ row: ResultRow?, _ column: String) -> Int? {
        switch row?[column] {
        case .int(let n): n
        case .uint(let n): Int(n)
        default: nil
        }
    }

    @Test("optimal in a navigation run misses as often as an independent Belady pass over the recorded navigation stream")
    func optimalInNavigationEqualsBelady() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.walk, file: "nav-optimal.yaml")
        var options = RunOptions(policies: [.optimal])
        options.recordTrace = true
        let result = ScenarioRunner.run(scenario, options: options)
        let row = try #require(result.summary.first)
        let requests = try #require(result.traces.first?.requests)
        let keys = requests.map(\.key)
        // The run counts from the end of the warm-up; Belady's misses on the warm-up's prefix are
        // the first part of its misses on the whole stream (its choices use only the future).
        let warmup = requests.firstIndex { $0.time >= 20 } ?? requests.count
        let belady =
            OptimalPassTests.beladyMisses(keys, capacity: 3)
            - OptimalPassTests.beladyMisses(Array(keys[..<warmup]), capacity: 3)
        let misses = try #require(Self.int(row, "view_cache_misses"))
        #expect(misses == belady, "optimal \(misses), Belady \(belady)")
        // Compulsory misses alone (an unbounded cache) are fewer: capacity 3 forces evictions.
        let distinct = Set(keys).count
        #expect(belady > distinct)
        #expect(try #require(Self.int(row, "evictions")) > 0)
        // The optimal pass followed the stream its recording pass recorded.
        var lruOptions = RunOptions(policies: [.lru])
        lruOptions.recordTrace = true
        #expect(ScenarioRunner.run(scenario, options: lruOptions).traces.first?.requests == requests)
    }

    @Test("optimal in a navigation run misses no more than any bounded policy, and more than forever")
    func optimalInNavigationMissesLeastOfTheBounded() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.walk, file: "nav-optimal.yaml")
        let result = ScenarioRunner.run(scenario)
        let optimal = try #require(Self.int(result.summary.first { $0["policy"]?.text == "optimal" }, "view_cache_misses"))
        let forever = try #require(Self.int(result.summary.first { $0["policy"]?.text == "forever" }, "view_cache_misses"))
        #expect(optimal > forever)
        for row in result.summary where row["policy"]?.text != "forever" {
            let other = try #require(Self.int(row, "view_cache_misses"))
            #expect(optimal <= other, "optimal \(optimal), \(row["policy"]?.text ?? "") \(other)")
        }
    }

    /// The shipped navigation scenarios list optimal and state, per in-use mode, that its
    /// creations are at most every bounded policy's.
    @Test("the shipped navigation scenarios list optimal with expect lines bounding it by every bounded policy")
    func shippedNavigationScenariosListOptimal() throws {
        for file in ["four-tab-app.yaml", "onboarding-settings.yaml"] {
            let loaded = try ScenarioLoader.load(contentsOf: OptimalPassTests.scenarios.appendingPathComponent(file))
            let scenario = try #require(loaded.as(NavigationScenario.self))
            let policies = scenario.cache.policies
            #expect(policies.contains(.optimal), "\(file)")
            let bounded = policies.filter { $0 != .optimal && $0 != .forever }
            let modes = scenario.cache.inUse
            for policy in bounded {
                for mode in modes {
                    let covered = scenario.header.expect.contains { expectation in
                        expectation.policy == .optimal && (expectation.inUse == nil || expectation.inUse == mode)
                            && expectation.metric == "creations" && expectation.condition.op == .atMost
                            && expectation.condition.reference?.policy == policy
                            && (expectation.condition.reference?.inUse == nil || expectation.condition.reference?.inUse == mode)
                    }
                    #expect(covered, "\(file): optimal/\(mode.rawValue) creations <= \(policy.rawValue)")
                }
            }
        }
    }
}
