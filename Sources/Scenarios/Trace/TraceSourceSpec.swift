import Foundation
import Models

/// A trace file's format (`trace.format`).
public enum TraceFormat: String, CaseIterable, Codable, Sendable, SchemaChoice {
    /// Delimited rows; `columns` says where the key, time and size are.
    case csv
    /// One key per line.
    case text
    /// libCacheSim's oracleGeneral: 24-byte little-endian records (u32 time, u64 key, u32 size,
    /// i64 next access in requests or -1), no header.
    case oracleGeneral = "oracle-general"
    /// Ours, written by `workbench trace convert`: `WBTRACE2`, the request and object counts,
    /// 16-byte records of dense object ids, then the object table (``TraceBinary``); `WBTRACE1`
    /// files (20-byte records of keys) are still read.
    case binary

    /// Whether the format is records of bytes rather than lines.
    var isBinary: Bool { self == .oracleGeneral || self == .binary }

    static var choiceNoun: String { "trace format" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `trace:` — a trace file: `{path: traces/a.csv, format: csv, header: true, delimiter: ",",
/// columns: {time: 1, key: 2, size: 3}}`. A relative path is relative to the scenario file.
public struct TraceFileSpec: Codable, Equatable, Sendable {
    /// The path as written.
    public var path: String
    /// The path the file is read from (relative paths resolved against the scenario's directory).
    public var resolvedPath: String
    public var format: TraceFormat
    /// Whether the first line is a header to skip (csv; default false).
    public var header: Bool
    /// One character (default `,`; `\t` for tabs).
    public var delimiter: String
    /// 1-based column numbers: key (required for csv), time and size (optional).
    public var keyColumn: Int
    public var timeColumn: Int?
    public var sizeColumn: Int?

    static let keys = ["path", "format", "header", "delimiter", "columns"]
    static let columnKeys = ["key", "time", "size"]
    /// The largest column number accepted.
    static let maxColumn = 1_000

    /// A trace file read from `path` as given (the command line's).
    public init(
        path: String, format: TraceFormat = .csv, header: Bool = false, delimiter: String = ",", keyColumn: Int = 1,
        timeColumn: Int? = nil, sizeColumn: Int? = nil
    ) {
        self.path = path
        resolvedPath = path
        self.format = format
        self.header = header
        self.delimiter = delimiter
        self.keyColumn = keyColumn
        self.timeColumn = timeColumn
        self.sizeColumn = sizeColumn
    }

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        path = try f.required("path")
        try f.check("path", !path.isEmpty, "must name a file")
        resolvedPath = Self.resolve(path, scenarioFile: decoder.userInfo[.scenarioFile] as? String)
        format = try f.optional("format") ?? .csv
        header = try f.optional("header") ?? false
        delimiter = try f.optional("delimiter") ?? ","
        if format.isBinary {
            for key in ["header", "delimiter"] where try f.isPresent(key) {
                throw f.invalid(key, "only a csv or text trace has \(key == "header" ? "a header" : "a delimiter")")
            }
        }
        try f.check("delimiter", delimiter == "\\t" || (delimiter.utf8.count == 1 && delimiter != "\"" && delimiter != "\n"), "must be one character (or \\t)")
        if format == .csv {
            let columns = try ColumnsSpec.decode(f)
            keyColumn = columns.key
            timeColumn = columns.time
            sizeColumn = columns.size
        } else {
            keyColumn = 1
            timeColumn = nil
            sizeColumn = nil
            if try f.isPresent("columns") { throw f.invalid("columns", "only a csv trace has columns") }
        }
    }

    /// The file's reader.
    package var reader: TraceFileReader {
        TraceFileReader(
            path: resolvedPath, format: format, header: header, delimiter: delimiter == "\\t" ? 9 : delimiter.utf8.first ?? 44,
            keyColumn: keyColumn, timeColumn: timeColumn, sizeColumn: sizeColumn)
    }

    /// `path` as is when absolute or without a scenario file, else beside the scenario file.
    static func resolve(_ path: String, scenarioFile: String?) -> String {
        guard !path.hasPrefix("/"), let scenarioFile else { return path }
        let directory = (scenarioFile as NSString).deletingLastPathComponent
        return directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(path, for: "path")
        try container.encode(format, for: "format")
        try container.encode(header, for: "header")
        try container.encode(delimiter, for: "delimiter")
        if format == .csv {
            var columns = container.nestedContainer(keyedBy: AnyCodingKey.self, forKey: AnyCodingKey("columns"))
            try columns.encode(keyColumn, for: "key")
            try columns.encodeIfPresent(timeColumn, for: "time")
            try columns.encodeIfPresent(sizeColumn, for: "size")
        }
    }

    /// `columns:` of a csv trace.
    private struct ColumnsSpec: Decodable {
        var key: Int
        var time: Int?
        var size: Int?

        static func decode(_ f: Fields) throws -> ColumnsSpec {
            guard try f.isPresent("columns") else { return ColumnsSpec(key: 1) }
            return try f.required("columns")
        }

        init(key: Int) { self.key = key }

        init(from decoder: Decoder) throws {
            let f = try Fields(decoder, allowed: TraceFileSpec.columnKeys)
            let range = 1...TraceFileSpec.maxColumn
            key = try f.required("key")
            try f.check("key", key, in: range)
            time = try f.optional("time")
            if let time { try f.check("time", time, in: range) }
            size = try f.optional("size")
            if let size { try f.check("size", size, in: range) }
        }
    }
}

extension CodingUserInfoKey {
    /// The scenario file being decoded (as given to the loader): relative paths inside it are
    /// relative to its directory.
    static let scenarioFile = CodingUserInfoKey(rawValue: "workbench.scenarioFile")!
}

/// `generate:` — a synthetic trace made in-process: `{distribution: zipf, alpha: 1.0, objects:
/// 10000, requests: 1000000, seed: 42}`; with zipf, the requests of the reference generator
/// (`gen_trace.py`) for the same parameters.
public struct GenerateSpec: Codable, Equatable, Sendable {
    public enum Distribution: String, CaseIterable, Codable, Sendable, SchemaChoice {
        case zipf, uniform, hotspot, latest

        static var choiceNoun: String { "distribution" }

        public init(from decoder: Decoder) throws {
            try self.init(decodingChoice: decoder)
        }
    }

    public var distribution: Distribution
    /// Zipf exponent (zipf, latest), in [0, 10]; default 1.
    public var alpha: Double
    /// Distinct ranks; 1 to 100,000,000.
    public var objects: Int
    /// Requests; 1 to 10,000,000,000.
    public var requests: Int
    /// The generator's seed; the scenario's `seed` when absent.
    public var seed: UInt64?
    /// hotspot: the hot set's share of the objects and of the requests (defaults 0.2 and 0.8).
    public var hotFraction: Double
    public var hotShare: Double
    /// latest: the share of requests that ask for a new object (default 0.05).
    public var insertShare: Double

    static let keys = ["distribution", "alpha", "objects", "requests", "seed", "hot_fraction", "hot_share", "insert_share"]
    public static let objectsRange = 1...100_000_000
    public static let requestsRange = 1...10_000_000_000

    /// A generator specification (the command line's).
    public init(
        distribution: Distribution = .zipf, alpha: Double = 1, objects: Int, requests: Int, seed: UInt64? = nil,
        hotFraction: Double = 0.2, hotShare: Double = 0.8, insertShare: Double = 0.05
    ) {
        self.distribution = distribution
        self.alpha = alpha
        self.objects = objects
        self.requests = requests
        self.seed = seed
        self.hotFraction = hotFraction
        self.hotShare = hotShare
        self.insertShare = insertShare
    }

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        distribution = try f.optional("distribution") ?? .zipf
        alpha = try f.optionalNumber("alpha") ?? 1
        try f.check("alpha", alpha >= 0 && alpha <= 10, "must be between 0 and 10")
        objects = try f.required("objects")
        try f.check("objects", objects, in: Self.objectsRange)
        requests = try f.required("requests")
        try f.check("requests", requests, in: Self.requestsRange)
        seed = try f.optional("seed")
        hotFraction = try f.optionalNumber("hot_fraction") ?? 0.2
        try f.check("hot_fraction", hotFraction > 0 && hotFraction <= 1, "must be > 0 and <= 1")
        hotShare = try f.optionalNumber("hot_share") ?? 0.8
        try f.check("hot_share", hotShare > 0 && hotShare < 1, "must be > 0 and < 1")
        insertShare = try f.optionalNumber("insert_share") ?? 0.05
        try f.check("insert_share", insertShare >= 0 && insertShare < 1, "must be >= 0 and < 1")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(distribution, for: "distribution")
        try container.encode(alpha, for: "alpha")
        try container.encode(objects, for: "objects")
        try container.encode(requests, for: "requests")
        try container.encodeIfPresent(seed, for: "seed")
        switch distribution {
        case .hotspot:
            try container.encode(hotFraction, for: "hot_fraction")
            try container.encode(hotShare, for: "hot_share")
        case .latest:
            try container.encode(insertShare, for: "insert_share")
        case .zipf, .uniform:
            break
        }
    }

    /// The generator for `seed` (used when the block gives none).
    func generator(seed fallback: UInt64) -> TraceGenerator {
        let made: TraceGenerator.Distribution =
            switch distribution {
            case .zipf: .zipf(alpha: alpha)
            case .uniform: .uniform
            case .hotspot: .hotspot(hotFraction: hotFraction, hotShare: hotShare)
            case .latest: .latest(alpha: alpha, insertShare: insertShare)
            }
        return TraceGenerator(distribution: made, objects: objects, requests: requests, seed: seed ?? fallback)
    }
}

/// Where a trace scenario's requests come from.
public enum TraceSource: Equatable, Sendable {
    case file(TraceFileSpec)
    case generated(GenerateSpec)

    /// Calls `body` with each chunk of requests in order (`body` returns false to stop).
    /// - Throws: the file's first bad row, as `file:line:column`.
    /// - Parameter denseIds: as for ``TraceFileReader/forEachChunk(denseIds:_:)``.
    func forEachChunk(seed: UInt64, denseIds: Bool = false, _ body: (UnsafeBufferPointer<TraceRequest>) -> Bool) throws(ScenarioError) {
        switch self {
        case .file(let spec):
            try spec.reader.forEachChunk(denseIds: denseIds, body)
        case .generated(let spec):
            var generator = spec.generator(seed: seed)
            var chunk = [TraceRequest](repeating: TraceRequest(time: 0, key: 0), count: TraceFileReader.chunkRequests)
            chunk.withUnsafeMutableBufferPointer { buffer in
                while true {
                    let count = generator.fill(buffer)
                    if count == 0 || !body(UnsafeBufferPointer(rebasing: buffer[0..<count])) { return }
                }
            }
        }
    }
}
