import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// `disclosure: independent`: each section expanded or collapsed on its own, `expanded` of them
/// at the start, a tap toggling the tapped one.
@Suite("Scrolling-table: independent sections")
struct IndependentSectionsTests {
    static func table(disclosure: String, scroll: String = "  - steady: {speed: 2000, duration: 3s}\n") -> String {
        """
        name: sections
        kind: scrolling-table
        seed: 5
        duration: 3s
        warmup: 0s
        table:
          sections: 20
          rows_per_section: 10
          viewport_height: 600
        \(disclosure)
          header: {reuse_id: h, height: 30, nib: {views: 4, depth: 2, label: H}}
          cells:
            - {type: a, height: 44, nib: {views: 6, depth: 2, label: A}}
        scroll:
        \(scroll)
        cache: {capacity: 8, policies: [none]}

        """
    }

    static func requests(_ yaml: String) throws -> Int {
        let result = ScenarioRunner.run(try ScenarioLoader.load(yaml: yaml, file: "t.yaml"), options: RunOptions())
        guard case .int(let n) = result.summary.first?["requests"] else { return -1 }
        return n
    }

    @Test("independent disclosure starts with round(share × sections) sections expanded, chosen by the seed")
    func expandedShareAtStart() {
        let expanded = TableSource.initiallyExpanded(sections: 20, share: 0.25, seed: 5)
        #expect(expanded.filter { $0 }.count == 5)
        #expect(TableSource.initiallyExpanded(sections: 20, share: 0.25, seed: 5) == expanded)
        #expect(TableSource.initiallyExpanded(sections: 20, share: 0.25, seed: 6) != expanded)
        #expect(TableSource.initiallyExpanded(sections: 7, share: 1, seed: 1).allSatisfy { $0 })
        #expect(TableSource.initiallyExpanded(sections: 7, share: 0, seed: 1).allSatisfy { !$0 })
    }

    @Test("independent with every section expanded shows the rows all does")
    func allExpandedIsAll() throws {
        let all = try Self.requests(Self.table(disclosure: "  disclosure: all"))
        let independent = try Self.requests(Self.table(disclosure: "  disclosure: independent"))
        #expect(all > 0)
        #expect(independent == all)
    }

    @Test("collapsed sections show no rows: fewer sections expanded, fewer rows requested")
    func collapsedSectionsShowNoRows() throws {
        let most = try Self.requests(Self.table(disclosure: "  disclosure: independent\n  expanded: 0.9"))
        let few = try Self.requests(Self.table(disclosure: "  disclosure: independent\n  expanded: 0.2"))
        let none = try Self.requests(Self.table(disclosure: "  disclosure: independent\n  expanded: 0"))
        #expect(none == 0)
        #expect(few > 0 && few < most)
    }

    @Test("under independent a tap collapses only the tapped section; under one_section it shows only that one")
    func tapTogglesOneSection() throws {
        let oneTap = try Self.requests(
            Self.table(disclosure: "  disclosure: independent", scroll: "  - tap_disclose: {count: 1, dwell: 3s, order: sequential}"))
        let oneSection = try Self.requests(
            Self.table(disclosure: "  disclosure: one_section", scroll: "  - tap_disclose: {count: 1, dwell: 3s, order: sequential}"))
        // Independent: the tapped section collapses and the rest of the table fills the screen;
        // one_section: only the tapped section's 10 rows exist.
        #expect(oneSection == 10)
        #expect(oneTap > oneSection)
    }

    @Test("expanded is given only with disclosure: independent, as a share between 0 and 1")
    func expandedOnlyWithIndependent() {
        func message(_ yaml: String) -> String? {
            do {
                _ = try ScenarioLoader.load(yaml: yaml, file: "t.yaml")
                return nil
            } catch {
                return error.message
            }
        }
        #expect(message(Self.table(disclosure: "  disclosure: all\n  expanded: 0.5")) == "table.expanded: applies to disclosure: independent (this table's is all)")
        #expect(message(Self.table(disclosure: "  expanded: 0.5")) == "table.expanded: applies to disclosure: independent (this table's is all)")
        #expect(message(Self.table(disclosure: "  disclosure: independent\n  expanded: 1.5")) == "table.expanded must be a share between 0 and 1 (found 1.5)")
    }
}
