import Foundation
import Report
import Scenarios

extension StudyRecord {
    /// The record of a `run` over `files` (those that loaded, in order) making `runs` runs in all
    /// under `options` (as given), not yet complete.
    /// `inputs` are the other files the scenarios read (trace files), hashed a piece at a time.
    static func of(
        files: [String], inputs: [String] = [], runs: Int, options: ScenarioOptions<some ScenarioOptionsCommand>, shard: Shard?
    ) throws -> StudyRecord {
        let entries = try files.map { path in
            StudyRecord.File(path: path, sha256: StudyRecord.sha256(try Data(contentsOf: URL(fileURLWithPath: path))))
        }
        var seen: Set<String> = []
        let read = try inputs.filter { seen.insert($0).inserted }.map { path in
            StudyRecord.File(path: path, sha256: try StudyRecord.sha256(fileAt: URL(fileURLWithPath: path)))
        }
        return StudyRecord(
            files: entries, inputs: read.isEmpty ? nil : read, seed: options.seed, policies: options.policies, maxDuration: options.maxDuration,
            overrides: options.overrideArguments.isEmpty ? nil : options.overrideArguments, runs: runs,
            shard: StudyRecord.Slice(index: shard?.index ?? 1, count: shard?.count ?? 1), complete: false,
            command: RunRecord.current.command)
    }
}
