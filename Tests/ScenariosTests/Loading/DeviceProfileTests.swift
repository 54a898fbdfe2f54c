import Foundation
import Report
import Testing
import Yams

@testable import Scenarios

/// `device:`: named costs measured on a device, inline or in a profile file beside the scenario,
/// charged per name; an inline `cost:` overrides them; a name that matches nothing is refused.
@Suite("Device profiles")
struct DeviceProfileTests {
    /// A 60 fps scroll with no reuse (`none`): every row that appears is instantiated, about 2.5 a
    /// frame, and each section header too. `device` and the row's inline cost are spliced in.
    static func table(device: String?, rowCost: String? = nil) -> String {
        let deviceLine = device.map { "device: \($0)\n" } ?? ""
        let costKey = rowCost.map { ", cost: \($0)" } ?? ""
        return """
            name: profiled
            kind: scrolling-table
            seed: 3
            duration: 2s
            warmup: 0s
            table:
              sections: 4
              rows_per_section: 100
              viewport_height: 600
              refresh_hz: 60
              header: {reuse_id: banner, height: 24, nib: {views: 3, depth: 2}}
              cells:
                - {type: row, height: 20, nib: {views: 4, depth: 2, label: R\(costKey)}}
            scroll:
              - steady: {speed: 3000, duration: 2s}
            cache: {capacity: 8, policies: [none]}
            \(deviceLine)
            """
    }

    /// A fresh directory holding `files` (relative path → text); removed by the caller.
    static func directory(_ files: [String: String]) throws -> URL {
        let root = FileManager.default.temporaryDirectory.appendingPathComponent("device-profile-\(UUID().uuidString)")
        for (path, text) in files {
            let url = root.appendingPathComponent(path)
            try FileManager.default.createDirectory(at: url.deletingLastPathComponent(), withIntermediateDirectories: true)
            try text.write(to: url, atomically: true, encoding: .utf8)
        }
        return root
    }

    /// Loads `scenario.yaml` written beside `devices/phone.yaml` (the profile).
    static func load(scenario: String, profile: String) throws -> Scenario {
        let root = try directory(["scenario.yaml": scenario, "devices/phone.yaml": profile])
        defer { try? FileManager.default.removeItem(at: root) }
        return try ScenarioLoader.load(contentsOf: root.appendingPathComponent("scenario.yaml"))
    }

    static func summary(_ scenario: Scenario) -> ResultRow? {
        ScenarioRunner.run(scenario, options: RunOptions()).summary.first
    }

    static let number = CalibratedCostTests.number

    @Test("profile costs are charged per name: each row's and each header's own cost, from a file beside the scenario")
    func profileCostsChargedPerName() throws {
        let profile = "name: Test phone\ncosts:\n  row: 3ms\n  banner: 1ms\n"
        let scenario = try Self.load(scenario: Self.table(device: "devices/phone.yaml"), profile: profile)
        let row = Self.summary(scenario)
        let rows = Self.number(row, "instantiations")
        let headers = Self.number(row, "header_footer_instantiations")
        #expect(rows > 200)
        #expect(headers > 0)
        #expect(Self.number(row, "calibrated_instantiations") == rows + headers)
        #expect(abs(Self.number(row, "device_cost_ms") - (3 * rows + 1 * headers)) < 1e-6)
    }

    @Test("an inline profile is read as a file's is, and scenario.yaml carries it inline")
    func inlineProfile() throws {
        let yaml = Self.table(device: "{name: iPhone 12, costs: {row: 2.4ms}}")
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "t.yaml")
        let table = try #require(scenario.as(ScrollingTableScenario.self))
        #expect(table.device == DeviceProfile(name: "iPhone 12", costs: [DeviceCost(name: "row", cost: .milliseconds(2.4))]))
        let result = ScenarioRunner.run(scenario, options: RunOptions())
        let row = result.summary.first
        #expect(abs(Self.number(row, "device_cost_ms") - 2.4 * Self.number(row, "instantiations")) < 1e-6)
        // The results' scenario.yaml loads again, with the same costs, wherever it is moved.
        let reloaded = try ScenarioLoader.load(yaml: result.scenarioYAML, file: "scenario.yaml")
        #expect(reloaded.as(ScrollingTableScenario.self)?.device?.costs == table.device?.costs)
    }

    @Test("an unknown name in a profile file is refused at its file:line:column")
    func unknownNameInFileRefusedWithPosition() throws {
        let root = try Self.directory([
            "scenario.yaml": Self.table(device: "devices/phone.yaml"),
            "devices/phone.yaml": "name: Test phone\ncosts:\n  row: 3ms\n  rwo: 1ms\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("scenario.yaml")
        #expect(throws: ScenarioError.self) { try ScenarioLoader.load(contentsOf: url) }
        do {
            _ = try ScenarioLoader.load(contentsOf: url)
        } catch {
            #expect(error.file == root.appendingPathComponent("devices/phone.yaml").path)
            #expect(error.line == 4)
            #expect(error.column == 3)
            #expect(
                error.message
                    == "costs.rwo: device cost 'rwo' matches nothing in the scenario (expected cell type, detail type or header/footer reuse_id: row, banner)"
            )
        }
    }

    @Test("an unknown name in an inline profile is refused at its key in the scenario file")
    func unknownInlineNameRefusedWithPosition() {
        let error = loadError(Self.table(device: "{costs: {row: 1ms, FeedCel: 2ms}}"), file: "t.yaml")
        #expect(error?.file == "t.yaml")
        #expect(error?.line == 17)
        #expect(error?.column == 28)
        #expect(error?.message.hasPrefix("device.costs.FeedCel: device cost 'FeedCel' matches nothing in the scenario") == true)
    }

    @Test("a profile's cost must be between 0 and 10 s, and a missing file is named")
    func badProfiles() throws {
        let root = try Self.directory(["scenario.yaml": Self.table(device: "devices/none.yaml")])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try ScenarioLoader.load(contentsOf: root.appendingPathComponent("scenario.yaml"))
            Issue.record("a missing profile loaded")
        } catch {
            #expect(error.line == 17)
            #expect(error.message.contains("cannot read device profile") && error.message.contains("no such file"))
        }
        let slow = loadError(Self.table(device: "{costs: {row: 11s}}"), file: "t.yaml")
        #expect(slow?.message == "device.costs.row must be >= 0 and at most 10s (found '11s')")
        let empty = loadError(Self.table(device: "{costs: {}}"), file: "t.yaml")
        #expect(empty?.message == "device.costs must name at least one cost")
    }

    @Test(
        "a device: profile is read under the scenario file's rules: a FIFO or a file over 16 MiB is refused naming it, and a file read by mistake is quoted as a short excerpt, never whole"
    )
    func profileReadingRules() throws {
        let root = try Self.directory(["scenario.yaml": Self.table(device: "devices/p.yaml")])
        defer { try? FileManager.default.removeItem(at: root) }
        let url = root.appendingPathComponent("scenario.yaml")
        let profile = root.appendingPathComponent("devices/p.yaml")
        try FileManager.default.createDirectory(at: profile.deletingLastPathComponent(), withIntermediateDirectories: true)
        func message() -> String {
            do {
                _ = try ScenarioLoader.load(contentsOf: url)
                return "loaded"
            } catch {
                return error.message
            }
        }

        #expect(mkfifo(profile.path, 0o644) == 0)
        #expect(message() == "device: cannot read device profile '\(profile.path)' (a FIFO, not a regular file)")
        try FileManager.default.removeItem(at: profile)

        try String(repeating: "x", count: 17 << 20).write(to: profile, atomically: true, encoding: .utf8)
        #expect(
            message()
                == "device: cannot read device profile '\(profile.path)' (\(17 << 20) bytes; a device profile is at most 16777216 bytes)")

        // A password-file-like text: one long plain scalar, not a profile.
        let secret = (0..<20_000).map { "user\($0):x:\($0):\($0)::/home/user\($0):/bin/sh" }.joined(separator: "\n")
        try secret.write(to: profile, atomically: true, encoding: .utf8)
        let quoted = message()
        #expect(quoted.count < 300, "\(quoted.prefix(400))")
        #expect(quoted.contains("'user0:x:0:0::/home/user0:/bin/sh user1:x:1:1::/home/user1:/b...' (\(secret.count) characters)"), "\(quoted)")
    }

    @Test("an inline cost: overrides the profile's cost of that name")
    func inlineOverridesProfile() throws {
        let profile = "costs: {row: 10ms, banner: 1ms}\n"
        let scenario = try Self.load(scenario: Self.table(device: "devices/phone.yaml", rowCost: "0.1ms"), profile: profile)
        let row = Self.summary(scenario)
        let rows = Self.number(row, "instantiations")
        let headers = Self.number(row, "header_footer_instantiations")
        // The row's own 0.1 ms, not the profile's 10 ms; the header still has the profile's.
        #expect(abs(Self.number(row, "device_cost_ms") - (0.1 * rows + 1 * headers)) < 1e-6)
        #expect(Self.number(row, "device_frames_over_budget") < 0.5 * Self.number(row, "frames"))
    }

    @Test("a profile's 10 ms row cost makes a 60 fps scroll go over budget and 0.1 ms does not, the measured time unchanged")
    func profileCostDecidesTheBudget() throws {
        let heavy = Self.summary(try Self.load(scenario: Self.table(device: "devices/phone.yaml"), profile: "costs: {row: 10ms}\n"))
        let light = Self.summary(try Self.load(scenario: Self.table(device: "devices/phone.yaml"), profile: "costs: {row: 0.1ms}\n"))
        let frames = Self.number(heavy, "frames")
        #expect(frames == 120)
        #expect(Self.number(heavy, "device_frames_over_budget") > 0.9 * frames)
        #expect(Self.number(light, "device_frames_over_budget") <= Self.number(light, "frames_over_budget") + 0.05 * frames)
        // Charged, not spent: a measured row request stays far below the 10 ms stated.
        #expect(Self.number(heavy, "dequeue_latency_p50_ns") < 5_000_000)
    }

    @Test("a navigation profile prices a view's creations, each charged to its frame")
    func navigationProfile() throws {
        let yaml = NavigationDriverTests.markovApp + "device: {name: phone, costs: {a1: 20ms, b: 1ms}}\n"
        let result = try NavigationDriverTests.run(yaml)
        let row = result.summary.first { $0["policy"] == .string("none") }
        let calibrated = Self.number(row, "calibrated_creations")
        #expect(calibrated > 0)
        #expect(calibrated < Self.number(row, "creations"))
        let cost = Self.number(row, "device_cost_ms")
        #expect(cost > 0)
        // Each a1 creation costs 20 ms: more than a 60 Hz frame, so its frame goes over budget.
        let a1Frames = (cost - calibrated * 1) / 19  // a1's count: 20a + b = cost, a + b = calibrated
        #expect(Self.number(row, "device_frames_over_budget") >= a1Frames.rounded(.down))
        #expect(Self.number(row, "device_frames_over_budget") >= Self.number(row, "frames_over_budget"))
    }

    @Test("a navigation profile's names are sections and views")
    func navigationUnknownName() {
        let error = loadError(NavigationDriverTests.markovApp + "device: {costs: {a9: 1ms}}\n", file: "nav.yaml")
        #expect(
            error?.message
                == "device.costs.a9: device cost 'a9' matches nothing in the scenario (expected section or view name: a, a1, a2, a3, b, b1, b2, c)"
        )
    }
}

extension DeviceProfileTests {
    @Test("a cost in ms is the decimal it states (9ms is 0.009 s), so scenario.yaml loads back to the same costs")
    func millisecondsAreExact() throws {
        #expect(try Seconds.parse("9ms").get().value == 0.009)
        #expect(try Seconds.parse("18ms").get().value == 0.018)
        let yaml = Self.table(device: "{costs: {row: 18ms}}", rowCost: "9ms")
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "t.yaml")
        let again = try ScenarioLoader.load(yaml: try YAMLEncoder().encode(scenario), file: "scenario.yaml")
        #expect(again == scenario)
    }
}

extension DeviceProfileTests {
    @Test("a profile file's own mistakes are reported at their position in that file")
    func profileFileErrorsInTheFile() throws {
        let root = try Self.directory([
            "scenario.yaml": Self.table(device: "devices/phone.yaml"),
            "devices/phone.yaml": "name: Test phone\ncost:\n  row: 3ms\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try ScenarioLoader.load(contentsOf: root.appendingPathComponent("scenario.yaml"))
            Issue.record("a profile with an unknown key loaded")
        } catch {
            #expect(error.file == root.appendingPathComponent("devices/phone.yaml").path)
            #expect(error.line == 2 && error.column == 1)
            #expect(error.message == "unknown key 'cost' at cost (expected one of: name, scale, costs, bytes)")
        }
    }
}

extension DeviceProfileTests {
    @Test("a profile file's aliases and merge keys are bounded as a scenario file's are, the error in the profile")
    func profileFileAliasesBounded() throws {
        // Ten merges of the level before, six levels: 10^7 pairs once merged.
        var lines = ["name: Bomb", "costs: {<<: *c6}"]
        lines.insert("c0: &c0 {" + (0..<10).map { "row\($0): 1ms" }.joined(separator: ", ") + "}", at: 1)
        for level in 1...6 {
            lines.insert(
                "c\(level): &c\(level) {<<: [" + Array(repeating: "*c\(level - 1)", count: 10).joined(separator: ", ") + "]}", at: level + 1
            )
        }
        let root = try Self.directory([
            "scenario.yaml": Self.table(device: "devices/bomb.yaml"),
            "devices/bomb.yaml": lines.joined(separator: "\n") + "\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try ScenarioLoader.load(contentsOf: root.appendingPathComponent("scenario.yaml"))
            Issue.record("the profile loaded")
        } catch {
            #expect(error.file == root.appendingPathComponent("devices/bomb.yaml").path)
            #expect(error.line == 5, "\(error)")
            #expect(error.message.hasPrefix("the file expands to more than 10000 YAML nodes"), "\(error)")
        }
    }
}

extension DeviceProfileTests {
    @Test("a file read by mistake as a profile is never echoed whole through its keys: an unknown key is quoted as a 60-character excerpt, in the message and the path")
    func unknownKeyQuotedAsExcerpt() throws {
        let secret = "token_" + String(repeating: "S3CRET", count: 30)
        let root = try Self.directory([
            "scenario.yaml": Self.table(device: "devices/phone.yaml"),
            "devices/phone.yaml": "\(secret): 1\n",
        ])
        defer { try? FileManager.default.removeItem(at: root) }
        do {
            _ = try ScenarioLoader.load(contentsOf: root.appendingPathComponent("scenario.yaml"))
            Issue.record("a profile with an unknown key loaded")
        } catch {
            #expect(!error.description.contains(secret), "\(error)")
            #expect(error.message.hasPrefix("unknown key '\(secret.prefix(60))...' (\(secret.count) characters) at \(secret.prefix(60))..."), "\(error)")
        }
        // A --set path's unknown key is quoted alike (the option itself is the user's own text).
        let override = try ScenarioOverride.set("\(secret)=1")
        do {
            _ = try ScenarioLoader.loadPlan(yaml: Self.table(device: "{costs: {row: 1ms}}"), file: "t.yaml", overrides: [override])
            Issue.record("an unknown --set key was accepted")
        } catch {
            #expect(error.message.contains(": unknown key '\(secret.prefix(60))...' (\(secret.count) characters) at the top level"), "\(error)")
        }
    }
}
