import Foundation
import Testing

extension EndToEnd {
    @Suite("plan")
    struct PlanCommand {
        @Test("plan's slices put every run in exactly one shard and match the runs `run --shard K/N` writes")
        func slicesMatchRunShard() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let b = try dir.write("b.yaml", Fixture.yaml(name: "beta"))
            let planned = cli.run(["plan", a.path, b.path, "--shards", "3", "--emit", "csv"])
            #expect(planned.status == 0, "\(transcript(planned))")
            let csv = try dir.write("plan.csv", planned.stdout)
            let rows = try CSVFile(contentsOf: csv).records
            #expect(rows.count == 2 * Fixture.runs.count)
            let keys = rows.map { "\($0["scenario"] ?? "")/\($0["run"] ?? "")" }
            #expect(Set(keys).count == keys.count, "every run once")
            for k in 1...3 {
                let out = dir.path("shard\(k)")
                let run = cli.run([a.path, b.path, "--out", out.path, "--shard", "\(k)/3", "--quiet", "--no-plots"])
                #expect(run.status == 0, "\(transcript(run))")
                for scenario in ["alpha", "beta"] {
                    let planned = rows.filter { $0["shard"] == "\(k)" && $0["scenario"] == scenario }.compactMap { $0["run"] }
                    let summary = out.appendingPathComponent("\(scenario)/summary.csv")
                    let ran = FileManager.default.fileExists(atPath: summary.path) ? try CSVFile(contentsOf: summary).column("run") ?? [] : []
                    #expect(planned == ran, "shard \(k)/3, \(scenario)")
                }
            }
        }

        @Test("plan prints each shard's runs, work, CPUs and memory")
        func textPlan() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let a = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let planned = cli.run(["plan", a.path, "--shards", "2"])
            #expect(planned.status == 0, "\(transcript(planned))")
            #expect(planned.stdout.contains("study: 1 file, 5 runs, 2 shards"))
            #expect(planned.stdout.contains("shard 1/2: 3 runs, work 8s of scenario time"), "\(planned.stdout)")
            #expect(planned.stdout.contains("1 CPU") && planned.stdout.contains("MiB"))
            #expect(planned.stdout.contains("  alpha: 0 none, 2 lru/pin, 4 fifo/pin"), "\(planned.stdout)")
        }

        @Test("plan refuses a bad scenario file with file:line:column, and --shards 0")
        func badInput() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            var lines = Fixture.lines()
            lines[4] = "duration: soon"
            let bad = try dir.write("bad.yaml", Fixture.text(lines))
            let planned = cli.run(["plan", bad.path, "--shards", "2"])
            #expect(planned.status == 1)
            #expect(planned.stderr.contains("\(bad.path):5:"), "\(transcript(planned))")
            let zero = cli.run(["plan", bad.path, "--shards", "0"])
            #expect(zero.status == 1)
            #expect(zero.stderr.contains("--shards"))
        }

        @Test(
            "--emit slurm writes a job array with absolute paths, --chdir, --output into a log directory it creates, --job-name, --time, --mem and --cpus-per-task, and a merge submitted with afterok"
        )
        func slurmScripts() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let out = dir.path("study").path
            let planned = cli.run(
                ["plan", "a.yaml", "--shards", "4", "--emit", "slurm", "--out", "study", "--job-name", "feeds", "--seed", "5"],
                cwd: dir.url)
            #expect(planned.status == 0, "\(transcript(planned))")
            var isDirectory: ObjCBool = false
            #expect(FileManager.default.fileExists(atPath: out + "/logs", isDirectory: &isDirectory) && isDirectory.boolValue)
            let shard = try String(contentsOfFile: out + "/jobs/shard.sbatch", encoding: .utf8)
            let root = dir.url.standardizedFileURL.path
            for line in [
                "#SBATCH --job-name=feeds", "#SBATCH --array=1-4", "#SBATCH --chdir=\(root)", "#SBATCH --output=\(out)/logs/shard-%a.out",
                "#SBATCH --time=00:11:00", "#SBATCH --cpus-per-task=1",
            ] {
                #expect(shard.contains(line + "\n"), "\(line)\n\(shard)")
            }
            #expect(shard.contains("#SBATCH --mem=") && shard.contains("M\n"))
            #expect(shard.contains(" run \\\n    \(root)/a.yaml \\\n    --seed 5 \\\n"), "\(shard)")
            #expect(shard.contains("--shard \"$k/4\" --out \(out)/shards/shard-\"$k\""))
            let merge = try String(contentsOfFile: out + "/jobs/merge.sbatch", encoding: .utf8)
            #expect(merge.contains("#SBATCH --job-name=feeds-merge") && merge.contains("#SBATCH --output=\(out)/logs/merge.out"))
            #expect(
                merge.contains(
                    " merge \\\n    \(out)/shards/shard-1 \\\n    \(out)/shards/shard-2 \\\n    \(out)/shards/shard-3 \\\n    \(out)/shards/shard-4 \\\n    --out \(out)/merged\n"),
                "\(merge)")
            let submit = try String(contentsOfFile: out + "/jobs/submit.sh", encoding: .utf8)
            #expect(submit.contains("sbatch --parsable --dependency=afterok:\"$array\" \(out)/jobs/merge.sbatch"))
            let rerun = try String(contentsOfFile: out + "/jobs/rerun.sh", encoding: .utf8)
            #expect(rerun.contains("sbatch --parsable --array=\"$k\"") && rerun.contains("scontrol update JobId=\"$merge\" Dependency=afterok:\"$job\""))
            for name in ["shard.sbatch", "merge.sbatch", "submit.sh", "rerun.sh"] {
                let syntax = Process()
                syntax.executableURL = URL(fileURLWithPath: "/bin/bash")
                syntax.arguments = ["-n", out + "/jobs/" + name]
                try syntax.run()
                syntax.waitUntilExit()
                #expect(syntax.terminationStatus == 0, "bash -n \(name)")
            }
        }

        @Test("--emit github prints a matrix workflow over the shards and a merge job that needs them")
        func githubWorkflow() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let planned = cli.run(["plan", "a.yaml", "--shards", "3", "--emit", "github"], cwd: dir.url)
            #expect(planned.status == 0, "\(transcript(planned))")
            let workflow = planned.stdout
            #expect(workflow.contains("shard: [1, 2, 3]"))
            #expect(workflow.contains(".build/release/workbench run a.yaml \\\n"))
            #expect(workflow.contains("--shard ${{ matrix.shard }}/3 --out shard-${{ matrix.shard }}"))
            #expect(workflow.contains("needs: shard"))
            #expect(workflow.contains("workbench merge shards/shard-1 shards/shard-2 shards/shard-3 --out results"))
        }
    }
}
