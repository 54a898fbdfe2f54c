import Foundation
import Testing

extension EndToEndSecondLine {
    @Suite("run: parallel-readers scenarios")
    struct ParallelReadersRun {
        static let yaml = """
            name: tiny-readers
            kind: parallel-readers
            duration: 300ms
            warmup: 50ms
            sample_interval: 100ms
            store: {designs: [rwlock, big-reader]}
            keys: 200
            distribution: {zipfian: 0.99}
            readers: {threads: 2, mix: {get: 100}, operations: 2000}
            writers: {threads: 1, mix: {set: 100}, rate: 2000}
            expect:
              rwlock: {stale_reads: "== 0", get_ops: "== 4000"}

            """

        @Test("a parallel-readers scenario writes a summary per design, a timeseries and a latency spectrum per operation")
        func writesResults() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("readers.yaml", Self.yaml)
            let out = dir.path("results")
            let result = cli.run([file.path, "--out", out.path, "--no-plots"], cwd: dir.url)
            #expect(result.status == 0, "\(transcript(result))")
            #expect(result.stdout.contains("expectations: all 2 held"), "\(transcript(result))")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny-readers/summary.csv"))
            #expect(summary.records.map { $0["policy"] ?? "?" } == ["rwlock", "big-reader"])
            #expect(summary.records.allSatisfy { $0["stale_reads"] == "0" && $0["get_ops"] == "4000" && $0["set_ops"] == "600" })
            let latency = try CSVFile(contentsOf: out.appendingPathComponent("tiny-readers/latency.csv"))
            #expect(Set(latency.records.compactMap { $0["operation"] }) == ["get", "set"])
            let timeseries = try CSVFile(contentsOf: out.appendingPathComponent("tiny-readers/timeseries.csv"))
            #expect(timeseries.records.count == 6, "3 samples × 2 designs")
        }

        @Test("--policy picks which store designs run")
        func designsByPolicy() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("readers.yaml", Self.yaml)
            let out = dir.path("results")
            let result = cli.run([file.path, "--out", out.path, "--no-plots", "--policy", "big-reader", "--quiet"], cwd: dir.url)
            #expect(result.status == 0, "\(transcript(result))")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny-readers/summary.csv"))
            #expect(summary.records.map { $0["policy"] ?? "?" } == ["big-reader"])
        }

        @Test("a mix that does not sum to 100% exits 1 with file:line:column naming the key, and writes nothing")
        func badMix() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("bad.yaml", Self.yaml.replacingOccurrences(of: "{get: 100}", with: "{get: 60, all_items: 30}"))
            let out = dir.path("results")
            let result = cli.run([file.path, "--out", out.path], cwd: dir.url)
            #expect(result.status == 1)
            #expect(result.stderr.contains("bad.yaml:9:"), "\(transcript(result))")
            #expect(result.stderr.contains("readers.mix"))
            #expect(result.stderr.contains("sum to 90%, not 100%"))
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("tiny-readers").path))
        }
    }
}
