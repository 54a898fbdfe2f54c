import Foundation
import Report
import Scenarios
import TestSupport
import Testing

/// A few hundred bytes of aliases and merge keys must not expand into millions of nodes: the
/// loader refuses them at the alias that passes the limit, before anything expands them.
@Suite("Scenario loading: aliases and merge keys are bounded")
struct YAMLBoundsTests {
    /// The classic "billion laughs": lists of ten aliases to the list before, nine levels, the
    /// last one used as a mapping key (which composing hashes whole). Level n is on line n + 4.
    static func laughs(levels: Int = 9) -> String {
        var lines = [
            "name: laughs", "kind: trace", "duration: 1s", "lol0: &l0 [" + Array(repeating: "lol", count: 10).joined(separator: ", ") + "]",
        ]
        for level in 1..<levels {
            lines.append("lol\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]")
        }
        lines.append("? *l\(levels - 1)")
        lines.append(": boom")
        return lines.joined(separator: "\n") + "\n"
    }

    /// The error loading `yaml` throws, and the bytes the loading allocated (jemalloc's count for
    /// this thread): a count of the work done, where a time would move with the machine's load.
    func boundedError(_ yaml: String) -> (error: ScenarioError?, bytes: UInt64) {
        AllocationProbe.measureBytes { planError(yaml, file: "bomb.yaml") }
    }

    /// At most what a refusal before any expansion allocates, with room: the expanded bombs
    /// below hold 10^8 and 10^9 nodes, gigabytes.
    static let refusalBytes: UInt64 = 8 << 20

    @Test("merge keys nested seven deep are refused before they expand (under 8 MB allocated, not gigabytes), at the alias that passes 10000 nodes")
    func mergeKeysSevenDeep() throws {
        let yaml = YAMLBombs.mergeKeys(depth: 7)
        #expect(yaml.utf8.count < 700)
        let (error, bytes) = boundedError(yaml)
        let refused = try #require(error)
        #expect(bytes < Self.refusalBytes, "allocated \(bytes) bytes")
        // a0 is 21 nodes, a1 213, a2 2133: the fourth *a2 of a3 (line 8) passes 10000.
        #expect(refused.description == "bomb.yaml:8:30: error: \(Self.tooMany)")
    }

    @Test("a billion laughs of aliases is refused before it expands (under 8 MB allocated), at the alias that passes the limit, even as a mapping key")
    func billionLaughs() throws {
        let (error, bytes) = boundedError(Self.laughs())
        let refused = try #require(error)
        #expect(bytes < Self.refusalBytes, "allocated \(bytes) bytes")
        // l0 is 11 nodes, l1 111, l2 1111: the eighth *l2 of l3 (line 7) passes 10000.
        #expect(refused.line == 7 && refused.column == 47)
        #expect(refused.message == Self.tooMany)
    }

    @Test("lists nested more than 64 levels deep through aliases are refused at the alias")
    func nestingThroughAliases() throws {
        // Lists 25 deep holding the anchor before: no line nests more than 25 levels as written,
        // `c` nests 75 through its aliases.
        func nested(_ inner: String) -> String {
            String(repeating: "[", count: 25) + inner + String(repeating: "]", count: 25)
        }
        let yaml = """
            name: deep
            kind: trace
            duration: 1s
            a: &a \(nested("x"))
            b: &b \(nested("*a"))
            c: &c \(nested("*b"))
            """
        let refused = try #require(planError(yaml, file: "deep.yaml"))
        #expect(refused.line == 6)
        #expect(refused.message == "the file nests more than 64 levels deep with its aliases and merge keys expanded (the limit)")
    }

    @Test("a file using a few anchors, aliases and merge keys loads as if written out")
    func legitimateAliasesLoad() throws {
        let written = """
            name: aliases
            kind: scrolling-table
            duration: 30
            table:
              sections: 1
              rows_per_section: 10
              cells:
                - {type: plain, height: 44, nib: {views: 1, depth: 1}}
                - {type: photo, height: 90, nib: {views: 1, depth: 1}}
            scroll:
              - pause: 1s
              - pause: 1s
            cache:
              capacity: 8
            """
        let aliased = """
            name: aliases
            kind: scrolling-table
            duration: 30
            table:
              sections: 1
              rows_per_section: 10
              cells:
                - &plain {type: plain, height: 44, nib: &nib {views: 1, depth: 1}}
                - {<<: *plain, type: photo, height: 90, nib: *nib}
            scroll:
              - &pause {pause: 1s}
              - *pause
            cache:
              capacity: 8
            """
        let expected = try ScenarioLoader.load(yaml: written, file: "written.yaml")
        let loaded = try ScenarioLoader.load(yaml: aliased, file: "aliased.yaml")
        #expect(loaded == expected)
    }

    @Test("a --set value is bounded as a file is, and the error names the option")
    func overrideValueBounded() throws {
        let levels = (1...6).map { level in
            "l\(level): &l\(level) [" + Array(repeating: "*l\(level - 1)", count: 10).joined(separator: ", ") + "]"
        }
        let value = "{l0: &l0 [a, a, a, a, a, a, a, a, a, a], \(levels.joined(separator: ", "))}"
        let override = try ScenarioOverride.set("description=\(value)")
        do {
            _ = try ScenarioLoader.loadPlan(yaml: LoaderFixtures.minimal, file: "minimal.yaml", overrides: [override])
            Issue.record("the value loaded")
        } catch {
            #expect(error.line == 0)
            #expect(error.message.hasPrefix("--set description="), "\(error)")
            #expect(
                error.message.hasSuffix(
                    ": the value expands to more than 10000 YAML nodes with its aliases and merge keys expanded (the limit)"))
        }
    }

    static let tooMany = "the file expands to more than 10000 YAML nodes with its aliases and merge keys expanded (the limit)"
}
