import Foundation
import Testing

@testable import Scenarios

/// The shipped scenarios' `expect` lines state what each scenario demonstrates in a form that
/// holds whatever the machine's load: counts, instruction counts, and measured figures only
/// relative to another run of the file (judged with repetitions), never bounded by an absolute
/// number measured on this machine.
@Suite("Expectations: shipped scenarios")
struct ShippedExpectationTests {
    static let root = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
        .deletingLastPathComponent().deletingLastPathComponent()

    /// Every shipped scenario file: `scenarios/`, `scenarios/reference/` and the example team
    /// package's.
    static var files: [String] {
        ["scenarios", "scenarios/reference", "Examples/custom-cache/scenarios"].flatMap { folder in
            ((try? FileManager.default.contentsOfDirectory(atPath: root.appendingPathComponent(folder).path)) ?? [])
                .filter { $0.hasSuffix(".yaml") }.sorted().map { "\(folder)/\($0)" }
        }
    }

    @Test("no shipped scenario bounds a column measured on this machine by an absolute number", arguments: files)
    func noAbsoluteMeasuredBound(file: String) throws {
        // The example package's own policy and design names are registered by its runner, not
        // here: its files are read as text for their expect lines' metrics.
        let scenario: Scenario
        do {
            scenario = try ScenarioLoader.load(contentsOf: Self.root.appendingPathComponent(file))
        } catch {
            #expect(file.hasPrefix("Examples/"), "\(file): \(error)")
            return
        }
        let columns = scenario.body.resultColumns
        for expectation in scenario.header.expect {
            #expect(
                !ExpectationCheck.boundsMeasuredFigure(expectation, columns: columns),
                "\(file): expect \(expectation) bounds a figure measured on this machine by an absolute number")
        }
        #expect(ExpectationCheck.machineDependent(scenario).isEmpty, "validate notes none for \(file)")
    }

    @Test(
        "an absolute bound on a measured figure is machine-dependent (validate notes it), a relative one or a measured count's > 0 is not"
    )
    func machineDependentRule() throws {
        let text = """
            name: bounds
            kind: parallel-readers
            duration: 1s
            store: {designs: [mutex, rwlock]}
            keys: 100
            readers: {threads: 1, mix: {get: 100}, operations: 1000}
            expect:
              mutex: {get_p90_ns: "< 16667000", evicted_items: "> 0", get_ops: "== 1000"}
              rwlock: {get_p90_ns: "< mutex"}
            """
        let scenario = try ScenarioLoader.load(yaml: text, file: "bounds.yaml")
        let columns = scenario.body.resultColumns
        let flagged = scenario.header.expect.filter { ExpectationCheck.boundsMeasuredFigure($0, columns: columns) }
        #expect(flagged.map(\.description) == ["mutex: get_p90_ns < 16667000"])
        let notes = ExpectationCheck.machineDependent(scenario)
        #expect(notes.count == 1)
        #expect(notes.first?.contains("get_p90_ns < 16667000 bounds a figure measured on this machine") == true, "\(notes)")
    }

    @Test("the shipped scenarios are read by the rule above: the list is not empty and names every kind")
    func shippedFilesFound() throws {
        let kinds = Set(
            Self.files.compactMap { try? ScenarioLoader.load(contentsOf: Self.root.appendingPathComponent($0)).kind.rawValue })
        #expect(Self.files.count >= 20)
        #expect(kinds.isSuperset(of: ["scrolling-table", "navigation", "drawing", "parallel-readers", "trace"]), "\(kinds)")
    }
}
