import CCrypto
import Foundation

/// What a results directory belongs to: the study (the ordered scenario files, each with the
/// SHA-256 of its content, and the options that change which runs there are) and which shard of
/// it these results are. `run` writes it as `study.json` at the top of `--out`, first with
/// `complete` false and again when every selected run has finished, so a shard killed before its
/// end says so. `merge` reads it from every input and refuses inputs that do not make one whole
/// study.
///
/// ```json
/// {"files": [{"path": "scenarios/feed.yaml", "sha256": "9f86d0…"}], "seed": 7, "policies": [],
///  "max_duration": null, "runs": 38, "shard": {"index": 2, "count": 8}, "complete": true,
///  "command": "workbench run scenarios/feed.yaml --shard 2/8 --out results/shard-2"}
/// ```
public struct StudyRecord: Codable, Equatable, Sendable {
    /// File name of the record, at the top of a results directory.
    public static let fileName = "study.json"

    /// A scenario file of the study.
    public struct File: Codable, Equatable, Sendable {
        /// The path as given on the command line.
        public var path: String
        /// SHA-256 of the file's bytes, lowercase hex.
        public var sha256: String

        public init(path: String, sha256: String) {
            self.path = path
            self.sha256 = sha256
        }
    }

    /// K of N.
    public struct Slice: Codable, Equatable, Sendable {
        public var index: Int
        public var count: Int

        public init(index: Int, count: Int) {
            self.index = index
            self.count = count
        }
    }

    /// The scenario files in command-line order (runs are numbered across them in this order).
    public var files: [File]
    /// The other files the scenarios read (trace files), in the order they are first named,
    /// each with its SHA-256; nil in records written before inputs were recorded.
    public var inputs: [File]?
    /// `--seed`, or nil when each file's own seed was used.
    public var seed: UInt64?
    /// `--policy` values, in order; empty when each file's own list was used.
    public var policies: [String]
    /// `--max-duration`, as given, or nil.
    public var maxDuration: String?
    /// The options that change the scenario files' contents or runs (`--seeds`, `--set`,
    /// `--sweep`, `--in-use`), as command-line words in order; nil when there were none.
    public var overrides: [String]?
    /// Runs in the whole study (every shard together).
    public var runs: Int
    /// Which shard these results are; 1/1 for an unsharded run.
    public var shard: Slice
    /// Whether every run of this shard finished and was written.
    public var complete: Bool
    /// The command that wrote the results.
    public var command: String
    /// In merged results: the shards merged (K values, ascending).
    public var merged: [Int]?
    /// In merged results made with `--partial`: the shards that were missing or incomplete.
    public var missing: [Int]?

    enum CodingKeys: String, CodingKey {
        case files, inputs, seed, policies, overrides, runs, shard, complete, command, merged, missing
        case maxDuration = "max_duration"
    }

    public init(
        files: [File], inputs: [File]? = nil, seed: UInt64? = nil, policies: [String] = [], maxDuration: String? = nil,
        overrides: [String]? = nil, runs: Int, shard: Slice = Slice(index: 1, count: 1), complete: Bool = false,
        command: String = ""
    ) {
        self.files = files
        self.inputs = inputs
        self.seed = seed
        self.policies = policies
        self.maxDuration = maxDuration
        self.overrides = overrides
        self.runs = runs
        self.shard = shard
        self.complete = complete
        self.command = command
    }

    /// Whether `other` is a shard of the same study: the same file contents in the same order,
    /// the same options, run count and shard count. Paths may differ (a shard may be run from
    /// another directory).
    public func isSameStudy(as other: StudyRecord) -> Bool {
        difference(from: other) == nil
    }

    /// What makes `other` a different study, in words, or nil when it is the same.
    public func difference(from other: StudyRecord) -> String? {
        if files.map(\.sha256) != other.files.map(\.sha256) {
            let mine = files.map { "\($0.path) (\($0.sha256.prefix(12)))" }.joined(separator: ", ")
            let theirs = other.files.map { "\($0.path) (\($0.sha256.prefix(12)))" }.joined(separator: ", ")
            return "the scenario files differ (in order, with their SHA-256): \(mine) versus \(theirs)"
        }
        if (inputs ?? []).map(\.sha256) != (other.inputs ?? []).map(\.sha256) {
            let mine = (inputs ?? []).map { "\($0.path) (\($0.sha256.prefix(12)))" }.joined(separator: ", ")
            let theirs = (other.inputs ?? []).map { "\($0.path) (\($0.sha256.prefix(12)))" }.joined(separator: ", ")
            return "the input files the scenarios read differ (in order, with their SHA-256): \(mine.isEmpty ? "none" : mine) versus \(theirs.isEmpty ? "none" : theirs)"
        }
        if seed != other.seed {
            return "--seed differs: \(seed.map(String.init) ?? "none") versus \(other.seed.map(String.init) ?? "none")"
        }
        if policies != other.policies {
            return "--policy differs: \(Self.list(policies)) versus \(Self.list(other.policies))"
        }
        if maxDuration != other.maxDuration {
            return "--max-duration differs: \(maxDuration ?? "none") versus \(other.maxDuration ?? "none")"
        }
        if (overrides ?? []) != (other.overrides ?? []) {
            return "--seeds, --set, --sweep or --in-use differ: \(Self.list(overrides ?? [])) versus \(Self.list(other.overrides ?? []))"
        }
        if shard.count != other.shard.count {
            return "the shard count differs: \(shard.count) versus \(other.shard.count)"
        }
        if runs != other.runs {
            return "the run count differs: \(runs) versus \(other.runs)"
        }
        return nil
    }

    private static func list(_ values: [String]) -> String {
        values.isEmpty ? "none" : values.joined(separator: ",")
    }

    /// The `workbench run` command that makes shard `index` of this study into `out`.
    public func command(forShard index: Int, out: String) -> String {
        var words = ["workbench", "run"] + files.map(\.path)
        if let seed { words += ["--seed", String(seed)] }
        for policy in policies { words += ["--policy", policy] }
        if let maxDuration { words += ["--max-duration", maxDuration] }
        words += overrides ?? []
        words += ["--shard", "\(index)/\(shard.count)", "--out", out]
        return words.map { $0.contains(" ") || $0.isEmpty ? "'\($0)'" : $0 }.joined(separator: " ")
    }

    /// The record as JSON (keys sorted, one line per key).
    public func json() throws -> String {
        let encoder = JSONEncoder()
        encoder.outputFormatting = [.prettyPrinted, .sortedKeys, .withoutEscapingSlashes]
        return String(decoding: try encoder.encode(self), as: UTF8.self) + "\n"
    }

    /// Parses `study.json` text.
    public init(json: String) throws {
        self = try JSONDecoder().decode(StudyRecord.self, from: Data(json.utf8))
    }

    /// SHA-256 of `data`, lowercase hex.
    public static func sha256(_ data: Data) -> String {
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        let done = data.withUnsafeBytes { bytes in
            EVP_Digest(bytes.baseAddress, bytes.count, &digest, &length, EVP_sha256(), nil)
        }
        precondition(done == 1 && length == 32, "libcrypto's SHA-256 failed")
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// SHA-256 of the file at `url`, lowercase hex, read a megabyte at a time (a trace may be far
    /// larger than memory).
    public static func sha256(fileAt url: URL) throws -> String {
        let handle = try FileHandle(forReadingFrom: url)
        defer { try? handle.close() }
        guard let context = EVP_MD_CTX_new() else { throw ReportError.writeFailed(path: url.path, reason: "libcrypto: no digest context") }
        defer { EVP_MD_CTX_free(context) }
        guard EVP_DigestInit_ex(context, EVP_sha256(), nil) == 1 else {
            throw ReportError.writeFailed(path: url.path, reason: "libcrypto: SHA-256 unavailable")
        }
        while let data = try handle.read(upToCount: 1 << 20), !data.isEmpty {
            _ = data.withUnsafeBytes { EVP_DigestUpdate(context, $0.baseAddress, $0.count) }
        }
        var digest = [UInt8](repeating: 0, count: Int(EVP_MAX_MD_SIZE))
        var length: UInt32 = 0
        guard EVP_DigestFinal_ex(context, &digest, &length) == 1, length == 32 else {
            throw ReportError.writeFailed(path: url.path, reason: "libcrypto: SHA-256 failed")
        }
        return digest.prefix(Int(length)).map { String(format: "%02x", $0) }.joined()
    }

    /// Writes the record to `<directory>/study.json`, atomically.
    public func write(into directory: URL) throws {
        try AtomicFile.write(try json(), to: directory.appendingPathComponent(Self.fileName))
    }
}
