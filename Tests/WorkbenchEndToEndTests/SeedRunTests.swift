import Foundation
import Report
import Scenarios
import Testing

extension EndToEndSecondLine {
    /// `run --seeds N`: every run replicated over workload seeds, `seeds.csv`, paired verdicts,
    /// and what repetition processes, shards and `merge` make of it.
    @Suite("run --seeds: workload seeds")
    struct SeedRuns {
        /// The columns of `file` in `directory` whose role `columns.csv` gives as identity or
        /// count, with their values, row by row: what must not vary between two runs.
        static func countColumns(_ directory: URL, _ file: String) throws -> [[String]] {
            let columns = try ResultColumns.load(scenarioDirectory: directory)
            let csv = try CSVFile(contentsOf: directory.appendingPathComponent(file))
            let declared = columns.columns(of: ResultFile(rawValue: String(file.dropLast(4))) ?? .summary)
            let kept = csv.header.filter { name in [.identity, .count].contains(declared.first { $0.name == name }?.role) }
            return csv.records.map { record in kept.map { "\($0)=\(record[$0] ?? "")" } }
        }

        @Test("run --seeds N writes seeds.csv (a row per run per seed) and the seed columns; run twice, its count files are byte-identical")
        func seedsFileDeterministic() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            for out in ["a", "b"] {
                let run = cli.run([file.path, "--seeds", "3", "--out", dir.path(out).path, "--quiet", "--no-plots"])
                #expect(run.status == 0, "\(transcript(run))")
            }
            let a = dir.path("a").appendingPathComponent("tiny")
            let b = dir.path("b").appendingPathComponent("tiny")
            let seeds = try CSVFile(contentsOf: a.appendingPathComponent("seeds.csv"))
            #expect(seeds.rows.count == 3 * Fixture.runs.count)
            #expect(Set(seeds.column("seed") ?? []).count == 3)
            #expect(seeds.column("seed")?.first == "7")
            #expect(try Data(contentsOf: a.appendingPathComponent("seeds.csv")) == Data(contentsOf: b.appendingPathComponent("seeds.csv")))
            #expect(try Self.countColumns(a, "summary.csv") == Self.countColumns(b, "summary.csv"))
            let summary = try CSVFile(contentsOf: a.appendingPathComponent("summary.csv"))
            #expect(summary.rows.count == Fixture.runs.count && summary.header.contains("hits_seed_min"))
            #expect(summary.column("seed")?.allSatisfy { $0 == "7" } == true)
            let columns = try String(contentsOf: a.appendingPathComponent("columns.csv"), encoding: .utf8)
            #expect(columns.contains("\nsummary,hits_seed_max,count,count,neutral,") && columns.contains("\nseeds,hits,count,count,"))
            // Without --seeds, none of it.
            let plain = cli.run([file.path, "--out", dir.path("plain").path, "--quiet", "--no-plots"])
            #expect(plain.status == 0, "\(transcript(plain))")
            #expect(!dir.exists("plain/tiny/seeds.csv"))
            let plainColumns = try String(contentsOf: dir.path("plain/tiny/columns.csv"), encoding: .utf8)
            #expect(!plainColumns.contains("_seed_") && !plainColumns.contains("\nseeds,"))
        }

        @Test("--seeds outside 1 to 1000 is an input error naming the range; --help states how the seeds are derived")
        func seedsOption() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            for bad in ["0", "1001"] {
                let run = cli.run([file.path, "--seeds", bad, "--out", dir.path("out").path, "--quiet", "--no-plots"])
                #expect(run.status == 1, "\(transcript(run))")
                #expect(run.stderr.contains("error: --seeds: must be 1 to 1000 (found \(bad))"), "\(transcript(run))")
            }
            let help = cli.run(["run", "--help"])
            #expect(help.stdout.contains("--seeds <n>") && help.stdout.contains("SplitMix64"), "\(help.stdout)")
        }

        @Test("every out-of-range --seeds (-1, 0, 1001, 2^64, text) gets one message and exit 1, never 'Missing value' (64)")
        func seedsOutOfRange() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            for bad in ["-1", "0", "1001", "18446744073709551616", "x"] {
                let commands = [
                    ["run", file.path, "--seeds", bad, "--out", dir.path("out").path, "--quiet", "--no-plots"],
                    ["plan", file.path, "--shards", "2", "--seeds", bad],
                ]
                for command in commands {
                    let run = cli.run(command)
                    #expect(run.status == 1, "\(command): \(transcript(run))")
                    #expect(run.stderr.contains("error: --seeds: must be 1 to 1000 (found \(bad))"), "\(transcript(run))")
                }
            }
        }

        @Test("a seeded run prints its paired verdicts: which runs beat which on the counts its expectations name, seed by seed")
        func pairedVerdictsPrinted() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml() + "expect:\n  lru/pin: {hits: \">= 0\"}\n")
            let run = cli.run([file.path, "--seeds", "8", "--out", dir.path("out").path, "--no-plots"])
            #expect(run.status == 0, "\(transcript(run))")
            #expect(run.stdout.contains("paired verdicts over 8 seeds, pair by pair (Wilcoxon signed-rank"), "\(transcript(run))")
            #expect(run.stdout.contains(" on hits "), "\(transcript(run))")
            let once = cli.run([file.path, "--out", dir.path("once").path, "--no-plots"])
            #expect(!once.stdout.contains("paired verdicts"), "\(transcript(once))")
        }

        @Test("repetition processes are given --seeds and send back every seed of their runs: the same counts as in one process")
        func repetitionProcessesWithSeeds() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let log = dir.path("starts.log")
            let wrapper = try RepetitionProcessTests.wrapper(in: dir, log: log, then: "exec '\(cli.executable.path)' \"$@\"")
            let plan = try ScenarioLoader.loadPlan(contentsOf: file)
            var options = RunOptions()
            options.repetitions = 2
            options.seedCount = 2
            options.isolation = RepetitionProcess(executable: wrapper, file: file.path, arguments: ["--seeds", "2"])
            let isolated = ScenarioRunner.run(plan, options: options)
            options.isolation = nil
            let inProcess = ScenarioRunner.run(plan, options: options)
            let starts = RepetitionProcessTests.lines(log)
            #expect(starts.count == 2 && starts.allSatisfy { $0.hasSuffix("--seeds 2") }, "\(starts)")
            #expect(isolated.complete && isolated.processFailure == nil && isolated.determinismFailure == nil)
            #expect(isolated.seeds.count == 2 * Fixture.runs.count && isolated.repetitions.count == 4 * Fixture.runs.count)
            #expect(isolated.seeds == inProcess.seeds)
            let counts = { (row: ResultRow) in RepetitionProcessTests.counts(row, isolated.columns) }
            #expect(isolated.summary.map(counts) == inProcess.summary.map(counts))
            #expect(isolated.repetitions.map { $0["seed"] } == inProcess.repetitions.map { $0["seed"] })
        }

        @Test(
            "shards of a seeded, repeated run merge into the unsharded run's seeds.csv, summary and repetitions.csv; shards of other --seeds are refused"
        )
        func shardsMergeWithSeeds() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let options = ["--seeds", "2", "--repeat", "2", "--in-process", "--quiet", "--no-plots"]
            let full = cli.run([file.path, "--out", dir.path("full").path] + options)
            #expect(full.status == 0, "\(transcript(full))")
            var shards: [String] = []
            for k in 1...2 {
                let out = dir.path("shard\(k)").path
                let shard = cli.run([file.path, "--out", out, "--shard", "\(k)/2"] + options)
                #expect(shard.status == 0, "\(transcript(shard))")
                shards.append(out)
            }
            let study = try String(contentsOf: dir.path("shard1").appendingPathComponent("study.json"), encoding: .utf8)
            #expect(study.contains("\"--seeds\""), "\(study)")
            let merged = cli.run(["merge"] + shards + ["--out", dir.path("merged").path, "--no-plots"])
            #expect(merged.status == 0, "\(transcript(merged))")
            let expected = dir.path("full").appendingPathComponent("alpha")
            let actual = dir.path("merged").appendingPathComponent("alpha")
            #expect(
                try Data(contentsOf: actual.appendingPathComponent("seeds.csv"))
                    == Data(contentsOf: expected.appendingPathComponent("seeds.csv")))
            for file in ["summary.csv", "repetitions.csv"] {
                #expect(try Self.countColumns(actual, file) == Self.countColumns(expected, file), "\(file)")
                #expect(
                    try CSVFile(contentsOf: actual.appendingPathComponent(file)).rows.count
                        == CSVFile(contentsOf: expected.appendingPathComponent(file)).rows.count)
            }
            // A shard of another --seeds is of another study.
            let other = cli.run([file.path, "--out", dir.path("other").path, "--shard", "2/2", "--seeds", "3", "--quiet", "--no-plots"])
            #expect(other.status == 0, "\(transcript(other))")
            let refused = cli.run(["merge", shards[0], dir.path("other").path, "--out", dir.path("refused").path, "--no-plots"])
            #expect(refused.status == 1 && refused.stderr.contains("--seeds, --set, --sweep or --in-use differ"), "\(transcript(refused))")
        }

        @Test(
            "ab over a seeded scenario combines its repetitions as run --seeds --repeat would: seeds.csv kept, every seed's repetitions in repetitions.csv"
        )
        func abCombinesSeededRepetitions() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml() + "seeds: 2\n")
            let binary = cli.executable.path
            let ab = cli.run(["ab", binary, binary, file.path, "--repeat", "2", "--out", dir.path("ab").path])
            #expect(ab.status == 0, "\(transcript(ab))")
            let single = cli.run([file.path, "--out", dir.path("single").path, "--quiet", "--no-plots"])
            #expect(single.status == 0, "\(transcript(single))")
            let combined = dir.path("ab/baseline/tiny")
            let alone = dir.path("single/tiny")
            #expect(
                try Data(contentsOf: combined.appendingPathComponent("seeds.csv"))
                    == Data(contentsOf: alone.appendingPathComponent("seeds.csv")))
            let summary = try CSVFile(contentsOf: combined.appendingPathComponent("summary.csv"))
            #expect(try summary.header == CSVFile(contentsOf: alone.appendingPathComponent("summary.csv")).header)
            #expect(try Self.countColumns(combined, "summary.csv") == Self.countColumns(alone, "summary.csv"))
            let repetitions = try CSVFile(contentsOf: combined.appendingPathComponent("repetitions.csv"))
            #expect(repetitions.rows.count == 2 * 2 * Fixture.runs.count)
            #expect(repetitions.column("repetition")?.prefix(4) == ["1", "2", "1", "2"])
        }

        @Test(
            "a relative expectation on a measured figure with one repetition: validate warns (exit 0), run reports it not judged (exit 0)")
        func notJudgedOneRepetition() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write(
                "tiny.yaml", Fixture.yaml() + "expect:\n  lru/pin: {dequeue_latency_p50_ns: \"< fifo/pin\"}\n")
            let validate = cli.run(["validate", file.path])
            #expect(validate.status == 0, "\(transcript(validate))")
            #expect(
                validate.stderr.contains("warning: ") && validate.stderr.contains("compares a measured figure with 1 repetition"),
                "\(transcript(validate))")
            let run = cli.run([file.path, "--out", dir.path("out").path, "--no-plots"])
            #expect(run.status == 0, "\(transcript(run))")
            #expect(run.stdout.contains("not judged (1 repetition)"), "\(transcript(run))")
            let csv = try String(contentsOf: dir.path("out").appendingPathComponent("tiny/expectations.csv"), encoding: .utf8)
            #expect(csv.contains(",not judged (1 repetition)\r\n"), "\(csv)")
        }
    }
}
