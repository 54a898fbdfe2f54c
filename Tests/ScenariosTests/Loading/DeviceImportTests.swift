import Foundation
import Testing

@testable import Scenarios

/// `workbench device import`: an xctrace export of os_signpost intervals read into a device
/// profile, the median per name; a sizes CSV for `bytes:`; malformed input refused at its
/// position.
@Suite("Device import from Instruments")
struct DeviceImportTests {
    static let fixtures = URL(fileURLWithPath: #filePath).deletingLastPathComponent().appendingPathComponent("Fixtures")

    /// Fixtures/signposts.xml: 13 rows, in file order
    ///   plain 2, photo 6, header 0.8, plain 3, plain 2.5, photo 5, header 1.2, plain 4,
    ///   photo 7.5, header 1, plain 2.5 (a ref to the earlier 2.5), photo 6.5 (ms),
    ///   photo with no duration (<sentinel/>).
    static func fixture() throws -> SignpostExport {
        try SignpostExport.read(contentsOf: fixtures.appendingPathComponent("signposts.xml"), file: "signposts.xml")
    }

    /// A one-table export with the given columns and rows, each row on a line of its own
    /// (the schema is line 3, row k is line 3 + k).
    static func export(columns: [String] = ["start", "duration", "name"], rows: [String], schema: String = "os-signpost-interval")
        -> Data
    {
        let cols = columns.map { "<col><mnemonic>\($0)</mnemonic></col>" }.joined()
        let text =
            "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='//trace-toc[1]/run[1]/data[1]/table[1]'><schema name=\"\(schema)\">\(cols)</schema>\n"
            + rows.map { "<row>\($0)</row>\n" }.joined() + "</node>\n</trace-query-result>\n"
        return Data(text.utf8)
    }

    static func error(_ body: () throws -> Void) -> ScenarioError? {
        do {
            try body()
            return nil
        } catch let error as ScenarioError {
            return error
        } catch {
            Issue.record("not a ScenarioError: \(error)")
            return nil
        }
    }

    @Test("the cost of each signpost name is the median of its intervals' durations (plain 2.5ms, photo 6.25ms, header 1ms)")
    func medianPerName() throws {
        let profile = try DeviceImport(name: "Test phone", sources: ["signposts.xml"], exports: [try Self.fixture()])
        // By hand: plain 2, 2.5, 2.5, 3, 4 -> 2.5; photo 5, 6, 6.5, 7.5 -> (6 + 6.5) / 2 = 6.25;
        // header 0.8, 1, 1.2 -> 1. Quartiles by linear interpolation between closest ranks.
        #expect(profile.costs.map(\.name) == ["plain", "photo", "header"])
        let spreads = Dictionary(uniqueKeysWithValues: profile.costs.map { ($0.name, $0.spread) })
        #expect(spreads["plain"]?.median == 2_500_000)
        #expect(spreads["photo"]?.median == 6_250_000)
        #expect(spreads["header"]?.median == 1_000_000)
        #expect(spreads["plain"] == DeviceImport.Spread([2_000_000, 2_500_000, 2_500_000, 3_000_000, 4_000_000]))
        #expect(spreads["photo"]?.p25 == 5_750_000 && spreads["photo"]?.p75 == 6_750_000)
        #expect(spreads["photo"]?.count == 4 && spreads["photo"]?.min == 5_000_000 && spreads["photo"]?.max == 7_500_000)
        #expect(profile.skipped == 1)
        let lines = profile.yaml.split(separator: "\n").map(String.init)
        #expect(lines.contains("name: Test phone"))
        #expect(lines.contains("  plain: 2.5ms   # 5 intervals: min 2ms, p25 2.5ms, p75 3ms, max 4ms"), "\(profile.yaml)")
        #expect(lines.contains("  photo: 6.25ms  # 4 intervals: min 5ms, p25 5.75ms, p75 6.75ms, max 7.5ms"), "\(profile.yaml)")
        #expect(lines.contains("  header: 1ms    # 3 intervals: min 0.8ms, p25 0.9ms, p75 1.1ms, max 1.2ms"), "\(profile.yaml)")
        #expect(lines.contains("# 1 interval without a name or a duration (not ended) skipped."), "\(profile.yaml)")
        #expect(!profile.yaml.contains("bytes:"))
    }

    @Test("the intervals of several exports are pooled per name before the median is taken")
    func severalExportsPool() throws {
        let more = try SignpostExport.parse(
            Self.export(rows: [
                "<start-time>1</start-time><duration>9000000</duration><string>header</string>",
                "<start-time>2</start-time><duration>9000000</duration><string>header</string>",
                "<start-time>3</start-time><duration>300000</duration><string>avatar</string>",
            ]), file: "more.xml")
        let profile = try DeviceImport(name: nil, sources: ["signposts.xml", "more.xml"], exports: [try Self.fixture(), more])
        // header: 0.8, 1, 1.2, 9, 9 -> 1.2.
        #expect(profile.costs.map(\.name) == ["plain", "photo", "header", "avatar"])
        #expect(profile.costs[2].spread.median == 1_200_000 && profile.costs[2].spread.count == 5)
        #expect(profile.costs[3].spread.median == 300_000)
        #expect(profile.yaml.contains("  avatar: 0.3ms "))
        #expect(profile.yaml.contains("(xctrace export): signposts.xml, more.xml."))
        #expect(!profile.yaml.contains("name:"))
    }

    @Test("an element with ref=\"N\" stands for the value of the element with id=\"N\": names and durations given by ref resolve")
    func refsResolveToTheirIds() throws {
        let export = try Self.fixture()
        // Line 22 of the fixture: <duration ref="22"/> (2.5 ms) and <string ref="3"/> (plain).
        #expect(export.intervals.count == 12)
        #expect(export.intervals[10] == SignpostInterval(name: "plain", nanoseconds: 2_500_000))
        // Line 15: the name by ref, the duration its own.
        #expect(export.intervals[3] == SignpostInterval(name: "plain", nanoseconds: 3_000_000))
        let byRef = try SignpostExport.parse(
            Self.export(rows: [
                "<start-time id=\"1\" fmt=\"00:00.000.000\">0</start-time><duration id=\"2\" fmt=\"1.50 ms\">1500000</duration><string id=\"3\" fmt=\"cell\">cell</string>",
                "<start-time id=\"4\" fmt=\"00:00.100.000\">100000000</start-time><duration ref=\"2\"/><string ref=\"3\"/>",
            ]), file: "inline.xml")
        #expect(
            byRef.intervals == [
                SignpostInterval(name: "cell", nanoseconds: 1_500_000), SignpostInterval(name: "cell", nanoseconds: 1_500_000),
            ])
    }

    @Test("--subsystem keeps only the intervals of the subsystems named")
    func subsystemFilter() throws {
        let data = Self.export(
            columns: ["start", "duration", "name", "subsystem"],
            rows: [
                "<start-time>0</start-time><duration>1000000</duration><string>cell</string><subsystem id=\"1\">com.example.feed</subsystem>",
                "<start-time>1</start-time><duration>5000000</duration><string>layout</string><subsystem>com.apple.UIKit</subsystem>",
                "<start-time>2</start-time><duration>3000000</duration><string>cell</string><subsystem ref=\"1\"/>",
            ])
        let kept = try SignpostExport.parse(data, file: "x.xml", subsystems: ["com.example.feed"])
        #expect(kept.intervals.map(\.name) == ["cell", "cell"])
        #expect(try SignpostExport.parse(data, file: "x.xml").intervals.count == 3)
    }

    @Test("a malformed export is an error at the element's file:line:column")
    func malformedExportErrors() throws {
        // The fixture: line 14 names its signpost by a ref to an id no element has.
        let ref = Self.error {
            _ = try SignpostExport.read(
                contentsOf: Self.fixtures.appendingPathComponent("signposts-malformed.xml"), file: "signposts-malformed.xml")
        }
        #expect(ref?.description == "signposts-malformed.xml:14:118: error: <string ref=\"99\">: no element with id=\"99\" before it")

        // An XML syntax error: a row's end tag misspelt on line 5.
        var text = String(
            decoding: Self.export(rows: ["<start-time>0</start-time><duration>1</duration><string>a</string>", "x"]), as: UTF8.self)
        text = text.replacingOccurrences(of: "<row>x</row>", with: "<row>x</rwo>")
        let syntax = Self.error { _ = try SignpostExport.parse(Data(text.utf8), file: "s.xml") }
        #expect(
            syntax?.description == "s.xml:5:13: error: malformed XML (an end tag does not match its start tag; XML error 76)",
            "\(String(describing: syntax))")

        // A truncated export.
        let truncated = Self.error {
            _ = try SignpostExport.parse(Data("<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='x'>".utf8), file: "cut.xml")
        }
        #expect(truncated?.line == 3 && truncated?.message.hasPrefix("malformed XML") == true, "\(String(describing: truncated))")

        // Rows without a schema.
        let noSchema = Data(
            "<?xml version=\"1.0\"?>\n<trace-query-result>\n<node xpath='x'>\n<row><duration>1</duration></row>\n</node>\n</trace-query-result>\n"
                .utf8)
        let schema = Self.error { _ = try SignpostExport.parse(noSchema, file: "n.xml") }
        #expect(schema?.line == 4, "\(String(describing: schema))")
        #expect(schema?.message.hasPrefix("<row> before any <schema>") == true)

        // A row with fewer cells than the duration column needs (line 4: row 1).
        let short = Self.error {
            _ = try SignpostExport.parse(
                Self.export(columns: ["name", "start", "duration"], rows: ["<string>a</string><start-time>0</start-time>"]), file: "r.xml")
        }
        #expect(short?.line == 4, "\(String(describing: short))")
        #expect(short?.message == "<row> has 2 cells, no duration (column 3 of table 'os-signpost-interval')")

        // A table without a name column, a table that is not an os_signpost one, another root.
        let noName = Self.error { _ = try SignpostExport.parse(Self.export(columns: ["start", "duration"], rows: []), file: "c.xml") }
        #expect(noName?.line == 3 && noName?.message == "table 'os-signpost-interval' has no name column (its columns: start, duration)")
        let other = Self.error { _ = try SignpostExport.parse(Self.export(rows: [], schema: "time-profile"), file: "t.xml") }
        #expect(other?.line == 3 && other?.message.hasPrefix("table 'time-profile' is not an os_signpost interval table") == true)
        let root = Self.error { _ = try SignpostExport.parse(Data("<?xml version=\"1.0\"?>\n<trace-toc/>\n".utf8), file: "toc.xml") }
        #expect(root?.line == 2 && root?.message == "expected <trace-query-result> (what xctrace export writes), found <trace-toc>")

        // A duration that is not a whole number of nanoseconds, at its cell.
        let duration = Self.error {
            _ = try SignpostExport.parse(
                Self.export(rows: ["<start-time>0</start-time><duration>2.4 ms</duration><string>a</string>"]), file: "d.xml")
        }
        #expect(duration?.line == 4 && duration?.message.hasPrefix("duration '2.4 ms' is not a whole number of nanoseconds") == true)
    }

    @Test("--bytes: a sizes CSV (type,bytes; a byte count or 120KB-style) fills bytes:")
    func bytesCSVFillsBytes() throws {
        let sizes = try DeviceImport.readBytesCSV(
            "type,bytes\nplain, 120KB\n\n# the detail\nphoto,491520\nheader,1.5MB\r\n", file: "sizes.csv")
        #expect(sizes.map(\.name) == ["plain", "photo", "header"])
        #expect(sizes.map(\.bytes) == [120 * 1024, 491_520, 1_572_864])
        let profile = try DeviceImport(name: nil, sources: ["signposts.xml"], exports: [try Self.fixture()], bytes: sizes)
        #expect(profile.yaml.hasSuffix("bytes:\n  plain: 120KB\n  photo: 491520\n  header: 1.5MB\n"), "\(profile.yaml)")
    }

    @Test("a bad line of the sizes CSV is an error at its file:line:column")
    func badBytesCSVLine() {
        func failure(_ text: String) -> String? {
            Self.error { _ = try DeviceImport.readBytesCSV(text, file: "sizes.csv") }?.description
        }
        #expect(
            failure("type,bytes\nplain,120KB\nphoto,lots\n")
                == "sizes.csv:3:7: error: size 'lots' of 'photo' is not a byte count from 0 to 16GB (expected e.g. 122880, 120KB or 1.5MB)")
        #expect(failure("type,bytes\nplain,120KB,3\n") == "sizes.csv:2:13: error: expected 'type,bytes' (2 fields), found 3 fields")
        #expect(failure("type,bytes\nplain,1KB\nplain,2KB\n") == "sizes.csv:3:1: error: type 'plain' is given twice")
        #expect(failure("name,size\nplain,1KB\n") == "sizes.csv:1:1: error: expected the header line 'type,bytes', found 'name,size'")
        #expect(failure("type,bytes\nplain,-1\n")?.hasPrefix("sizes.csv:2:7: error: size '-1' of 'plain'") == true)
        #expect(failure("type,bytes\nplain,32GB\n")?.hasPrefix("sizes.csv:2:7: error: size '32GB'") == true)
    }

    @Test("the imported profile loads as a scenario's device: and its names are checked against the scenario")
    func profileLoadsAndNamesAreChecked() throws {
        let profile = try DeviceImport(
            name: "Test phone", sources: ["signposts.xml"], exports: [try Self.fixture()],
            bytes: [DeviceImport.Size(name: "plain", bytes: 122_880, text: "120KB")])
        let root = try DeviceProfileTests.directory([
            "matching.yaml": Self.scenario(types: ["plain", "photo"], header: "header"),
            "other.yaml": Self.scenario(types: ["plain", "photo"], header: "banner"),
            "devices/phone.yaml": profile.yaml,
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        try DeviceImport.check(profile.yaml, against: root.appendingPathComponent("matching.yaml"), shownAs: "devices/phone.yaml")
        // As a file the scenario names: the costs and sizes as imported.
        let loaded = try ScenarioLoader.load(
            contentsOf: root.appendingPathComponent("matching.yaml"), overrides: [try ScenarioOverride.set("device=devices/phone.yaml")])
        let device = try #require((loaded.body as? ScrollingTableScenario)?.device)
        #expect(device.name == "Test phone")
        #expect(
            device.costs == [
                DeviceCost(name: "plain", cost: .milliseconds(2.5)), DeviceCost(name: "photo", cost: .milliseconds(6.25)),
                DeviceCost(name: "header", cost: .milliseconds(1)),
            ])
        #expect(device.bytes == [DeviceBytes(name: "plain", bytes: 122_880)])
        // A scenario without a `header` reuse id: the name's line in the profile about to be written.
        let mismatch = Self.error {
            try DeviceImport.check(profile.yaml, against: root.appendingPathComponent("other.yaml"), shownAs: "devices/phone.yaml")
        }
        let line =
            try #require(profile.yaml.split(separator: "\n", omittingEmptySubsequences: false).firstIndex { $0.hasPrefix("  header:") }) + 1
        #expect(mismatch?.file == "devices/phone.yaml")
        #expect(mismatch?.line == line && mismatch?.column == 3, "\(String(describing: mismatch))")
        #expect(mismatch?.message.hasPrefix("costs.header: device cost 'header' matches nothing in the scenario") == true)
    }

    /// A small scrolling table whose cell types and header reuse id are given.
    static func scenario(types: [String], header: String) -> String {
        """
        name: imported
        kind: scrolling-table
        seed: 3
        duration: 1s
        warmup: 0s
        table:
          sections: 4
          rows_per_section: 50
          viewport_height: 600
          refresh_hz: 60
          header: {reuse_id: \(header), height: 24, nib: {views: 3, depth: 2}}
          cells:
        \(types.map { "    - {type: \($0), height: 40, nib: {views: 4, depth: 2, label: L}}" }.joined(separator: "\n"))
        scroll:
          - steady: {speed: 3000, duration: 1s}
        cache: {capacity: 8, policies: [none]}

        """
    }
}
