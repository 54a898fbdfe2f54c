import Foundation
import Report
import Testing

@Suite("StudyRecord")
struct StudyRecordTests {
    static func record(
        hashes: [String] = ["aa", "bb"], seed: UInt64? = nil, count: Int = 4, index: Int = 1, runs: Int = 10
    ) -> StudyRecord {
        StudyRecord(
            files: hashes.enumerated().map { StudyRecord.File(path: "s/\($0.offset).yaml", sha256: $0.element) }, seed: seed,
            runs: runs, shard: StudyRecord.Slice(index: index, count: count))
    }

    @Test("a file's hash is its SHA-256 in lowercase hex (values from sha256sum)")
    func sha256MatchesSha256sum() {
        #expect(StudyRecord.sha256(Data("abc".utf8)) == "ba7816bf8f01cfea414140de5dae2223b00361a396177a9cb410ff61f20015ad")
        #expect(StudyRecord.sha256(Data()) == "e3b0c44298fc1c149afbf4c8996fb92427ae41e4649b934ca495991b7852b855")
        #expect(
            StudyRecord.sha256(Data("version: 1\nname: x\n".utf8))
                == "daa31caba62f35fdf58d0ccbdedfe727152463d41d6d41f2426f0854b97b6cb2")
    }

    @Test("shards of one study differ only in K; file content, order, seed, shard count and run count make another study")
    func sameStudy() {
        let base = Self.record()
        #expect(base.isSameStudy(as: Self.record(index: 3)))
        var moved = Self.record(index: 2)
        moved.files[0].path = "/abs/s/0.yaml"
        #expect(base.isSameStudy(as: moved), "paths may differ")
        #expect(!base.isSameStudy(as: Self.record(hashes: ["aa", "cc"])))
        #expect(!base.isSameStudy(as: Self.record(hashes: ["bb", "aa"])))
        #expect(!base.isSameStudy(as: Self.record(hashes: ["aa", "bb", "dd"])))
        #expect(!base.isSameStudy(as: Self.record(seed: 5)))
        #expect(!base.isSameStudy(as: Self.record(count: 3)))
        #expect(!base.isSameStudy(as: Self.record(runs: 11)))
        var policies = Self.record()
        policies.policies = ["lru"]
        #expect(base.difference(from: policies)?.contains("--policy") == true)
    }

    @Test("the record reads back as written, and names the command that re-runs any shard")
    func roundTripAndCommand() throws {
        var record = Self.record(seed: 9)
        record.maxDuration = "2s"
        record.complete = true
        let json = try record.json()
        #expect(json.contains("\"max_duration\" : \"2s\""))
        #expect(try StudyRecord(json: json) == record)
        #expect(
            record.command(forShard: 3, out: "results/shard 3")
                == "workbench run s/0.yaml s/1.yaml --seed 9 --max-duration 2s --shard 3/4 --out 'results/shard 3'")
    }
}
