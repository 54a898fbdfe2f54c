import Models
import Testing

@testable import Scenarios

/// The flyweight seed (reusable-header-view-controllers.md): header and footer controllers are
/// reused across sections, "so we will of course need to update labels as we scroll along" —
/// each one shown is configured for its own section.
@Suite("Scrolling table: headers and footers configured per section")
struct SectionHeaderConfigurationTests {
    static let yaml = """
        name: headers
        kind: scrolling-table
        seed: 4
        duration: 2s
        table:
          sections: 30
          rows_per_section: [1, 2]
          viewport_height: 300
          header: {reuse_id: day, height: 28, nib: {views: 4, depth: 2, label: "Day"}}
          footer: {reuse_id: note, height: 20, nib: {views: 3, depth: 2, label: "Note"}}
          cells:
            - {type: row, height: 44, weight: 1, nib: {views: 4, depth: 2, label: "Row"}}
        scroll:
          - random_jumps: {count: 5, every: 100ms, target: section}
        cache: {capacity: 8, policies: [lru]}

        """

    static func firstLabel(in view: View) -> String? {
        if let text = view.text { return text }
        for subview in view.subviews {
            if let text = firstLabel(in: subview) { return text }
        }
        return nil
    }

    @Test("every header and footer on screen shows its own section's text, after scrolling far and back, with controllers reused")
    func headersAndFootersAreConfiguredPerSection() throws {
        let loaded = try ScenarioLoader.load(yaml: Self.yaml, file: "headers.yaml")
        let scenario = try #require(loaded.as(ScrollingTableScenario.self))
        let spec = scenario.table
        let runLoop = Models.RunLoop(refreshRate: 60)
        let cache = ControllerCache(
            configuration: .init(capacity: 8, policy: .lru, inUseMode: .repopulate, seed: 1, parameters: PolicyParameters()),
            runLoop: runLoop)
        let pool = ReusePool(runLoop: runLoop)
        let source = TableSource(spec: spec, content: TableContent(spec: spec, seed: 4), cache: cache, pool: pool, usesPool: true)
        let table = TableView(viewportHeight: spec.viewportHeight)
        table.dataSource = source
        table.reloadData()
        var checked = 0
        for offset in [0.0, 900, 1800, 400, 0] {
            table.contentOffset = offset
            table.layoutSubviews()
            for (item, view) in zip(table.visibleItems, table.visibleItemViews) {
                switch item {
                case .header(let section):
                    #expect(Self.firstLabel(in: view) == "Day \(section)", "header of section \(section)")
                    checked += 1
                case .footer(let section):
                    #expect(Self.firstLabel(in: view) == "Note \(section)", "footer of section \(section)")
                    checked += 1
                case .row:
                    break
                }
            }
        }
        #expect(checked > 10)
        #expect(pool.statistics.hits > 0, "headers were reused across sections")
    }
}
