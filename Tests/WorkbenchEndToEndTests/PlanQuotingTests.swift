import Foundation
import Testing

extension EndToEndSecondLine {
    /// Nothing given to `plan` changes what its job scripts run: values are quoted for the
    /// script's shell or YAML, and those that cannot be (a job name that is not plain, a line
    /// break, a GitHub expression) are refused. Each test plants a `touch MARKER` payload and
    /// checks the marker is never created.
    @Suite("plan: values in job scripts")
    struct PlanQuoting {
        @Test(
            "plan refuses a --job-name that is not a plain name (a line break would start a command in the job scripts) and writes no script"
        )
        func planRefusesJobName() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            for name in ["feeds\ntouch MARKER", "feeds; touch MARKER", "$(touch MARKER)", ""] {
                let planned = cli.run(
                    ["plan", "a.yaml", "--shards", "2", "--emit", "slurm", "--out", "study", "--job-name", name], cwd: dir.url)
                #expect(planned.status == 1, "\(transcript(planned))")
                #expect(planned.stderr.contains("--job-name: expected letters, digits"), "\(transcript(planned))")
                #expect(!dir.exists("study/jobs"))
            }
            #expect(!dir.exists("MARKER"))
        }

        @Test("plan refuses a path or option with a line break for slurm and github, and '${{' for github; nothing is written")
        func planRefusesLineBreaks() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            try dir.write("b\ntouch MARKER.yaml", Fixture.yaml(name: "beta"))
            try dir.write("c${{ secrets.TOKEN }}.yaml", Fixture.yaml(name: "gamma"))
            let refused: [([String], String)] = [
                (["a.yaml", "--emit", "slurm", "--out", "study\ntouch MARKER"], "--out: a control character"),
                (["a.yaml", "--emit", "github", "--out", "study\n  evil: true"], "--out: a control character"),
                (["a.yaml", "b\ntouch MARKER.yaml", "--emit", "slurm", "--out", "study"], "file: a control character"),
                (["c${{ secrets.TOKEN }}.yaml", "--emit", "github"], "'${{' in a value"),
            ]
            for (arguments, message) in refused {
                let planned = cli.run(["plan", "--shards", "2"] + arguments, cwd: dir.url)
                #expect(planned.status == 1, "\(transcript(planned))")
                #expect(planned.stderr.contains(message), "\(transcript(planned))")
                #expect(planned.stdout.isEmpty, "\(transcript(planned))")
            }
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).allSatisfy { !$0.hasPrefix("study") })
            #expect(!dir.exists("MARKER"))
        }

        @Test("plan quotes every path it writes into a job script: a command substitution in --out is a name, never run")
        func planQuotesPaths() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            let out = "study $(touch MARKER) 'x` touch MARKER`"
            let planned = cli.run(["plan", "a.yaml", "--shards", "2", "--emit", "slurm", "--out", out], cwd: dir.url)
            #expect(planned.status == 0, "\(transcript(planned))")
            let jobs = dir.path(out).appendingPathComponent("jobs")
            for name in ["shard.sbatch", "merge.sbatch", "submit.sh", "rerun.sh"] {
                let syntax = Process()
                syntax.executableURL = URL(fileURLWithPath: "/bin/bash")
                syntax.arguments = ["-n", jobs.appendingPathComponent(name).path]
                try syntax.run()
                syntax.waitUntilExit()
                #expect(syntax.terminationStatus == 0, "bash -n \(name)")
            }
            // submit.sh creates the log directory, then stops at sbatch (not installed here: an
            // empty PATH but for mkdir's).
            let submit = Process()
            submit.executableURL = URL(fileURLWithPath: "/bin/bash")
            submit.arguments = [jobs.appendingPathComponent("submit.sh").path]
            submit.currentDirectoryURL = dir.url
            submit.environment = ["PATH": "/bin:/usr/bin"]
            submit.standardError = FileHandle.nullDevice
            submit.standardOutput = FileHandle.nullDevice
            try submit.run()
            submit.waitUntilExit()
            #expect(dir.exists(out + "/logs"))
            #expect(!dir.exists("MARKER"))

            let workflow = cli.run(["plan", "a.yaml", "--shards", "2", "--emit", "github", "--out", "out: {x, y} #"], cwd: dir.url)
            #expect(workflow.status == 0, "\(transcript(workflow))")
            #expect(workflow.stdout.contains("with: {name: results, path: \"out: {x, y} #\"}"), "\(workflow.stdout)")
            #expect(workflow.stdout.contains("  - run: |\n"), "\(workflow.stdout)")
        }
    }
}
