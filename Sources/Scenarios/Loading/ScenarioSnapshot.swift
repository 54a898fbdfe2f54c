import Foundation
import Report

/// A scenario file read once: the plan loaded from those bytes and their SHA-256.
///
/// `run --repeat N` loads the file in the parent and runs each repetition in a process of its own
/// (``RepetitionProcess``), which must run the same scenario: it loads the file again, and
/// refuses to run when the digest differs from the parent's (the file was edited meanwhile), so
/// repetitions never mix two versions of a scenario.
public struct ScenarioSnapshot: Sendable {
    /// The plan, as ``ScenarioLoader/loadPlan(contentsOf:maxDuration:memoryLimit:overrides:options:)`` loads it.
    public var plan: ScenarioPlan
    /// The SHA-256 of the text the plan was loaded from, in lowercase hexadecimal.
    public var sha256: String

    /// Reads `url` once, loads the plan from what was read and digests the same bytes.
    /// - Throws: the loader's ``ScenarioError`` (`file:line:column`).
    public static func load(
        contentsOf url: URL, maxDuration: Seconds? = nil, memoryLimit: Double? = nil, overrides: [ScenarioOverride] = [],
        options: RunOptions = RunOptions()
    ) throws(ScenarioError) -> ScenarioSnapshot {
        let file = url.isFileURL ? url.relativePath : url.absoluteString
        let yaml = try ScenarioLoader.readText(url, file: file)
        let plan = try ScenarioLoader.loadPlan(yaml: yaml, file: file, maxDuration: maxDuration, overrides: overrides)
        if let memoryLimit { try MemoryGuard.check(plan, file: file, limit: memoryLimit, options: options) }
        return ScenarioSnapshot(plan: plan, sha256: StudyRecord.sha256(Data(yaml.utf8)))
    }
}
