import Foundation
import Testing

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
