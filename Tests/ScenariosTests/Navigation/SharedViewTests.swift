import Foundation
import Report
import Testing

@testable import Scenarios

/// A view listed in several sections: one view, one controller, one cache entry, reached from
/// each section; its nib given once.
@Suite("Navigation: shared views")
struct SharedViewTests {
    /// A shop with three tabs, each of which opens the one product page.
    static func app(product: String = "{name: product}", homeProduct: String = "{name: product, nib: {views: 40, depth: 4}}")
        -> String
    {
        """
        name: shared
        kind: navigation
        seed: 4
        duration: 30s
        warmup: 0s
        sample_interval: 5s
        app:
          sections:
            - name: home
              nib: {views: 10, depth: 2}
              views:
                - {name: feed, nib: {views: 20, depth: 3}}
                - \(homeProduct)
            - name: search
              nib: {views: 10, depth: 2}
              views:
                - {name: results, nib: {views: 20, depth: 3}}
                - \(product)
            - name: cart
              nib: {views: 10, depth: 2}
              views:
                - \(product)
        user:
          script:
            - intent: {section: home, view: product}
            - dwell: 2s
            - intent: {section: search, view: product}
            - dwell: 2s
            - intent: {section: cart, view: product}
            - dwell: 2s
            - intent: {section: home, view: feed}
            - dwell: 2s
            - intent: {section: search, view: product}
            - dwell: 2s
        cache:
          capacity: 8
          policies: [forever, lru]

        """
    }

    @Test("one product page reachable from three tabs is one cache entry: opened from each, it is created once")
    func sharedViewCreatedOnce() throws {
        let result = try NavigationDriverTests.run(Self.app())
        for policy in ["forever", "lru"] {
            let row = result.summary.first { $0["policy"] == .string(policy) }
            // Three sections, feed, and one product page: 5 controllers, whatever tab opened it.
            #expect(NavigationDriverTests.int(row, "creations") == 5, "\(policy): \(String(describing: row?["creations"]))")
        }
        let scenario = try #require(try ScenarioLoader.load(yaml: Self.app(), file: "nav.yaml").as(NavigationScenario.self))
        #expect(scenario.controllerNames == ["home", "feed", "product", "search", "results", "cart"])
    }

    @Test("a shared view's nib is given once: twice is refused at the second, never is refused at its listing")
    func sharedViewNibOnce() throws {
        do {
            _ = try ScenarioLoader.load(yaml: Self.app(product: "{name: product, nib: {views: 4, depth: 2}}"), file: "nav.yaml")
            Issue.record("a shared view's second nib was accepted")
        } catch {
            #expect(error.message.contains("its nib is given at app.sections[0].views[1].nib already"), "\(error)")
            #expect(error.keyPath == "app.sections[1].views[1].nib", "\(error)")
        }
        do {
            _ = try ScenarioLoader.load(yaml: Self.app(homeProduct: "{name: product}"), file: "nav.yaml")
            Issue.record("a view without any nib was accepted")
        } catch {
            #expect(error.message.contains("view 'product' has no nib: give it here, or in one other section that lists it"), "\(error)")
        }
    }

    @Test("a view listed twice in one section, or named as a section, is refused")
    func sharedViewNameRules() throws {
        let twice = Self.app().replacingOccurrences(
            of: "        - {name: results, nib: {views: 20, depth: 3}}\n",
            with: "        - {name: results, nib: {views: 20, depth: 3}}\n        - {name: results}\n")
        #expect(twice != Self.app())
        do {
            _ = try ScenarioLoader.load(yaml: twice, file: "nav.yaml")
            Issue.record("a view listed twice in one section was accepted")
        } catch {
            #expect(error.message.contains("view 'results' is listed twice in section 'search'"), "\(error)")
        }
        let section = Self.app(product: "{name: cart}")
        do {
            _ = try ScenarioLoader.load(yaml: section, file: "nav.yaml")
            Issue.record("a view named as a section was accepted")
        } catch {
            #expect(error.message.contains("duplicate name 'cart'"), "\(error)")
        }
    }

    @Test("scenario.yaml keeps a shared view's listings as written and loads back to the same scenario")
    func sharedViewRoundTrip() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.app(), file: "nav.yaml")
        let result = ScenarioRunner.run(scenario, options: RunOptions())
        let reloaded = try ScenarioLoader.load(yaml: result.scenarioYAML, file: "scenario.yaml")
        #expect(reloaded.as(NavigationScenario.self)?.app == scenario.as(NavigationScenario.self)?.app)
    }
}
