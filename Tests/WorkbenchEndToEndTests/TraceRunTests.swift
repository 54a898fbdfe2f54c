import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite("run: trace scenarios")
    struct TraceRuns {
        @Test("the shipped trace-a.yaml writes the reference's exact miss counts (lru, sieve) and its expect lines hold")
        func traceAExactCounts() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let out = dir.path("out")
            let result = cli.run(
                ["scenarios/trace-a.yaml", "--out", out.path, "--policy", "lru,sieve", "--no-plots", "--quiet"], cwd: CLI.packageRoot)
            #expect(result.status == 0, "\(transcript(result))")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("trace-a/summary.csv"))
            let misses = summary.records.map { "\($0["policy"] ?? "?")@\($0["sweep_value"] ?? "?")=\($0["misses"] ?? "?")" }
            #expect(
                misses == [
                    "lru@100=609661", "lru@1000=324996", "lru@5000=103968",
                    "sieve@100=489101", "sieve@1000=254002", "sieve@5000=89442",
                ])
        }

        @Test("a bad trace row: run and validate exit 1 with file:line:column, and run writes nothing")
        func badRowRefused() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try dir.write("t.csv", "time,key,size\n1,5,10\n2,6,x\n")
            let file = try dir.write(
                "t.yaml",
                """
                name: bad-trace
                kind: trace
                trace: {path: t.csv, header: true, columns: {time: 1, key: 2, size: 3}}
                cache: {policies: [lru], capacity_bytes: [100]}
                """)
            let out = dir.path("out")
            for command in [["validate", file.path], [file.path, "--out", out.path, "--no-plots"]] {
                let result = cli.run(command)
                #expect(result.status == 1, "\(transcript(result))")
                #expect(
                    result.stderr.contains("\(dir.path("t.csv").path):3:5: error: size 'x' is not a whole number of bytes"),
                    "\(transcript(result))")
            }
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }

        @Test("a capacity above 2^40: run and validate exit 1 at its position, and run writes nothing")
        func hugeCapacityRefused() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write(
                "t.yaml",
                """
                name: big
                kind: trace
                generate: {objects: 10, requests: 100}
                cache: {policies: [lru], capacities: [10, 2000000000000]}
                """)
            let out = dir.path("out")
            for command in [["validate", file.path], [file.path, "--out", out.path, "--no-plots"]] {
                let result = cli.run(command)
                #expect(result.status == 1, "\(transcript(result))")
                #expect(
                    result.stderr.contains("t.yaml:4:43: error: cache.capacities[1] must be between 1 and 1099511627776 (2^40)"),
                    "\(transcript(result))")
            }
            #expect(!FileManager.default.fileExists(atPath: out.path))
        }
    }
}

extension EndToEnd {
    @Suite("trace generate, convert, stats")
    struct TraceFileCommands {
        @Test("trace generate writes gen_trace.py's bytes; after convert, oracle-general and binary give trace A's exact lru counts")
        func generateConvertReplay() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let csv = dir.path("a.csv").path
            let generated = cli.run(["trace", "generate", "--objects", "10000", "--requests", "1000000", "--alpha", "1", "--seed", "42", "--out", csv])
            #expect(generated.status == 0, "\(transcript(generated))")
            let text = try String(contentsOfFile: csv, encoding: .utf8)
            #expect(try ReferenceTrace.sha256(of: text) == ReferenceTrace.sha256)
            let binary = dir.path("a.wbt").path
            let oracle = dir.path("a.oracle").path
            for (out, format) in [(binary, "binary"), (oracle, "oracle-general")] {
                let converted = cli.run(
                    ["trace", "convert", csv, "--header", "--time-column", "1", "--key-column", "2", "--size-column", "3", "--to", format, "--out", out])
                #expect(converted.status == 0, "\(transcript(converted))")
                let scenario = try dir.write(
                    "\(format).yaml",
                    """
                    name: a-\(format)
                    kind: trace
                    trace: {path: \(out), format: \(format)}
                    cache: {policies: [lru], capacities: [100, 1000, 5000]}
                    expect:
                      lru@100: {misses: "== 609661"}
                      lru@1000: {misses: "== 324996"}
                      lru@5000: {misses: "== 103968"}
                    """)
                let run = cli.run([scenario.path, "--out", dir.path("out").path, "--no-plots", "--quiet"])
                #expect(run.status == 0, "\(transcript(run))")
                #expect(run.stdout.contains("expectations: 3 passed, 0 failed"), "\(transcript(run))")
            }
            let stats = cli.run(["trace", "stats", oracle, "--format", "oracle-general"])
            #expect(stats.status == 0, "\(transcript(stats))")
            #expect(stats.stdout.contains("requests          1000000\nunique keys       10000\nworking set bytes 10000\n"), "\(transcript(stats))")
        }

        @Test("trace convert of a bad row exits 1 with file:line:column and writes nothing")
        func convertBadRow() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let csv = try dir.write("bad.csv", "1,2\n3\n")
            let result = cli.run(["trace", "convert", csv.path, "--key-column", "1", "--size-column", "2", "--to", "binary", "--out", dir.path("o.wbt").path])
            #expect(result.status == 1, "\(transcript(result))")
            #expect(result.stderr.contains("bad.csv:2:2: error: column 2 is beyond the row's 1 column (delimiter ',')"), "\(transcript(result))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["bad.csv"])
        }
    }
}

extension EndToEnd {
    @Suite("plots: trace scenarios")
    struct TracePlots {
        @Test("a trace scenario draws its miss-ratio curve (curve.png, curve.svg), not the generic sweep plot")
        func missRatioCurve() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write(
                "t.yaml",
                """
                name: curve
                kind: trace
                generate: {alpha: 0.9, objects: 500, requests: 20000, seed: 3}
                cache: {policies: [lru, sieve, optimal], capacities: [10, 50, 200]}
                """)
            let out = dir.path("out")
            let result = cli.run([file.path, "--out", out.path, "--quiet", "--plots", "ascii"], cwd: CLI.packageRoot)
            #expect(result.status == 0, "\(transcript(result))")
            #expect(!result.stderr.contains("gnuplot failed"), "\(transcript(result))")
            let files = try FileManager.default.contentsOfDirectory(atPath: out.appendingPathComponent("curve").path)
            #expect(files.contains("curve.png") && files.contains("curve.svg"), "\(files)")
            #expect(!files.contains("sweep.png"), "\(files)")
        }
    }
}
