import Foundation
import Testing

extension EndToEnd {
    /// `run` prints each warning once and records it in the scenario's run.json; `validate`
    /// prints those known before running.
    @Suite("Warnings on the command line")
    struct Warnings {
        @Test("run prints a warning once and records it in run.json; validate prints it too")
        func printedOnceAndRecorded() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            var lines = Fixture.lines()
            lines[20] = "  capacity: 500"  // line 21: room for every controller
            let file = try dir.write("roomy.yaml", Fixture.text(lines))
            let out = dir.path("out")
            let result = cli.run(["run", file.path, "--out", out.path, "--no-plots"])
            #expect(result.status == 0, "\(transcript(result))")
            let evicted = "warning: tiny: policies cannot differ: no bounded run evicted anything (2 distinct keys, capacity 500)"
            #expect(result.stderr.components(separatedBy: evicted).count == 2, "\(transcript(result))")
            #expect(result.stderr.components(separatedBy: "compared on one workload seed").count == 2, "\(transcript(result))")
            let record = try String(contentsOf: out.appendingPathComponent("tiny/run.json"), encoding: .utf8)
            #expect(record.contains("\"warnings\""), "\(record)")
            #expect(record.contains("policies cannot differ"))

            let checked = cli.run(["validate", file.path])
            #expect(checked.status == 0)
            #expect(checked.stderr.contains("warning: \(file.path): tiny: its 3 policies are compared on one workload seed"), "\(transcript(checked))")

            // --quiet prints no warning; run.json still has it.
            let quiet = cli.run(["run", file.path, "--out", out.path, "--no-plots", "--quiet"])
            #expect(quiet.status == 0)
            #expect(!quiet.stderr.contains("warning:"), "\(transcript(quiet))")
        }
    
        @Test(
            "threads outnumbering the cores: run warns naming both numbers, and run.json, index.html and index.md record it; validate warns too"
        )
        func threadsOutnumberCores() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let cores = ProcessInfo.processInfo.activeProcessorCount
            let threads = cores + 1
            let file = try dir.write(
                "crowd.yaml",
                """
                name: crowd
                kind: parallel-readers
                duration: 200ms
                warmup: 0s
                store: {designs: [mutex]}
                keys: 100
                readers: {threads: \(threads), mix: {get: 100}, operations: 2000}
                """)
            let out = dir.path("out")
            // The warnings about this machine are on (the tests turn them off elsewhere).
            let machine = ["WORKBENCH_SKIP_LOAD_CHECK": "0"]
            let run = cli.run(["run", file.path, "--out", out.path, "--no-plots"], environment: machine)
            #expect(run.status == 0, "\(transcript(run))")
            let expected = "its \(threads) threads (readers \(threads)) outnumber this machine's \(cores) core"
            #expect(run.stderr.contains("warning: crowd: \(expected)"), "\(transcript(run))")
            for page in ["crowd/run.json", "index.html", "index.md"] {
                let text = try String(contentsOf: out.appendingPathComponent(page), encoding: .utf8)
                let shown = page.hasSuffix(".html") ? expected.replacingOccurrences(of: "'", with: "&#39;") : expected
                #expect(text.contains(shown), "\(page): \(text)")
            }
            let checked = cli.run(["validate", file.path], environment: machine)
            #expect(checked.status == 0 && checked.stderr.contains(expected), "\(transcript(checked))")
            let quiet = cli.run(["validate", file.path])
            #expect(!quiet.stderr.contains("outnumber"), "WORKBENCH_SKIP_LOAD_CHECK=1 turns it off: \(transcript(quiet))")
        }

        @Test("more than ten expectations that all held print as one line; a failure prints its rows")
        func heldExpectationsCollapse() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("out").path
            let many = cli.run([
                "run", file.path, "--sweep", "cache.capacity=2,3,4,5,6,7", "--set", "expect={lru: {hits: \">= 0\"}}", "--out", out,
                "--no-plots",
            ])
            #expect(many.status == 0, "\(transcript(many))")
            #expect(many.stdout.contains("expectations: all 12 held (listed in each scenario's expectations.csv)\n"), "\(transcript(many))")
            #expect(!many.stdout.contains("hits      >= 0"), "\(transcript(many))")
            let failing = cli.run([
                "run", file.path, "--sweep", "cache.capacity=2,3,4,5,6,7", "--set", "expect={lru: {hits: \"< 0\"}}", "--out", out,
                "--no-plots",
            ])
            #expect(failing.status == 2)
            #expect(failing.stdout.contains("expectations: 12 of 12 FAILED"), "\(transcript(failing))")
            #expect(failing.stdout.contains("FAILED"))
        }
    }
}
