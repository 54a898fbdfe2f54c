import Foundation
import Testing

/// Whether valgrind is on this machine's PATH (the instruction-count runs need it).
private let valgrindInstalled: Bool = (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":").contains {
    FileManager.default.isExecutableFile(atPath: "\($0)/valgrind")
}

/// The release build of the runner, which the instruction-count tests measure: a release build's
/// counted work does not depend on the process's history or the machine's load, a debug build's
/// does (its unspecialised generic code looks type metadata up in the runtime's cache, whose
/// layout follows thread timing; docs/results.md). `make test` builds it before the tests.
private let releaseRunner = CLI.packageRoot.appendingPathComponent(".build/release/workbench")

extension EndToEndSecondLine {
    @Suite("run --instructions: instruction counts under callgrind")
    struct InstructionCounts {
        /// A trace of 3000 generated requests through one policy: one replay.
        static let trace = """
            name: tiny-trace
            kind: trace
            seed: 3
            generate: {objects: 500, requests: 3000}
            cache: {policies: [s3-fifo], capacities: [100]}
            """

        /// One second of scrolling through a cache of 6 controllers, one policy.
        static let table = Fixture.text(
            Fixture.lines(name: "tiny-table").map {
                $0.hasPrefix("duration:") ? "duration: 1s" : $0.hasPrefix("  policies:") ? "  policies: [lru]" : $0.hasPrefix("  in_use:") ? "  in_use: [repopulate]" : $0
            })

        /// The summary rows of `<results>/<scenario>/summary.csv` as column → value.
        static func rows(_ results: URL, _ scenario: String) throws -> [[String: String]] {
            let table = try CSVFile.parse(String(contentsOf: results.appendingPathComponent("\(scenario)/summary.csv"), encoding: .utf8))
            guard let header = table.first else { return [] }
            return table.dropFirst().map { Dictionary(uniqueKeysWithValues: zip(header, $0)) }
        }

        @Test(
            "ab --instructions of one release binary, one repetition a side: both runs have the instruction columns, above 0, within the documented 1%, and exit 0 at the default tolerance; compare flags a 2x instruction increase",
            .enabled(if: valgrindInstalled, "valgrind is not installed"))
        func instructionsRepeatAndGate() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let files = [try dir.write("t.yaml", Self.trace), try dir.write("s.yaml", Self.table)]
            let out = dir.path("ab")
            // One release binary, copied first: both sides run exactly the same bytes, whose
            // counted work does not move with the machine's load (a debug build's does).
            try #require(
                FileManager.default.isExecutableFile(atPath: releaseRunner.path),
                "no release runner at \(releaseRunner.path): build it first (swift build -c release --product workbench; make test does)")
            let binary = dir.path("workbench").path
            try FileManager.default.copyItem(at: releaseRunner, to: dir.path("workbench"))
            let ab = cli.run(["ab", binary, binary] + files.map(\.path) + ["--instructions", "--out", out.path], timeout: 600)
            #expect(ab.status == 0, "\(transcript(ab))")
            for (scenario, operation) in [("tiny-trace", "replay"), ("tiny-table", "frame_work")] {
                let columns = try String(contentsOf: out.appendingPathComponent("current/\(scenario)/columns.csv"), encoding: .utf8)
                #expect(columns.contains("summary,\(operation)_instructions,number,instructions,lower_is_better,"), "\(columns)")
                #expect(columns.contains("summary,\(operation)_instructions_total,count,instructions,lower_is_better,"), "\(columns)")
                let sides = try ["baseline", "current"].map { try Self.rows(out.appendingPathComponent("runs/\($0)-1"), scenario) }
                #expect(sides[0].count == 1 && sides[1].count == 1)
                for name in ["\(operation)_instructions", "\(operation)_instructions_total"] {
                    let values = sides.compactMap { $0.first?[name].flatMap(Double.init) }
                    #expect(values.count == 2 && values.allSatisfy { $0 > 0 }, "\(name): \(values)")
                    // A release build's counts repeat whatever else the machine runs.
                    if values.count == 2 {
                        #expect(abs(values[1] - values[0]) <= values[0] * 0.01, "\(name): \(values)")
                    }
                }
            }

            // jemalloc runs under callgrind as natively (callgrind replaces no allocator): its
            // counters still give the frames' allocated bytes.
            let allocated = try Self.rows(out.appendingPathComponent("runs/current-1"), "tiny-table").first?["allocated_bytes"]
            #expect(allocated.flatMap(Double.init).map { $0 > 0 } == true, "allocated_bytes: \(allocated ?? "none")")

            // The same results with the frame's instructions doubled: a regression naming them.
            let doubled = dir.path("doubled")
            try FileManager.default.copyItem(at: out.appendingPathComponent("current"), to: doubled)
            let summary = doubled.appendingPathComponent("tiny-table/summary.csv")
            var table = try CSVFile.parse(String(contentsOf: summary, encoding: .utf8))
            for name in ["frame_work_instructions", "frame_work_instructions_total"] {
                let column = try #require(table[0].firstIndex(of: name))
                let value = try #require(Double(table[1][column]))
                table[1][column] = String(Int((value * 2).rounded()))
            }
            try (table.map { $0.joined(separator: ",") + "\r\n" }.joined()).write(to: summary, atomically: false, encoding: .utf8)
            let compare = cli.run(["compare", out.appendingPathComponent("current").path, doubled.path])
            #expect(compare.status == 2, "\(transcript(compare))")
            #expect(compare.stdout.contains("frame_work_instructions_total"), "\(transcript(compare))")
            #expect(compare.stdout.contains("instruction count"), "\(transcript(compare))")
            let summaryLine = cli.run(["compare", out.appendingPathComponent("current").path, doubled.path, "--summary"])
            #expect(summaryLine.stdout.contains("2 instruction-count regressions"), "\(transcript(summaryLine))")
            let tolerant = cli.run([
                "compare", out.appendingPathComponent("current").path, doubled.path, "--instructions-tolerance", "150%",
            ])
            #expect(tolerant.status == 0, "\(transcript(tolerant))")
        }

        @Test(
            "compare of a change that doubles every nib's views flags the frame's instructions (exit 2) and no count",
            .enabled(if: valgrindInstalled, "valgrind is not installed"))
        func doubledNibFlagsFrameInstructions() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let doubledNibs = Self.table.replacingOccurrences(of: "views: 4,", with: "views: 8,")
                .replacingOccurrences(of: "views: 12,", with: "views: 24,")
                .replacingOccurrences(of: "views: 6,", with: "views: 12,")
            #expect(doubledNibs != Self.table)
            var results: [URL] = []
            for (name, text) in [("base", Self.table), ("head", doubledNibs)] {
                let out = dir.path(name)
                let run = cli.run(
                    ["run", try dir.write("\(name).yaml", text).path, "--instructions", "--out", out.path, "--no-plots", "-q"],
                    timeout: 600)
                #expect(run.status == 0, "\(transcript(run))")
                results.append(out)
            }
            let compare = cli.run(["compare", results[0].path, results[1].path])
            #expect(compare.status == 2, "\(transcript(compare))")
            #expect(compare.stdout.contains("configuration changed: table.header.nib.views 4 → 8"), "\(transcript(compare))")
            // The regressions are the frame's instructions, and only they: the counts are the same.
            let regressions = compare.stdout.components(separatedBy: "\n\n").first { $0.hasPrefix("Regressions") } ?? ""
            let rows = regressions.split(separator: "\n").dropFirst(2)
            #expect(Set(rows.compactMap { $0.split(separator: " ").dropFirst(2).first }) == [
                "frame_work_instructions", "frame_work_instructions_total",
            ], "\(transcript(compare))")
            #expect(rows.allSatisfy { $0.hasSuffix("instruction count") }, "\(transcript(compare))")
        }

        @Test(
            "run --instructions shows the instruction columns in the terminal table, with and without --counts-only",
            .enabled(if: valgrindInstalled, "valgrind is not installed"))
        func instructionColumnsInTerminalTable() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("t.yaml", Self.trace)
            for extra in [[], ["--counts-only"]] {
                let out = dir.path("out\(extra.count)")
                let run = cli.run(["run", file.path, "--instructions", "--out", out.path, "--no-plots"] + extra, timeout: 600)
                #expect(run.status == 0, "\(transcript(run))")
                let lines = run.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
                let header = try #require(lines.first { $0.first == "policy" }, "\(transcript(run))")
                #expect(Array(header.suffix(2)) == ["replay_instructions", "replay_instructions_total"], "\(transcript(run))")
                let row = try #require(lines.first { $0.first == "s3-fifo" }, "\(transcript(run))")
                #expect(row.count == header.count, "\(transcript(run))")
                let values = row.suffix(2).compactMap(Double.init)
                #expect(values.count == 2 && values.allSatisfy { $0 > 0 }, "\(transcript(run))")
                let csv = try Self.rows(out, "tiny-trace").first
                #expect(row.last == csv?["replay_instructions_total"], "\(transcript(run))")
            }
            // Without --instructions the table has no such column.
            let plain = cli.run(["run", file.path, "--out", dir.path("plain").path, "--no-plots"])
            #expect(plain.status == 0 && !plain.stdout.contains("_instructions"), "\(transcript(plain))")
        }

        @Test(
            "run --instructions on a parallel-readers scenario warns that it counts nothing and writes no instruction column",
            .enabled(if: valgrindInstalled, "valgrind is not installed"))
        func parallelReadersCountNothing() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = CLI.packageRoot.appendingPathComponent("scenarios/chat-store.yaml")
            let out = dir.path("out")
            let run = cli.run(["run", file.path, "--instructions", "--max-duration", "200ms", "--out", out.path, "--no-plots"])
            #expect(run.status == 0 || run.status == 2, "\(transcript(run))")
            #expect(
                run.stderr.contains("warning: chat-store: --instructions counts nothing for kind parallel-readers"), "\(transcript(run))")
            let columns = try String(contentsOf: out.appendingPathComponent("chat-store/columns.csv"), encoding: .utf8)
            #expect(!columns.contains("_instructions"))
        }

        @Test("run --instructions without valgrind on PATH fails before anything runs, saying what to install")
        func instructionsNeedValgrind() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("t.yaml", Self.trace)
            let out = dir.path("out")
            let run = cli.run(
                ["run", file.path, "--instructions", "--out", out.path, "--no-plots"], environment: ["PATH": dir.path("empty").path])
            #expect(run.status == 1, "\(transcript(run))")
            #expect(
                run.stderr.contains("error: --instructions: valgrind was not found on PATH")
                    && run.stderr.contains("apt-get install valgrind"), "\(transcript(run))")
            #expect(!FileManager.default.fileExists(atPath: out.path))
            let inProcess = cli.run(["run", file.path, "--instructions", "--in-process", "--out", out.path, "--no-plots"])
            #expect(inProcess.status == 1, "\(transcript(inProcess))")
            #expect(inProcess.stderr.contains("drop --in-process"), "\(transcript(inProcess))")
        }
    }
}
