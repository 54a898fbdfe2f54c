import Foundation
import Testing

extension EndToEndSecondLine {
    @Suite("compare")
    struct Compare {
        /// The summary columns of the hand-written results: identity, counts, measured.
        static let header =
            "scenario,policy,in_use,run,sweep_key,sweep_value,seed,capacity,complete,requests,hits,hit_rate,instantiations,allocated_bytes,dequeue_latency_p99_ns"

        /// A summary row of `scenario` for lru/repopulate.
        static func row(_ scenario: String, instantiations: Int = 10, hitRate: String = "0.8", p99: Int = 1000) -> String {
            "\(scenario),lru,repopulate,1,,,7,6,true,100,80,\(hitRate),\(instantiations),10000,\(p99)"
        }

        /// The hand-written results' `columns.csv`, as the scrolling-table kind describes them.
        static let columns = """
            file,name,unit,role,direction,description,views
            summary,scenario,text,identity,neutral,the scenario's name,
            summary,policy,text,identity,neutral,the run's policy,table
            summary,in_use,text,identity,neutral,the in-use mode,table
            summary,run,number,identity,neutral,the run's index,
            summary,sweep_key,text,identity,neutral,the swept key,
            summary,sweep_value,number,identity,neutral,the swept value,
            summary,seed,number,identity,neutral,the seed,
            summary,capacity,count,identity,neutral,the capacity,
            summary,complete,flag,identity,neutral,whether the run finished,
            summary,requests,count,count,neutral,requests,table
            summary,hits,count,count,higher_is_better,hits,
            summary,hit_rate,ratio,count,higher_is_better,hits / requests,table
            summary,instantiations,count,count,lower_is_better,misses,table bars
            summary,allocated_bytes,bytes,measured,lower_is_better,bytes allocated,
            summary,dequeue_latency_p99_ns,ns,measured,lower_is_better,p99 time of a row request,

            """

        /// Writes `<dir>/<name>/<scenario>/summary.csv` and `columns.csv` for each scenario → rows;
        /// returns `<dir>/<name>`.
        @discardableResult
        static func results(_ dir: TempDir, _ name: String, _ scenarios: [String: [String]]) throws -> URL {
            let root = dir.path(name)
            try FileManager.default.createDirectory(at: root, withIntermediateDirectories: true)
            for (scenario, rows) in scenarios {
                let folder = root.appendingPathComponent(scenario)
                try FileManager.default.createDirectory(at: folder, withIntermediateDirectories: true)
                try ([header] + rows).map { $0 + "\r\n" }.joined()
                    .write(to: folder.appendingPathComponent("summary.csv"), atomically: false, encoding: .utf8)
                try Self.columns.write(to: folder.appendingPathComponent("columns.csv"), atomically: false, encoding: .utf8)
            }
            return root
        }

        @Test("compare exits 0 without a regression, 2 with one, 3 when the baseline lacks a scenario, 2 when both")
        func exitCodes() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let baseline = try Self.results(dir, "baseline", ["feed": [Self.row("feed")]])
            let same = try Self.results(dir, "same", ["feed": [Self.row("feed", p99: 1050)]])
            let better = try Self.results(dir, "better", ["feed": [Self.row("feed", hitRate: "0.9")]])
            let worse = try Self.results(dir, "worse", ["feed": [Self.row("feed", instantiations: 11)]])
            let extra = try Self.results(dir, "extra", ["feed": [Self.row("feed")], "contacts": [Self.row("contacts")]])
            let both = try Self.results(
                dir, "both", ["feed": [Self.row("feed", instantiations: 11)], "contacts": [Self.row("contacts")]])

            let passed = cli.run(["compare", baseline.path, same.path])
            #expect(passed.status == 0, "\(transcript(passed))")
            #expect(passed.stdout.hasPrefix("0 regressions, 0 improvements in 1 scenario\n"), "\(transcript(passed))")
            #expect(passed.stderr.isEmpty, "\(transcript(passed))")

            let improved = cli.run(["compare", baseline.path, better.path])
            #expect(improved.status == 0, "\(transcript(improved))")
            #expect(improved.stdout.contains("\nImprovements\n"), "\(transcript(improved))")
            #expect(improved.stdout.contains("hit_rate"), "\(transcript(improved))")

            let regressed = cli.run(["compare", baseline.path, worse.path])
            #expect(regressed.status == 2, "\(transcript(regressed))")
            #expect(regressed.stdout.hasPrefix("1 regression, 0 improvements in 1 scenario\n"), "\(transcript(regressed))")
            #expect(regressed.stdout.contains("instantiations"), "\(transcript(regressed))")

            let missing = cli.run(["compare", baseline.path, extra.path])
            #expect(missing.status == 3, "\(transcript(missing))")
            #expect(missing.stdout.contains("baseline lacks scenario 'contacts'"), "\(transcript(missing))")

            let precedence = cli.run(["compare", baseline.path, both.path])
            #expect(precedence.status == 2, "\(transcript(precedence))")
            #expect(precedence.stdout.contains("baseline lacks scenario 'contacts'"), "\(transcript(precedence))")

            // A latency +5% passes the default 10% and fails a 2% threshold.
            // One repetition a side: not judged without --strict, listed with the reason.
            let unjudged = cli.run(["compare", baseline.path, same.path, "--threshold", "dequeue_latency_p99_ns=2%"])
            #expect(unjudged.status == 0, "\(transcript(unjudged))")
            #expect(unjudged.stdout.contains("Not judged (too few repetitions)"), "\(transcript(unjudged))")
            #expect(unjudged.stdout.contains("\nmeasured metrics not judged: 1 repetition a side"), "\(transcript(unjudged))")
            let strict = cli.run(["compare", baseline.path, same.path, "--threshold", "dequeue_latency_p99_ns=2%", "--strict"])
            #expect(strict.status == 2, "\(transcript(strict))")
            #expect(strict.stdout.contains("dequeue_latency_p99_ns"), "\(transcript(strict))")
            let file = try dir.write("ci.thresholds", "# CI\ndequeue_latency_p99_ns: 2%\n")
            let fromFile = cli.run(["compare", baseline.path, same.path, "--thresholds", file.path, "--strict"])
            #expect(fromFile.status == 2, "\(transcript(fromFile))")
            let overridden = cli.run(
                ["compare", baseline.path, same.path, "--thresholds", file.path, "--threshold", "dequeue_latency_p99_ns=100"])
            #expect(overridden.status == 0, "\(transcript(overridden))")
        }

        /// Writes `<results>/feed/repetitions.csv` with `p99` values for lru/repopulate (allocated_bytes
        /// the same in every repetition: tested too, p = 1, but no split of its values could be
        /// significant, so it stays out of Holm's family and the p99's p-value is not doubled).
        static func repetitions(_ results: URL, _ p99: [Int]) throws {
            let lines =
                ["scenario,policy,in_use,run,sweep_key,sweep_value,repetition,allocated_bytes,dequeue_latency_p99_ns"]
                + p99.enumerated().map { "feed,lru,repopulate,1,,,\($0.offset + 1),10000,\($0.element)" }
            try lines.map { $0 + "\r\n" }.joined()
                .write(to: results.appendingPathComponent("feed/repetitions.csv"), atomically: false, encoding: .utf8)
        }

        @Test("with repetitions: noise only exits 0, a real change exits 2 with its p-value; --alpha outside (0, 1) exits 1")
        func repeatedExitCodes() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let steady = [1000, 1020, 990, 1050, 1010, 995, 1040, 1005, 1030, 985]
            let baseline = try Self.results(dir, "baseline", ["feed": [Self.row("feed", p99: 1015)]])
            try Self.repetitions(baseline, steady)
            let noise = try Self.results(dir, "noise", ["feed": [Self.row("feed", p99: 1120)]])
            try Self.repetitions(noise, [1000, 1300, 990, 1250, 1010, 995, 1240, 1005, 1230, 985])
            let slower = try Self.results(dir, "slower", ["feed": [Self.row("feed", p99: 1320)]])
            try Self.repetitions(slower, steady.map { $0 * 13 / 10 })

            let passed = cli.run(["compare", baseline.path, noise.path, "--all"])
            #expect(passed.status == 0, "\(transcript(passed))")
            #expect(passed.stdout.hasPrefix("0 regressions, 0 improvements"), "\(transcript(passed))")
            let regressed = cli.run(["compare", baseline.path, slower.path])
            #expect(regressed.status == 2, "\(transcript(regressed))")
            #expect(regressed.stdout.contains("p=1.1e-5 (Holm 1.1e-5)"), "\(transcript(regressed))")
            #expect(regressed.stdout.contains("1.3 ["), "\(transcript(regressed))")
            let badAlpha = cli.run(["compare", baseline.path, slower.path, "--alpha", "1.5"])
            #expect(badAlpha.status == 1, "\(transcript(badAlpha))")
            #expect(badAlpha.stderr.contains("--alpha"), "\(transcript(badAlpha))")
        }

        @Test("ab runs two builds alternately, combines each side's repetitions and compares them: the same build twice exits 0")
        func abSameBuild() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("ab")
            let binary = cli.executable.path
            // Two repetitions are listed, not judged (false alarms at 5 or more are measured by
            // scripts/false-alarms.py): this checks the mechanics.
            let result = cli.run(["ab", binary, binary, file.path, "--repeat", "2", "--out", out.path])
            #expect(result.status == 0, "\(transcript(result))")
            #expect(result.stdout.hasPrefix("0 regressions, 0 improvements in 1 scenario"), "\(transcript(result))")
            #expect(result.stdout.contains("\nmeasured metrics not judged: 2 repetitions a side"), "\(transcript(result))")
            #expect(result.stderr.contains("note: --repeat 2: measured metrics will be listed, not judged"), "\(transcript(result))")
            for side in ["baseline", "current"] {
                let repetitions = try String(
                    contentsOf: out.appendingPathComponent("\(side)/tiny/repetitions.csv"), encoding: .utf8)
                #expect(repetitions.components(separatedBy: "\r\n").filter { !$0.isEmpty }.count == 1 + 2 * Fixture.runs.count)
                #expect(FileManager.default.fileExists(atPath: out.appendingPathComponent("runs/\(side)-2/tiny/summary.csv").path))
            }
            let missing = cli.run(["ab", dir.path("nothing").path, binary, file.path, "--repeat", "1", "--out", out.path])
            #expect(missing.status == 1, "\(transcript(missing))")
            #expect(missing.stderr.contains("cannot run"), "\(transcript(missing))")
        }

        @Test("--format markdown prints a bold verdict line and a GitHub table; --format csv prints one row per metric")
        func formats() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let baseline = try Self.results(dir, "baseline", ["feed": [Self.row("feed")]])
            let current = try Self.results(
                dir, "current", ["feed": [Self.row("feed", instantiations: 11, hitRate: "0.9")], "contacts": [Self.row("contacts")]])

            let markdown = cli.run(["compare", baseline.path, current.path, "--format", "markdown"])
            #expect(markdown.status == 2, "\(transcript(markdown))")
            #expect(
                markdown.stdout.hasPrefix("**1 regression, 1 improvement** in 1 scenario; baseline lacks 1 scenario\n"),
                "\(transcript(markdown))")
            #expect(
                markdown.stdout.contains(
                    "| scenario | run | metric | baseline | current | delta | change | ratio (95% CI) | threshold | judged by |\n"
                        + "|---|---|---|--:|--:|--:|--:|--:|---|---|\n"
                        + "| feed | lru/repopulate | instantiations | 10 | 11 | +1 | +10% |  | exact | exact |\n"),
                "\(transcript(markdown))")
            #expect(markdown.stdout.contains("- baseline lacks scenario 'contacts': not compared\n"), "\(transcript(markdown))")

            let csv = cli.run(["compare", baseline.path, current.path, "--format", "csv"])
            #expect(csv.status == 2, "\(transcript(csv))")
            let lines = csv.stdout.components(separatedBy: "\r\n").filter { !$0.isEmpty }
            #expect(
                lines.first
                    == "scenario,policy,in_use,sweep_key,sweep_value,metric,role,direction,baseline,current,delta,percent,ratio,"
                    + "ratio_ci_low,ratio_ci_high,baseline_repetitions,current_repetitions,p_value,p_value_holm,verdict,judged_by",
                "\(transcript(csv))")
            #expect(lines.count == 7, "\(transcript(csv))")  // header + 6 metrics of one run
            #expect(
                lines.contains("feed,lru,repopulate,,,instantiations,count,lower_is_better,10,11,1,10,,,,1,1,,,regression,exact"),
                "\(transcript(csv))")
            // Notes go to stderr, so stdout stays CSV.
            #expect(csv.stderr.contains("note: baseline lacks scenario 'contacts'"), "\(transcript(csv))")

            let bogus = cli.run(["compare", baseline.path, current.path, "--format", "html"])
            #expect(bogus.status == 64, "\(transcript(bogus))")
        }

        @Test(
            "an unreadable directory, a missing thresholds file, a bad --threshold, results without columns.csv or of another kind exit 1 with a message naming it"
        )
        func inputErrors() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let baseline = try Self.results(dir, "baseline", ["feed": [Self.row("feed")]])
            let nowhere = dir.path("nowhere").path

            let missingDirectory = cli.run(["compare", nowhere, baseline.path])
            #expect(missingDirectory.status == 1, "\(transcript(missingDirectory))")
            #expect(
                missingDirectory.stderr.contains("\(nowhere): error: cannot read results directory: no such directory"),
                "\(transcript(missingDirectory))")
            #expect(missingDirectory.stdout.isEmpty, "\(transcript(missingDirectory))")

            let empty = try Self.results(dir, "empty", [:])
            let noResults = cli.run(["compare", baseline.path, empty.path])
            #expect(noResults.status == 1, "\(transcript(noResults))")
            #expect(noResults.stderr.contains("\(empty.path): error: no results here"), "\(transcript(noResults))")

            let missingFile = cli.run(["compare", baseline.path, baseline.path, "--thresholds", dir.path("none.txt").path])
            #expect(missingFile.status == 1, "\(transcript(missingFile))")
            #expect(missingFile.stderr.contains("none.txt: error: cannot read file: no such file"), "\(transcript(missingFile))")

            let badThreshold = cli.run(["compare", baseline.path, baseline.path, "--threshold", "p99=fast"])
            #expect(badThreshold.status == 1, "\(transcript(badThreshold))")
            #expect(badThreshold.stderr.contains("error: --threshold 'p99=fast'"), "\(transcript(badThreshold))")

            let old = try Self.results(dir, "old", ["feed": [Self.row("feed")]])
            try FileManager.default.removeItem(at: old.appendingPathComponent("feed/columns.csv"))
            let undescribed = cli.run(["compare", old.path, baseline.path])
            #expect(undescribed.status == 1, "\(transcript(undescribed))")
            #expect(
                undescribed.stderr.contains("\(old.path)/feed/columns.csv: error: missing"), "\(transcript(undescribed))")

            let other = try Self.results(dir, "other", ["feed": [Self.row("feed")]])
            try "name: feed\nkind: drawing\n".write(
                to: other.appendingPathComponent("feed/scenario.yaml"), atomically: false, encoding: .utf8)
            try "name: feed\nkind: scrolling-table\n".write(
                to: baseline.appendingPathComponent("feed/scenario.yaml"), atomically: false, encoding: .utf8)
            let otherKind = cli.run(["compare", baseline.path, other.path])
            #expect(otherKind.status == 1, "\(transcript(otherKind))")
            #expect(otherKind.stderr.contains("results of different kinds cannot be compared"), "\(transcript(otherKind))")
            #expect(otherKind.stdout.isEmpty, "\(transcript(otherKind))")
        }

        @Test("two runs of the same scenario compare without a count changing: exit 0 with measured figures given room")
        func realRuns() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            for name in ["a", "b"] {
                let run = cli.run([file.path, "--out", dir.path(name).path, "--quiet"])
                try #require(run.status == 0, "\(transcript(run))")
            }

            let result = cli.run(["compare", dir.path("a").path, dir.path("b").path, "--threshold", "*=1e12", "--all"])

            #expect(result.status == 0, "\(transcript(result))")
            #expect(result.stdout.hasPrefix("0 regressions, 0 improvements in 1 scenario\n"), "\(transcript(result))")
            #expect(result.stdout.contains("\nAll metrics\n"), "\(transcript(result))")
            // Every run of the fixture is compared; identity columns (run, seed, capacity) are not.
            for run in ["none", "lru/repopulate", "lru/pin", "fifo/repopulate", "fifo/pin"] {
                #expect(result.stdout.contains("  tiny      \(run) "), "\(run)\n\(transcript(result))")
            }
            #expect(!result.stdout.contains(" seed "), "\(transcript(result))")
            #expect(!result.stdout.contains("Notes"), "\(transcript(result))")
        }
    }
}
