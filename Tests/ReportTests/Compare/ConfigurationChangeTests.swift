import Report
import Testing

extension CompareTests {
    /// A setting that differs between the sides: reported as a configuration change, its counts compared.
    @Suite("Configuration changes")
    struct ConfigurationChangeTests {
        typealias F = SummaryFixture

        /// A `scenario.yaml` as the workbench writes it (block style, defaults resolved).
        static func yaml(capacity: Int = 12, views: Int = 18, repeats: Int = 1) -> String {
            """
            # date: 2026-11-26T06:55:16Z
            # command: workbench run scenarios/feed.yaml --set cache.capacity=\(capacity)
            version: 1
            name: feed
            kind: scrolling-table
            description: Mixed-cell feed at 120 Hz, long scrolls,
              periodic memory pressure.
            seed: 2024
            duration: 1.2e+2
            memory_pressure:
            - every: 2.5e+1
              level: moderate
            expect:
              lru:
                hit_rate: '>= 0.85'
            repeat: \(repeats)
            table:
              cells:
              - type: text-post
                height: 1.2e+2
                nib:
                  views: \(views)
                  label: Status update
              - type: photo-post
                nib:
                  views: 26
            scroll:
            - steady:
                speed: 7e+2
            - remove_from_cache: carousel
            cache:
              capacity: \(capacity)
              policies:
              - none
              - lru
              in_use: [repopulate, pin]

            """
        }

        @Test("scenario.yaml flattens to key paths: nested mappings, list items by index, scalar lists as one value, numbers as in CSV")
        func flatten() throws {
            let settings = try #require(ScenarioSettings(yaml: Self.yaml()))
            let values = Dictionary(uniqueKeysWithValues: settings.entries.map { ($0.path, $0.value) })
            #expect(values["seed"] == "2024")
            #expect(values["duration"] == "120")
            #expect(values["description"] == "Mixed-cell feed at 120 Hz, long scrolls, periodic memory pressure.")
            #expect(values["memory_pressure[0].every"] == "25")
            #expect(values["memory_pressure[0].level"] == "moderate")
            #expect(values["expect.lru.hit_rate"] == ">= 0.85")
            #expect(values["table.cells[0].nib.views"] == "18")
            #expect(values["table.cells[1].nib.views"] == "26")
            #expect(values["scroll[0].steady.speed"] == "700")
            #expect(values["scroll[1].remove_from_cache"] == "carousel")
            #expect(values["cache.capacity"] == "12")
            #expect(values["cache.policies"] == "[none, lru]")
            #expect(values["cache.in_use"] == "[repopulate, pin]")
            #expect(ScenarioSettings(yaml: "a: 1\nplain text\n") == nil, "not a mapping's key")
            #expect(ScenarioSettings(yaml: "a:\n  b: 1\n c: 2\n") == nil, "indentation it cannot follow")
            #expect(ScenarioSettings(yaml: "")?.entries == [])
        }

        @Test("the differences leave out how a scenario is measured or described: repeat, description, expect")
        func differences() throws {
            let before = try #require(ScenarioSettings(yaml: Self.yaml()))
            let after = try #require(ScenarioSettings(yaml: Self.yaml(capacity: 8, views: 36, repeats: 5)))
            let changes = ScenarioSettings.differences(before, after)
            #expect(changes.map(\.path) == ["table.cells[0].nib.views", "cache.capacity"])
            #expect(changes.first?.baseline == "18")
            #expect(changes.first?.current == "36")
        }

        /// In-memory results of feed with the given rows and settings.
        static func side(_ path: String, _ rows: [[String: String]], yaml: String? = nil) -> ResultsDirectory {
            var summary = ScenarioSummary(
                name: "feed", path: "\(path)/feed/summary.csv", header: F.header,
                rows: rows.map { row in F.header.map { row[$0] ?? "" } }, columns: FixtureColumns.describe(summary: F.header))
            summary.settings = yaml.flatMap(ScenarioSettings.init(yaml:))
            return ResultsDirectory(path: path, scenarios: [summary])
        }

        @Test(
            "a capacity that differs between the sides is a configuration change, capacity 12 → 8, and its counts are compared: exit 2, no 'not comparable' note"
        )
        func capacityChange() throws {
            let runs = [F.row(["capacity": "12"]), F.row(["capacity": "12", "policy": "fifo"])]
            let smaller = [
                F.row(["capacity": "8", "instantiations": "14"]), F.row(["capacity": "8", "policy": "fifo", "instantiations": "12"]),
            ]
            let comparison = Comparison(baseline: Self.side("base", runs), current: Self.side("cur", smaller))
            #expect(
                comparison.configurationChanges == [
                    ConfigurationChange(scenario: "feed", setting: "capacity", baseline: "12", current: "8", runs: (2, 2))
                ])
            #expect(ConfigurationChange.lines(comparison.configurationChanges) == ["feed: configuration changed: capacity 12 → 8"])
            #expect(comparison.notes.isEmpty, "\(comparison.notes)")
            #expect(comparison.regressions.map(\.metric) == ["instantiations", "instantiations"])
            #expect(comparison.status == .regression)
            let text = ComparisonTextFormatter().render(comparison)
            #expect(text.contains("\nfeed: configuration changed: capacity 12 → 8\n"), "\(text)")
            #expect(!text.contains("not comparable"), "\(text)")
        }

        @Test("a setting that differs in some runs only says in how many")
        func partialChange() {
            let comparison = Comparison(
                baseline: Self.side("base", [F.row(), F.row(["policy": "fifo"])]),
                current: Self.side("cur", [F.row(["seed": "8"]), F.row(["policy": "fifo"])]))
            #expect(comparison.configurationChanges.map(\.description) == ["seed 7 → 8 (1 of 2 runs)"])
        }

        @Test("a scenario.yaml setting is a configuration change too; one its column already reports alike is named once")
        func settingsChange() {
            let comparison = Comparison(
                baseline: Self.side("base", [F.row(["capacity": "12"])], yaml: Self.yaml()),
                current: Self.side("cur", [F.row(["capacity": "8"])], yaml: Self.yaml(capacity: 8, views: 36)))
            #expect(comparison.configurationChanges.map(\.description) == ["capacity 12 → 8", "table.cells[0].nib.views 18 → 36"])
            let unchanged = Comparison(
                baseline: Self.side("base", [F.row()], yaml: Self.yaml()), current: Self.side("cur", [F.row()], yaml: Self.yaml(repeats: 5))
            )
            #expect(unchanged.configurationChanges.isEmpty)
        }
    }
}
