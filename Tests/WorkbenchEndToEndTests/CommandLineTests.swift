import Foundation
import Testing

extension EndToEnd {
    @Suite("options, validate and help")
    struct CommandLine {
        @Test("--policy bogus fails with exit 1 (input error) and a message naming the valid policies, and runs nothing")
        func bogusPolicy() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("results")

            let result = cli.run([file.path, "--out", out.path, "--policy", "bogus"])

            #expect(result.status == 1, "\(transcript(result))")
            #expect(result.stderr.hasPrefix("error: "), "\(transcript(result))")
            #expect(result.stderr.contains("unknown policy 'bogus'"), "\(transcript(result))")
            #expect(result.stderr.contains("none, lru, fifo, random"), "\(transcript(result))")
            #expect(!FileManager.default.fileExists(atPath: out.path), "results written despite the bad option")

            // A bad name among good ones, given comma-separated, is caught the same way.
            let mixed = cli.run([file.path, "--out", out.path, "--policy", "lru,bogus"])
            #expect(mixed.status == 1, "\(transcript(mixed))")
            #expect(mixed.stderr.contains("unknown policy 'bogus'"), "\(transcript(mixed))")
            #expect(!FileManager.default.fileExists(atPath: out.path), "results written despite the bad option")
        }

        @Test("validate prints an ok line for each good file and file:line:column errors for bad ones, exit 1; all good gives exit 0")
        func validateFiles() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let good = try dir.write("good.yaml", Fixture.yaml(name: "good"))
            var lines = Fixture.lines(name: "bad")
            lines[20] = "  capacity: zero"  // line 21
            let bad = try dir.write("bad.yaml", Fixture.text(lines))

            let mixed = cli.run(["validate", good.path, bad.path], cwd: dir.url)
            #expect(mixed.status == 1, "\(transcript(mixed))")
            #expect(
                mixed.stdout.contains(
                    "\(good.path): ok: good (scrolling-table), 5 runs: none, lru/repopulate, lru/pin, fifo/repopulate, fifo/pin"),
                "\(transcript(mixed))")
            #expect(!mixed.stdout.contains(bad.path), "\(transcript(mixed))")
            #expect(
                mixed.stderr.contains("\(bad.path):21:13: error: cache.capacity: expected an integer, found 'zero'"),
                "\(transcript(mixed))")
            // The good file gets no error (its warnings aside).
            #expect(
                mixed.stderr.split(separator: "\n").filter { $0.contains(good.path) }.allSatisfy { $0.hasPrefix("warning: ") },
                "\(transcript(mixed))")
            // Validating runs nothing.
            #expect(allEntries(under: dir.url).sorted() == ["bad.yaml", "good.yaml"])

            // Two good files (of two scenario names: one name twice is refused, as run refuses it).
            let other = try dir.write("other.yaml", Fixture.yaml(name: "other"))
            let allGood = cli.run(["validate", good.path, other.path], cwd: dir.url)
            #expect(allGood.status == 0, "\(transcript(allGood))")
            #expect(allGood.stdout.components(separatedBy: "\(good.path): ok: good").count == 2, "\(transcript(allGood))")
            #expect(allGood.stdout.components(separatedBy: "\(other.path): ok: other").count == 2, "\(transcript(allGood))")
            #expect(
                allGood.stderr.split(separator: "\n").allSatisfy {
                    $0.hasPrefix("warning: \(good.path): good: ") || $0.hasPrefix("warning: \(other.path): other: ")
                },
                "\(transcript(allGood))")
        }

        @Test("workbench --help lists the exit codes 0 to 4 and the subcommands run, validate and bench")
        func helpListsExitCodesAndSubcommands() throws {
            let cli = try workbench()

            let result = cli.run(["--help"])

            #expect(result.status == 0, "\(transcript(result))")
            let lines = result.stdout.split(separator: "\n").map { $0.trimmingCharacters(in: .whitespaces) }
            #expect(lines.contains("EXIT CODES"), "\(transcript(result))")
            for (code, meaning) in [
                (0, "success"), (1, "a scenario or input error"), (2, "an expectation failed"),
                (3, "a baseline is missing"), (4, "interrupted"),
            ] {
                #expect(lines.contains { $0.hasPrefix("\(code)  \(meaning)") }, "exit code \(code) not listed\n\(result.stdout)")
            }
            guard let start = lines.firstIndex(of: "SUBCOMMANDS:") else {
                Issue.record("no SUBCOMMANDS section\n\(result.stdout)")
                return
            }
            let subcommands = lines[(start + 1)...].prefix { !$0.isEmpty }.compactMap { $0.split(separator: " ").first.map(String.init) }
            for name in ["run", "validate", "bench"] {
                #expect(subcommands.contains(name), "subcommand \(name) not listed\n\(result.stdout)")
            }
            #expect(lines.contains { $0.hasPrefix("run (default)") }, "\(result.stdout)")
        }
    }
}
