import Foundation
import Testing

extension EndToEndSecondLine {
    /// What compare and ab judge with few repetitions, `--summary`, and configuration changes.
    @Suite("compare: judging, summary, configuration")
    struct CompareSummary {
        typealias C = EndToEndSecondLine.Compare

        /// The shipped `scenarios/<name>.yaml`.
        static func shipped(_ name: String) throws -> String {
            try String(contentsOf: CLI.packageRoot.appendingPathComponent("scenarios/\(name).yaml"), encoding: .utf8)
        }

        /// The shipped stock ticker shortened as scripts/false-alarms.py shortens it, so a run takes
        /// about a second: 300 ms measured after 100 ms, 20000 operations per reader, two designs,
        /// no expect lines.
        static func shortStockTicker() throws -> String {
            var lines: [String] = []
            var skipping = false
            for line in try shipped("stock-ticker").components(separatedBy: "\n") {
                if line.hasPrefix("expect:") {
                    skipping = true
                    continue
                }
                if skipping, let first = line.first, first.isLetter { skipping = false }
                if skipping { continue }
                if line.hasPrefix("duration:") {
                    lines.append("duration: 300ms")
                } else if line.hasPrefix("warmup:") {
                    lines.append("warmup: 100ms")
                } else if line.contains("operations:") {
                    lines.append("  operations: 20000")
                } else if line.contains("designs:") {
                    lines.append("  designs: [gcd-barrier, big-reader]")
                } else {
                    lines.append(line)
                }
            }
            return lines.joined(separator: "\n")
        }

        @Test("ab B B feed.yaml stock-ticker.yaml --repeat 2 with the same binary exits 0: two repetitions are listed, not judged")
        func abTwoRepetitions() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let feed = try dir.write("feed.yaml", try Self.shipped("feed"))
            let ticker = try dir.write("stock-ticker.yaml", try Self.shortStockTicker())
            let binary = cli.executable.path
            let result = cli.run(["ab", binary, binary, feed.path, ticker.path, "--repeat", "2", "--out", dir.path("ab").path])
            #expect(result.status == 0, "\(transcript(result))")
            #expect(result.stdout.hasPrefix("0 regressions, 0 improvements in 2 scenarios"), "\(transcript(result))")
            #expect(
                result.stdout.contains("\nmeasured metrics not judged: 2 repetitions a side, judging needs 5 or more"),
                "\(transcript(result))")
            #expect(!result.stdout.contains("\nRegressions\n"), "\(transcript(result))")
        }

        @Test("ab passes --summary on to its comparison; --summary with --format csv is refused (exit 64) before any build runs")
        func abSummary() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let binary = cli.executable.path
            let out = dir.path("ab").path
            let summary = cli.run(["ab", binary, binary, file.path, "--repeat", "1", "--out", out, "--summary", "--format", "markdown"])
            #expect(summary.status == 0, "\(transcript(summary))")
            #expect(summary.stdout.hasPrefix("**0 regressions, 0 improvements** in 1 scenario"), "\(transcript(summary))")
            #expect(
                summary.stdout.contains("\n- **tiny**: no count changed; 0 measured regressions; 0 improvements\n"),
                "\(transcript(summary))")
            let csv = cli.run([
                "ab", binary, binary, file.path, "--repeat", "1", "--out", dir.path("csv").path, "--summary", "--format", "csv",
            ])
            #expect(csv.status == 64, "\(transcript(csv))")
            #expect(csv.stderr.contains("--summary prints text or markdown"), "\(transcript(csv))")
            #expect(!FileManager.default.fileExists(atPath: dir.path("csv").path))
            let compare = cli.run(["compare", out + "/baseline", out + "/current", "--summary", "--format", "csv"])
            #expect(compare.status == 64, "\(transcript(compare))")
        }

        @Test(
            "run --repeat 5, then with a cell's nib twice as heavy: compare cannot judge the measured metrics, says how many repetitions it needs, and exits 0 on equal counts"
        )
        func nibTwiceAsHeavy() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let feed = try dir.write("feed.yaml", try Self.shipped("feed"))
            let common = ["--repeat", "5", "--max-duration", "30s", "--no-plots", "--quiet"]
            let base = cli.run([feed.path, "--out", dir.path("base").path] + common)
            try #require(base.status == 0, "\(transcript(base))")
            let heavy = cli.run([feed.path, "--out", dir.path("heavy").path, "--set", "table.cells[0].nib.views=36"] + common)
            try #require(heavy.status == 0, "\(transcript(heavy))")

            let result = cli.run(["compare", dir.path("base").path, dir.path("heavy").path])
            #expect(result.status == 0, "\(transcript(result))")
            #expect(result.stdout.hasPrefix("0 regressions, 0 improvements in 1 scenario"), "\(transcript(result))")
            #expect(
                result.stdout.contains("\nmeasured metrics not judged: with 5 repetitions a side no p-value can go below 0.0079"),
                "\(transcript(result))")
            let advice = try #require(result.stdout.range(of: "run with --repeat "), "\(transcript(result))")
            let needed = Int(result.stdout[advice.upperBound...].prefix { $0.isNumber }) ?? 0
            #expect(needed > 5, "\(transcript(result))")
            #expect(result.stdout.contains("\nfeed: configuration changed: table.cells[0].nib.views 18 → 36\n"), "\(transcript(result))")
            #expect(result.stdout.contains("\nNot judged (too few repetitions)\n"), "\(transcript(result))")

            let summary = cli.run(["compare", dir.path("base").path, dir.path("heavy").path, "--summary", "--format", "markdown"])
            #expect(summary.status == 0, "\(transcript(summary))")
            #expect(summary.stdout.contains("- measured metrics not judged: with 5 repetitions a side"), "\(transcript(summary))")
        }

        @Test("measured metrics beyond reach never fail the job, the counts decide: a count regression exits 2, equal counts exit 0")
        func countsDecideWhenMeasuredCannotBeJudged() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let low = [1000, 1010, 1020, 1030, 1040]
            let baseline = try C.results(dir, "baseline", ["feed": [C.row("feed", p99: 1020)]])
            try Self.repetitions(baseline, p99: low, bytes: low)
            // Every repetition twice as slow and twice as heavy: p = 0.0079 each, family of 2.
            let heavier = try C.results(dir, "heavier", ["feed": [C.row("feed", p99: 2040)]])
            try Self.repetitions(heavier, p99: low.map { $0 * 2 }, bytes: low.map { $0 * 2 })
            let worse = try C.results(dir, "worse", ["feed": [C.row("feed", instantiations: 11, p99: 2040)]])
            try Self.repetitions(worse, p99: low.map { $0 * 2 }, bytes: low.map { $0 * 2 })

            let equal = cli.run(["compare", baseline.path, heavier.path])
            #expect(equal.status == 0, "\(transcript(equal))")
            #expect(equal.stdout.contains("run with --repeat 6 or more"), "\(transcript(equal))")
            let counted = cli.run(["compare", baseline.path, worse.path])
            #expect(counted.status == 2, "\(transcript(counted))")
            #expect(counted.stdout.hasPrefix("1 regression, 0 improvements"), "\(transcript(counted))")
            #expect(counted.stdout.contains("run with --repeat 6 or more"), "\(transcript(counted))")
        }

        /// Writes `<results>/feed/repetitions.csv` for lru/repopulate with `p99` and `bytes` per repetition.
        static func repetitions(_ results: URL, p99: [Int], bytes: [Int]) throws {
            let lines =
                ["scenario,policy,in_use,run,sweep_key,sweep_value,repetition,allocated_bytes,dequeue_latency_p99_ns"]
                + zip(p99, bytes).enumerated().map { "feed,lru,repopulate,1,,,\($0.offset + 1),\($0.element.1),\($0.element.0)" }
            try lines.map { $0 + "\r\n" }.joined()
                .write(to: results.appendingPathComponent("feed/repetitions.csv"), atomically: false, encoding: .utf8)
        }

        @Test(
            "compare --summary --format markdown of the feed at capacity 12 → 8: at most 25 lines, exit 2, the count changes named, the configuration change stated"
        )
        func capacitySummary() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let feed = try dir.write("feed.yaml", try Self.shipped("feed"))
            for capacity in [12, 8] {
                let run = cli.run(
                    [feed.path, "--set", "cache.capacity=\(capacity)", "--out", dir.path("c\(capacity)").path, "--no-plots", "--quiet"])
                // 2: the shipped expectations fail at these capacities.
                try #require(run.status == 0 || run.status == 2, "\(transcript(run))")
            }
            let result = cli.run(["compare", dir.path("c12").path, dir.path("c8").path, "--summary", "--format", "markdown"])
            #expect(result.status == 2, "\(transcript(result))")
            let lines = result.stdout.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 25, "\(lines.count) lines\n\(transcript(result))")
            #expect(result.stdout.contains("configuration changed: capacity 12 → 8"), "\(transcript(result))")
            #expect(result.stdout.contains("| feed | lru/repopulate | instantiations "), "\(transcript(result))")
            #expect(result.stdout.contains("counts changed in "), "\(transcript(result))")
            #expect(!result.stdout.contains("not comparable"), "\(transcript(result))")
            #expect(result.stderr.isEmpty, "\(transcript(result))")
        }
    }
}
