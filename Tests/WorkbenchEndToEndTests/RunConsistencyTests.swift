import Foundation
import Testing

/// Commands that agree with each other and with what they record: `validate` refuses what `run`
/// refuses, every out-of-range `--repeat` is a usage error, `scenario.yaml` records the seed that
/// ran, and `compare` fails when the current results lost a scenario.
@Suite("commands agree")
struct RunConsistencyTests {
    @Test("validate refuses two files with one scenario name, as run does")
    func validateRefusesDuplicateNames() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let first = try dir.write("first.yaml", Fixture.yaml(name: "same"))
        let second = try dir.write("second.yaml", Fixture.yaml(name: "same", seed: 8))
        let validated = cli.run(["validate", first.path, second.path])
        #expect(validated.status == 1, "\(transcript(validated))")
        let message = "\(second.path):1:1: error: scenario name 'same' is already used by \(first.path)"
        #expect(validated.stderr.contains(message), "\(transcript(validated))")
        let ran = cli.run(["run", first.path, second.path, "--out", dir.path("out").path, "-q", "--no-plots"])
        #expect(ran.status == 1 && ran.stderr.contains(message), "\(transcript(ran))")
    }

    @Test("--repeat 0, -1 and 101 and --warm-up 11 are all usage errors (exit 64), in run and in ab")
    func repeatOutOfRangeIsUsageError() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let out = dir.path("out").path
        for value in ["0", "-1", "101"] {
            let run = cli.run(["run", file.path, "--out", out, "--repeat", value])
            #expect(run.status == 64, "run --repeat \(value): \(transcript(run))")
            let ab = cli.run(["ab", cli.executable.path, cli.executable.path, file.path, "--out", out, "--repeat", value])
            #expect(ab.status == 64, "ab --repeat \(value): \(transcript(ab))")
        }
        let warmUp = cli.run(["run", file.path, "--out", out, "--warm-up", "11"])
        #expect(warmUp.status == 64, "\(transcript(warmUp))")
        #expect(!FileManager.default.fileExists(atPath: out), "nothing written")
    }

    @Test("scenario.yaml records the seed the runs used: --seed, not the file's")
    func scenarioYAMLRecordsEffectiveSeed() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml(seed: 7))
        let out = dir.path("out")
        let output = cli.run([file.path, "--out", out.path, "--seed", "99", "-q", "--no-plots"])
        #expect(output.status == 0, "\(transcript(output))")
        let recorded = try String(contentsOf: out.appendingPathComponent("tiny/scenario.yaml"), encoding: .utf8)
        let lines = recorded.split(separator: "\n")
        #expect(lines.contains("seed: 99") && !lines.contains("seed: 7"), "\(recorded)")
        let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny/summary.csv"))
        #expect(summary.column("seed")?.allSatisfy { $0 == "99" } == true)
    }

    @Test("compare fails (exit 2) when the current results lack a scenario of the baseline")
    func compareFailsOnScenarioMissingFromCurrent() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        typealias C = EndToEndSecondLine.Compare
        let baseline = try C.results(dir, "baseline", ["feed": [C.row("feed")], "contacts": [C.row("contacts")]])
        let current = try C.results(dir, "current", ["feed": [C.row("feed")]])
        let output = cli.run(["compare", baseline.path, current.path])
        #expect(output.status == 2, "\(transcript(output))")
        #expect(
            output.stdout.contains("scenario 'contacts' is only in the baseline: missing from the current results"), "\(transcript(output))"
        )
        let summary = cli.run(["compare", baseline.path, current.path, "--summary"])
        #expect(summary.status == 2, "\(transcript(summary))")
    }
}
