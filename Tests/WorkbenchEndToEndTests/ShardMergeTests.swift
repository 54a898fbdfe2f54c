import Foundation
import Testing

extension EndToEndSecondLine {
    @Suite("shards, merge and expectations")
    struct ShardMerge {
        /// Whether a column is a wall-clock or allocator measurement (not compared for equality).
        static func isMeasured(_ column: String) -> Bool {
            column.hasSuffix("_ns") || column.contains("bytes") || column.contains("allocations") || column == "frames_over_budget"
                || column == "device_frames_over_budget"
                || column.hasSuffix("_tail_samples")
        }

        static func counts(_ file: CSVFile) -> [[String]] {
            file.records.map { record in file.header.filter { !isMeasured($0) }.map { "\($0)=\(record[$0] ?? "")" } }
        }

        @Test("shards 1/3, 2/3 and 3/3 merged equal one unsharded run in every count, file by file")
        func mergeEqualsUnsharded() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let first = try dir.write("a.yaml", Fixture.yaml(name: "alpha", seed: 3))
            let second = try dir.write("b.yaml", Fixture.yaml(name: "beta", seed: 9))
            let full = cli.run([first.path, second.path, "--out", dir.path("full").path, "--quiet", "--no-plots"])
            #expect(full.status == 0, "\(transcript(full))")
            var shardDirs: [String] = []
            for k in 1...3 {
                let out = dir.path("shard\(k)").path
                let shard = cli.run([first.path, second.path, "--out", out, "--shard", "\(k)/3", "--quiet", "--no-plots"])
                #expect(shard.status == 0, "\(transcript(shard))")
                shardDirs.append(out)
            }
            // 10 runs over 3 shards: no shard has them all.
            let alphaShard = try CSVFile(contentsOf: dir.path("shard1").appendingPathComponent("alpha/summary.csv"))
            #expect(alphaShard.rows.count < Fixture.runs.count)
            let merged = cli.run(["merge"] + shardDirs + ["--out", dir.path("merged").path, "--no-plots"])
            #expect(merged.status == 0, "\(transcript(merged))")
            for scenario in ["alpha", "beta"] {
                for file in ["summary.csv", "timeseries.csv"] {
                    let expected = try CSVFile(contentsOf: dir.path("full").appendingPathComponent("\(scenario)/\(file)"))
                    let actual = try CSVFile(contentsOf: dir.path("merged").appendingPathComponent("\(scenario)/\(file)"))
                    #expect(actual.header == expected.header)
                    #expect(Self.counts(actual) == Self.counts(expected), "\(scenario)/\(file)")
                }
            }
        }

        @Test("a shard given twice (a duplicated K) is refused, naming the shard and both directories, and nothing is written")
        func overlappingShards() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            for name in ["x", "y"] {
                let run = cli.run([file.path, "--out", dir.path(name).path, "--shard", "1/2", "--quiet", "--no-plots"])
                #expect(run.status == 0, "\(transcript(run))")
            }
            let merged = cli.run(["merge", dir.path("x").path, dir.path("y").path, "--out", dir.path("m").path, "--no-plots"])
            #expect(merged.status == 1)
            #expect(merged.stderr.contains("shard 1/2 is given twice: \(dir.path("x").path) and \(dir.path("y").path)"), "\(transcript(merged))")
            #expect(!dir.exists("m"))
        }

        @Test("a failed expectation prints a table with scenario, policy, metric, expected and actual, and exits 2 after writing results")
        func failedExpectationExitsTwo() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let yaml = Fixture.yaml(name: "expecting") + "expect:\n  none: {hits: \"> 0\"}\n  lru: {requests: \"> 0\"}\n"
            let file = try dir.write("e.yaml", yaml)
            let result = cli.run([file.path, "--out", dir.path("out").path, "--no-plots"])
            #expect(result.status == 2, "\(transcript(result))")
            #expect(result.stdout.contains("expectations: 1 of 3 FAILED"))
            #expect(result.stdout.contains("expecting") && result.stdout.contains("hits") && result.stdout.contains("> 0"))
            #expect(result.stdout.contains("FAILED"))
            #expect(FileManager.default.fileExists(atPath: dir.path("out").appendingPathComponent("expecting/summary.csv").path))
        }

        @Test("--shard with a malformed value is an input error")
        func badShard() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Fixture.yaml())
            let result = cli.run([file.path, "--out", dir.path("out").path, "--shard", "4/3"])
            #expect(result.status == 1)
            #expect(result.stderr.contains("--shard: expected K/N"))
        }
    }
}

extension EndToEndSecondLine {
    @Suite("plots and pages after a run")
    struct PlotsAfterRun {
        @Test(
            "a run draws each scenario's plots as PNG and SVG, writes index.html and index.md, and --no-plots draws none",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gnuplot")))
        func plotsAndPages() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Fixture.yaml(name: "plotted"))
            // From the package directory, where scripts/ is.
            let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
                .deletingLastPathComponent()
            let out = dir.path("with")
            let result = cli.run([file.path, "--out", out.path, "--quiet"], cwd: packageRoot)
            #expect(result.status == 0, "\(transcript(result))")
            for name in ["hit_rate", "instantiations", "latency", "resident"] {
                for ext in ["png", "svg"] {
                    #expect(
                        FileManager.default.fileExists(atPath: out.appendingPathComponent("plotted/\(name).\(ext)").path), "\(name).\(ext)")
                }
            }
            let html = try String(contentsOf: out.appendingPathComponent("index.html"), encoding: .utf8)
            #expect(html.contains("<img") && html.contains("plotted/hit_rate.png") && html.contains("plotted/summary.csv"))
            let none = dir.path("without")
            let plain = cli.run([file.path, "--out", none.path, "--quiet", "--no-plots"], cwd: packageRoot)
            #expect(plain.status == 0)
            #expect(!FileManager.default.fileExists(atPath: none.appendingPathComponent("plotted/hit_rate.png").path))
            #expect(FileManager.default.fileExists(atPath: none.appendingPathComponent("index.html").path))
            let ascii = cli.run([file.path, "--out", dir.path("ascii").path, "--quiet", "--plots", "ascii"], cwd: packageRoot)
            #expect(ascii.status == 0)
            #expect(ascii.stdout.contains("Hit rate over time"), "\(transcript(ascii))")
        }
    }
}
