import Models
import Foundation
import Testing

@testable import Scenarios

/// `--policy lru/repopulate` names runs as results and `expect:` do; `--in-use` replaces the
/// file's in-use modes.
@Suite("Run selection: --policy with in-use modes, --in-use")
struct PolicySelectionTests {
    static func runs(_ yaml: String, policy: [String]? = nil, inUse: [String]? = nil) throws -> [String] {
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "t.yaml")
        var options = RunOptions()
        if let policy { options.select(try ScenarioLoader.validatePolicySelection(policy)) }
        if let inUse { options.inUse = try ScenarioLoader.validateInUseOverride(inUse) }
        return ScenarioRunner.runs(for: scenario, options: options).map(\.description)
    }

    static let table = LoaderFixtures.minimal.replacingOccurrences(
        of: "  capacity: 8", with: "  capacity: 8\n  policies: [none, lru, fifo]\n  in_use: [repopulate, drop]")

    @Test("--policy lru/repopulate runs that run only; a policy named alone runs every mode")
    func policyWithMode() throws {
        #expect(try Self.runs(Self.table) == ["none", "lru/repopulate", "lru/drop", "fifo/repopulate", "fifo/drop"])
        #expect(try Self.runs(Self.table, policy: ["lru/repopulate"]) == ["lru/repopulate"])
        #expect(try Self.runs(Self.table, policy: ["lru/drop,fifo", "none"]) == ["lru/drop", "fifo/repopulate", "fifo/drop", "none"])
    }

    @Test("--policy lru/pin runs a mode the file does not list")
    func policyAddsMode() throws {
        #expect(try Self.runs(Self.table, policy: ["lru/pin", "fifo"]) == ["lru/pin", "fifo/repopulate", "fifo/drop"])
    }

    @Test("--in-use replaces the file's in-use modes")
    func inUseOverride() throws {
        #expect(try Self.runs(Self.table, inUse: ["pin"]) == ["none", "lru/pin", "fifo/pin"])
        #expect(try Self.runs(Self.table, policy: ["lru"], inUse: ["drop,repopulate"]) == ["lru/drop", "lru/repopulate"])
    }

    @Test("--policy lru/repopulate in a navigation file")
    func navigationPolicyWithMode() throws {
        let url = SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios/four-tab-app.yaml")
        let scenario = try ScenarioLoader.load(contentsOf: url)
        var options = RunOptions()
        options.select(try ScenarioLoader.validatePolicySelection(["lru/repopulate", "forever"]))
        #expect(ScenarioRunner.runs(for: scenario, options: options).map(\.description) == ["lru/repopulate", "forever"])
    }

    @Test("a bad --policy or --in-use name is refused saying what is allowed")
    func errors() {
        #expect(throws: OptionValueError(message: "--policy: unknown in_use mode 'keep' in 'lru/keep' (expected one of: repopulate, pin, drop)")) {
            try ScenarioLoader.validatePolicySelection(["lru/keep"])
        }
        #expect(throws: OptionValueError(message: "--policy: 'none' has no in_use mode, so 'none/repopulate' names no run")) {
            try ScenarioLoader.validatePolicySelection(["none/repopulate"])
        }
        #expect(throws: OptionValueError(message: "--policy: 'lru' is given both alone and as 'lru/drop'")) {
            try ScenarioLoader.validatePolicySelection(["lru,lru/drop"])
        }
        #expect(throws: OptionValueError(message: "--policy: unknown policy 'lruu' (expected one of: \(PolicyName.choiceList))")) {
            try ScenarioLoader.validatePolicySelection(["lruu/drop"])
        }
        #expect(throws: OptionValueError(message: "--in-use: unknown in_use mode 'keep' (expected one of: repopulate, pin, drop)")) {
            try ScenarioLoader.validateInUseOverride(["keep"])
        }
    }
}
