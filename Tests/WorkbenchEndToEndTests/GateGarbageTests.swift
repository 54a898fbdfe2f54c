import Foundation
import Report
import Testing

extension EndToEnd {
    /// The gates (`compare`, `ab`, `merge`, `decide`) refuse results that are not numbers where
    /// their columns say they are, `decide` respects a running run's lock, and `merge` decides as
    /// an unsharded run does.
    @Suite("gates fail on garbage")
    struct GateGarbage {
        /// Sets field `column` of data row `row` (0-based) of the CSV file at `url` to `value`;
        /// returns the 1-based line and column of the field.
        @discardableResult
        static func spoil(_ url: URL, column: String, row: Int = 0, with value: String) throws -> (line: Int, column: Int) {
            let parsed = try CSVTable.parseWithLines(try String(contentsOf: url, encoding: .utf8))
            let index = try #require(parsed.header.firstIndex(of: column), "\(url.path) has no \(column)")
            var table = CSVTable(header: parsed.header)
            for (number, fields) in parsed.rows.enumerated() {
                var fields = fields
                if number == row { fields[index] = value }
                try table.append(fields.map { $0.isEmpty ? CSVValue.empty : .string($0) })
            }
            try table.render().write(to: url, atomically: true, encoding: .utf8)
            return (parsed.lines[row], index + 1)
        }

        /// A sweep of the tiny fixture over two capacities, with a question.
        static let sweepYAML =
            Fixture.yaml(name: "alpha")
            + "sweep: {key: cache.capacity, values: [2, 6]}\ndecide:\n  goal: {hit_rate: \">= 0.1\"}\n  minimize: sweep\n"

        @Test("compare --counts-only exits 1 naming file:line:column when a current count is nan, inf or text, never 0 regressions")
        func compareRefusesGarbage() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            for out in ["base", "cur"] {
                let run = cli.run(["run", file.path, "--out", dir.path(out).path, "--quiet", "--no-plots"])
                #expect(run.status == 0, "\(transcript(run))")
            }
            let same = cli.run(["compare", dir.path("base").path, dir.path("cur").path, "--counts-only"])
            #expect(same.status == 0, "\(transcript(same))")
            let summary = dir.path("cur").appendingPathComponent("tiny/summary.csv")
            for value in ["nan", "inf", "-inf", "many"] {
                let place = try Self.spoil(summary, column: "hits", row: 1, with: value)
                let compared = cli.run(["compare", dir.path("base").path, dir.path("cur").path, "--counts-only"])
                #expect(compared.status == 1, "\(value): \(transcript(compared))")
                #expect(
                    compared.stderr.contains("\(summary.path):\(place.line):\(place.column): error: column 'hits' holds '\(value)'"),
                    "\(transcript(compared))")
                #expect(!compared.stdout.contains("0 regressions"), "\(transcript(compared))")
            }
        }

        @Test("decide exits 1 naming file:line:column when a summary value is nan, inf or text, and writes no decision")
        func decideRefusesGarbage() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Self.sweepYAML)
            let run = cli.run(["run", file.path, "--out", dir.path("R").path, "--quiet", "--no-plots"])
            #expect(run.status == 0, "\(transcript(run))")
            let scenario = dir.path("R").appendingPathComponent("alpha")
            try FileManager.default.removeItem(at: scenario.appendingPathComponent("decision.csv"))
            let place = try Self.spoil(scenario.appendingPathComponent("summary.csv"), column: "hit_rate", row: 2, with: "nan")
            let decided = cli.run(["decide", dir.path("R").path])
            #expect(decided.status == 1, "\(transcript(decided))")
            #expect(
                decided.stderr.contains(
                    "\(scenario.appendingPathComponent("summary.csv").path):\(place.line):\(place.column): error: column 'hit_rate' holds 'nan'"
                ),
                "\(transcript(decided))")
            #expect(!FileManager.default.fileExists(atPath: scenario.appendingPathComponent("decision.csv").path))
        }

        @Test("an empty metric value (nothing measured) stays allowed: compare and decide read it as no value")
        func emptyAllowed() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Self.sweepYAML)
            for out in ["base", "cur"] {
                let run = cli.run(["run", file.path, "--out", dir.path(out).path, "--quiet", "--no-plots"])
                #expect(run.status == 0, "\(transcript(run))")
            }
            try Self.spoil(dir.path("cur").appendingPathComponent("alpha/summary.csv"), column: "hits", row: 1, with: "")
            let compared = cli.run(["compare", dir.path("base").path, dir.path("cur").path, "--counts-only"])
            #expect(compared.status == 0, "\(transcript(compared))")
            #expect(compared.stdout.contains("column 'hits' has no value in some runs"), "\(transcript(compared))")
            let decided = cli.run(["decide", dir.path("cur").path])
            #expect(decided.status == 0, "\(transcript(decided))")
        }

        @Test("decide refuses results whose lock a running run holds: exit 1, a message saying so, nothing written")
        func decideUnderLock() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Self.sweepYAML)
            let out = dir.path("R")
            let run = cli.run(["run", file.path, "--out", out.path, "--quiet", "--no-plots"])
            #expect(run.status == 0, "\(transcript(run))")
            let decision = out.appendingPathComponent("alpha/decision.csv")
            try FileManager.default.removeItem(at: decision)
            // The lock as a run holds it, taken by a child process.
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            holder.arguments = [out.appendingPathComponent(DirectoryLock.fileName).path, "sleep", "4"]
            try holder.run()
            Thread.sleep(forTimeInterval: 0.5)
            for target in [out, out.appendingPathComponent("alpha")] {
                let decided = cli.run(["decide", target.path])
                #expect(decided.status == 1, "\(transcript(decided))")
                #expect(decided.stderr.contains("results in use: another workbench process"), "\(transcript(decided))")
                #expect(!FileManager.default.fileExists(atPath: decision.path))
            }
            holder.waitUntilExit()
            let decided = cli.run(["decide", out.path])
            #expect(decided.status == 0, "\(transcript(decided))")
            #expect(FileManager.default.fileExists(atPath: decision.path))
        }

        @Test("merge refuses a shard whose count is nan, inf or text, naming file:line:column, and writes nothing")
        func mergeRefusesGarbage() throws {
            let (cli, dir, _, inputs) = try MergeRefusals.alpha([1, 2], of: 2)
            defer { dir.remove() }
            let summary = dir.path("shard2/alpha/summary.csv")
            let place = try Self.spoil(summary, column: "requests", with: "inf")
            MergeRefusals.expectRefused(cli, dir, inputs, "\(summary.path):\(place.line):\(place.column): column 'requests' holds 'inf'")
            try Self.spoil(summary, column: "requests", with: "12")
            let timeseries = dir.path("shard1/alpha/timeseries.csv")
            let spot = try Self.spoil(timeseries, column: "hits", row: 1, with: "lots")
            MergeRefusals.expectRefused(cli, dir, inputs, "\(timeseries.path):\(spot.line):\(spot.column): column 'hits' holds 'lots'")
        }

        @Test("merging the shards of a sweep with decide: writes the decision.csv and grid.csv an unsharded run writes")
        func mergeDecides() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Self.sweepYAML)
            let full = cli.run([file.path, "--out", dir.path("full").path, "--quiet", "--no-plots"])
            #expect(full.status == 0, "\(transcript(full))")
            let inputs = MergeRefusals.shards(cli, dir, files: [file], [1, 2, 3], of: 3)
            let merged = MergeRefusals.merge(cli, dir, inputs)
            #expect(merged.status == 0, "\(transcript(merged))")
            for name in ["decision.csv", "grid.csv"] {
                let expected = try String(contentsOf: dir.path("full/alpha/\(name)"), encoding: .utf8)
                let actual = try String(contentsOf: dir.path("merged/alpha/\(name)"), encoding: .utf8)
                #expect(actual == expected, "\(name)")
            }
            // A partial merge answers nothing: its runs are not all there.
            let partial = cli.run(["merge", inputs[0], inputs[1], "--out", dir.path("partial").path, "--no-plots", "--partial"])
            #expect(partial.status == 0, "\(transcript(partial))")
            #expect(!dir.exists("partial/alpha/decision.csv") && !dir.exists("partial/alpha/grid.csv"))
        }
    }
}
