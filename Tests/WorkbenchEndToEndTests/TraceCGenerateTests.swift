import Foundation
import Testing
import TestSupport

extension EndToEnd {
    @Suite("trace generate --sizes pow2: trace C")
    struct TraceCGenerate {
        @Test("trace generate --sizes pow2 writes gen_trace.py's trace C; replayed from the file in bytes, s3-fifo and 2q give the reference's exact counts")
        func generateTraceC() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let csv = dir.path("c.csv").path
            let generated = cli.run(
                ["trace", "generate", "--objects", "20000", "--requests", "2000000", "--alpha", "0.9", "--seed", "11", "--sizes", "pow2", "--out", csv])
            #expect(generated.status == 0, "\(transcript(generated))")
            let text = try String(contentsOfFile: csv, encoding: .utf8)
            #expect(try ReferenceTrace.sha256(of: text) == ReferenceTraceC.sha256)
            let scenario = try dir.write(
                "c.yaml",
                """
                name: c-file
                kind: trace
                trace: {path: \(csv), header: true, columns: {time: 1, key: 2, size: 3}}
                cache: {policies: [s3-fifo, 2q], capacity_bytes: [3241196]}
                expect:
                  s3-fifo@3241196: {misses: "== 1407592", byte_misses: "== 271105505024", requested_bytes: "== 292714875904"}
                  2q@3241196: {misses: "== 1537339", byte_misses: "== 254015783168"}
                """)
            let run = cli.run(["run", scenario.path, "--out", dir.path("out").path, "--no-plots"])
            #expect(run.status == 0, "\(transcript(run))")
        }
    }
}
