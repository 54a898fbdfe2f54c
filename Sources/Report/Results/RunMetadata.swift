import Foundation

/// Where, when and by what a scenario's results were made, written as `run.json` beside them:
///
/// ```json
/// {"commit":"1a2b3c4d5e6f","command":"workbench run scenarios/feed.yaml --repeat 10","cores":2,
///  "date":"2026-11-23T13:20:00Z","host":"build-7","memory_bytes":8589934592,
///  "os":"Ubuntu 24.04.1 LTS","version":"0.9.0"}
/// ```
///
/// `compare` notes when the two sides come from different hosts or core counts: their measured
/// figures then differ for reasons no test can separate from the code.
public struct RunMetadata: Codable, Sendable, Equatable {
    /// The file name, `run.json`.
    public static let fileName = "run.json"

    /// The workbench version.
    public var version: String
    /// The build's commit, when it was built in a git checkout.
    public var commit: String?
    /// When the run started (ISO 8601, UTC).
    public var date: String
    /// The machine's host name.
    public var host: String
    /// Active processor cores.
    public var cores: Int
    /// Physical memory, in bytes.
    public var memoryBytes: UInt64
    /// The operating system and its version.
    public var os: String
    /// The command line, quoted where an argument has spaces.
    public var command: String
    /// What `run` warned about this scenario (``ScenarioWarnings``), or nil for nothing.
    public var warnings: [String]?
    /// What of the scenario's runs ran side by side (`run --jobs`), or nil (results made before
    /// it was recorded).
    public var parallel: RunParallelism?

    enum CodingKeys: String, CodingKey {
        case version, commit, date, host, cores, memoryBytes = "memory_bytes", os, command, warnings, parallel
    }

    public init(
        version: String, commit: String?, date: String, host: String, cores: Int, memoryBytes: UInt64, os: String, command: String
    ) {
        self.version = version
        self.commit = commit
        self.date = date
        self.host = host
        self.cores = cores
        self.memoryBytes = memoryBytes
        self.os = os
        self.command = command
    }

    /// `build-7 (2 cores)`: what compare names when machines differ.
    public var machine: String { "\(host) (\(cores) cores)" }

    /// The JSON text, keys sorted, ending in a newline.
    public func json() -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.sortedKeys, .prettyPrinted, .withoutEscapingSlashes]
        let data = (try? encoder.encode(self)) ?? Data("{}".utf8)
        return String(decoding: data, as: UTF8.self) + "\n"
    }

    /// The `run.json` of a scenario directory, or nil when it is missing or unreadable (results
    /// written before it existed).
    public static func load(scenarioDirectory path: String) -> RunMetadata? {
        let url = URL(fileURLWithPath: path).appendingPathComponent(fileName, isDirectory: false)
        guard let data = try? Data(contentsOf: url) else { return nil }
        return try? JSONDecoder().decode(RunMetadata.self, from: data)
    }
}
