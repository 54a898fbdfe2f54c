import Foundation
import Testing
import Yams

@testable import Scenarios

/// `scenario.yaml` is the scenario as it ran: encoding a loaded scenario and loading the text
/// again gives the same scenario, for every shipped file of every kind.
@Suite("Kinds: scenario.yaml")
struct ScenarioFileTests {
    static let scenarios = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent().appendingPathComponent("scenarios")

    static var files: [String] {
        ((try? FileManager.default.contentsOfDirectory(atPath: scenarios.path)) ?? []).filter { $0.hasSuffix(".yaml") }.sorted()
    }

    @Test(
        "every shipped scenario, written as scenario.yaml, loads back to the same scenario",
        arguments: files)
    func roundTrip(file: String) throws {
        let scenario = try ScenarioLoader.load(contentsOf: Self.scenarios.appendingPathComponent(file))
        let text = try YAMLEncoder().encode(scenario)
        let again = try ScenarioLoader.load(yaml: text, file: "scenario.yaml")
        #expect(again == scenario)
        #expect(try YAMLEncoder().encode(again) == text, "scenario.yaml loads to itself")
        #expect(again.kind == scenario.kind && again.header.name == scenario.header.name)
    }
}
