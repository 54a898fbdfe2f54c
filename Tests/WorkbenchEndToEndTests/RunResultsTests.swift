import Foundation
import Testing

/// The end-to-end tests that run the binary, in two lines of one child process at a time each
/// (the machine has few cores, and the runs measure allocations and latencies): the other tests
/// take the test pool's threads first, and the end-to-end tests run after them, so a single line
/// left one of two cores idle for about four minutes. Each line holds about half the time
/// (the suites' durations as measured one at a time).
@Suite("workbench end to end", .serialized)
struct EndToEnd {}

/// The second line of end-to-end tests (see `EndToEnd`).
@Suite("workbench end to end, second line", .serialized)
struct EndToEndSecondLine {}

extension EndToEnd {
    @Suite("run: result files")
    struct RunResults {
        @Test(
            "workbench FILE --out DIR (run is the default) exits 0 and writes DIR/<name>/summary.csv, timeseries.csv and latency.csv: a header row scenario,policy,in_use,..., one row per run, CRLF line endings, columns named with their units"
        )
        func runWritesResultFiles() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("results")

            let result = cli.run([file.path, "--out", out.path], cwd: dir.url)
            #expect(result.status == 0, "\(transcript(result))")

            let scenario = out.appendingPathComponent("tiny")
            for name in ["summary.csv", "timeseries.csv", "latency.csv"] {
                #expect(
                    FileManager.default.fileExists(atPath: scenario.appendingPathComponent(name).path),
                    "missing \(name); \(transcript(result))")
            }

            let summary = try CSVFile(contentsOf: scenario.appendingPathComponent("summary.csv"))
            #expect(Array(summary.header.prefix(3)) == ["scenario", "policy", "in_use"])
            #expect(summary.raw.hasPrefix("scenario,policy,in_use,"))
            // none once, lru and fifo once per in_use mode.
            let runs = summary.records.map { [$0["policy"] ?? "?", $0["in_use"] ?? "?"] }
            #expect(runs == Fixture.runs)
            #expect(summary.column("scenario") == Array(repeating: "tiny", count: Fixture.runs.count))
            #expect(summary.column("complete") == Array(repeating: "true", count: Fixture.runs.count))
            for record in summary.rows {
                #expect(record.count == summary.header.count, "ragged row \(record)")
            }

            // Units in the column names.
            #expect(summary.header.contains("dequeue_latency_p99_ns"))
            #expect(summary.header.contains("allocated_bytes"))
            #expect(summary.header.contains("duration_s"))
            let timeseries = try CSVFile(contentsOf: scenario.appendingPathComponent("timeseries.csv"))
            #expect(Array(timeseries.header.prefix(7)) == ["scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "t_s"])
            #expect(Array(summary.header.prefix(6)) == ["scenario", "policy", "in_use", "run", "sweep_key", "sweep_value"])
            #expect(timeseries.header.contains("allocated_bytes"))
            // 2 s sampled every 1 s: at least two samples per run.
            #expect(timeseries.rows.count >= 2 * Fixture.runs.count)
            let latency = try CSVFile(contentsOf: scenario.appendingPathComponent("latency.csv"))
            #expect(latency.header.contains("latency_ns"))
            #expect(!latency.rows.isEmpty)

            // CRLF records: every line break is \r\n, and the file ends with one.
            for csv in [summary, timeseries, latency] {
                let bytes = Array(csv.raw.utf8)
                let lineFeeds = bytes.indices.filter { bytes[$0] == UInt8(ascii: "\n") }
                #expect(!lineFeeds.isEmpty)
                #expect(
                    lineFeeds.allSatisfy { $0 > 0 && bytes[$0 - 1] == UInt8(ascii: "\r") },
                    "a bare LF in \(csv.header.prefix(4))")
                #expect(csv.raw.hasSuffix("\r\n"))
                #expect(lineFeeds.count == csv.rows.count + 1)
            }
        }

        @Test(
            "the same file and seed give identical count columns in two runs (everything but allocated_bytes, allocations, frames_over_budget and *_ns)"
        )
        func sameSeedSameCounts() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())

            let first = cli.run([file.path, "--out", dir.path("first").path, "--quiet"])
            #expect(first.status == 0, "\(transcript(first))")
            let second = cli.run([file.path, "--out", dir.path("second").path, "--quiet"])
            #expect(second.status == 0, "\(transcript(second))")

            for name in ["summary.csv", "timeseries.csv"] {
                let a = try CSVFile(contentsOf: dir.path("first/tiny/\(name)"))
                let b = try CSVFile(contentsOf: dir.path("second/tiny/\(name)"))
                #expect(a.header == b.header, "\(name): columns differ")
                #expect(a.rows.count == b.rows.count, "\(name): row counts differ")
                let counts = a.header.filter { !isMeasured($0) }
                // The comparison must cover the counts that vary with the seed.
                #expect(counts.contains("requests"))
                #expect(counts.contains("instantiations"))
                for column in counts {
                    #expect(a.column(column) == b.column(column), "\(name): column \(column) differs")
                }
            }
        }

        @Test(
            "--seed changes the counts of a scenario with random row counts and jumps, and --policy lru --policy fifo runs only those policies"
        )
        func seedAndPolicyOverride() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml(seed: 7))

            let one = cli.run([file.path, "--out", dir.path("one").path, "--seed", "1", "--policy", "lru", "--policy", "fifo", "-q"])
            #expect(one.status == 0, "\(transcript(one))")
            let two = cli.run([file.path, "--out", dir.path("two").path, "--seed", "2", "--policy", "lru", "--policy", "fifo", "-q"])
            #expect(two.status == 0, "\(transcript(two))")

            let a = try CSVFile(contentsOf: dir.path("one/tiny/summary.csv"))
            let b = try CSVFile(contentsOf: dir.path("two/tiny/summary.csv"))

            // The override replaces the file's seed...
            #expect(a.column("seed") == Array(repeating: "1", count: a.rows.count))
            #expect(b.column("seed") == Array(repeating: "2", count: b.rows.count))
            // ...and changes what happens.
            let countsA = [a.column("requests"), a.column("instantiations")]
            let countsB = [b.column("requests"), b.column("instantiations")]
            #expect(countsA[0] != nil && countsA[1] != nil)
            #expect(countsA != countsB, "seeds 1 and 2 gave the same requests and instantiations: \(countsA)")

            // Only lru and fifo ran, each once per in_use mode of the file, in the order given.
            for csv in [a, b] {
                let runs = csv.records.map { [$0["policy"] ?? "?", $0["in_use"] ?? "?"] }
                #expect(runs == [["lru", "repopulate"], ["lru", "pin"], ["fifo", "repopulate"], ["fifo", "pin"]])
            }
            let timeseries = try CSVFile(contentsOf: dir.path("one/tiny/timeseries.csv"))
            #expect(Set(timeseries.column("policy") ?? []) == ["lru", "fifo"])
        }

        @Test("--repeat 2 writes repetitions.csv (a row per run per repetition), medians with _ci_low/_ci_high described in columns.csv, and run.json; --repeat 0 exits 64")
        func repeatWritesRepetitions() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("results")
            let result = cli.run([file.path, "--out", out.path, "--repeat", "2", "--no-plots", "--quiet"])
            #expect(result.status == 0, "\(transcript(result))")
            let scenario = out.appendingPathComponent("tiny")
            let repetitions = try CSVFile(contentsOf: scenario.appendingPathComponent("repetitions.csv"))
            #expect(repetitions.rows.count == 2 * Fixture.runs.count)
            #expect(repetitions.header.contains("repetition") && repetitions.header.contains("dequeue_latency_p99_ns"))
            let summary = try CSVFile(contentsOf: scenario.appendingPathComponent("summary.csv"))
            #expect(summary.rows.count == Fixture.runs.count)
            #expect(summary.header.contains("dequeue_latency_p99_ns_ci_low") && summary.header.contains("dequeue_latency_p99_ns_ci_high"))
            let columns = try String(contentsOf: scenario.appendingPathComponent("columns.csv"), encoding: .utf8)
            #expect(columns.contains("summary,dequeue_latency_p99_ns_ci_low,ns,measured"))
            #expect(columns.contains("repetitions,repetition,number,identity"))
            let run = try String(contentsOf: scenario.appendingPathComponent("run.json"), encoding: .utf8)
            #expect(run.contains("\"memory_bytes\"") && run.contains("--repeat 2"), "\(run)")

            let zero = cli.run([file.path, "--out", out.path, "--repeat", "0"])
            #expect(zero.status == 64, "\(transcript(zero))")
            #expect(zero.stderr.contains("--repeat: must be 1 to 100 (found 0)"), "\(transcript(zero))")
            let warmUp = cli.run([file.path, "--out", out.path, "--repeat", "2", "--warm-up", "11"])
            #expect(warmUp.status == 64, "\(transcript(warmUp))")
            #expect(warmUp.stderr.contains("--warm-up: must be 0 to 10 (found 11)"), "\(transcript(warmUp))")
        }

        @Test("no temporary files are left in the results directory after a run")
        func noTemporaryFilesLeft() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let first = try dir.write("first.yaml", Fixture.yaml(name: "first"))
            let second = try dir.write("second.yaml", Fixture.yaml(name: "second"))
            let out = dir.path("results")

            // Twice, so the second run replaces existing files.
            for _ in 0..<2 {
                let result = cli.run([first.path, second.path, "--out", out.path, "--quiet"])
                #expect(result.status == 0, "\(transcript(result))")
            }

            let entries = allEntries(under: out)
            let leftovers = entries.filter { path in
                path.split(separator: "/").contains { $0.hasPrefix(".") && $0.contains(".tmp") }
            }
            #expect(leftovers.isEmpty, "temporary files left: \(leftovers)")
            // The CSV files, their description, their plots' declaration and the scenario as run,
            // the index pages, the study's record, plus (when gnuplot is installed) PNG and SVG plots.
            let expected = [
                ".workbench.lock", "first", "first/columns.csv", "first/latency.csv", "first/plots.csv", "first/run.json", "first/scenario.yaml",
                "first/summary.csv", "first/timeseries.csv", "index.html", "index.md",
                "second", "second/columns.csv", "second/latency.csv", "second/plots.csv", "second/run.json", "second/scenario.yaml",
                "second/summary.csv", "second/timeseries.csv", "study.json",
            ]
            #expect(entries.filter { !$0.hasSuffix(".png") && !$0.hasSuffix(".svg") } == expected)
            let plots = entries.filter { $0.hasSuffix(".png") || $0.hasSuffix(".svg") }
            #expect(plots.allSatisfy { $0.hasPrefix("first/") || $0.hasPrefix("second/") })
            #expect(plots.count % 2 == 0, "each plot as PNG and SVG: \(plots)")
        }
    }
}
