import Foundation
import Testing

extension EndToEndSecondLine {
    /// What `run` refuses, `validate` refuses; what `validate` accepts, `run` runs.
    @Suite("validate and run: one validation")
    struct OneValidation {
        @Test("validate checks every sweep point and counts the sweep points' runs")
        func validateSweeps() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let bad = try dir.write("bad.yaml", Fixture.yaml(name: "bad") + "\nsweep: {key: cache.capacity, values: [-1, 0, 5]}\n")
            let refused = cli.run(["validate", bad.path])
            #expect(refused.status == 1, "\(transcript(refused))")
            #expect(refused.stderr.contains("\(bad.path):21:13: error: cache.capacity"), "\(transcript(refused))")
            #expect(refused.stderr.contains("(with sweep value -1)"), "\(transcript(refused))")

            let seed = try dir.write("seed.yaml", Fixture.yaml(name: "seed") + "\nsweep: {key: seed, values: [-1, 0, 5]}\n")
            let seedResult = cli.run(["validate", seed.path])
            #expect(seedResult.status == 1, "\(transcript(seedResult))")
            #expect(seedResult.stderr.contains("\(seed.path):4:7: error: seed:"), "\(transcript(seedResult))")
            #expect(seedResult.stderr.contains("(with sweep value -1)"), "\(transcript(seedResult))")

            let good = try dir.write("good.yaml", Fixture.yaml(name: "good") + "\nsweep: {key: cache.capacity, values: [2, 4, 8]}\n")
            let ok = cli.run(["validate", good.path])
            #expect(ok.status == 0, "\(transcript(ok))")
            #expect(
                ok.stdout.contains(
                    "ok: good (scrolling-table), 15 runs (3 points of cache.capacity × 5): none, lru/repopulate, lru/pin, fifo/repopulate, fifo/pin"),
                "\(transcript(ok))")
        }

        @Test("a duration of 1e18 s is refused by validate and by run, at its position")
        func hugeDurationRefused() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            var lines = Fixture.lines(name: "long")
            lines[4] = "duration: 1e18"  // line 5
            let file = try dir.write("long.yaml", Fixture.text(lines))
            for command in [["validate", file.path], [file.path, "--out", dir.path("out").path, "--no-plots"]] {
                let result = cli.run(command)
                #expect(result.status == 1, "\(transcript(result))")
                #expect(
                    result.stderr.contains("\(file.path):5:11: error: duration must be 0 or between 1e-09 s and 1000000000 s (about 31 years) (found 1e18)"),
                    "\(transcript(result))")
            }
        }

        @Test("a name of 300 characters is refused by validate")
        func longNameRefused() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("name.yaml", Fixture.yaml(name: String(repeating: "n", count: 300)))
            let result = cli.run(["validate", file.path])
            #expect(result.status == 1, "\(transcript(result))")
            #expect(result.stderr.contains("\(file.path):2:7: error: name must be at most 100 characters"), "\(transcript(result))")
        }

        @Test("reading /dev/zero or a FIFO says what the file is, not 'permission'")
        func specialFilesRefused() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let fifo = dir.path("pipe.yaml")
            #expect(mkfifo(fifo.path, 0o600) == 0)
            let zero = cli.run(["validate", "/dev/zero"], timeout: 20)
            #expect(zero.status == 1, "\(transcript(zero))")
            #expect(zero.stderr.contains("/dev/zero:1:1: error: cannot read file: /dev/zero (a device, not a regular file)"), "\(transcript(zero))")
            let pipe = cli.run(["validate", fifo.path], timeout: 20)
            #expect(pipe.status == 1, "\(transcript(pipe))")
            #expect(pipe.stderr.contains("(a FIFO, not a regular file)"), "\(transcript(pipe))")
            #expect(!zero.stderr.contains("permission") && !pipe.stderr.contains("permission"))
        }

        @Test("--policy that matches no run of a file is an error, exit 1")
        func policyMatchingNothing() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let result = cli.run([file.path, "--out", dir.path("out").path, "--no-plots", "--policy", "memory"])
            #expect(result.status == 1, "\(transcript(result))")
            #expect(result.stderr.contains("--policy memory matches no run of 'tiny'"), "\(transcript(result))")
            #expect(result.stderr.contains("its runs: none, lru/repopulate"), "\(transcript(result))")
        }

        @Test("expectations of a policy left out by --policy are listed as skipped")
        func skippedExpectationsListed() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml() + "\nexpect: {none: {hits: \"== 0\"}, lru: {requests: \">= 0\"}}\n")
            let result = cli.run([file.path, "--out", dir.path("out").path, "--no-plots", "--policy", "lru"])
            #expect(result.status == 0, "\(transcript(result))")
            #expect(result.stdout.contains("expectations: all 2 held, 1 skipped (policy not run)"), "\(transcript(result))")
            #expect(result.stdout.contains("skipped (not run)"), "\(transcript(result))")
        }

        @Test("a drawing run without cached draws leaves cached_draw_p50_ns empty, not 0")
        func emptyCachedPercentiles() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write(
                "draw.yaml",
                """
                name: draw
                kind: drawing
                duration: 200ms
                views: [{name: b, size: [20, 10]}]
                cache: {policies: [none], capacity: 1MB}
                """)
            let result = cli.run([file.path, "--out", dir.path("out").path, "--no-plots"])
            #expect(result.status == 0, "\(transcript(result))")
            let csv = try String(contentsOf: dir.path("out/draw/summary.csv"), encoding: .utf8)
            let rows = csv.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false) }
            let column = try #require(rows.first?.firstIndex(of: "cached_draw_p50_ns"))
            #expect(rows.count == 2)
            #expect(rows.last?[column] == "", "\(csv)")
        }

        @Test("a writer with bursts and no rate runs to the end in every design (it waits for the shared start)")
        func burstsWithoutRate() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write(
                "bursts.yaml",
                """
                name: bursts
                kind: parallel-readers
                duration: 300ms
                sample_interval: 100ms
                keys: 100
                readers: {threads: 1, mix: {get: 100}, operations: 1000}
                writers: {threads: 2, mix: {set: 100}, bursts: {every: 100ms, length: 10ms}}
                """)
            for _ in 0..<3 {
                let result = cli.run([file.path, "--out", dir.path("out").path, "--no-plots", "--quiet"], timeout: 60)
                #expect(result.status == 0, "\(transcript(result))")
            }
        }

        @Test("--max-duration caps a long run")
        func maxDurationCapsRun() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            var lines = Fixture.lines(name: "capped")
            lines[4] = "duration: 200h"  // line 5
            let file = try dir.write("capped.yaml", Fixture.text(lines))
            let result = cli.run([file.path, "--out", dir.path("out").path, "--no-plots", "--quiet", "--max-duration", "1s"], timeout: 60)
            #expect(result.status == 0, "\(transcript(result))")
            let csv = try String(contentsOf: dir.path("out/capped/summary.csv"), encoding: .utf8)
            #expect(csv.contains(",1,0.5,"), "duration_s 1, warmup_s 0.5: \(csv.prefix(400))")
        }
    }
}
