import Foundation
import Report

/// When, where and how results were made: recorded as comment lines at the top of each
/// `scenario.yaml` (which stays the scenario as run) and shown on the index pages, and in full
/// (memory and OS too) as `run.json` (``RunMetadata``), which `compare` reads.
///
/// ```yaml
/// # date: 2026-11-23T13:20:00Z
/// # workbench: 0.9.0 (commit 1a2b3c4d5e6f)
/// # host: build-7 (2 cores)
/// # command: workbench run scenarios/feed.yaml --out results
/// ```
struct RunRecord {
    var date: Date
    var host: String
    var cores: Int
    var command: String

    /// This process's record.
    static var current: RunRecord {
        let arguments = CommandLine.arguments.dropFirst().map { argument in
            argument.contains(" ") || argument.isEmpty ? "'\(argument)'" : argument
        }
        return RunRecord(
            date: Date(), host: ProcessInfo.processInfo.hostName, cores: ProcessInfo.processInfo.activeProcessorCount,
            command: (["workbench"] + arguments).joined(separator: " "))
    }

    /// The record with the machine's memory and OS, as `run.json` holds it.
    var metadata: RunMetadata {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return RunMetadata(
            version: BuildInfo.version, commit: BuildInfo.commit, date: formatter.string(from: date), host: host, cores: cores,
            memoryBytes: ProcessInfo.processInfo.physicalMemory, os: ProcessInfo.processInfo.operatingSystemVersionString,
            command: command)
    }

    /// The comment lines, each ending in a newline.
    var yamlComment: String {
        let formatter = ISO8601DateFormatter()
        formatter.formatOptions = [.withInternetDateTime]
        return [
            "date: \(formatter.string(from: date))", "workbench: \(BuildInfo.versionLine)",
            "host: \(host) (\(cores) cores)", "command: \(command)",
        ].map { "# " + $0.replacingOccurrences(of: "\n", with: " ") + "\n" }.joined()
    }
}
