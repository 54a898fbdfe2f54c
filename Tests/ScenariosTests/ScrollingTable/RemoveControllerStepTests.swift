import Models
import Report
import Testing

@testable import Scenarios

/// DEViewControllerCache's manual removal of one controller (`removeController:`), as a scroll
/// step: `remove_controller: <type>` removes one instance, where `remove_from_cache: <type>`
/// removes them all.
@Suite("Scrolling table: remove_controller")
struct RemoveControllerStepTests {
    /// A table of 6 visible rows of type a, still: every removal step finds the same cached
    /// instances (nothing scrolls, so nothing is created again).
    static let yaml = """
        name: removal
        kind: scrolling-table
        seed: 3
        duration: 2s
        table:
          sections: 2
          rows_per_section: [10, 10]
          viewport_height: 264
          cells:
            - {type: a, height: 44, weight: 1, nib: {views: 4, depth: 2, label: A}}
        scroll:
          - pause: 500ms
          - STEP
        cache: {capacity: 20, policies: [lru], in_use: [repopulate]}

        """

    static func removals(_ step: String) throws -> Int? {
        let scenario = try ScenarioLoader.load(yaml: Self.yaml.replacingOccurrences(of: "STEP", with: step), file: "removal.yaml")
        let row = ScenarioRunner.run(scenario).summary.first
        if case .int(let value) = row?["manual_removals"] { return value }
        return nil
    }

    @Test("remove_controller removes one cached controller per step; remove_from_cache removes every instance of the type")
    func removesOneInstancePerStep() throws {
        let one = try #require(try Self.removals("remove_controller: a"))
        let all = try #require(try Self.removals("remove_from_cache: a"))
        // Three steps in 2 s (at 0.5, 1 and 1.5 s), 1 controller each; the 6 visible rows' controllers
        // are all cached at the first step.
        #expect(one == 3, "remove_controller removed \(one)")
        #expect(all == 6, "remove_from_cache removed \(all): the 6 visible rows' controllers at once")
    }

    @Test("the script emits one removeController action naming the type")
    func scriptEmitsTheAction() throws {
        let scenario = try #require(
            try ScenarioLoader.load(yaml: Self.yaml.replacingOccurrences(of: "STEP", with: "remove_controller: a"), file: "removal.yaml")
                .as(ScrollingTableScenario.self))
        #expect(scenario.scroll.last == .removeController("a"))
    }

    @Test("remove_controller naming no cell or detail type is an error at its file:line:column")
    func unknownTypeIsAnError() {
        do {
            _ = try ScenarioLoader.load(yaml: Self.yaml.replacingOccurrences(of: "STEP", with: "remove_controller: zz"), file: "removal.yaml")
            Issue.record("loaded")
        } catch {
            #expect(error.line == 13)
            #expect(error.message.contains("unknown cell type 'zz'"))
        }
    }
}
