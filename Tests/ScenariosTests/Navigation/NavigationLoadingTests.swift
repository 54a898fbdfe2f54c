import Testing

@testable import Scenarios

/// The navigation kind's schema: what loads, and every bad input with its position and key path.
@Suite("Navigation scenario loading")
struct NavigationLoadingTests {
    /// A valid file; tests replace one line to break it. Line numbers are fixed: see each test.
    static let valid = """
        name: nav
        kind: navigation
        duration: 1m
        app:
          stack_size: 5
          sections:
            - name: home
              nib: {views: 10, depth: 3}
              views:
                - {name: feed, nib: {views: 20, depth: 4}}
                - {name: post, nib: {views: 12, depth: 3}}
            - name: profile
              nib: {views: 8, depth: 2}
        user:
          script:
            - intent: {section: home, view: post, animation: push, state: {id: "7"}}
            - dwell: 2s
            - back
            - intent: {section: profile}
        cache: {capacity: 3, policies: [forever, lru], in_use: [repopulate, drop]}

        """

    static let markov = """
        name: nav
        kind: navigation
        duration: 1m
        app:
          sections:
            - name: home
              nib: {views: 10, depth: 3}
              views: [{name: feed, nib: {views: 20, depth: 4}}]
        user:
          markov:
            switch_tab: 0.2
            open_view: 0.5
            back: 0.3
            dwell: [1s, 4s]
        cache: {policies: [forever]}

        """

    func load(_ yaml: String) throws -> Scenario {
        try ScenarioLoader.load(yaml: yaml, file: "nav.yaml")
    }

    func error(_ yaml: String) -> ScenarioError? {
        do {
            _ = try ScenarioLoader.load(yaml: yaml, file: "nav.yaml")
            return nil
        } catch {
            return error
        }
    }

    @Test("a script scenario loads with its sections, views, stack size, steps and cache")
    func loadsScript() throws {
        guard let scenario = (try load(Self.valid)).as(NavigationScenario.self) else {
            Issue.record("not a navigation scenario")
            return
        }
        #expect(scenario.app.sections.map(\.name) == ["home", "profile"])
        #expect(scenario.app.sections[0].views.map(\.name) == ["feed", "post"])
        #expect(scenario.app.stackSize == .bounded(5))
        #expect(scenario.app.refreshHz == 60)
        guard case .script(let steps) = scenario.user.mode else {
            Issue.record("not a script")
            return
        }
        #expect(steps.count == 4)
        #expect(steps[0] == .intent(ScriptIntent(section: "home", view: "post", animation: .push, state: ["id": "7"])))
        #expect(steps[1] == .dwell(.seconds(2)))
        #expect(steps[2] == .back)
        #expect(scenario.cache == ViewCacheSpec(capacity: 3, policies: [.forever, .lru], inUse: [.repopulate, .drop]))
        #expect(
            ScenarioRunner.runs(for: Scenario(scenario)).map(\.description) == ["forever", "lru/repopulate", "lru/drop"],
            "the factory's forever cache flushes without asking: in-use modes apply to bounded policies only")
    }

    @Test("a Markov user loads with its probabilities and dwell range; forever needs no capacity")
    func loadsMarkov() throws {
        guard let scenario = (try load(Self.markov)).as(NavigationScenario.self), case .markov(let model) = scenario.user.mode else {
            Issue.record("not a Markov navigation scenario")
            return
        }
        #expect(model.probabilities == [0.2, 0.5, 0.3, 0, 0])
        #expect(model.dwell == 1...4)
        #expect(scenario.cache.capacity == nil)
    }

    @Test("an unknown section in a script is an error at the section, naming it and the known ones")
    func unknownSectionInScript() {
        let yaml = Self.valid.replacingOccurrences(of: "- intent: {section: profile}", with: "- intent: {section: profle}")
        let failure = error(yaml)
        #expect(failure?.line == 19)
        #expect(failure?.keyPath == "user.script[3].intent.section")
        #expect(failure?.description.hasPrefix("nav.yaml:19:") == true)
        #expect(failure?.message.contains("unknown section 'profle' (expected one of: home, profile)") == true)
    }

    @Test("a view that is not in the intent's section is an error naming it")
    func unknownViewInScript() {
        let yaml = Self.valid.replacingOccurrences(of: "view: post, animation: push", with: "view: posts, animation: push")
        let failure = error(yaml)
        #expect(failure?.line == 16)
        #expect(failure?.keyPath == "user.script[0].intent.view")
        #expect(failure?.message.contains("unknown view 'posts' in section 'home'") == true)
    }

    @Test("probabilities that do not sum to 1 are an error at the markov mapping")
    func probabilitiesMustSumToOne() {
        let yaml = Self.markov.replacingOccurrences(of: "back: 0.3", with: "back: 0.4")
        let failure = error(yaml)
        #expect(failure?.keyPath == "user.markov")
        #expect(failure?.line == 11)
        #expect(failure?.message.contains("probabilities must sum to 1") == true)
        #expect(failure?.message.contains("1.1") == true)
    }

    @Test("a negative dwell time is an error at the dwell, naming the key")
    func negativeDwell() {
        let yaml = Self.markov.replacingOccurrences(of: "dwell: [1s, 4s]", with: "dwell: [-1s, 4s]")
        let failure = error(yaml)
        #expect(failure?.line == 14)
        #expect(failure?.keyPath.hasPrefix("user.markov.dwell") == true)
        #expect(failure?.description.contains("nav.yaml:14:") == true)
    }

    @Test("a negative script dwell is an error at the step")
    func negativeScriptDwell() {
        let yaml = Self.valid.replacingOccurrences(of: "- dwell: 2s", with: "- dwell: -2s")
        let failure = error(yaml)
        #expect(failure?.line == 17)
        #expect(failure?.keyPath == "user.script[1].dwell")
    }

    @Test("a probability outside 0...1 is an error at its key")
    func probabilityRange() {
        let yaml = Self.markov.replacingOccurrences(of: "switch_tab: 0.2", with: "switch_tab: -0.2")
        let failure = error(yaml)
        #expect(failure?.keyPath == "user.markov.switch_tab")
        #expect(failure?.line == 11)
    }

    @Test("both script and markov, or neither, is an error")
    func scriptXorMarkov() {
        let both = Self.markov.replacingOccurrences(of: "user:\n", with: "user:\n  script: [back]\n")
        #expect(error(both)?.message.contains("either 'script' or 'markov'") == true)
        let neither = Self.markov.replacingOccurrences(
            of: "  markov:\n    switch_tab: 0.2\n    open_view: 0.5\n    back: 0.3\n    dwell: [1s, 4s]\n", with: "  state: {entries: 1}\n")
        #expect(error(neither)?.keyPath.hasPrefix("user") == true)
    }

    @Test("a bounded policy without a capacity is an error at cache")
    func boundedNeedsCapacity() {
        let yaml = Self.markov.replacingOccurrences(of: "cache: {policies: [forever]}", with: "cache: {policies: [forever, lru]}")
        let failure = error(yaml)
        #expect(failure?.message.contains("capacity") == true)
        #expect(failure?.line == 15)
    }

    @Test("a stack size of 1 is an error: disabled is spelled out")
    func stackSizeOne() {
        let failure = error(Self.valid.replacingOccurrences(of: "stack_size: 5", with: "stack_size: 1"))
        #expect(failure?.keyPath == "app.stack_size")
        #expect(failure?.line == 5)
    }

    @Test("section and view names share one name space: duplicates are errors")
    func duplicateNames() {
        let failure = error(Self.valid.replacingOccurrences(of: "{name: post,", with: "{name: home,"))
        #expect(failure?.message.contains("duplicate name 'home'") == true)
        #expect(failure?.keyPath == "app.sections[0].views[1].name")
    }

    @Test("an unknown script word is an error naming the valid ones")
    func unknownWord() {
        let failure = error(Self.valid.replacingOccurrences(of: "    - back\n", with: "    - go_back\n"))
        #expect(failure?.line == 18)
        #expect(failure?.message.contains("unknown step 'go_back'") == true)
    }
}
