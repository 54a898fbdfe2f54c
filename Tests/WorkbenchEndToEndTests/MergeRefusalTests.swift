import Foundation
import Testing

extension EndToEnd {
    /// `merge` refuses inputs that are not one whole study, naming the shard and what to re-run,
    /// and writes nothing; `--partial` merges what is there and records it as incomplete.
    @Suite("merge refusals")
    struct MergeRefusals {
        /// Runs shards `ks` of `count` over `files` into `<dir>/shard<k>`; returns their paths.
        static func shards(
            _ cli: CLI, _ dir: TempDir, files: [URL], _ ks: [Int], of count: Int, extra: [String] = []
        ) -> [String] {
            ks.map { k in
                let out = dir.path("shard\(k)").path
                let run = cli.run(files.map(\.path) + ["--out", out, "--shard", "\(k)/\(count)", "--quiet", "--no-plots"] + extra)
                #expect(run.status == 0, "\(transcript(run))")
                return out
            }
        }

        static func merge(_ cli: CLI, _ dir: TempDir, _ inputs: [String], _ extra: [String] = []) -> CLI.Output {
            cli.run(["merge"] + inputs + ["--out", dir.path("merged").path, "--no-plots"] + extra)
        }

        @Test("every shard records its study in study.json: the files with their SHA-256, the seed, the run count, K/N and complete")
        func shardRecordsStudy() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let b = try dir.write("b.yaml", Fixture.yaml(name: "beta"))
            _ = Self.shards(cli, dir, files: [a, b], [2], of: 3, extra: ["--seed", "11"])
            let data = try Data(contentsOf: dir.path("shard2").appendingPathComponent("study.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            let files = try #require(json["files"] as? [[String: Any]])
            #expect(files.map { $0["path"] as? String } == [a.path, b.path])
            let digest = try #require(files.first?["sha256"] as? String)
            #expect(digest.count == 64)
            #expect(json["seed"] as? Int == 11)
            #expect(json["runs"] as? Int == 2 * Fixture.runs.count)
            let shard = try #require(json["shard"] as? [String: Any])
            #expect(shard["index"] as? Int == 2 && shard["count"] as? Int == 3)
            #expect(json["complete"] as? Bool == true)
        }

        @Test("shards of different studies (a scenario file changed between shards) are refused, naming the shard and the file")
        func differentStudies() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha", seed: 3))
            let first = Self.shards(cli, dir, files: [a], [1], of: 2)
            try dir.write("a.yaml", Fixture.yaml(name: "alpha", seed: 4))
            let second = Self.shards(cli, dir, files: [a], [2], of: 2)
            let merged = Self.merge(cli, dir, first + second)
            #expect(merged.status == 1)
            #expect(merged.stderr.contains("shard 2/2 (\(second[0])) is of a different study than shard 1/2"), "\(transcript(merged))")
            #expect(merged.stderr.contains("the scenario files differ") && merged.stderr.contains(a.path))
            #expect(!dir.exists("merged"))
        }

        @Test("shards run with a different --seed are of different studies")
        func differentSeeds() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let first = Self.shards(cli, dir, files: [a], [1], of: 2, extra: ["--seed", "1"])
            let second = Self.shards(cli, dir, files: [a], [2], of: 2, extra: ["--seed", "2"])
            let merged = Self.merge(cli, dir, first + second)
            #expect(merged.status == 1)
            #expect(merged.stderr.contains("--seed differs: 1 versus 2"), "\(transcript(merged))")
            #expect(!dir.exists("merged"))
        }

        @Test("a missing K is refused, naming the shard and the command that re-runs it; --partial merges the rest as incomplete")
        func missingShard() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let present = Self.shards(cli, dir, files: [a], [1, 3], of: 3)
            let merged = Self.merge(cli, dir, present)
            #expect(merged.status == 1)
            #expect(merged.stderr.contains("1 of 3 shards missing (2/3)"), "\(transcript(merged))")
            #expect(merged.stderr.contains("workbench run \(a.path) --shard 2/3 --out"))
            #expect(!dir.exists("merged"))

            let partial = Self.merge(cli, dir, present, ["--partial"])
            #expect(partial.status == 0, "\(transcript(partial))")
            #expect(partial.stderr.contains("partial merge: shard 2/3 missing or incomplete"))
            let data = try Data(contentsOf: dir.path("merged").appendingPathComponent("study.json"))
            let json = try #require(try JSONSerialization.jsonObject(with: data) as? [String: Any])
            #expect(json["complete"] as? Bool == false)
            #expect(json["missing"] as? [Int] == [2])
            #expect(json["merged"] as? [Int] == [1, 3])
            let summary = try CSVFile(contentsOf: dir.path("merged").appendingPathComponent("alpha/summary.csv"))
            #expect(summary.column("run") == ["0", "2", "3"])
        }

        @Test("an incomplete shard (complete=false, as a shard killed at its time limit leaves it) is refused, naming it and its re-run")
        func incompleteShard() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let inputs = Self.shards(cli, dir, files: [a], [1, 2], of: 2)
            let record = URL(fileURLWithPath: inputs[1]).appendingPathComponent("study.json")
            let text = try String(contentsOf: record, encoding: .utf8)
            #expect(text.contains("\"complete\" : true"))
            try text.replacingOccurrences(of: "\"complete\" : true", with: "\"complete\" : false")
                .write(to: record, atomically: true, encoding: .utf8)
            let merged = Self.merge(cli, dir, inputs)
            #expect(merged.status == 1)
            #expect(merged.stderr.contains("shard 2/2 (\(inputs[1])) is incomplete"), "\(transcript(merged))")
            #expect(merged.stderr.contains("re-run it: workbench run \(a.path) --shard 2/2 --out \(inputs[1])"))
            #expect(!dir.exists("merged"))
            #expect(Self.merge(cli, dir, inputs, ["--partial"]).status == 0)
        }

        @Test("a shard whose summary has a run with complete=false (interrupted) is incomplete")
        func interruptedRunIsIncomplete() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let inputs = Self.shards(cli, dir, files: [a], [1, 2], of: 2)
            let summary = URL(fileURLWithPath: inputs[0]).appendingPathComponent("alpha/summary.csv")
            let text = try String(contentsOf: summary, encoding: .utf8)
            #expect(text.contains(",true"))
            try text.replacingOccurrences(of: ",true", with: ",false").write(to: summary, atomically: true, encoding: .utf8)
            let merged = Self.merge(cli, dir, inputs)
            #expect(merged.status == 1)
            #expect(merged.stderr.contains("shard 1/2 (\(inputs[0])) is incomplete"), "\(transcript(merged))")
            #expect(!dir.exists("merged"))
        }

        @Test("results of different kinds under one scenario name are refused, naming both kinds")
        func differentKinds() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let inputs = Self.shards(cli, dir, files: [a], [1, 2], of: 2)
            let scenario = URL(fileURLWithPath: inputs[1]).appendingPathComponent("alpha/scenario.yaml")
            let text = try String(contentsOf: scenario, encoding: .utf8)
            try text.replacingOccurrences(of: "kind: scrolling-table", with: "kind: navigation")
                .write(to: scenario, atomically: true, encoding: .utf8)
            let merged = Self.merge(cli, dir, inputs)
            #expect(merged.status == 1)
            #expect(
                merged.stderr.contains("scenario 'alpha' is of kind scrolling-table in") && merged.stderr.contains("but of kind navigation"),
                "\(transcript(merged))")
            #expect(!dir.exists("merged"))
        }

        @Test("results without study.json are refused, naming the file")
        func noStudyRecord() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let inputs = Self.shards(cli, dir, files: [a], [1, 2], of: 2)
            try FileManager.default.removeItem(at: URL(fileURLWithPath: inputs[0]).appendingPathComponent("study.json"))
            let merged = Self.merge(cli, dir, inputs)
            #expect(merged.status == 1)
            #expect(merged.stderr.contains("\(inputs[0])/study.json: no such file"), "\(transcript(merged))")
            #expect(!dir.exists("merged"))
        }

        @Test("a truncated input file in the last scenario leaves --out unwritten (every input is checked before writing)")
        func badInputWritesNothing() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let b = try dir.write("b.yaml", Fixture.yaml(name: "beta"))
            let inputs = Self.shards(cli, dir, files: [a, b], [1, 2], of: 2)
            let timeseries = URL(fileURLWithPath: inputs[1]).appendingPathComponent("beta/timeseries.csv")
            let text = try String(contentsOf: timeseries, encoding: .utf8)
            try String(text.prefix(text.count / 2) + "\"unterminated").write(to: timeseries, atomically: true, encoding: .utf8)
            let merged = Self.merge(cli, dir, inputs)
            #expect(merged.status == 1, "\(transcript(merged))")
            #expect(merged.stderr.contains(timeseries.path))
            #expect(!dir.exists("merged"))
        }
    }
}
