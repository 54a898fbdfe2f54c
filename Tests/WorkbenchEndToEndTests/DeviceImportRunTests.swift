import Foundation
import Testing

/// `workbench device import`: a profile made from an xctrace export runs as a scenario's
/// `device:`; bad input is an error at its position and writes nothing.
@Suite("Device import: the command")
struct DeviceImportRunTests {
    /// The exports the Scenarios tests read (Tests/ScenariosTests/Loading/Fixtures).
    static let fixtures = CLI.packageRoot.appendingPathComponent("Tests/ScenariosTests/Loading/Fixtures")

    @Test(
        "a profile imported from an xctrace export runs as the device: of a scrolling table whose names match, and charges device_cost_ms > 0"
    )
    func importedProfileRuns() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        // The tiny scenario's cell types (plain, photo) and header reuse id (header) are the
        // fixture's signpost names.
        try temp.write("scenario.yaml", Fixture.text(Fixture.lines() + ["device: devices/phone.yaml"]))
        let imported = cli.run([
            "device", "import", Self.fixtures.appendingPathComponent("signposts.xml").path, "--bytes",
            Self.fixtures.appendingPathComponent("sizes.csv").path,
            "--name", "Test phone", "--scenario", temp.path("scenario.yaml").path, "--out", temp.path("devices/phone.yaml").path,
        ])
        #expect(imported.status == 0, "\(transcript(imported))")
        #expect(imported.stderr.contains("phone.yaml: 3 costs from 12 intervals, 2 sizes"), "\(imported.stderr)")
        let profile = try String(contentsOf: temp.path("devices/phone.yaml"), encoding: .utf8)
        #expect(profile.contains("\n  plain: 2.5ms   # 5 intervals: min 2ms, p25 2.5ms, p75 3ms, max 4ms\n"), "\(profile)")
        #expect(profile.contains("\n  photo: 6.25ms  # 4 intervals"), "\(profile)")
        #expect(profile.contains("\n  header: 1ms    # 3 intervals"), "\(profile)")
        #expect(profile.hasSuffix("bytes:\n  plain: 120KB\n  photo: 480KB\n"), "\(profile)")

        let run = cli.run(["run", temp.path("scenario.yaml").path, "--out", temp.path("out").path, "--no-plots", "-q"])
        #expect(run.status == 0, "\(transcript(run))")
        let summary = try CSVFile(contentsOf: temp.path("out/tiny/summary.csv"))
        let costs = try #require(summary.column("device_cost_ms"))
        #expect(!costs.isEmpty && costs.allSatisfy { (Double($0) ?? 0) > 0 }, "\(costs)")
        let held = try #require(summary.column("device_bytes_held_max"))
        #expect(held.contains { (Int($0) ?? 0) > 0 }, "\(held)")
    }

    @Test("without --out the profile goes to standard output")
    func importToStandardOutput() throws {
        let cli = try workbench()
        let imported = cli.run(["device", "import", Self.fixtures.appendingPathComponent("signposts.xml").path])
        #expect(imported.status == 0, "\(transcript(imported))")
        #expect(imported.stdout.contains("costs:\n  plain: 2.5ms "), "\(imported.stdout)")
    }

    @Test("a malformed export is an error at file:line:column, exit 1, and leaves the profile file as it was")
    func malformedExportWritesNothing() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let malformed = Self.fixtures.appendingPathComponent("signposts-malformed.xml").path
        let fresh = cli.run(["device", "import", malformed, "--out", temp.path("phone.yaml").path])
        #expect(fresh.status == 1, "\(transcript(fresh))")
        #expect(
            fresh.stderr.contains("\(malformed):14:118: error: <string ref=\"99\">: no element with id=\"99\" before it"), "\(fresh.stderr)"
        )
        #expect(!temp.exists("phone.yaml"))
        #expect(allEntries(under: temp.url).isEmpty, "\(allEntries(under: temp.url))")

        // An existing profile is kept as it was; a good export before the bad one changes nothing.
        try temp.write("phone.yaml", "costs: {plain: 1ms}\n")
        let again = cli.run([
            "device", "import", Self.fixtures.appendingPathComponent("signposts.xml").path, malformed, "--out",
            temp.path("phone.yaml").path,
        ])
        #expect(again.status == 1, "\(transcript(again))")
        #expect(try String(contentsOf: temp.path("phone.yaml"), encoding: .utf8) == "costs: {plain: 1ms}\n")
        #expect(allEntries(under: temp.url) == ["phone.yaml"])
    }

    @Test("a bad sizes CSV line, or a name the --scenario does not have, is an error at its line and writes nothing")
    func badBytesOrNamesWriteNothing() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let export = Self.fixtures.appendingPathComponent("signposts.xml").path
        try temp.write("sizes.csv", "type,bytes\nplain,120KB\nphoto,much\n")
        let sizes = cli.run([
            "device", "import", export, "--bytes", temp.path("sizes.csv").path, "--out",
            temp.path("phone.yaml").path,
        ])
        #expect(sizes.status == 1, "\(transcript(sizes))")
        #expect(sizes.stderr.contains("sizes.csv:3:7: error: size 'much' of 'photo' is not a byte count"), "\(sizes.stderr)")
        #expect(!temp.exists("phone.yaml"))

        // The scenario's header is `banner`: the profile's `header` matches nothing there.
        let lines = Fixture.lines().map { $0.replacingOccurrences(of: "reuse_id: header", with: "reuse_id: banner") }
        try temp.write("scenario.yaml", Fixture.text(lines))
        let names = cli.run([
            "device", "import", export, "--scenario", temp.path("scenario.yaml").path, "--out", temp.path("phone.yaml").path,
        ])
        #expect(names.status == 1, "\(transcript(names))")
        #expect(
            names.stderr.contains("phone.yaml:11:3: error: costs.header: device cost 'header' matches nothing in the scenario"),
            "\(names.stderr)")
        #expect(!temp.exists("phone.yaml"))
    }
}
