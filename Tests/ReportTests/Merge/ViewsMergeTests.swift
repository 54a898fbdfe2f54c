import Foundation
import Testing

@testable import Report

/// `merge` puts the shards' `views.csv` rows back together as it does every per-run file.
@Suite("merge: views.csv of the shards")
struct ViewsMergeTests {
    static let header = "scenario,policy,in_use,run,view,draws"

    /// Shard `run` of `count` of one study, scenario `icons` with its summary row and the
    /// views.csv rows of its run.
    func shard(_ root: URL, run: Int, of count: Int, views: [String]) throws -> URL {
        let directory = root.appendingPathComponent("shard\(run)")
        let study = StudyRecord(
            files: [.init(path: "icons.yaml", sha256: String(repeating: "0", count: 64))], runs: count,
            shard: .init(index: run + 1, count: count), complete: true)
        try study.write(into: directory)
        let scenario = directory.appendingPathComponent("icons")
        try AtomicFile.write("scenario,policy,in_use,run\r\nicons,memory,-,\(run)\r\n", to: scenario.appendingPathComponent("summary.csv"))
        try AtomicFile.write(
            ([Self.header] + views).joined(separator: "\r\n") + "\r\n", to: scenario.appendingPathComponent(ResultFile.views.fileName))
        return directory
    }

    @Test("merge concatenates the shards' views.csv in run order, each run's view rows in the order written")
    func viewsMergeInRunOrder() throws {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        // Given out of order: shard 2 (run 1) first.
        let inputs = [
            try shard(directory.url, run: 1, of: 2, views: ["icons,disk,-,1,avatar,30", "icons,disk,-,1,button,40"]),
            try shard(directory.url, run: 0, of: 2, views: ["icons,memory,-,0,avatar,30", "icons,memory,-,0,button,40"]),
        ]
        let out = directory.url.appendingPathComponent("merged")
        _ = try ResultsMerger.merge(inputs, into: out)
        let text = try String(contentsOf: out.appendingPathComponent("icons").appendingPathComponent("views.csv"), encoding: .utf8)
        #expect(
            text
                == [
                    Self.header, "icons,memory,-,0,avatar,30", "icons,memory,-,0,button,40", "icons,disk,-,1,avatar,30",
                    "icons,disk,-,1,button,40",
                ].joined(separator: "\r\n") + "\r\n")
    }
}
