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

        /// Shards `ks` of `count` of a one-file study (`alpha`) in a fresh directory.
        static func alpha(_ ks: [Int], of count: Int) throws -> (cli: CLI, dir: TempDir, file: URL, inputs: [String]) {
            let cli = try workbench()
            let dir = try TempDir()
            let file = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            return (cli, dir, file, shards(cli, dir, files: [file], ks, of: count))
        }

        /// Replaces `text` in a file of a shard, which must contain it.
        static func edit(_ directory: String, _ path: String, replacing text: String, with replacement: String) throws {
            let url = URL(fileURLWithPath: directory).appendingPathComponent(path)
            let content = try String(contentsOf: url, encoding: .utf8)
            #expect(content.contains(text), "\(path): \(text)")
            try content.replacingOccurrences(of: text, with: replacement).write(to: url, atomically: true, encoding: .utf8)
        }

        /// `merge` of `inputs` exits 1 with `message` on stderr and writes nothing.
        static func expectRefused(_ cli: CLI, _ dir: TempDir, _ inputs: [String], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) {
            let merged = merge(cli, dir, inputs)
            #expect(merged.status == 1, sourceLocation: sourceLocation)
            #expect(merged.stderr.contains(message), "\(transcript(merged))", sourceLocation: sourceLocation)
            #expect(!dir.exists("merged"), sourceLocation: sourceLocation)
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
            Self.expectRefused(cli, dir, first + second, "--seed differs: 1 versus 2")
        }

        @Test("a missing K is refused, naming the shard and the command that re-runs it; --partial merges the rest as incomplete")
        func missingShard() throws {
            let (cli, dir, a, present) = try Self.alpha([1, 3], of: 3)
            defer { dir.remove() }
            Self.expectRefused(cli, dir, present, "1 of 3 shards missing (2/3)")
            Self.expectRefused(cli, dir, present, "workbench run \(a.path) --shard 2/3 --out")

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
            let (cli, dir, a, inputs) = try Self.alpha([1, 2], of: 2)
            defer { dir.remove() }
            try Self.edit(inputs[1], "study.json", replacing: "\"complete\" : true", with: "\"complete\" : false")
            Self.expectRefused(cli, dir, inputs, "shard 2/2 (\(inputs[1])) is incomplete")
            Self.expectRefused(cli, dir, inputs, "re-run it: workbench run \(a.path) --shard 2/2 --out \(inputs[1])")
            #expect(Self.merge(cli, dir, inputs, ["--partial"]).status == 0)
        }

        @Test("a shard whose summary has a run with complete=false (interrupted) is incomplete")
        func interruptedRunIsIncomplete() throws {
            let (cli, dir, _, inputs) = try Self.alpha([1, 2], of: 2)
            defer { dir.remove() }
            try Self.edit(inputs[0], "alpha/summary.csv", replacing: ",true", with: ",false")
            Self.expectRefused(cli, dir, inputs, "shard 1/2 (\(inputs[0])) is incomplete")
        }

        @Test("results of different kinds under one scenario name are refused, naming both kinds")
        func differentKinds() throws {
            let (cli, dir, _, inputs) = try Self.alpha([1, 2], of: 2)
            defer { dir.remove() }
            try Self.edit(inputs[1], "alpha/scenario.yaml", replacing: "kind: scrolling-table", with: "kind: navigation")
            Self.expectRefused(cli, dir, inputs, "scenario 'alpha' is of kind scrolling-table in \(inputs[0])/alpha but of kind navigation in \(inputs[1])/alpha")
        }

        @Test("results without study.json are refused, naming the file")
        func noStudyRecord() throws {
            let (cli, dir, _, inputs) = try Self.alpha([1, 2], of: 2)
            defer { dir.remove() }
            try FileManager.default.removeItem(at: URL(fileURLWithPath: inputs[0]).appendingPathComponent("study.json"))
            Self.expectRefused(cli, dir, inputs, "\(inputs[0])/study.json: no such file")
        }

        @Test("an input directory that does not exist (a shard that never ran) is refused, naming it")
        func missingDirectory() throws {
            let (cli, dir, _, inputs) = try Self.alpha([1], of: 2)
            defer { dir.remove() }
            Self.expectRefused(cli, dir, inputs + [dir.path("shard2").path], "cannot read \(dir.path("shard2").path): no such directory")
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
