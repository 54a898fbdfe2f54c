import Foundation
import Report
import Scenarios

extension StudyRecord {
    /// The record of a `run` over `files` (those that loaded, in order) making `runs` runs in all,
    /// not yet complete.
    static func of(
        files: [String], runs: Int, seed: UInt64?, policies: [String], maxDuration: String?, shard: Shard?
    ) throws -> StudyRecord {
        let entries = try files.map { path in
            StudyRecord.File(path: path, sha256: StudyRecord.sha256(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        return StudyRecord(
            files: entries, seed: seed, policies: policies, maxDuration: maxDuration, runs: runs,
            shard: StudyRecord.Slice(index: shard?.index ?? 1, count: shard?.count ?? 1), complete: false,
            command: RunRecord.current.command)
    }
}
