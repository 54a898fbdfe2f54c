import Models
import Report
import Testing

@testable import Scenarios

/// Manticore's parts a navigation file can name: the curl transitions beside the flips, and the
/// factory's error screen (`setErrorTitle:andDescription:`).
@Suite("Navigation scenarios: curl animations and the error screen")
struct NavigationSeedKeysTests {
    /// Line numbers are fixed: a test points at them.
    static let yaml = """
        name: errors
        kind: navigation
        seed: 2
        duration: 10s
        app:
          sections:
            - name: home
              nib: {views: 4, depth: 2}
              views:
                - {name: feed, nib: {views: 4, depth: 2}}
                - {name: post, nib: {views: 4, depth: 2}}
        user:
          script:
            - intent: {section: home, view: post, animation: curl_up}
            - dwell: 1s
            - show_error: {title: Offline, description: "Check your connection"}
            - dwell: 1s
            - intent: {section: home, view: feed, animation: curl_down}
            - dwell: 1s
        cache: {capacity: 4, policies: [lru]}

        """

    static func run(_ yaml: String) throws -> ResultRow? {
        ScenarioRunner.run(try ScenarioLoader.load(yaml: yaml, file: "errors.yaml")).summary.first
    }

    @Test("curl_up and curl_down name Manticore's curl transitions, which take 0.25 s like the flips")
    func curlAnimationsCanBeNamed() throws {
        let loaded = try ScenarioLoader.load(yaml: Self.yaml, file: "errors.yaml")
        let scenario = try #require(loaded.as(NavigationScenario.self))
        guard case .script(let steps) = scenario.user.mode else {
            Issue.record("a script")
            return
        }
        let animations = steps.compactMap { step -> AnimationName? in
            if case .intent(let intent) = step { intent.animation } else { nil }
        }
        #expect(animations == [.curlUp, .curlDown])
        #expect(AnimationStyle(.curlUp) == .curlUp && AnimationStyle(.curlDown) == .curlDown)
        #expect(AnimationStyle(.curlUp).duration == 0.25 && AnimationStyle(.curlDown).duration == AnimationStyle(.flipFromLeft).duration)
        let bad = ScenarioErrorProbe.error(Self.yaml.replacingOccurrences(of: "animation: curl_down", with: "animation: page_curl"))
        #expect(bad?.message.contains("curl_up, curl_down") == true)
    }

    @Test("a show_error step shows the factory's error screen, counted in errors_shown, and changes nothing else")
    func showErrorStepShowsTheErrorScreen() throws {
        let row = try #require(try Self.run(Self.yaml))
        let errors = NavigationOptimalTests.int(row, "errors_shown") ?? -1
        let intents = NavigationOptimalTests.int(row, "intents") ?? -1
        // The script loops every 3 s over 10 s: one error per loop.
        #expect(errors >= 3 && errors <= 4, "errors_shown \(errors)")
        #expect(intents >= 2 * errors - 1 && intents <= 2 * errors + 1)
        let without = try #require(
            try Self.run(
                Self.yaml.replacingOccurrences(
                    of: "    - show_error: {title: Offline, description: \"Check your connection\"}\n", with: "    - dwell: 1ms\n")))
        #expect(NavigationOptimalTests.int(without, "errors_shown") == 0)
        #expect(NavigationOptimalTests.int(without, "creations") == NavigationOptimalTests.int(row, "creations"))
        #expect(NavigationOptimalTests.int(without, "failed_backs") == 0 && NavigationOptimalTests.int(row, "failed_backs") == 0)
    }

    @Test("a show_error step without a title is an error at its file:line:column")
    func showErrorNeedsATitle() {
        let error = ScenarioErrorProbe.error(
            Self.yaml.replacingOccurrences(of: "{title: Offline, description: \"Check your connection\"}", with: "{description: lost}"))
        #expect(error?.line == 16)
        #expect(error?.message.contains("title") == true)
    }

    @Test("the view model counts every error it shows, and showing one touches neither history nor cache")
    func viewModelCountsErrorsShown() throws {
        let factory = ViewFactory()
        factory.register("home") { FactoryViewController(nib: NibDescription(viewCount: 2, depth: 1, labelText: "Home")) }
        let model = ViewModel(factory: factory, cachePolicy: .forever, runLoop: Models.RunLoop(refreshRate: 60))
        try model.setCurrentSection(Intent(section: "home"))
        model.showError(title: "A", description: "first")
        model.showError(title: "B", description: "second")
        #expect(model.statistics.errorsShown == 2)
        #expect(model.historyStack.count == 1 && model.cachedControllers.count == 1)
    }
}

/// Loads a file and returns the load error, if any.
enum ScenarioErrorProbe {
    static func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "errors.yaml")
            return nil
        } catch {
            return error
        }
    }
}
