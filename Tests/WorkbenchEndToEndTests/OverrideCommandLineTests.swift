import Foundation
import Testing

extension EndToEnd {
    /// What-ifs without copying the YAML: `--set`, `--sweep`, `--policy lru/repopulate`,
    /// `--in-use` and directory arguments, through run, validate, repetitions and plan.
    @Suite("Overrides on the command line")
    struct OverrideCommandLine {
        @Test("run --set changes the scenario, and scenario.yaml records what ran")
        func runSet() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("out")
            let result = cli.run(["run", file.path, "--set", "cache.capacity=3", "--set", "seed=11", "--out", out.path, "--no-plots", "--quiet"])
            #expect(result.status == 0, "\(transcript(result))")
            let recorded = try String(contentsOf: out.appendingPathComponent("tiny/scenario.yaml"), encoding: .utf8)
            #expect(recorded.contains("capacity: 3") && recorded.contains("seed: 11"), "\(recorded)")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny/summary.csv"))
            #expect(summary.column("capacity")?.dropFirst().allSatisfy { $0 == "3" } == true, "\(summary.raw)")
            #expect(summary.column("seed")?.allSatisfy { $0 == "11" } == true)
        }

        @Test("a bad --set path or value is refused by validate and by run, naming the option (exit 1)")
        func setErrors() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            for command in [["validate"], ["run", "--out", dir.path("out").path]] {
                let unknown = cli.run(command + [file.path, "--set", "cache.capacty=3"])
                #expect(unknown.status == 1, "\(transcript(unknown))")
                #expect(
                    unknown.stderr.contains(
                        "\(file.path): error: --set cache.capacty=3: unknown key 'capacty' in cache (expected one of: capacity, policies, in_use, parameters)"
                    ), "\(transcript(unknown))")
                let bad = cli.run(command + [file.path, "--set", "table.sections=0"])
                #expect(bad.status == 1)
                #expect(bad.stderr.contains("error: --set table.sections=0: table.sections must be between 1 and 100000 (found 0)"), "\(transcript(bad))")
                let malformed = cli.run(command + [file.path, "--set", "capacity"])
                #expect(malformed.status == 1)
                #expect(malformed.stderr.contains("error: --set capacity: expected KEY.PATH=VALUE, e.g. cache.capacity=8"), "\(transcript(malformed))")
            }
            #expect(!FileManager.default.fileExists(atPath: dir.path("out/tiny").path))
        }

        @Test("run --sweep runs a key at several values; validate counts them")
        func runSweep() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let checked = cli.run(["validate", file.path, "--sweep", "cache.capacity=2,4"])
            #expect(checked.stdout.contains("10 runs (2 points of cache.capacity × 5)"), "\(transcript(checked))")
            let out = dir.path("out")
            let result = cli.run(["run", file.path, "--sweep", "cache.capacity=2,4", "--policy", "lru/pin", "--out", out.path, "--no-plots", "--quiet"])
            #expect(result.status == 0, "\(transcript(result))")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny/summary.csv"))
            #expect(summary.column("sweep_value") == ["2", "4"], "\(summary.raw)")
            #expect(summary.column("in_use") == ["pin", "pin"])
        }

        @Test("--policy lru/repopulate and --in-use choose runs as results name them")
        func policyWithMode() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("out")
            let result = cli.run(["run", file.path, "--policy", "lru/repopulate,fifo", "--in-use", "pin,repopulate", "--out", out.path, "--no-plots", "--quiet"])
            #expect(result.status == 0, "\(transcript(result))")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny/summary.csv"))
            #expect(summary.column("policy") == ["lru", "fifo", "fifo"], "\(summary.raw)")
            #expect(summary.column("in_use") == ["repopulate", "pin", "repopulate"])
            let bad = cli.run(["run", file.path, "--policy", "lru/keep", "--out", out.path])
            #expect(bad.status == 1)
            #expect(bad.stderr.contains("--policy: unknown in_use mode 'keep' in 'lru/keep' (expected one of: repopulate, pin, drop)"))
        }

        @Test("with --repeat, each repetition's process runs the changed scenario")
        func repetitionsSeeOverrides() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("out")
            let result = cli.run(["run", file.path, "--set", "cache.capacity=2", "--policy", "lru/pin", "--repeat", "2", "--out", out.path, "--no-plots", "--quiet"])
            #expect(result.status == 0, "\(transcript(result))")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny/summary.csv"))
            #expect(summary.column("capacity") == ["2"], "\(summary.raw)")
        }

        @Test("a directory argument stands for its *.yaml files, in name order")
        func directoryArgument() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try FileManager.default.createDirectory(at: dir.path("set"), withIntermediateDirectories: true)
            try dir.write("set/b.yaml", Fixture.yaml(name: "bee"))
            try dir.write("set/a.yaml", Fixture.yaml(name: "ay"))
            try dir.write("set/notes.txt", "not a scenario")
            let result = cli.run(["validate", dir.path("set").path])
            #expect(result.status == 0, "\(transcript(result))")
            let lines = result.stdout.split(separator: "\n")
            #expect(lines.count == 2 && lines[0].contains("/set/a.yaml: ok: ay") && lines[1].contains("/set/b.yaml: ok: bee"), "\(transcript(result))")
        }

        @Test("plan passes --set on to every shard's run, and the study records it")
        func planPassesOverrides() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let plan = cli.run(["plan", file.path, "--shards", "2", "--set", "cache.capacity=3", "--emit", "github"])
            #expect(plan.status == 0, "\(transcript(plan))")
            #expect(plan.stdout.contains("--set cache.capacity=3"), "\(transcript(plan))")
            let out = dir.path("out")
            let run = cli.run(["run", file.path, "--set", "cache.capacity=3", "--shard", "1/2", "--out", out.path, "--no-plots", "--quiet"])
            #expect(run.status == 0, "\(transcript(run))")
            let study = try String(contentsOf: out.appendingPathComponent("study.json"), encoding: .utf8)
            #expect(study.contains("\"overrides\""), "\(study)")
            #expect(study.contains("cache.capacity=3"))
        }
    }
}
