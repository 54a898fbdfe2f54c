import Foundation
import Testing

extension EndToEndSecondLine {
    /// `decide:` answered by `run` and by `workbench decide` on the shipped capacity sweep.
    @Suite("decide: the answer to a scenario's question")
    struct DecideRuns {
        /// The printed answer and grid: from the line naming the goal to the end of the grid.
        func answer(_ stdout: String) -> String {
            let lines = stdout.split(separator: "\n", omittingEmptySubsequences: false)
            guard let start = lines.firstIndex(where: { $0.hasPrefix("capacity-sweep: hit_rate >= 0.9") }) else { return "" }
            let end = lines[start...].firstIndex(where: \.isEmpty) ?? lines.endIndex
            return lines[start..<end].joined(separator: "\n")
        }

        @Test(
            "run capacity-sweep.yaml (decide: hit_rate >= 0.9, minimize sweep) writes grid.csv and decision.csv and names the smallest capacity per policy and the tied group at each capacity; decide on the results gives the same answer"
        )
        func runAndDecide() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let out = dir.path("R")
            let run = cli.run(["run", "scenarios/capacity-sweep.yaml", "--out", out.path, "--no-plots"], cwd: CLI.packageRoot)
            #expect(run.status == 0, "\(transcript(run))")
            let scenario = out.appendingPathComponent("capacity-sweep")
            for file in ["grid.csv", "decision.csv"] {
                #expect(FileManager.default.fileExists(atPath: scenario.appendingPathComponent(file).path), "\(file)")
            }
            let printed = answer(run.stdout)
            #expect(printed.contains("  answer: cache.capacity 16, met by all 10 runs"), "\(printed)")
            for policy in ["lru", "fifo", "clock", "sieve", "s3-fifo", "arc", "w-tinylfu", "2q", "slru", "optimal"] {
                let row = "  \(policy)/repopulate "
                #expect(
                    printed.split(separator: "\n").contains {
                        $0.hasPrefix(row) && $0.dropFirst(row.count).trimmingCharacters(in: .whitespaces).hasPrefix("16 ")
                    })
            }
            #expect(printed.contains("    12  fifo/repopulate, optimal/repopulate (equal)\n"))
            #expect(
                printed.contains("    24  fifo/repopulate, clock/repopulate, sieve/repopulate, s3-fifo/repopulate, 2q/repopulate (equal)\n")
            )
            #expect(printed.contains("    32  all 10 runs (equal)\n"))
            #expect(printed.contains("  optimal/repopulate    0.065116*  0.293023*  0.716279*  0.869767*  0.916279*   0.92093   0.930233*"))
            let decision = try CSVFile(contentsOf: scenario.appendingPathComponent("decision.csv"))
            let chosen = decision.records.filter { $0["chosen"] == "true" }.map { "\($0["policy"] ?? "?")@\($0["sweep_value"] ?? "?")" }
            #expect(chosen.count == 10 && chosen.allSatisfy { $0.hasSuffix("@16") })

            // The same answer from the files alone.
            let written = try Data(contentsOf: scenario.appendingPathComponent("decision.csv"))
            let grid = try Data(contentsOf: scenario.appendingPathComponent("grid.csv"))
            let decided = cli.run(["decide", out.path])
            #expect(decided.status == 0, "\(transcript(decided))")
            #expect(answer(decided.stdout) == printed)
            #expect(try Data(contentsOf: scenario.appendingPathComponent("decision.csv")) == written)
            #expect(try Data(contentsOf: scenario.appendingPathComponent("grid.csv")) == grid)

            // The index page leads the section with the answer; the 70 expectations that held collapse to one line.
            let index = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
            let answerAt = try #require(index.range(of: "**Answer:** cache.capacity 16, met by all 10 runs"))
            let heldAt = try #require(index.range(of: "<details><summary>all 70 expectations held</summary>"))
            #expect(answerAt.lowerBound < heldAt.lowerBound)
        }

        @Test(
            "decide and merge read only the keys every kind shares from a results directory's scenario.yaml: a trace scenario's decide: block is answered from its results alone, though the trace file its relative path names is not beside them"
        )
        func traceScenarioDecidesFromResultsAlone() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let generated = cli.run(["trace", "generate", "--objects", "200", "--requests", "3000", "--seed", "5", "--out", dir.path("trace.csv").path])
            #expect(generated.status == 0, "\(transcript(generated))")
            let file = try dir.write(
                "tr.yaml",
                """
                name: tr
                kind: trace
                trace: {path: trace.csv, format: csv, header: true, columns: {time: 1, key: 2, size: 3}}
                cache:
                  policies: [lru, fifo, optimal]
                  capacities: [5, 20, 50, 100]
                decide:
                  goal: {miss_ratio: "<= 0.7"}
                  minimize: sweep

                """)
            let out = dir.path("R")
            let run = cli.run(["run", file.path, "--out", out.path, "--quiet", "--no-plots"])
            #expect(run.status == 0, "\(transcript(run))")
            let decision = out.appendingPathComponent("tr/decision.csv")
            let written = try Data(contentsOf: decision)

            let decided = cli.run(["decide", out.path])
            #expect(decided.status == 0, "\(transcript(decided))")
            #expect(decided.stdout.hasPrefix("tr: miss_ratio <= 0.7 (one seed); minimize capacity\n"), "\(decided.stdout)")
            #expect(try Data(contentsOf: decision) == written, "decide gives the run's answer, byte for byte")

            // Merged shards answer the block too (merge read it the same way).
            for k in 1...2 {
                let shard = cli.run(["run", file.path, "--out", dir.path("shard-\(k)").path, "--shard", "\(k)/2", "--quiet", "--no-plots"])
                #expect(shard.status == 0, "\(transcript(shard))")
            }
            let merged = cli.run(["merge", dir.path("shard-1").path, dir.path("shard-2").path, "--out", dir.path("M").path, "--no-plots"])
            #expect(merged.status == 0, "\(transcript(merged))")
            #expect(!merged.stderr.contains("does not load"), "\(transcript(merged))")
            #expect(try Data(contentsOf: dir.path("M").appendingPathComponent("tr/decision.csv")) == written)
        }

        @Test(
            "decide --goal, --share and --minimize replace the block's parts; a bad --goal or a column that is not a summary column exits 1 saying what to fix"
        )
        func options() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let out = dir.path("R")
            let run = cli.run(
                ["run", "scenarios/capacity-sweep.yaml", "--out", out.path, "--no-plots", "--quiet", "--policy", "lru,fifo,optimal"],
                cwd: CLI.packageRoot)
            #expect(run.status == 0, "\(transcript(run))")

            let fewer = cli.run(["decide", out.appendingPathComponent("capacity-sweep").path, "--goal", "instantiations<=20"])
            #expect(fewer.status == 0, "\(transcript(fewer))")
            #expect(fewer.stdout.hasPrefix("capacity-sweep: instantiations <= 20 (one seed); minimize cache.capacity\n"))
            #expect(fewer.stdout.contains("  answer: cache.capacity 16, met by fifo/repopulate, optimal/repopulate\n"), "\(fewer.stdout)")
            let grid = try String(
                contentsOf: out.appendingPathComponent("capacity-sweep/grid-instantiations-le-20-share-0.95-min-sweep.csv"), encoding: .utf8)
            #expect(grid.hasPrefix("instantiations,2,4,8,12,16,24,32,knee\r\n"), "the what-if's grid follows the goal's metric")

            let bad = cli.run(["decide", out.path, "--goal", "hit_rate=>0.9"])
            #expect(bad.status == 1)
            #expect(
                bad.stderr.contains("error: --goal 'hit_rate=>0.9': expected METRIC OP NUMBER, such as hit_rate>=0.9"), "\(transcript(bad))"
            )
            let unknown = cli.run(["decide", out.path, "--goal", "hit_ratio>=0.9"])
            #expect(unknown.status == 1)
            #expect(
                unknown.stderr.contains("decide: goal names 'hit_ratio', which is not a numeric summary column"), "\(transcript(unknown))")
            let share = cli.run(["decide", out.path, "--share", "1.5"])
            #expect(share.status == 1 && share.stderr.contains("--share 1.5: must be > 0 and <= 1"), "\(transcript(share))")
            // Without a decide: block and without --goal: the grid alone, and what to give.
            let yamlURL = out.appendingPathComponent("capacity-sweep/scenario.yaml")
            var lines = try String(contentsOf: yamlURL, encoding: .utf8).split(separator: "\n", omittingEmptySubsequences: false)
            let block = try #require(lines.firstIndex(of: "decide:"))
            let end = lines[(block + 1)...].firstIndex { !$0.hasPrefix(" ") } ?? lines.endIndex
            lines.removeSubrange(block..<end)
            try lines.joined(separator: "\n").write(to: yamlURL, atomically: true, encoding: .utf8)
            let plain = cli.run(["decide", out.path])
            #expect(plain.status == 0, "\(transcript(plain))")
            #expect(plain.stdout.hasPrefix("capacity-sweep: grid\n  hit_rate by cache.capacity (higher is better)"), "\(plain.stdout)")
            #expect(plain.stdout.hasSuffix("capacity-sweep: no decide: block in scenario.yaml: give --goal (METRIC>=VALUE) to decide\n"))
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("capacity-sweep/decision.csv").path))

            let missing = cli.run(["decide", dir.path("nothing").path])
            #expect(missing.status == 1 && missing.stderr.contains("no such directory"), "\(transcript(missing))")
        }

        @Test(
            "a what-if never overwrites: decide DIR --goal leaves every decision.csv, grid.csv and index page byte-identical and writes decision-<question>.csv beside them (or under --out); --replace makes it the answer, and the page names the question"
        )
        func whatIfNeverOverwrites() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let out = dir.path("R")
            let run = cli.run(
                ["run", "scenarios/capacity-sweep.yaml", "--out", out.path, "--quiet", "--no-plots", "--policy", "lru,fifo"],
                cwd: CLI.packageRoot)
            #expect(run.status == 0, "\(transcript(run))")
            let scenario = out.appendingPathComponent("capacity-sweep")
            let kept = ["capacity-sweep/decision.csv", "capacity-sweep/grid.csv", "index.html", "index.md"]
            func contents() throws -> [Data] { try kept.map { try Data(contentsOf: out.appendingPathComponent($0)) } }
            let before = try contents()

            let whatIf = cli.run(["decide", out.path, "--goal", "hit_rate>=0.96", "--share", "1"])
            #expect(whatIf.status == 0, "\(transcript(whatIf))")
            #expect(try contents() == before, "the run's answer and pages are as the run wrote them")
            let tag = "hit_rate-ge-0.96-share-1-min-sweep"
            let beside = try String(contentsOf: scenario.appendingPathComponent("decision-\(tag).csv"), encoding: .utf8)
            #expect(beside.contains("hit_rate >= 0.96"), "\(beside)")
            #expect(FileManager.default.fileExists(atPath: scenario.appendingPathComponent("grid-\(tag).csv").path))
            #expect(whatIf.stdout.contains("capacity-sweep: written to \(scenario.appendingPathComponent("decision-\(tag).csv").path)"))
            #expect(whatIf.stdout.contains("--replace makes this one the answer"), "\(whatIf.stdout)")

            let elsewhere = dir.path("what-if")
            let outside = cli.run(["decide", out.path, "--minimize", "instantiations", "--out", elsewhere.path])
            #expect(outside.status == 0, "\(transcript(outside))")
            #expect(try contents() == before)
            #expect(FileManager.default.fileExists(atPath: elsewhere.appendingPathComponent("capacity-sweep/decision.csv").path))

            let both = cli.run(["decide", out.path, "--goal", "hit_rate>=0.96", "--replace", "--out", elsewhere.path])
            #expect(both.status == 1 && both.stderr.contains("--replace and --out: choose one"), "\(transcript(both))")

            // --replace: the what-if becomes the answer, and the page says which question it answers.
            let replaced = cli.run(["decide", out.path, "--goal", "hit_rate>=0.96", "--share", "1", "--replace"])
            #expect(replaced.status == 0, "\(transcript(replaced))")
            #expect(try String(contentsOf: scenario.appendingPathComponent("decision.csv"), encoding: .utf8) == beside)
            let index = try String(contentsOf: out.appendingPathComponent("index.md"), encoding: .utf8)
            #expect(index.contains("Goal: hit\\_rate \\>= 0.96 (one seed)"), "\(index)")
        }
    }
}
