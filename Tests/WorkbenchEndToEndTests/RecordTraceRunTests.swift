import Foundation
import Testing

extension EndToEnd {
    @Suite("run --record-trace")
    struct RecordTraceRun {
        @Test(
            "run --record-trace writes trace-<run>-<policy>[-<in_use>].csv per run beside the results: header time,key,size, keys from 1; without it, none"
        )
        func recordTraceWritesOneTracePerRun() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("tiny.yaml", Fixture.yaml())
            let out = dir.path("results")

            let result = cli.run([file.path, "--out", out.path, "--record-trace", "--no-plots", "-q"], cwd: dir.url)
            #expect(result.status == 0, "\(transcript(result))")
            let scenario = out.appendingPathComponent("tiny")
            let names = try FileManager.default.contentsOfDirectory(atPath: scenario.path).filter { $0.hasPrefix("trace-") }.sorted()
            #expect(
                names == ["trace-0-none.csv", "trace-1-lru-repopulate.csv", "trace-2-lru-pin.csv", "trace-3-fifo-repopulate.csv", "trace-4-fifo-pin.csv"])
            for name in names {
                let text = try String(contentsOf: scenario.appendingPathComponent(name), encoding: .utf8)
                let lines = text.split(separator: "\n")
                #expect(lines.first == "time,key,size")
                #expect(lines.dropFirst().first?.split(separator: ",").dropFirst().first == "1", "\(name): keys start at 1")
                #expect(lines.count > 10, "\(name)")
            }
            let first = try String(contentsOf: scenario.appendingPathComponent(names[1]), encoding: .utf8)
            let second = try String(contentsOf: scenario.appendingPathComponent(names[3]), encoding: .utf8)
            #expect(first == second, "the stream does not depend on the policy")

            let plain = dir.path("plain")
            let again = cli.run([file.path, "--out", plain.path, "--no-plots", "-q"], cwd: dir.url)
            #expect(again.status == 0, "\(transcript(again))")
            let files = try FileManager.default.contentsOfDirectory(atPath: plain.appendingPathComponent("tiny").path)
            #expect(!files.contains { $0.hasPrefix("trace-") })
        }

        @Test("run --help documents --record-trace and its line format")
        func helpDocumentsRecordTrace() throws {
            let result = try workbench().run(["run", "--help"])
            #expect(result.stdout.contains("--record-trace"))
            #expect(result.stdout.contains("time,key,size"))
        }
    }
}
