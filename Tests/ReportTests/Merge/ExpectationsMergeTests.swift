import Foundation
import Testing

@testable import Report

/// `merge` combines the shards' expectations.csv: every checked row, and a skipped row only when
/// no shard checked its policy.
@Suite("merge: expectations.csv of the shards")
struct ExpectationsMergeTests {
    static let header = "run,metric,expected,actual,result"

    /// Shard `index` of `count` of one study: directory `name` holding scenario `feed` with
    /// `expectations` rows (and a summary), and the study's record.
    func shard(_ root: URL, _ name: String, run: Int, of count: Int, expectations: [String]?) throws -> URL {
        let directory = root.appendingPathComponent(name)
        let study = StudyRecord(
            files: [.init(path: "feed.yaml", sha256: String(repeating: "0", count: 64))], runs: count,
            shard: .init(index: run + 1, count: count), complete: true)
        try study.write(into: directory)
        let scenario = directory.appendingPathComponent("feed")
        try AtomicFile.write("scenario,policy,in_use,run\r\nfeed,lru,pin,\(run)\r\n", to: scenario.appendingPathComponent("summary.csv"))
        if let expectations {
            try AtomicFile.write(
                ([Self.header] + expectations).joined(separator: "\r\n") + "\r\n",
                to: scenario.appendingPathComponent(ResultsMerger.expectationsFileName))
        }
        return directory
    }

    func merged(_ shards: [[String]?]) throws -> String? {
        let directory = try TemporaryDirectory()
        defer { directory.remove() }
        let inputs = try shards.enumerated().map { try shard(directory.url, "shard\($0)", run: $0, of: shards.count, expectations: $1) }
        let out = directory.url.appendingPathComponent("merged")
        _ = try ResultsMerger.merge(inputs, into: out)
        let url = out.appendingPathComponent("feed").appendingPathComponent(ResultsMerger.expectationsFileName)
        return try? String(contentsOf: url, encoding: .utf8)
    }

    @Test("merge combines expectations.csv: each shard's checked rows, skipped rows dropped where another shard checked the policy")
    func combinesShards() throws {
        let text = try merged([
            ["lru/pin,hit_rate,>= 0.5,0.62,ok", "fifo,hit_rate,>= 0.5,,ok", "lru,requests,> 0,,ok"],
            ["lru,hit_rate,>= 0.5,,ok", "fifo/drop,hit_rate,>= 0.5,0.41,FAILED", "lru,requests,> 0,,ok"],
        ])
        #expect(
            text
                == [
                    Self.header, "lru/pin,hit_rate,>= 0.5,0.62,ok", "fifo/drop,hit_rate,>= 0.5,0.41,FAILED",
                    "lru,requests,> 0,,ok",
                ].joined(separator: "\r\n") + "\r\n")
    }

    @Test("runs of a sweep point check their policy; a shard without expectations.csv adds nothing; none at all writes none")
    func sweepsAndMissingFiles() throws {
        let text = try merged([["lru,hit_rate,>= 0.5,,ok"], ["lru/pin @ cache.capacity=8,hit_rate,>= 0.5,0.7,ok"], nil])
        #expect(text == [Self.header, "lru/pin @ cache.capacity=8,hit_rate,>= 0.5,0.7,ok"].joined(separator: "\r\n") + "\r\n")
        #expect(try merged([nil, nil]) == nil)
    }
}
