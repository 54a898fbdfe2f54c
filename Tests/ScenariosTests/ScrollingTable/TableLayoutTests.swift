import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// `table.rows:` and `table.layout:`: every section's rows in order instead of rows drawn by
/// weight; a layout file's rows may give their own heights; errors name the row.
@Suite("Scrolling table: explicit layouts")
struct TableLayoutTests {
    /// A table of three cell types, each with a label of its own (the label a row shows says
    /// which type was requested for it); `rows` replaces `rows_per_section`.
    static func table(rows: String, sections: Int = 1, policies: String = "[none, lru]") -> String {
        """
        name: layout
        kind: scrolling-table
        seed: 5
        duration: 2s
        warmup: 0s
        table:
          sections: \(sections)
          \(rows)
          viewport_height: 600
          header: {reuse_id: h, height: 30, nib: {views: 2, depth: 2, label: H}}
          cells:
            - {type: hero, height: 300, weight: 5, nib: {views: 6, depth: 2, label: HERO}}
            - {type: product, height: 100, nib: {views: 4, depth: 2, label: PRODUCT}}
            - {type: ad, height: 80, nib: {views: 3, depth: 2, label: AD}}
        scroll:
          - steady: {speed: 3000, duration: 1s}
          - fling: {velocity: -8000}
        cache: {capacity: 6, policies: \(policies)}

        """
    }

    static let labels = ["hero": "HERO", "product": "PRODUCT", "ad": "AD"]

    static func tableScenario(_ yaml: String, file: String = "t.yaml") throws -> ScrollingTableScenario {
        try #require(ScenarioLoader.load(yaml: yaml, file: file).as(ScrollingTableScenario.self))
    }

    /// Lays the whole table out, a screenful at a time, and returns what each row showed (the
    /// label of the cell type its request got) and its height, per section.
    static func requested(_ scenario: ScrollingTableScenario) -> [[Int: (label: String, height: Double)]] {
        let spec = scenario.table
        let runLoop = Models.RunLoop(refreshRate: 60)
        let cache = ControllerCache(
            configuration: .init(capacity: 8, policy: .lru, inUseMode: .repopulate, seed: 1, parameters: PolicyParameters()),
            runLoop: runLoop)
        let source = TableSource(
            spec: spec, content: TableContent(spec: spec, seed: scenario.header.seed), cache: cache,
            pool: ReusePool(runLoop: runLoop), usesPool: true)
        let table = TableView(viewportHeight: spec.viewportHeight)
        table.dataSource = source
        table.reloadData()
        var shown = Array(repeating: [Int: (label: String, height: Double)](), count: source.numberOfSections(in: table))
        var offset = 0.0
        while offset <= table.contentHeight {
            table.contentOffset = offset
            table.layoutSubviews()
            for (item, view) in zip(table.visibleItems, table.visibleItemViews) {
                if case .row(let path) = item {
                    shown[path.section][path.row] = (
                        SectionHeaderConfigurationTests.firstLabel(in: view) ?? "",
                        source.tableView(table, heightForRowAt: path)
                    )
                }
            }
            offset += spec.viewportHeight / 2
        }
        return shown
    }

    /// The labels `types` show, in order.
    static func labels(_ types: [String]) -> [String] { types.map { labels[$0] ?? "?" } }

    static func summary(_ scenario: Scenario) -> [String: [String: String]] {
        var rows: [String: [String: String]] = [:]
        for row in ScenarioRunner.run(scenario, options: RunOptions()).summary {
            let policy = row["policy"]?.text ?? ""
            rows[policy] = Dictionary(
                uniqueKeysWithValues: ScrollingTableScenario.columns.summary.filter { $0.role == .count }.map {
                    ($0.name, row[$0.name]?.text ?? "")
                })
        }
        return rows
    }

    @Test("cell types requested per row follow the layout: repeats expanded, nested, in every section, weights ignored")
    func requestedTypesFollowTheLayout() throws {
        let scenario = try Self.tableScenario(
            Self.table(
                rows: "rows: [hero, {repeat: [product, {repeat: [ad], times: 2}], times: 3}, {type: product, height: 150}]",
                sections: 3))
        let expected = ["hero"] + Array(repeating: ["product", "ad", "ad"], count: 3).flatMap { $0 } + ["product"]
        #expect(scenario.table.layoutRows?.map(\.type) == expected)
        #expect(scenario.table.rowsPerSection == .fixed(11))
        let shown = Self.requested(scenario)
        #expect(shown.count == 3)
        for (section, rows) in shown.enumerated() {
            #expect(rows.count == expected.count, "section \(section)")
            #expect((0..<expected.count).map { rows[$0]?.label ?? "-" } == Self.labels(expected), "section \(section)")
            #expect(rows[0]?.height == 300)
            #expect(rows[1]?.height == 100)
            #expect(rows[10]?.height == 150, "the row's own height overrides its type's")
        }
    }

    @Test("a layout file gives each row's type and, where its height column is filled, the row's own height")
    func layoutFileWithHeights() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "type,height\nhero,420\nproduct,\nad, 60\r\nproduct,\n\n".write(
            to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("t.yaml").path
        let scenario = try Self.tableScenario(Self.table(rows: "layout: rows.csv", sections: 2), file: file)
        #expect(scenario.table.layout?.file == "rows.csv")
        #expect(
            scenario.table.layoutRows == [
                LayoutRow(type: "hero", height: 420), LayoutRow(type: "product"), LayoutRow(type: "ad", height: 60),
                LayoutRow(type: "product"),
            ])
        for rows in Self.requested(scenario) {
            #expect((0..<4).map { rows[$0]?.label ?? "-" } == Self.labels(["hero", "product", "ad", "product"]))
            #expect((0..<4).map { rows[$0]?.height ?? 0 } == [420, 100, 60, 100])
        }
        // Without heights the header is type alone (after a byte order mark, as spreadsheets write).
        try "\u{FEFF}type\nad\nhero\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let plain = try Self.tableScenario(Self.table(rows: "layout: rows.csv"), file: file)
        #expect(plain.table.layoutRows == [LayoutRow(type: "ad"), LayoutRow(type: "hero")])
    }

    @Test("an unknown cell type in rows is an error at its YAML node, rows[1].repeat[4]")
    func unknownTypeInRowsAtItsNode() throws {
        let yaml = Self.table(rows: "rows: [hero, {repeat: [product, product, product, product, add], times: 60}]")
        let error = try #require(loadError(yaml, file: "grid.yaml"))
        #expect(error.keyPath == "table.rows[1].repeat[4]", "\(error)")
        #expect(error.line == 8, "\(error)")
        #expect(error.column == 62, "\(error)")
        #expect(error.message.contains("unknown cell type 'add' (expected one of: hero, product, ad)"), "\(error)")
        #expect(error.description.hasPrefix("grid.yaml:8:62: error: "), "\(error)")
        // A row of its own height: at its type.
        let mapped = try #require(loadError(Self.table(rows: "rows: [hero, {type: banner, height: 40}]")))
        #expect(mapped.keyPath == "table.rows[1].type", "\(mapped)")
    }

    @Test("an unknown cell type in a layout file is an error at its line and column in the file")
    func unknownTypeInLayoutFileAtLineAndColumn() throws {
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "type,height\nhero,\nproduct,\n  x,40\n".write(
            to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let file = directory.appendingPathComponent("t.yaml").path
        let error = try #require(loadError(Self.table(rows: "layout: rows.csv"), file: file))
        let csv = directory.appendingPathComponent("rows.csv").path
        #expect(
            error.description == "\(csv):4:3: error: unknown cell type 'x' (expected one of: hero, product, ad)", "\(error)")
        // A bad height and an unknown column, at theirs.
        try "type,height\nhero,tall\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let height = try #require(loadError(Self.table(rows: "layout: rows.csv"), file: file))
        #expect(height.description == "\(csv):2:6: error: height must be a number > 0 (found 'tall')", "\(height)")
        try "type,width\nhero,1\n".write(to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let column = try #require(loadError(Self.table(rows: "layout: rows.csv"), file: file))
        #expect(column.line == 1 && column.column == 6, "\(column)")
        // A missing file is an error at the layout key.
        let missing = try #require(loadError(Self.table(rows: "layout: nope.csv"), file: file))
        #expect(missing.keyPath == "table.layout" && missing.message.contains("cannot read layout file"), "\(missing)")
    }

    @Test("an empty layout is refused: no rows, an empty repeat, a layout file without rows")
    func emptyLayoutRefused() throws {
        let empty = try #require(loadError(Self.table(rows: "rows: []")))
        #expect(empty.keyPath == "table.rows" && empty.message.contains("must list at least one row"), "\(empty)")
        let repeatEmpty = try #require(loadError(Self.table(rows: "rows: [{repeat: [], times: 3}]")))
        #expect(repeatEmpty.keyPath == "table.rows[0].repeat", "\(repeatEmpty)")
        let zeroTimes = try #require(loadError(Self.table(rows: "rows: [{repeat: [ad], times: 0}]")))
        #expect(zeroTimes.keyPath == "table.rows[0].times", "\(zeroTimes)")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        let file = directory.appendingPathComponent("t.yaml").path
        let csv = directory.appendingPathComponent("rows.csv")
        for text in ["", "\n\n", "type,height\n"] {
            try text.write(to: csv, atomically: true, encoding: .utf8)
            let error = try #require(loadError(Self.table(rows: "layout: rows.csv"), file: file), "\(text.debugDescription)")
            #expect(error.file == csv.path && error.message.contains("empty layout"), "\(error)")
        }
        // The inline form scenario.yaml writes is checked alike.
        let inline = try #require(loadError(Self.table(rows: "layout: {csv: \"type\\n\"}")))
        #expect(inline.keyPath == "table.layout.csv" && inline.message.contains("empty layout"), "\(inline)")
    }

    @Test("too many rows are refused: per section, sections × rows, and a layout file's lines")
    func tooManyRowsRefused() throws {
        let perSection = try #require(loadError(Self.table(rows: "rows: [{repeat: [{repeat: [ad], times: 1000}], times: 101}]")))
        #expect(perSection.keyPath == "table.rows" && perSection.message.contains("at most 100000"), "\(perSection)")
        // Repeats that would overflow when multiplied are refused without being expanded.
        let huge = try #require(
            loadError(
                Self.table(
                    rows:
                        "rows: [{repeat: [{repeat: [{repeat: [{repeat: [ad], times: 100000}], times: 100000}], times: 100000}], times: 100000}]"
                )))
        #expect(huge.keyPath == "table.rows", "\(huge)")
        let total = try #require(loadError(Self.table(rows: "rows: [{repeat: [ad], times: 20}]", sections: 60_000)))
        #expect(total.keyPath == "table.rows" && total.message.contains("at most 1000000"), "\(total)")
        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try ("type\n" + String(repeating: "ad\n", count: 100_001)).write(
            to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let file = try #require(loadError(Self.table(rows: "layout: rows.csv"), file: directory.appendingPathComponent("t.yaml").path))
        #expect(file.line == 100_002 && file.message.contains("more than 100000 rows"), "\(file)")
        // Exactly one of rows_per_section, rows and layout.
        let both = try #require(loadError(Self.table(rows: "rows_per_section: 4\n  rows: [ad]")))
        #expect(both.keyPath == "table.rows" && both.message.contains("both give the rows"), "\(both)")
    }

    @Test("scenario.yaml loads back to the same scenario: rows as written, a layout file's rows carried inline")
    func scenarioYAMLRoundTrip() throws {
        let inline = try ScenarioLoader.load(
            yaml: Self.table(rows: "rows: [hero, {repeat: [product, {type: ad, height: 44.5}], times: 4}]", sections: 2),
            file: "t.yaml")
        let inlineBack = try ScenarioLoader.load(
            yaml: ScenarioRunner.run(inline, options: RunOptions()).scenarioYAML, file: "scenario.yaml")
        #expect(inlineBack == inline)
        #expect(inlineBack.as(ScrollingTableScenario.self)?.table.rows == inline.as(ScrollingTableScenario.self)?.table.rows)

        let directory = try Self.temporaryDirectory()
        defer { try? FileManager.default.removeItem(at: directory) }
        try "type,height\nhero,333.25\nproduct,\nad,\n".write(
            to: directory.appendingPathComponent("rows.csv"), atomically: true, encoding: .utf8)
        let fromFile = try ScenarioLoader.load(
            yaml: Self.table(rows: "layout: rows.csv"), file: directory.appendingPathComponent("t.yaml").path)
        let yaml = ScenarioRunner.run(fromFile, options: RunOptions()).scenarioYAML
        #expect(yaml.contains("csv:"), "\(yaml)")
        // Loaded elsewhere, without the file: the rows are in scenario.yaml itself.
        let reloaded = try ScenarioLoader.load(yaml: yaml, file: "/nonexistent/results/scenario.yaml")
        #expect(reloaded == fromFile)
        #expect(reloaded.as(ScrollingTableScenario.self)?.table.layoutRows?.first == LayoutRow(type: "hero", height: 333.25))
        #expect(ScenarioRunner.run(reloaded, options: RunOptions()).scenarioYAML == yaml)
    }

    @Test("the same layout file gives the same counts, whatever the seed: nothing about the rows is drawn")
    func layoutDeterministic() throws {
        let yaml = Self.table(rows: "rows: [hero, {repeat: [product, product, ad], times: 30}]", sections: 2)
        let first = Self.summary(try ScenarioLoader.load(yaml: yaml, file: "t.yaml"))
        let second = Self.summary(try ScenarioLoader.load(yaml: yaml, file: "t.yaml"))
        #expect(first == second)
        #expect(first["none"]?["requests"].flatMap { Int($0) } ?? 0 > 0)
        let one = try Self.tableScenario(yaml)
        var other = one
        other.header.seed = 99
        #expect(TableContent(spec: one.table, seed: 5) == TableContent(spec: other.table, seed: 99))
    }

    @Test("the shipped product grid: hero at row 0, an ad every fifth row, a carousel at row 12; it runs and its counts follow the layout")
    func shippedProductGrid() throws {
        let url = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios/product-grid.yaml")
        let loaded = try ScenarioLoader.load(contentsOf: url)
        let scenario = try #require(loaded.as(ScrollingTableScenario.self))
        let rows = try #require(scenario.table.layoutRows)
        #expect(rows[0].type == "hero")
        #expect(rows[12].type == "carousel")
        for (index, row) in rows.enumerated() {
            if index > 0 && index % 5 == 0 {
                #expect(row.type == "ad", "row \(index)")
            } else if index != 0 && index != 12 {
                #expect(row.type == "product", "row \(index)")
            }
        }
        // Every row's request gets its layout's type.
        let spec = scenario.table
        let runLoop = Models.RunLoop(refreshRate: spec.refreshHz)
        let cache = ControllerCache(
            configuration: .init(capacity: 8, policy: .lru, inUseMode: .repopulate, seed: 1, parameters: PolicyParameters()),
            runLoop: runLoop)
        let source = TableSource(
            spec: spec, content: TableContent(spec: spec, seed: scenario.header.seed), cache: cache,
            pool: ReusePool(runLoop: runLoop), usesPool: true)
        let table = TableView(viewportHeight: spec.viewportHeight)
        table.dataSource = source
        table.reloadData()
        var shown: [Int: String] = [:]
        var offset = 0.0
        while offset <= table.contentHeight {
            table.contentOffset = offset
            table.layoutSubviews()
            for (item, view) in zip(table.visibleItems, table.visibleItemViews) {
                if case .row(let path) = item { shown[path.row] = SectionHeaderConfigurationTests.firstLabel(in: view) }
            }
            offset += spec.viewportHeight / 2
        }
        let labelOf = Dictionary(uniqueKeysWithValues: spec.cells.map { ($0.type, $0.nib.label) })
        #expect(shown.count == rows.count)
        #expect((0..<rows.count).map { shown[$0] } == rows.map { labelOf[$0.type] })
        // It runs; under none every request instantiates a controller.
        let counts = Self.summary(loaded)
        #expect(counts["none"]?["instantiations"] == counts["none"]?["requests"])
        #expect(counts["none"]?["requests"].flatMap { Int($0) } ?? 0 > 0)
    }

    static func temporaryDirectory() throws -> URL {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("layout-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
        return url
    }
}
