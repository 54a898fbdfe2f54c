import Foundation
import Report
import Testing

@Suite("Run metadata")
struct RunMetadataTests {
    static let metadata = RunMetadata(
        version: "0.9.0", commit: "1a2b3c4d5e6f", date: "2026-11-23T13:20:00Z", host: "build-7", cores: 2,
        memoryBytes: 8_589_934_592, os: "Linux 6.8", command: "workbench run scenarios/feed.yaml --repeat 10")

    @Test("run.json records version, commit, date, host, cores, memory, OS and command line, and reads back")
    func roundTrip() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let text = Self.metadata.json()
        for key in ["version", "commit", "date", "host", "cores", "memory_bytes", "os", "command"] {
            #expect(text.contains("\"\(key)\""), "\(text)")
        }
        try text.write(to: directory.url.appendingPathComponent(RunMetadata.fileName), atomically: false, encoding: .utf8)
        #expect(RunMetadata.load(scenarioDirectory: directory.url.path) == Self.metadata)
        #expect(RunMetadata.load(scenarioDirectory: directory.url.appendingPathComponent("none").path) == nil)
    }

    @Test("compare notes when baseline and current ran on different hosts or core counts")
    func differentMachines() {
        func side(_ path: String, _ run: RunMetadata) -> ResultsDirectory {
            var summary = ScenarioSummary(
                name: "feed", path: "\(path)/feed/summary.csv", header: ["policy", "in_use"], rows: [["lru", "-"]],
                columns: ResultColumns(summary: []))
            summary.run = run
            return ResultsDirectory(path: path, scenarios: [summary])
        }
        var other = Self.metadata
        other.cores = 8
        let differs = Comparison(baseline: side("b", Self.metadata), current: side("c", other))
        #expect(
            differs.notes.contains(
                .differentMachines(scenario: "feed", baseline: "build-7 (2 cores)", current: "build-7 (8 cores)")))
        let same = Comparison(baseline: side("b", Self.metadata), current: side("c", Self.metadata))
        #expect(!same.notes.contains { if case .differentMachines = $0 { true } else { false } })
    }
}
