import Foundation
import Models
import Scenarios
import Testing

/// Every error names the file, the 1-based line and column, and the key path.
@Suite("Scenario loading: errors")
struct ScenarioErrorTests {
    /// Every policy name a scenario can use, as messages list them (a test may have registered one).
    static var allNames: String { PolicyName.allCases.map(\.rawValue).joined(separator: ", ") }

    /// Checks position, key path, message and the `file:line:column: error: message` form.
    func expectError(
        _ yaml: String, line: Int, column: Int, keyPath: String, message: String,
        sourceLocation: SourceLocation = #_sourceLocation
    ) {
        guard let error = loadError(yaml, file: "scenarios/bad.yaml") else {
            Issue.record("expected an error, but the file loaded", sourceLocation: sourceLocation)
            return
        }
        #expect(error.file == "scenarios/bad.yaml", sourceLocation: sourceLocation)
        #expect(error.line == line, "line", sourceLocation: sourceLocation)
        #expect(error.column == column, "column", sourceLocation: sourceLocation)
        #expect(error.keyPath == keyPath, sourceLocation: sourceLocation)
        #expect(error.message == message, sourceLocation: sourceLocation)
        #expect(
            error.description == "scenarios/bad.yaml:\(line):\(column): error: \(message)",
            sourceLocation: sourceLocation)
    }

    // MARK: Unknown keys

    @Test("unknown top-level key points at the key and lists the allowed keys")
    func unknownTopLevelKey() {
        expectError(
            """
            name: typo
            kind: scrolling-table
            duraton: 30s
            table: {sections: 1, rows_per_section: 1, cells: [{type: a, height: 1, nib: {views: 1, depth: 1}}]}
            scroll: [pause: 1s]
            cache: {capacity: 1}
            """,
            line: 3, column: 1, keyPath: "duraton",
            message:
                "unknown key 'duraton' at duraton (expected one of: version, name, kind, description, seed, duration, warmup, sample_interval, memory_pressure, expect, sweep, repeat, seeds, decide, table, details, scroll, cache, device)"
        )
    }

    @Test("unknown nested key points at the key with its full path")
    func unknownNestedKey() {
        expectError(
            """
            name: typo
            kind: scrolling-table
            duration: 30s
            table:
              sectoins: 60
              rows_per_section: 20
              cells: [{type: a, height: 1, nib: {views: 1, depth: 1}}]
            scroll: [pause: 1s]
            cache: {capacity: 1}
            """,
            line: 5, column: 3, keyPath: "table.sectoins",
            message:
                "unknown key 'sectoins' at table.sectoins (expected one of: sections, rows_per_section, rows, layout, viewport_height, refresh_hz, disclosure, expanded, header, footer, cells)"
        )
    }

    @Test("unknown key inside a list item in flow style points at the key")
    func unknownKeyInFlowListItem() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "    - {type: plain, height: 44, nib: {views: 1, depth: 1}}",
                with: "    - {type: plain, height: 44, nib: {views: 1, depht: 1}}"),
            line: 8, column: 49, keyPath: "table.cells[0].nib.depht",
            message: "unknown key 'depht' at table.cells[0].nib.depht (expected one of: views, depth, label, cost, bytes)")
    }

    @Test("unknown scroll step name points at the step key")
    func unknownStep() {
        expectError(
            LoaderFixtures.minimal(replacing: "  - pause: 1s", with: "  - stedy: {speed: 1, duration: 1s}"),
            line: 10, column: 5, keyPath: "scroll[0].stedy",
            message:
                "unknown step 'stedy' at scroll[0].stedy (expected one of: steady, fling, back_and_forth, random_jumps, tap_disclose, pause, remove_from_cache, remove_controller, push, present, recorded)"
        )
    }

    // MARK: Types

    @Test("wrong type points at the value and says what was expected and found")
    func wrongType() {
        expectError(
            LoaderFixtures.minimal(replacing: "  sections: 1", with: "  sections: many"),
            line: 5, column: 13, keyPath: "table.sections",
            message: "table.sections: expected an integer, found 'many'")
    }

    @Test("a mapping where a number is expected is a type error at the mapping")
    func mappingInsteadOfNumber() {
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: {max: 8}"),
            line: 12, column: 13, keyPath: "cache.capacity",
            message: "cache.capacity: expected an integer, found a mapping")
    }

    @Test("a list entry of the wrong type names its index")
    func wrongTypeInRange() {
        expectError(
            LoaderFixtures.minimal(replacing: "  rows_per_section: 10", with: "  rows_per_section: [1, {max: 2}]"),
            line: 6, column: 25, keyPath: "table.rows_per_section[1]",
            message: "table.rows_per_section[1]: expected an integer, found a mapping")
    }

    @Test("a quoted number is not an integer")
    func quotedNumber() {
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: \"8\""),
            line: 12, column: 13, keyPath: "cache.capacity",
            message: "cache.capacity: expected an integer, found the quoted string '8'")
    }

    @Test("a negative seed is a type error (seed is unsigned)")
    func negativeSeed() {
        expectError(
            LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: 30\nseed: -1"),
            line: 4, column: 7, keyPath: "seed",
            message: "seed: expected a non-negative integer, found '-1'")
    }

    @Test("an empty value for a required key is reported as such")
    func emptyRequiredValue() {
        expectError(
            LoaderFixtures.minimal(replacing: "  sections: 1", with: "  sections:"),
            line: 5, column: 12, keyPath: "table.sections",
            message: "table.sections: expected an integer, found an empty value")
    }

    @Test("a bounded policy without a capacity is an error at the cache mapping; forever and none need none")
    func boundedPolicyNeedsCapacity() {
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  policies: [forever, fifo]"),
            line: 12, column: 3, keyPath: "cache.capacity",
            message:
                "missing required key 'cache.capacity' (policy 'fifo' bounds the cache to it; only none and forever run without one)")
    }

    // MARK: Ranges

    @Test("zero count is rejected with the value found")
    func zeroCount() {
        expectError(
            LoaderFixtures.minimal(replacing: "  sections: 1", with: "  sections: 0"),
            line: 5, column: 13, keyPath: "table.sections",
            message: "table.sections must be between 1 and 100000 (found 0)")
    }

    @Test("negative count in a step is rejected with the step's path")
    func negativeCount() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "  - pause: 1s",
                with: """
                      - pause: 1s
                      - random_jumps: {count: -3, every: 1s}
                    """),
            line: 11, column: 27, keyPath: "scroll[1].random_jumps.count",
            message: "scroll[1].random_jumps.count must be between 1 and 1000000 (found -3)")
    }

    @Test("refresh_hz must be 60 or 120")
    func refreshRate90() {
        expectError(
            LoaderFixtures.minimal(replacing: "  rows_per_section: 10", with: "  rows_per_section: 10\n  refresh_hz: 90"),
            line: 7, column: 15, keyPath: "table.refresh_hz",
            message: "table.refresh_hz must be 60 or 120 (found 90)")
    }

    @Test("a rows_per_section range with min > max points at the range")
    func rangeMinAboveMax() {
        expectError(
            LoaderFixtures.minimal(replacing: "  rows_per_section: 10", with: "  rows_per_section: [30, 10]"),
            line: 6, column: 21, keyPath: "table.rows_per_section",
            message: "table.rows_per_section: min must be <= max (found [30, 10])")
    }

    @Test("nib depth may not exceed its view count")
    func nibDepthAboveViews() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "    - {type: plain, height: 44, nib: {views: 1, depth: 1}}",
                with: "    - {type: plain, height: 44, nib: {views: 4, depth: 5}}"),
            line: 8, column: 56, keyPath: "table.cells[0].nib.depth",
            message: "table.cells[0].nib.depth must be <= views (4) (found 5)")
    }

    @Test("fling deceleration must be strictly between 0 and 1")
    func flingDeceleration() {
        expectError(
            LoaderFixtures.minimal(replacing: "  - pause: 1s", with: "  - fling: {velocity: 100, deceleration: 1}"),
            line: 10, column: 42, keyPath: "scroll[0].fling.deceleration",
            message: "scroll[0].fling.deceleration must be between 0 and 1, exclusive (found 1)")
    }

    @Test("scenario name must be usable as a directory name")
    func badName() {
        expectError(
            LoaderFixtures.minimal(replacing: "name: minimal", with: "name: My Scenario"),
            line: 1, column: 7, keyPath: "name",
            message:
                "name must match [a-z0-9][a-z0-9_-]* (lowercase letters, digits, '_' and '-'; it names a directory) (found 'My Scenario')")
    }

    @Test("only version 1 is accepted")
    func unsupportedVersion() {
        expectError(
            "version: 2\n" + LoaderFixtures.minimal,
            line: 1, column: 10, keyPath: "version",
            message: "version must be 1 (found 2)")
    }

    // MARK: Missing keys

    @Test("missing top-level key is reported at the top-level mapping")
    func missingTopLevelKey() {
        expectError(
            LoaderFixtures.minimal(replacing: "duration: 30", with: "# no duration here"),
            line: 1, column: 1, keyPath: "duration",
            message: "missing required key 'duration'")
    }

    @Test("missing nested key is reported at the enclosing mapping with its full path")
    func missingNestedKey() {
        expectError(
            """
            name: no-cells
            kind: scrolling-table
            duration: 30
            table:
              sections: 1
              rows_per_section: 10
            scroll: [pause: 1s]
            cache: {capacity: 8}
            """,
            line: 5, column: 3, keyPath: "table.cells",
            message: "missing required key 'table.cells'")
    }

    @Test("missing key in a flow mapping is reported at its opening brace")
    func missingKeyInFlowMapping() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "    - {type: plain, height: 44, nib: {views: 1, depth: 1}}",
                with: "    - {type: plain, nib: {views: 1, depth: 1}}"),
            line: 8, column: 7, keyPath: "table.cells[0].height",
            message: "missing required key 'table.cells[0].height'")
    }

    // MARK: Names

    @Test("unknown policy name points at the list entry and lists the valid names")
    func unknownPolicy() {
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 8\n  policies: [none, lru, lruu]"),
            line: 13, column: 25, keyPath: "cache.policies[2]",
            message: "cache.policies[2]: unknown policy 'lruu' (expected one of: \(Self.allNames))")
    }

    @Test("a drawing file's memory tier takes any eviction policy, and only those")
    func drawingEvictionPolicies() {
        let yaml = """
            name: d
            kind: drawing
            duration: 1s
            views:
              - {name: button, size: [40, 16], effects: {gradient: true}, redraw_every: 250ms}
            cache: {policies: [memory], eviction: EVICTION, capacity: 64KB}
            """
        #expect(loadError(yaml.replacingOccurrences(of: "EVICTION", with: "s3-fifo")) == nil)
        expectError(
            yaml.replacingOccurrences(of: "EVICTION", with: "forever"),
            line: 6, column: 39, keyPath: "cache.eviction",
            message:
                "cache.eviction must be an eviction policy (\(PolicyName.evictionPolicies.map(\.rawValue).joined(separator: ", "))) (found 'forever')"
        )
    }

    @Test("a policy parameter must be a share of the capacity strictly between 0 and 1", arguments: ["0", "1", "1.5", "-0.1"])
    func policyParameterRange(value: String) {
        for (policy, key) in [("s3-fifo", "small_ratio"), ("w-tinylfu", "window")] {
            let line = "  parameters: {\(policy): {\(key): \(value)}}"
            expectError(
                LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 8\n" + line),
                line: 13, column: line.count - value.count - 1, keyPath: "cache.parameters.\(policy).\(key)",
                message: "cache.parameters.\(policy).\(key): must be > 0 and < 1 (found \(Double(value) ?? 0))")
        }
    }

    @Test("a policy parameter block names registered policies and their declared parameters")
    func policyParameterNamesAreChecked() {
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 8\n  parameters: {s3fifo: {small_ratio: 0.2}}"),
            line: 13, column: 24, keyPath: "cache.parameters.s3fifo",
            message: "cache.parameters.s3fifo: unknown policy 's3fifo' (expected one of: "
                + PolicyRegistry.names.map(\.rawValue).joined(separator: ", ") + ")")
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 8\n  parameters: {s3-fifo: {small: 0.2}}"),
            line: 13, column: 33, keyPath: "cache.parameters.s3-fifo.small",
            message:
                "cache.parameters.s3-fifo.small: s3-fifo has no parameter 'small' (expected one of: small_ratio, ghost_ratio, move_threshold)"
        )
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 8\n  parameters: {s3-fifo: {move_threshold: 7}}"),
            line: 13, column: 42, keyPath: "cache.parameters.s3-fifo.move_threshold",
            message: "cache.parameters.s3-fifo.move_threshold: must be an integer in 1...3 (found 7)")
    }

    /// A navigation file (its policy parameter on line 11) and a drawing file (on line 10), each with
    /// `PARAMETER` for a `key: value` line of its `cache:` block.
    static let navigationWithParameter = """
        name: n
        kind: navigation
        duration: 10s
        app:
          sections: [{name: home, nib: {views: 2, depth: 1}}]
        user:
          script: [{dwell: 1s}]
        cache:
          policies: [forever, lru, s3-fifo, w-tinylfu]
          capacity: 4
          PARAMETER
        """
    static let drawingWithParameter = """
        name: d
        kind: drawing
        duration: 1s
        views:
          - {name: button, size: [40, 16], effects: {gradient: true}, redraw_every: 250ms}
        cache:
          policies: [memory]
          eviction: w-tinylfu
          capacity: 64KB
          PARAMETER
        """

    @Test(
        "navigation and drawing files take the policy parameters, a share strictly between 0 and 1",
        arguments: ["0", "1", "1.5", "-0.1"])
    func policyParameterRangeInEveryKind(value: String) throws {
        for (policy, key) in [("s3-fifo", "small_ratio"), ("w-tinylfu", "window")] {
            for (yaml, line) in [(Self.navigationWithParameter, 11), (Self.drawingWithParameter, 10)] {
                let valid = "parameters: {\(policy): {\(key): 0.25}}"
                #expect(loadError(yaml.replacingOccurrences(of: "PARAMETER", with: valid)) == nil)
                let invalid = "parameters: {\(policy): {\(key): \(value)}}"
                expectError(
                    yaml.replacingOccurrences(of: "PARAMETER", with: invalid),
                    line: line, column: invalid.count - value.count + 1, keyPath: "cache.parameters.\(policy).\(key)",
                    message: "cache.parameters.\(policy).\(key): must be > 0 and < 1 (found \(Double(value) ?? 0))")
            }
        }
        let navigation = try ScenarioLoader.load(
            yaml: Self.navigationWithParameter.replacingOccurrences(of: "PARAMETER", with: "parameters: {w-tinylfu: {window: 0.25}}"),
            file: "n.yaml")
        #expect(navigation.as(NavigationScenario.self)?.cache.parameters == PolicyParameters([.wTinyLFU: ["window": .number(0.25)]]))
        let drawing = try ScenarioLoader.load(
            yaml: Self.drawingWithParameter.replacingOccurrences(of: "PARAMETER", with: "parameters: {s3-fifo: {small_ratio: 0.25}}"),
            file: "d.yaml")
        #expect(drawing.as(DrawingScenario.self)?.cache.parameters == PolicyParameters([.s3fifo: ["small_ratio": .number(0.25)]]))
    }

    @Test("an unknown policy name in a navigation or drawing file points at it")
    func unknownPolicyInEveryKind() {
        let cases = [
            (Self.navigationWithParameter, "[forever, lru, s3-fifo, w-tinylfu]", "[forever, lruu]", 9, 23, "cache.policies[1]"),
            (Self.drawingWithParameter, "eviction: w-tinylfu", "eviction: lruu", 8, 13, "cache.eviction"),
        ]
        for (yaml, valid, invalid, line, column, keyPath) in cases {
            let error = loadError(
                yaml.replacingOccurrences(of: valid, with: invalid).replacingOccurrences(of: "PARAMETER", with: ""))
            #expect(error?.line == line && error?.column == column, "\(String(describing: error))")
            #expect(error?.keyPath == keyPath)
            #expect(error?.message.hasPrefix("\(keyPath): unknown policy 'lruu'") == true)
        }
    }

    @Test("repeated policy name is rejected")
    func duplicatePolicy() {
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 8\n  policies: [lru, fifo, lru]"),
            line: 13, column: 25, keyPath: "cache.policies[2]",
            message: "cache.policies[2]: duplicate policy 'lru' (already listed at policies[0])")
    }

    @Test("empty policy list is rejected")
    func emptyPolicies() {
        expectError(
            LoaderFixtures.minimal(replacing: "  capacity: 8", with: "  capacity: 8\n  policies: []"),
            line: 13, column: 13, keyPath: "cache.policies",
            message: "cache.policies must list at least one policy")
    }

    @Test("unknown in_use mode points at the list entry and lists the valid modes")
    func unknownInUseMode() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "  capacity: 8",
                with: """
                      capacity: 8
                      in_use:
                        - repopulate
                        - pinned
                    """),
            line: 15, column: 7, keyPath: "cache.in_use[1]",
            message: "cache.in_use[1]: unknown in_use mode 'pinned' (expected one of: repopulate, pin, drop)")
    }

    @Test("unknown kind points at the kind value and lists the known kinds")
    func unknownKind() {
        expectError(
            LoaderFixtures.minimal(replacing: "kind: scrolling-table", with: "kind: scrolling-tables"),
            line: 2, column: 7, keyPath: "kind",
            message:
                "kind: unknown kind 'scrolling-tables' (expected one of: scrolling-table, navigation, drawing, parallel-readers, trace)")
    }

    @Test("unknown memory pressure level lists the levels")
    func unknownPressureLevel() {
        expectError(
            LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: 30\nmemory_pressure: [{at: 5s, level: critical}]"),
            line: 4, column: 35, keyPath: "memory_pressure[0].level",
            message: "memory_pressure[0].level: unknown memory pressure level 'critical' (expected one of: moderate, warning)")
    }

    // MARK: Durations

    @Test("malformed duration is rejected at the value with the accepted forms")
    func malformedDuration() {
        expectError(
            LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: 5 minutes"),
            line: 3, column: 11, keyPath: "duration",
            message:
                "duration: expected a duration (seconds, or a number with unit ms, s, m, h, d or w, e.g. 250ms, 10s, 2m, 1.5h, 1w), found '5 minutes'"
        )
    }

    @Test("negative duration is rejected")
    func negativeDuration() {
        expectError(
            LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: 30\nwarmup: -2s"),
            line: 4, column: 9, keyPath: "warmup",
            message: "warmup must not be negative (found '-2s')")
    }

    @Test("zero duration is rejected where a duration must be > 0")
    func zeroDuration() {
        expectError(
            LoaderFixtures.minimal(replacing: "  - pause: 1s", with: "  - steady: {speed: 800, duration: 0ms}"),
            line: 10, column: 36, keyPath: "scroll[0].steady.duration",
            message: "scroll[0].steady.duration must be > 0 (found '0ms')")
    }

    @Test("infinite duration is rejected")
    func infiniteDuration() {
        expectError(
            LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: .inf"),
            line: 3, column: 11, keyPath: "duration",
            message:
                "duration: expected a duration (seconds, or a number with unit ms, s, m, h, d or w, e.g. 250ms, 10s, 2m, 1.5h, 1w), found '.inf'"
        )
    }

    // MARK: Steps and cross-checks

    @Test("a step mapping with two keys points at the second key")
    func stepWithTwoKeys() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "  - pause: 1s",
                with: """
                      - pause: 1s
                      - steady: {speed: 800, duration: 5s}
                        fling: {velocity: 4000}
                    """),
            line: 12, column: 5, keyPath: "scroll[1].fling",
            message: "scroll[1]: a step must have exactly one key, found 2 (steady, fling); put each step in its own list item")
    }

    @Test("a step that is not a mapping is a type error")
    func stepNotAMapping() {
        expectError(
            LoaderFixtures.minimal(replacing: "  - pause: 1s", with: "  - pause"),
            line: 10, column: 5, keyPath: "scroll[0]",
            message:
                "scroll[0]: expected a step: a mapping with one key, one of: steady, fling, back_and_forth, random_jumps, tap_disclose, pause, remove_from_cache, remove_controller, push, present, recorded, found 'pause'"
        )
    }

    @Test("remove_from_cache naming a type not in table.cells is rejected at the value")
    func removeUnknownCellType() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "  - pause: 1s",
                with: """
                      - pause: 1s
                      - remove_from_cache: avatar
                    """),
            line: 11, column: 24, keyPath: "scroll[1].remove_from_cache",
            message: "scroll[1].remove_from_cache: unknown cell type 'avatar' (expected 'all' or a type from table.cells: plain)")
    }

    @Test("duplicate cell type names are rejected")
    func duplicateCellType() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "    - {type: plain, height: 44, nib: {views: 1, depth: 1}}",
                with:
                    "    - {type: plain, height: 44, nib: {views: 1, depth: 1}}\n    - {type: plain, height: 60, nib: {views: 1, depth: 1}}"
            ),
            line: 9, column: 14, keyPath: "table.cells[1].type",
            message: "table.cells[1].type: duplicate cell type 'plain' (already used by cells[0])")
    }

    @Test("memory_pressure entry with both at and every points at the second of them")
    func pressureAtAndEvery() {
        expectError(
            LoaderFixtures.minimal(
                replacing: "duration: 30",
                with: """
                    duration: 30
                    memory_pressure:
                      - at: 10s
                        every: 5s
                        level: warning
                    """),
            line: 6, column: 5, keyPath: "memory_pressure[0].every",
            message: "memory_pressure[0]: give exactly one of 'at' (once) or 'every' (repeating), not both")
    }

    @Test("memory_pressure entry with neither at nor every is reported at the entry")
    func pressureNeither() {
        expectError(
            LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: 30\nmemory_pressure: [{level: warning}]"),
            line: 4, column: 19, keyPath: "memory_pressure[0]",
            message: "memory_pressure[0]: missing 'at' (once) or 'every' (repeating); give exactly one")
    }

    // MARK: YAML and files

    @Test("YAML syntax error becomes a ScenarioError at libyaml's position")
    func yamlSyntaxError() {
        let error = loadError(
            """
            name: broken
            kind: scrolling-table
            cache:
              policies: [none, lru
              capacity: 8
            """, file: "broken.yaml")
        #expect(error?.file == "broken.yaml")
        #expect(error?.line == 5)
        #expect(error?.column == 11)
        #expect(error?.keyPath == "")
        #expect(error?.message == "invalid YAML: while parsing a flow sequence at line 4, column 13: did not find expected ',' or ']'")
        #expect(
            error?.description
                == "broken.yaml:5:11: error: invalid YAML: while parsing a flow sequence at line 4, column 13: did not find expected ',' or ']'"
        )
    }

    @Test("a duplicated key is a YAML error at the key")
    func duplicateKey() {
        let error = loadError(LoaderFixtures.minimal(replacing: "duration: 30", with: "duration: 30\nduration: 40"))
        #expect(error?.line == 3)
        #expect(error?.column == 1)
        #expect(error?.message == "duplicate key 'duration' in the same mapping")
    }

    @Test("an empty file is an error at 1:1")
    func emptyFile() {
        let error = loadError("# nothing yet\n")
        #expect(error?.line == 1)
        #expect(error?.column == 1)
        #expect(error?.message.hasPrefix("empty scenario file") == true)
    }

    @Test("a top level that is not a mapping is a type error")
    func topLevelList() {
        expectError(
            "- name: x\n", line: 1, column: 1, keyPath: "",
            message: "top level: expected a mapping, found a list")
    }

    @Test("unreadable file is an error at 1:1 naming the file")
    func unreadableFile() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenario-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }

        let missing = directory.appendingPathComponent("missing.yaml")
        do {
            _ = try ScenarioLoader.load(contentsOf: missing)
            Issue.record("expected an error for a missing file")
        } catch {
            #expect(error.file == missing.path)
            #expect(error.line == 1)
            #expect(error.column == 1)
            #expect(error.message == "cannot read file: \(missing.path) (no such file)")
            #expect(error.description == "\(missing.path):1:1: error: cannot read file: \(missing.path) (no such file)")
        }

        do {
            _ = try ScenarioLoader.load(contentsOf: directory)
            Issue.record("expected an error for a directory")
        } catch {
            #expect(error.line == 1 && error.column == 1)
            #expect(error.message == "cannot read file: \(directory.path) (is a directory)")
        }
    }

    @Test("errors from a file on disk carry its path")
    func errorCarriesPath() throws {
        let directory = FileManager.default.temporaryDirectory
            .appendingPathComponent("scenario-loader-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory, withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        let url = directory.appendingPathComponent("zero.yaml")
        try LoaderFixtures.minimal(replacing: "  sections: 1", with: "  sections: 0")
            .write(to: url, atomically: true, encoding: .utf8)

        do {
            _ = try ScenarioLoader.load(contentsOf: url)
            Issue.record("expected an error")
        } catch {
            #expect(error.description == "\(url.path):5:13: error: table.sections must be between 1 and 100000 (found 0)")
        }
    }

    // MARK: Detail screens

    /// `minimal` whose scroll is `steps` and, when given, with a `details:` list.
    static func withDetails(_ steps: String, details: String? = nil) -> String {
        LoaderFixtures.minimal(
            replacing: "scroll:\n  - pause: 1s",
            with: (details.map { "details:\n\($0)\n" } ?? "") + "scroll:\n\(steps)")
    }

    @Test("a push step without a details list is an error at the step")
    func pushWithoutDetails() {
        expectError(
            Self.withDetails("  - pause: 1s\n  - push: {count: 2, dwell: 1s}"),
            line: 11, column: 11, keyPath: "scroll[1].push",
            message: "scroll[1].push: a push step opens a detail screen: list their types in a top-level 'details:' list")
    }

    @Test("a present step's count must be > 0, at the count")
    func presentZeroCount() {
        expectError(
            Self.withDetails("  - present: {count: 0, dwell: 1s}", details: "  - {type: msg, nib: {views: 3, depth: 2}}"),
            line: 12, column: 22, keyPath: "scroll[0].present.count",
            message: "scroll[0].present.count must be between 1 and 1000000 (found 0)")
    }

    @Test("an unknown key in a push step names the allowed ones")
    func pushUnknownKey() {
        expectError(
            Self.withDetails("  - push: {count: 1, dwel: 1s}", details: "  - {type: msg, nib: {views: 3, depth: 2}}"),
            line: 12, column: 22, keyPath: "scroll[0].push.dwel",
            message: "unknown key 'dwel' at scroll[0].push.dwel (expected one of: count, dwell)")
    }

    @Test("a detail type may not reuse a cell type's name")
    func detailTypeClashesWithCell() {
        expectError(
            Self.withDetails("  - push: {count: 1, dwell: 1s}", details: "  - {type: plain, nib: {views: 3, depth: 2}}"),
            line: 10, column: 12, keyPath: "details[0].type",
            message: "details[0].type: duplicate type 'plain' (already used by table.cells[0])")
    }

    @Test("a detail without a nib is an error at the entry")
    func detailWithoutNib() {
        expectError(
            Self.withDetails("  - push: {count: 1, dwell: 1s}", details: "  - {type: msg, weight: 2}"),
            line: 10, column: 5, keyPath: "details[0].nib",
            message: "missing required key 'details[0].nib'")
    }
}
