import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// `scroll: [{recorded: FILE}]`: a scroll session's content offsets over time, replayed exactly at
/// the frame clock, gaps held.
@Suite("Recorded scroll sessions")
struct RecordedScrollTests {
    static func session(_ samples: [(Double, Double)]) -> RecordedScroll {
        RecordedScroll(file: "s.csv", samples: samples.map { RecordedScroll.Sample(time: $0.0, offset: $0.1) })
    }

    static func offsets(_ steps: [ScrollStep], frames: Int, maximum: Double = 10_000) -> [Double] {
        var geometry = FakeGeometry(maximumOffset: maximum)
        return ScrollScriptTests.play(steps, frames: frames, geometry: &geometry).compactMap {
            if case .scroll(let offset) = $0 { return offset } else { return nil }
        }
    }

    @Test("a recorded session replays each frame at the offset of the last sample at or before its time; a gap holds the offset")
    func replaysAtTheFrameClock() {
        // At 60 Hz: frames at 0, 1/60, 2/60, ...; samples at 0, 0.02 (frame 2 is the first at or
        // after it), a gap to 0.1 (frame 6).
        let session = Self.session([(0, 0), (0.02, 50), (0.1, 400)])
        let offsets = Self.offsets([.recorded(session), .pause(.seconds(10))], frames: 10)
        #expect(Array(offsets.prefix(7)) == [0, 0, 50, 50, 50, 50, 400], "\(offsets)")
        // The step ends after the last sample's frame (frame 6): then the pause, which scrolls nothing.
        #expect(offsets.count == 7, "\(offsets)")
    }

    @Test("offsets past the table's end are clamped to it, as a scroll view does")
    func replayClamped() {
        let offsets = Self.offsets([.recorded(Self.session([(0, 0), (1.0 / 60, 500)])), .pause(.seconds(10))], frames: 3, maximum: 300)
        #expect(offsets == [0, 300])
    }

    @Test("a session file: header t_s,offset, numbers; a wrong header, field, value or order is an error at the file's line and column")
    func sessionFileErrors() throws {
        let good = try RecordedScroll.parse("t_s,offset\n0,0\n0.5,120.5\r\n\n2,80\n", file: "s.csv")
        #expect(good.map(\.offset) == [0, 120.5, 80])
        let cases: [(String, Int, Int, String)] = [
            ("time,offset\n0,0\n", 1, 1, "expected the header 't_s,offset'"),
            ("t_s,offset\n0,0\n1\n", 3, 1, "expected 2 fields (t_s,offset), found 1"),
            ("t_s,offset\n0,0\n1,abc\n", 3, 3, "offset must be a number of points >= 0, found 'abc'"),
            ("t_s,offset\n0,0\n-1,5\n", 3, 1, "t_s must be a number of seconds >= 0"),
            ("t_s,offset\n0,0\n2,5\n1,5\n", 4, 1, "t_s must not decrease: 1 after 2"),
            ("t_s,offset\n", 1, 1, "a recorded session needs at least one sample"),
            ("", 1, 1, "empty recorded session"),
        ]
        for (text, line, column, message) in cases {
            do {
                _ = try RecordedScroll.parse(text, file: "s.csv")
                Issue.record("accepted: \(text)")
            } catch let error as ScenarioError {
                #expect(error.line == line && error.column == column, "\(error)")
                #expect(error.message.contains(message), "\(error)")
            }
        }
    }

    @Test("the scenario names the session relative to its file; a missing file is an error at the step")
    func sessionFileResolved() throws {
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("recorded-\(UUID().uuidString)")
        try FileManager.default.createDirectory(at: directory.appendingPathComponent("sessions"), withIntermediateDirectories: true)
        defer { try? FileManager.default.removeItem(at: directory) }
        try "t_s,offset\n0,0\n1,300\n".write(to: directory.appendingPathComponent("sessions/s.csv"), atomically: true, encoding: .utf8)
        let yaml = Self.table(scroll: "  - recorded: sessions/s.csv\n")
        let file = directory.appendingPathComponent("t.yaml").path
        let scenario = try #require(try ScenarioLoader.load(yaml: yaml, file: file).as(ScrollingTableScenario.self))
        #expect(scenario.scroll == [.recorded(Self.session([(0, 0), (1, 300)]).renamed("sessions/s.csv"))])
        do {
            _ = try ScenarioLoader.load(yaml: Self.table(scroll: "  - recorded: sessions/none.csv\n"), file: file)
            Issue.record("a missing session was accepted")
        } catch {
            #expect(error.keyPath == "scroll[0].recorded", "\(error)")
            #expect(error.message.contains("cannot read recorded session"), "\(error)")
        }
    }

    @Test("the same recorded session gives the same counts, bit for bit, on two runs")
    func recordedSessionDeterministic() throws {
        let scenario = try ScenarioLoader.load(
            contentsOf: SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios/recorded-feed.yaml"))
        let first = ScenarioRunner.run(scenario, options: RunOptions())
        let second = ScenarioRunner.run(scenario, options: RunOptions())
        let counts = first.columns.summary.filter { $0.role == .count }.map(\.name)
        #expect(!counts.isEmpty)
        for (a, b) in zip(first.summary, second.summary) {
            #expect(counts.map { a[$0] } == counts.map { b[$0] })
        }
        #expect(first.summary.contains { ($0["requests"].flatMap { Int($0.text) } ?? 0) > 50 })
    }

    @Test("scenario.yaml carries a recorded session inline ({csv: text}) and loads back to the same scenario without the file; an inline error names its line")
    func recordedSessionInline() throws {
        let scenario = try ScenarioLoader.load(
            contentsOf: SchemaDeclarationTests.packageRoot.appendingPathComponent("scenarios/recorded-feed.yaml"))
        let result = ScenarioRunner.run(scenario, options: RunOptions(policies: [.none]))
        #expect(result.scenarioYAML.contains("csv: "), "inline")
        let reloaded = try ScenarioLoader.load(yaml: result.scenarioYAML, file: "/nonexistent/scenario.yaml")
        #expect(reloaded.as(ScrollingTableScenario.self)?.scroll == scenario.as(ScrollingTableScenario.self)?.scroll)
        #expect(reloaded.body.inputFiles.isEmpty)
        do {
            _ = try ScenarioLoader.load(yaml: Self.table(scroll: "  - recorded: {csv: \"t_s,offset\\n0,x\\n\"}\n"), file: "t.yaml")
            Issue.record("a bad inline sample was accepted")
        } catch {
            #expect(error.keyPath == "scroll[0].recorded.csv", "\(error)")
            #expect(error.message.contains("line 2, column 3: offset must be a number"), "\(error)")
        }
    }

    static func table(scroll: String) -> String {
        """
        name: rec
        kind: scrolling-table
        seed: 1
        duration: 2s
        warmup: 0s
        table:
          sections: 1
          rows_per_section: 100
          viewport_height: 600
          refresh_hz: 60
          cells:
            - {type: post, height: 100, nib: {views: 4, depth: 2}}
        scroll:
        \(scroll)cache: {capacity: 4, policies: [lru], in_use: [repopulate]}

        """
    }
}

extension RecordedScroll {
    func renamed(_ file: String) -> RecordedScroll {
        RecordedScroll(file: file, samples: samples)
    }
}
