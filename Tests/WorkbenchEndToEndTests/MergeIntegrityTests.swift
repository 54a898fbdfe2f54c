import Foundation
import Report
import Testing

extension EndToEndSecondLine {
    /// `merge` checks what it merges: the inputs the scenarios read, the rows against the run
    /// count, the shard counts; and writes like `run`: under the lock, each scenario swapped in whole.
    @Suite("merge integrity")
    struct MergeIntegrity {
        typealias Refusals = EndToEnd.MergeRefusals

        @Test(
            "merge swaps each scenario in whole: no repetitions.csv, run.json or trace file of an earlier run stays beside the merged ones")
        func mergeSwapsInWhole() throws {
            let (cli, dir, _, inputs) = try Refusals.alpha([1, 2], of: 2)
            defer { dir.remove() }
            let stale = dir.path("merged/alpha")
            try FileManager.default.createDirectory(at: stale, withIntermediateDirectories: true)
            for name in ["repetitions.csv", "run.json", "trace-lru.csv"] {
                try "stale\n".write(to: stale.appendingPathComponent(name), atomically: true, encoding: .utf8)
            }
            let merged = Refusals.merge(cli, dir, inputs)
            #expect(merged.status == 0, "\(transcript(merged))")
            for name in ["repetitions.csv", "run.json", "trace-lru.csv"] {
                #expect(!dir.exists("merged/alpha/\(name)"), "\(name)")
            }
            #expect(dir.exists("merged/alpha/summary.csv"))
            let hidden = try FileManager.default.contentsOfDirectory(atPath: dir.path("merged").path).filter { $0.hasPrefix(".staging") }
            #expect(hidden.isEmpty)
        }

        @Test("merge refuses an output directory another process holds locked")
        func mergeUnderLock() throws {
            let (cli, dir, _, inputs) = try Refusals.alpha([1, 2], of: 2)
            defer { dir.remove() }
            // A lock taken by a child process: flock is per open file, so this test's own would do too.
            let output = dir.path("merged")
            let holder = Process()
            holder.executableURL = URL(fileURLWithPath: "/usr/bin/flock")
            try FileManager.default.createDirectory(at: output, withIntermediateDirectories: true)
            holder.arguments = [output.appendingPathComponent(DirectoryLock.fileName).path, "sleep", "30"]
            try holder.run()
            defer { holder.terminate() }
            Thread.sleep(forTimeInterval: 0.5)
            let merged = Refusals.merge(cli, dir, inputs)
            #expect(merged.status == 1, "\(transcript(merged))")
            #expect(!dir.exists("merged/alpha"))
        }

        @Test("the study records the SHA-256 of every trace file its scenarios read, and merge refuses shards that read different ones")
        func mergeRefusesDifferentTraces() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            try dir.write("t.csv", (0..<200).map { "\($0 % 17)\n" }.joined())
            let file = try dir.write(
                "t.yaml", "name: tr\nkind: trace\ntrace: {path: t.csv}\ncache: {policies: [lru, fifo], capacities: [4, 8]}\n")
            let first = Refusals.shards(cli, dir, files: [file], [1], of: 2)
            let json = try String(contentsOf: dir.path("shard1/study.json"), encoding: .utf8)
            #expect(json.contains("\"inputs\"") && json.contains(dir.path("t.csv").path), "\(json)")
            try dir.write("t.csv", (0..<200).map { "\($0 % 19)\n" }.joined())
            let second = Refusals.shards(cli, dir, files: [file], [2], of: 2)
            Refusals.expectRefused(cli, dir, first + second, "the input files the scenarios read differ")
        }

        @Test("a shard with half its runs' rows missing is not complete: merge refuses it, --partial marks the result incomplete")
        func mergeCountsRows() throws {
            let (cli, dir, _, inputs) = try Refusals.alpha([1, 2], of: 2)
            defer { dir.remove() }
            let summary = dir.path("shard1/alpha/summary.csv")
            let parsed = try CSVTable.parse(try String(contentsOf: summary, encoding: .utf8))
            var kept = CSVTable(header: parsed.header)
            for row in parsed.rows.prefix(1) { try kept.append(row.map { $0.isEmpty ? CSVValue.empty : .string($0) }) }
            try kept.render().write(to: summary, atomically: true, encoding: .utf8)
            Refusals.expectRefused(cli, dir, inputs, "has the rows of 1 of its 3 runs")
            let partial = Refusals.merge(cli, dir, inputs, ["--partial"])
            #expect(partial.status == 0, "\(transcript(partial))")
            let record = try String(contentsOf: dir.path("merged/study.json"), encoding: .utf8)
            #expect(record.contains("\"complete\" : false"), "\(record)")
        }

        @Test("a shard count of 0, -1 or 10^9 (or a shard index outside it) in study.json is refused cleanly, no trap")
        func mergeValidatesShardCounts() throws {
            let (cli, dir, _, inputs) = try Refusals.alpha([1], of: 1)
            defer { dir.remove() }
            for (count, index) in [(0, 1), (-1, 1), (1_000_000_000, 1), (1, 5), (1, -3)] {
                let url = dir.path("shard1/study.json")
                var json = try #require(try JSONSerialization.jsonObject(with: Data(contentsOf: url)) as? [String: Any])
                json["shard"] = ["index": index, "count": count]
                try JSONSerialization.data(withJSONObject: json).write(to: url)
                let merged = Refusals.merge(cli, dir, inputs)
                #expect(merged.status == 1, "\(count), \(index): \(transcript(merged))")
                #expect(merged.stderr.contains("study.json: "), "\(transcript(merged))")
                #expect(!dir.exists("merged"))
            }
        }
    }
}
