import Foundation
import TestSupport
import Testing

extension EndToEnd {
    @Suite("trace: vscsi files")
    struct VSCSITraceRuns {
        /// Each summary row's policy, capacity, hits, misses and byte_misses.
        static func counts(_ summary: String) -> [String] {
            let lines = summary.split(whereSeparator: \.isNewline).map { $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init) }
            guard let header = lines.first else { return [] }
            let wanted = ["policy", "sweep_value", "hits", "misses", "byte_misses"].compactMap { header.firstIndex(of: $0) }
            return lines.dropFirst().map { row in wanted.map { $0 < row.count ? row[$0] : "?" }.joined(separator: " ") }
        }

        @Test("trace convert --to vscsi and back: run, stats and curve of the vscsi file give its oracle-general form's counts")
        func vscsiConvertRunStatsCurve() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let csv = dir.path("c.csv").path
            let generated = cli.run([
                "trace", "generate", "--objects", "500", "--requests", "20000", "--alpha", "0.9", "--seed", "3", "--sizes", "pow2", "--out",
                csv,
            ])
            #expect(generated.status == 0, "\(transcript(generated))")
            let vscsi = dir.path("c.vscsi").path
            let oracle = dir.path("c.oracle").path
            let toVSCSI = cli.run([
                "trace", "convert", csv, "--header", "--time-column", "1", "--key-column", "2", "--size-column", "3", "--to", "vscsi",
                "--out", vscsi,
            ])
            #expect(toVSCSI.status == 0, "\(transcript(toVSCSI))")
            #expect((toVSCSI.stdout + toVSCSI.stderr).contains("wrote 20000 requests to \(vscsi) (vscsi)"), "\(transcript(toVSCSI))")
            #expect(try FileManager.default.attributesOfItem(atPath: vscsi)[.size] as? Int == 20000 * 40)
            let toOracle = cli.run(["trace", "convert", vscsi, "--format", "vscsi", "--to", "oracle-general", "--out", oracle])
            #expect(toOracle.status == 0, "\(transcript(toOracle))")
            var summaries: [[String]] = []
            for (path, format) in [(vscsi, "vscsi"), (oracle, "oracle-general")] {
                let scenario = try dir.write(
                    "\(format).yaml",
                    """
                    name: c
                    kind: trace
                    trace: {path: \(path), format: \(format)}
                    cache: {policies: [lru, arc, s3-fifo, 2q, optimal], capacity_bytes: ["2%", "10%"]}
                    """)
                let out = dir.path("out-\(format)").path
                let run = cli.run([scenario.path, "--out", out, "--no-plots", "--quiet"])
                #expect(run.status == 0, "\(transcript(run))")
                summaries.append(Self.counts(try String(contentsOfFile: out + "/c/summary.csv", encoding: .utf8)))
            }
            #expect(summaries[0].count == 10)
            #expect(summaries[0] == summaries[1])
            for command in ["stats", "curve"] {
                let fromVSCSI = cli.run(["trace", command, vscsi, "--format", "vscsi"])
                let fromOracle = cli.run(["trace", command, oracle, "--format", "oracle-general"])
                #expect(fromVSCSI.status == 0 && fromVSCSI.stdout == fromOracle.stdout, "\(transcript(fromVSCSI))")
            }
            // A cut record: the position, exit 1.
            let handle = try FileHandle(forWritingTo: URL(fileURLWithPath: vscsi))
            try handle.truncate(atOffset: 20000 * 40 - 1)
            try handle.close()
            let cut = cli.run(["trace", "stats", vscsi, "--format", "vscsi"])
            #expect(cut.status == 1, "\(transcript(cut))")
            #expect(
                cut.stderr.contains("c.vscsi:1:1: error: truncated record 20000 at byte 799960: 39 of its 40 bytes"), "\(transcript(cut))")
        }
    }
}
