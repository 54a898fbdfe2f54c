import Foundation
import Testing

extension EndToEnd {
    @Suite("run: navigation scenarios")
    struct NavigationRun {
        static let yaml = """
            name: tiny-nav
            kind: navigation
            duration: 20s
            warmup: 2s
            sample_interval: 5s
            memory_pressure: [{every: 6s, level: warning}]
            app:
              stack_size: 4
              sections:
                - name: home
                  nib: {views: 10, depth: 3}
                  views: [{name: feed, nib: {views: 20, depth: 4}}, {name: post, nib: {views: 12, depth: 3}}]
                - name: profile
                  nib: {views: 8, depth: 2}
            user:
              markov: {switch_tab: 0.3, open_view: 0.4, back: 0.3, dwell: [500ms, 2s]}
            cache: {capacity: 2, policies: [forever, lru], in_use: [repopulate, drop]}

            """

        @Test("a navigation scenario runs beside a scrolling table in one invocation and writes its own CSVs")
        func navigationWritesResults() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let nav = try dir.write("nav.yaml", Self.yaml)
            let table = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("results")
            let result = cli.run([table.path, nav.path, "--out", out.path], cwd: dir.url)
            #expect(result.status == 0, "\(transcript(result))")
            #expect(result.stdout.contains("tiny-nav"))
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny-nav/summary.csv"))
            #expect(
                summary.records.map { [$0["policy"] ?? "?", $0["in_use"] ?? "?"] } == [
                    ["forever", "-"], ["lru", "repopulate"], ["lru", "drop"],
                ])
            for column in [
                "intents", "failed_backs", "creations", "resident_controllers_max", "history_bytes_max", "transition_latency_p99_ns",
            ] {
                #expect(summary.header.contains(column), "\(column)")
            }
            let timeseries = try CSVFile(contentsOf: out.appendingPathComponent("tiny-nav/timeseries.csv"))
            #expect(timeseries.header.contains("history_depth"))
            #expect(timeseries.records.count == 12, "4 samples × 3 runs")
            #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("tiny/summary.csv").path))
        }

        @Test("an unknown section in a navigation script is reported at its file:line:column and nothing is written")
        func unknownSectionReported() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let bad = Self.yaml.replacingOccurrences(
                of: "  markov: {switch_tab: 0.3, open_view: 0.4, back: 0.3, dwell: [500ms, 2s]}",
                with: "  script:\n    - intent: {section: setings}")
            let file = try dir.write("bad-nav.yaml", bad)
            let out = dir.path("results")
            let result = cli.run([file.path, "--out", out.path], cwd: dir.url)
            #expect(result.status == 1)
            #expect(result.stderr.contains("bad-nav.yaml:17:"), "\(transcript(result))")
            #expect(result.stderr.contains("user.script[0].intent.section"))
            #expect(result.stderr.contains("unknown section 'setings'"))
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("tiny-nav").path))
        }
    }
}
