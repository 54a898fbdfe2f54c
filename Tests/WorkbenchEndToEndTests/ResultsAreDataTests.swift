import Foundation
import Report
import Testing

extension EndToEndSecondLine {
    /// Nothing read from a results directory or a shard runs as code or names a path outside it.
    /// Each test plants a `touch MARKER` payload and checks the marker is never created.
    @Suite("results are data, never code")
    struct ResultsAreData {
        /// The package directory, where scripts/ is.
        static let packageRoot = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent()

        /// Two shards of a one-file study, each with `row` appended to its plots.csv (the same in
        /// both, as shards of one study write them), merged with plots drawn: exits 1 with
        /// `message` on stderr, writes nothing and never creates `marker`.
        static func expectMergeRefused(row: (URL) -> String, message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            let (cli, dir, _, inputs) = try EndToEnd.MergeRefusals.alpha([1, 2], of: 2)
            defer { dir.remove() }
            let marker = dir.path("MARKER")
            for input in inputs {
                let plots = URL(fileURLWithPath: input).appendingPathComponent("alpha/plots.csv")
                let text = try String(contentsOf: plots, encoding: .utf8)
                try (text + row(marker) + "\r\n").write(to: plots, atomically: true, encoding: .utf8)
            }
            try "system(\"touch \(marker.path)\")\n".write(to: dir.path("evil.gp"), atomically: true, encoding: .utf8)

            let merged = cli.run(["merge"] + inputs + ["--out", dir.path("merged").path], cwd: packageRoot)

            #expect(merged.status == 1, "\(transcript(merged))", sourceLocation: sourceLocation)
            #expect(merged.stderr.contains(message), "\(transcript(merged))", sourceLocation: sourceLocation)
            #expect(!dir.exists("merged"), sourceLocation: sourceLocation)
            #expect(!FileManager.default.fileExists(atPath: marker.path), sourceLocation: sourceLocation)
        }

        @Test("merge refuses a shard whose plots.csv holds gnuplot source, naming file and line; nothing is merged, drawn or run")
        func mergeRefusesSource() throws {
            try Self.expectMergeRefused(
                row: { marker in "evil,bars.gp,summary,hits,\"title='x'; system(\"\"touch \(marker.path)\"\")\"" },
                message: "plots.csv:7: not a plots file: variables: ")
        }

        @Test("merge refuses a shard whose plots.csv names a script by a ../ path; the script outside scripts/ never runs")
        func mergeRefusesScriptPath() throws {
            // Enough ../ to climb from scripts/ to the root, then down to the planted evil.gp.
            try Self.expectMergeRefused(
                row: { marker in
                    let evil = marker.deletingLastPathComponent().appendingPathComponent("evil.gp").path
                    return "evil," + String(repeating: "../", count: 32) + evil.dropFirst() + ",summary,hits,title='x'"
                },
                message: "not a plots file: script '../")
        }

        @Test(
            "run draws with the scripts beside or above its binary, never those of the directory it runs in (a downloaded artifact's scripts/*.gp)",
            .enabled(if: FileManager.default.isExecutableFile(atPath: "/usr/bin/gnuplot"), "gnuplot is not installed"))
        func scriptsOfTheBinary() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let marker = dir.path("MARKER")
            // A complete scripts/ in the working directory, every script a payload.
            try FileManager.default.createDirectory(at: dir.path("artifact/scripts"), withIntermediateDirectories: true)
            for name in Report.Plotter.scriptNames {
                _ = try dir.write("artifact/scripts/\(name)", "system(\"touch \(marker.path)\")\n")
            }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let run = cli.run(["run", file.path, "--out", dir.path("R").path, "--quiet"], cwd: dir.path("artifact"))
            #expect(run.status == 0, "\(transcript(run))")
            #expect(!FileManager.default.fileExists(atPath: marker.path), "the working directory's scripts ran")
            let drawn = allEntries(under: dir.path("R/tiny")).filter { $0.hasSuffix(".png") }
            #expect(!drawn.isEmpty, "the binary's own scripts drew nothing: \(allEntries(under: dir.path("R")))")
        }
    }
}
