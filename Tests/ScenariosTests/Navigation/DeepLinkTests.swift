import Report
import Testing

@testable import Scenarios

/// `user.deep_links`: intents from outside the app, interleaved with the user's own walk.
@Suite("Navigation: deep links")
struct DeepLinkTests {
    /// The Markov app of the driver tests with deep links appended to its user.
    static func app(deepLinks: String, duration: String = "3m", warmup: String = "10s") -> String {
        NavigationDriverTests.markovApp
            .replacingOccurrences(of: "duration: 3m", with: "duration: \(duration)")
            .replacingOccurrences(of: "warmup: 10s", with: "warmup: \(warmup)")
            .replacingOccurrences(
                of: "  state: {entries: 2, bytes: 40}\n", with: "  state: {entries: 2, bytes: 40}\n  deep_links:\n\(deepLinks)")
    }

    /// A run's row: forever and none have no in-use mode.
    static func row(_ result: ScenarioResult, _ policy: String, _ mode: String = "repopulate") -> ResultRow? {
        result.summary.first { $0["policy"] == .string(policy) && (policy != "lru" || $0["in_use"] == .string(mode)) }
    }

    static func deepLinks(_ result: ScenarioResult, _ policy: String = "lru", _ mode: String = "repopulate") -> Int {
        NavigationDriverTests.int(row(result, policy, mode), "deep_links")
    }

    static func loadError(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "nav.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("deep links at stated times fire once each, the ones after the warm-up counted")
    func atTimesFireOnceEach() throws {
        // 5s falls in the 10 s warm-up; 30s, 60s and 2m are counted; 4m is past the 3m10s run.
        let result = try NavigationDriverTests.run(
            Self.app(deepLinks: "    - {at: [5s, 30s, 60s, 2m, 4m], to: [{section: b, view: b1}]}\n"))
        for policy in ["forever", "lru", "none"] {
            for mode in ["repopulate", "drop"] where policy == "lru" || mode == "repopulate" {
                #expect(Self.deepLinks(result, policy, mode) == 3, "\(policy)/\(mode)")
            }
        }
    }

    @Test("a periodic deep link fires once per interval")
    func everyFiresPerInterval() throws {
        // Every 20 s over 3m10s: at 20s ... 3m00s = 9 firings, the first (20 s) after the warm-up.
        let result = try NavigationDriverTests.run(Self.app(deepLinks: "    - {every: 20s}\n"))
        #expect(Self.deepLinks(result) == 9)
    }

    @Test("random deep links come at about their rate, the same ones for every policy and for the same seed")
    func rateIsSeededAndAboutRight() throws {
        let yaml = Self.app(deepLinks: "    - {rate: 0.5, animation: cross_dissolve}\n", duration: "10m")
        let first = try NavigationDriverTests.run(yaml)
        let second = try NavigationDriverTests.run(yaml)
        let count = Self.deepLinks(first)
        // 0.5/s over 600 s: 300 expected; a Poisson count within ±5 standard deviations (±87).
        #expect(count > 213 && count < 387, "\(count)")
        #expect(Self.deepLinks(second) == count)
        #expect(Self.deepLinks(first, "forever") == count)
        #expect(Self.deepLinks(first, "none") == count)
    }

    @Test("a deep link opens its target: the intents include it and the user goes on walking")
    func deepLinksAreIntents() throws {
        let without = try NavigationDriverTests.run(NavigationDriverTests.markovApp)
        let with = try NavigationDriverTests.run(Self.app(deepLinks: "    - {every: 5s, to: [{section: c}]}\n"))
        let intentsWithout = NavigationDriverTests.int(Self.row(without, "forever"), "intents")
        let intentsWith = NavigationDriverTests.int(Self.row(with, "forever"), "intents")
        #expect(Self.deepLinks(with, "forever") == 36)
        #expect(intentsWith > Self.deepLinks(with, "forever"))
        #expect(intentsWith != intentsWithout)
        #expect(Self.deepLinks(without, "forever") == 0)
    }

    @Test("a deep link gives exactly one of at, every or rate")
    func exactlyOneTiming() {
        let both = Self.loadError(Self.app(deepLinks: "    - {every: 5s, rate: 0.1}\n"))
        #expect(both?.message == "user.deep_links[0].rate: give one of 'at', 'every' or 'rate', not every and rate")
        let none = Self.loadError(Self.app(deepLinks: "    - {to: [{section: a}]}\n"))
        #expect(none?.message == "user.deep_links[0]: give one of 'at', 'every' or 'rate': when the deep link fires")
    }

    @Test("a deep link's rate, interval and times are range-checked")
    func timingRanges() {
        #expect(
            Self.loadError(Self.app(deepLinks: "    - {rate: 0}\n"))?.message
                == "user.deep_links[0].rate must be > 0 and at most 100 (found 0)")
        #expect(Self.loadError(Self.app(deepLinks: "    - {every: 0s}\n"))?.keyPath == "user.deep_links[0].every")
        #expect(Self.loadError(Self.app(deepLinks: "    - {at: []}\n"))?.keyPath == "user.deep_links[0].at")
    }

    @Test("a deep link's every: is at least one frame (1/refresh_hz), the most often a link can fire: 1ms is refused, not capped")
    func everyFloor() {
        let fast = Self.loadError(Self.app(deepLinks: "    - {every: 5s}\n    - {every: 1ms}\n"))
        #expect(fast?.keyPath == "user.deep_links[1].every")
        #expect(
            fast?.message
                == "user.deep_links[1].every must be at least one frame, 1/refresh_hz = 16.667ms at 60 Hz "
                + "(a deep link fires at most once a frame) (found '1ms')")
        #expect(Self.loadError(Self.app(deepLinks: "    - {every: 16ms}\n"))?.keyPath == "user.deep_links[0].every")
        #expect(Self.loadError(Self.app(deepLinks: "    - {every: 17ms}\n")) == nil)
    }

    @Test("a deep-link target names a section of the app and one of its views")
    func targetsAreChecked() {
        let error = Self.loadError(Self.app(deepLinks: "    - {every: 5s, to: [{section: a}, {section: b, view: a1}]}\n"))
        #expect(error?.keyPath == "user.deep_links[0].to[1].view")
    }

    @Test("deep links are written into scenario.yaml and read back the same")
    func roundTrip() throws {
        let yaml = Self.app(
            deepLinks: "    - {at: [30s, 5s]}\n    - {rate: 0.25, to: [{section: b, view: b2}], animation: flip_from_left}\n",
            duration: "20s",
            warmup: "0s")
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "nav.yaml")
        let links = scenario.as(NavigationScenario.self)?.user.deepLinks
        #expect(
            links == [
                DeepLinkSpec(timing: .at([Seconds(5), Seconds(30)])),
                DeepLinkSpec(timing: .rate(0.25), to: [IntentTarget(section: "b", view: "b2")], animation: .flipFromLeft),
            ])
        let written = try NavigationDriverTests.run(yaml).scenarioYAML
        #expect(written.contains("deep_links"))
        #expect(try ScenarioLoader.load(yaml: written, file: "scenario.yaml").as(NavigationScenario.self)?.user.deepLinks == links)
    }
}
