import Foundation
import Report
import Scenarios

extension StudyRecord {
    /// The record of a `run` over `files` (those that loaded, in order) making `runs` runs in all
    /// under `options` (as given), not yet complete.
    static func of(
        files: [String], runs: Int, options: ScenarioOptions<some ScenarioOptionsCommand>, shard: Shard?
    ) throws -> StudyRecord {
        let entries = try files.map { path in
            StudyRecord.File(path: path, sha256: StudyRecord.sha256(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        return StudyRecord(
            files: entries, seed: options.seed, policies: options.policies, maxDuration: options.maxDuration,
            overrides: options.overrideArguments.isEmpty ? nil : options.overrideArguments, runs: runs,
            shard: StudyRecord.Slice(index: shard?.index ?? 1, count: shard?.count ?? 1), complete: false,
            command: RunRecord.current.command)
    }
}
