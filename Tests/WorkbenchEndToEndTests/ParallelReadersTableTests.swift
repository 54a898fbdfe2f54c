import Foundation
import Testing

extension EndToEnd {
    @Suite("run: the table printed after a parallel-readers run")
    struct ParallelReadersTable {
        static let designs = ["gcd-barrier", "rwlock", "mutex", "big-reader"]

        static let yaml = """
            name: tiny-ticker
            kind: parallel-readers
            seed: 9
            duration: 300ms
            warmup: 100ms
            sample_interval: 100ms
            store: {designs: [gcd-barrier, rwlock, mutex, big-reader]}
            keys: 500
            value_size: 32
            distribution: {zipfian: 0.99}
            readers:
              threads: 2
              mix: {get: 98, all_items: 2}
              operations: 3000
            writers:
              threads: 1
              mix: {set: 80, remove: 10, bulk_add: 10}
              rate: 5000
              batch: 8

            """

        @Test(
            "the table after a parallel-readers run shows the columns its kind marks for tables (designs, ops, rates as whole numbers, latencies, stale reads, allocations), one line per design"
        )
        func summaryTable() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("ticker.yaml", Self.yaml)
            let out = dir.path("results")

            let result = cli.run([file.path, "--out", out.path, "--no-plots"], cwd: dir.url)
            #expect(result.status == 0, "\(transcript(result))")

            let lines = result.stdout.split(separator: "\n").map { $0.split(separator: " ").map(String.init) }
            // The summary columns the kind marks for tables, in file order.
            let headings = [
                "policy", "readers", "writers", "total_ops", "stale_reads", "get_hit_rate", "notifications", "read_ops_per_s",
                "write_ops_per_s", "get_p50_ns", "get_p99_ns", "set_p99_ns", "allocations",
            ]
            let start = try #require(lines.firstIndex(of: headings), "no parallel-readers table\n\(transcript(result))")
            let rows = Array(lines[(start + 1)...].prefix(Self.designs.count))
            #expect(rows.map { $0.first ?? "" } == Self.designs, "\(transcript(result))")
            let summary = try CSVFile(contentsOf: out.appendingPathComponent("tiny-ticker/summary.csv"))
            for (row, record) in zip(rows, summary.records) {
                #expect(row.count == headings.count, "every cell filled: \(row)")
                guard row.count == headings.count else { continue }
                #expect(row[3] == record["total_ops"])
                // Rates (unit per_s) as whole numbers.
                let reads = try #require(Double(record["read_ops_per_s"] ?? ""))
                #expect(row[7] == String(format: "%.0f", reads))
                #expect(Int(row[8]) != nil, "writes/s \(row[8])")
                #expect(row[9] == record["get_p50_ns"] && row[11] == record["set_p99_ns"])
                #expect(row[4] == "0", "no stale reads")
                #expect(row[12] == record["allocations"])
            }
            #expect(!result.stdout.contains("instantiations"), "not the scrolling-table columns")
        }
    }
}
