import Foundation
import Testing

extension EndToEndSecondLine {
    @Suite("run: bad scenario files")
    struct BadScenarios {
        /// One broken scenario file: the fixture with one line replaced (or removed), and where
        /// the error must point.
        struct Case: CustomTestStringConvertible, Sendable {
            var label: String
            /// 1-based line to replace, and its new text (`nil` removes the line).
            var replacing: Int
            var with: String?
            /// Comment lines put before the scenario (shifting every line down).
            var leadingComments = 0
            /// What the fixture's line `replacing` must say before the change (guards the
            /// fixture against drifting away from the line numbers below).
            var original: String
            var line: Int
            var column: Int
            /// Text the message must contain: the key path and the problem.
            var message: [String]

            var testDescription: String { label }
        }

        static let cases: [Case] = [
            Case(
                label: "unknown key (typo sectoins)",
                replacing: 9, with: "  sectoins: 6", original: "  sections: 6",
                line: 9, column: 3,
                message: ["unknown key 'sectoins' at table.sectoins", "expected one of:", "sections"]),
            Case(
                label: "wrong type (sections: many)",
                replacing: 9, with: "  sections: many", original: "  sections: 6",
                line: 9, column: 13,
                message: ["table.sections: expected an integer, found 'many'"]),
            Case(
                label: "zero count (sections: 0)",
                replacing: 9, with: "  sections: 0", original: "  sections: 6",
                line: 9, column: 13,
                message: ["table.sections must be between 1 and 100000 (found 0)"]),
            Case(
                label: "negative count (capacity: -3)",
                replacing: 21, with: "  capacity: -3", original: "  capacity: 6",
                line: 21, column: 13,
                message: ["cache.capacity must be > 0 (found -3)"]),
            // Missing keys point at the enclosing mapping: here the top-level one, which starts
            // after two comment lines, on line 3.
            Case(
                label: "missing field (no duration)",
                replacing: 5, with: nil, leadingComments: 2, original: "duration: 2s",
                line: 3, column: 1,
                message: ["missing required key 'duration'"]),
            Case(
                label: "unknown policy name in the file (policies: [lru, lruu])",
                replacing: 22, with: "  policies: [lru, lruu]", original: "  policies: [none, lru, fifo]",
                line: 22, column: 19,
                message: ["cache.policies[1]: unknown policy 'lruu'", "none, lru, fifo, random"]),
        ]

        @Test(
            "a bad scenario file is reported as file:line:column: error: with its key path, exits 1 and writes nothing for it, while a good file in the same invocation still runs",
            arguments: cases)
        func badFileReportedGoodFileRuns(_ bad: Case) throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }

            var lines = Fixture.lines(name: "broken")
            try #require(lines[bad.replacing - 1] == bad.original, "the fixture changed; fix the line numbers")
            if let replacement = bad.with {
                lines[bad.replacing - 1] = replacement
            } else {
                lines.remove(at: bad.replacing - 1)
            }
            lines.insert(contentsOf: (0..<bad.leadingComments).map { "# comment \($0 + 1)" }, at: 0)
            let badFile = try dir.write("broken.yaml", Fixture.text(lines))
            let goodFile = try dir.write("good.yaml", Fixture.yaml(name: "good"))
            let out = dir.path("results")

            // The bad file first: the good one must still run after it.
            let result = cli.run([badFile.path, goodFile.path, "--out", out.path, "--quiet"])

            #expect(result.status == 1, "\(transcript(result))")
            let location = "\(badFile.path):\(bad.line):\(bad.column): error: "
            let diagnostics = result.stderr.split(separator: "\n").map(String.init)
            let diagnostic = diagnostics.first { $0.hasPrefix(location) }
            #expect(diagnostic != nil, "expected a line starting with \(location)\n\(transcript(result))")
            for text in bad.message {
                #expect(diagnostic?.contains(text) == true, "expected '\(text)' in: \(diagnostic ?? result.stderr)")
            }
            // Only the one error, and nothing about the good file.
            #expect(diagnostics.filter { $0.contains("error:") }.count == 1, "\(transcript(result))")
            #expect(!result.stderr.contains(goodFile.path), "\(transcript(result))")

            #expect(
                !FileManager.default.fileExists(atPath: out.appendingPathComponent("broken").path),
                "results were written for the bad scenario")
            for name in ["summary.csv", "timeseries.csv", "latency.csv"] {
                #expect(
                    FileManager.default.fileExists(atPath: out.appendingPathComponent("good/\(name)").path),
                    "the good scenario's \(name) is missing; \(transcript(result))")
            }
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("good/summary.csv"))
            #expect(summary.rows.count == Fixture.runs.count)
        }

        @Test("a missing scenario file is reported as path:1:1: error: cannot read file... and exits 1")
        func missingFile() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let out = dir.path("results")

            // A relative path, reported as given.
            let result = cli.run(["nowhere/missing.yaml", "--out", out.path], cwd: dir.url)

            #expect(result.status == 1, "\(transcript(result))")
            #expect(result.stderr.hasPrefix("nowhere/missing.yaml:1:1: error: cannot read file"), "\(transcript(result))")
            #expect(result.stderr.contains("cannot read file: nowhere/missing.yaml (no such file)"), "\(transcript(result))")
            #expect(allEntries(under: out).isEmpty, "results written for a missing file")
        }
    }
}
