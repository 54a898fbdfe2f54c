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
    /// libCacheSim's vscsi block-I/O traces: 32-byte (v1) or 40-byte (v2) little-endian records,
    /// no header, the version told from the first records; key = lbn, size = len, time = ts (µs)
    /// in whole seconds (``VSCSITrace``).
    case vscsi

    /// Whether the format is records of bytes rather than lines.
    var isBinary: Bool { self == .oracleGeneral || self == .binary || self == .vscsi }

    static var choiceNoun: String { "trace format" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `trace:` — a trace file: `{path: traces/a.csv, format: csv, header: true, delimiter: ",",
/// columns: {time: 1, key: 2, size: 3}}`. A relative path is relative to the scenario file.
public struct TraceFileSpec: DeclaredMapping, Equatable, Sendable {
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
    /// `max_decompressed_bytes`: the most bytes a compressed trace may decompress to; nil for the
    /// default bound (1,000 times the compressed size, at least 1 GiB).
    public var maxDecompressedBytes: Int?

    /// The bound on a compressed file's decompressed bytes when `max_decompressed_bytes` does
    /// not give one: 1,000 times the compressed size, and at least 1 GiB. Real traces compress 3
    /// to 30 times; a run of one repeated byte, tens of thousands of times.
    package static func defaultDecompressedLimit(compressedBytes: Int) -> Int {
        let (scaled, overflow) = compressedBytes.multipliedReportingOverflow(by: 1_000)
        return overflow ? Int.max : max(1 << 30, scaled)
    }

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

    /// Reads the declared keys, then resolves `path` against the scenario file's directory (the
    /// decoder's `userInfo`, which the schema's fields do not see).
    public init(from decoder: Decoder) throws {
        self = try Self.schema.decode(decoder, into: Self.blank)
        resolvedPath = Self.resolve(path, scenarioFile: decoder.userInfo[.scenarioFile] as? String)
    }

    public static var blank: TraceFileSpec { TraceFileSpec(path: "") }

    public static var schema: Schema<TraceFileSpec> {
        Schema([
            .required(
                "path", \.path, "The trace file; a relative path is relative to the scenario file.",
                example: "traces/a.csv", .must("must name a file") { !$0.isEmpty }),
            .optional("format", \.format, default: .csv, "How the file is written.", example: "oracle-general"),
            .optional(
                "max_decompressed_bytes", \.maxDecompressedBytes,
                absent: "1000 times the compressed size, at least 1 GiB",
                "A .gz or .zst trace that decompresses to more bytes than this is refused (a guard against a small file that inflates without end); raise it for a trace that really is that large.",
                example: "200000000000", .within(1...(1 << 62))),
            .optional(
                "header", \.header, default: false, "Whether the first line is a header to skip (csv or text only).",
                example: "true"),
            .optional(
                "delimiter", \.delimiter, default: ",", "The column separator (csv or text only): one character, or \\t for tabs.",
                example: "\"\\t\"",
                .check("header and delimiter only with a csv or text trace") { _, spec, f, _ in
                    if spec.format.isBinary {
                        for key in ["header", "delimiter"] where try f.isPresent(key) {
                            throw f.invalid(key, "only a csv or text trace has \(key == "header" ? "a header" : "a delimiter")")
                        }
                    }
                },
                .must("must be one character (or \\t)") {
                    $0 == "\\t" || ($0.utf8.count == 1 && $0 != "\"" && $0 != "\n")
                }),
            .custom(
                [
                    .key(
                        "columns", ColumnsSpec.self, .defaulted("{key: 1}"),
                        "csv: the 1-based columns of each request's key, time and size.", example: "{time: 1, key: 2, size: 3}",
                        rules: ["only with a csv trace"])
                ],
                decode: { spec, f in
                    if spec.format == .csv {
                        let columns = try ColumnsSpec.decode(f)
                        spec.keyColumn = columns.key
                        spec.timeColumn = columns.time
                        spec.sizeColumn = columns.size
                    } else {
                        spec.keyColumn = 1
                        spec.timeColumn = nil
                        spec.sizeColumn = nil
                        if try f.isPresent("columns") { throw f.invalid("columns", "only a csv trace has columns") }
                    }
                },
                encode: { spec, container in
                    if spec.format == .csv {
                        try container.encode(
                            ColumnsSpec(key: spec.keyColumn, time: spec.timeColumn, size: spec.sizeColumn), for: "columns")
                    }
                }),
        ])
    }

    /// The file's reader.
    package var reader: TraceFileReader {
        TraceFileReader(
            path: resolvedPath, format: format, header: header, delimiter: delimiter == "\\t" ? 9 : delimiter.utf8.first ?? 44,
            keyColumn: keyColumn, timeColumn: timeColumn, sizeColumn: sizeColumn, maxDecompressedBytes: maxDecompressedBytes)
    }

    /// `path` as is when absolute or without a scenario file, else beside the scenario file.
    static func resolve(_ path: String, scenarioFile: String?) -> String {
        guard !path.hasPrefix("/"), let scenarioFile else { return path }
        let directory = (scenarioFile as NSString).deletingLastPathComponent
        return directory.isEmpty ? path : (directory as NSString).appendingPathComponent(path)
    }

    /// `columns:` of a csv trace.
    private struct ColumnsSpec: DeclaredMapping {
        var key: Int
        var time: Int?
        var size: Int?

        static func decode(_ f: Fields) throws -> ColumnsSpec {
            guard try f.isPresent("columns") else { return ColumnsSpec(key: 1) }
            return try f.required("columns")
        }

        init(key: Int, time: Int? = nil, size: Int? = nil) {
            self.key = key
            self.time = time
            self.size = size
        }

        static var blank: ColumnsSpec { ColumnsSpec(key: 1) }

        static var schema: Schema<ColumnsSpec> {
            let range = 1...TraceFileSpec.maxColumn
            return Schema([
                .required("key", \.key, "The column of each request's key.", example: "2", .within(range)),
                .optional("time", \.time, absent: "no times", "The column of each request's time.", example: "1", .within(range)),
                .optional(
                    "size", \.size, absent: "every request's size is 1", "The column of each request's size, in bytes.",
                    example: "3", .within(range)),
            ])
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
public struct GenerateSpec: DeclaredMapping, Equatable, Sendable {
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
    /// Each request's size: `unit` (1) or `pow2` (each object its own size, 256 B to 1 MiB).
    public var sizes: Sizes

    /// `sizes:` of a generated trace.
    public enum Sizes: String, CaseIterable, Codable, Sendable, SchemaChoice {
        case unit, pow2

        static var choiceNoun: String { "size rule" }

        public init(from decoder: Decoder) throws {
            try self.init(decodingChoice: decoder)
        }
    }

    public static let objectsRange = 1...100_000_000
    public static let requestsRange = 1...10_000_000_000

    /// A generator specification (the command line's).
    public init(
        distribution: Distribution = .zipf, alpha: Double = 1, objects: Int, requests: Int, seed: UInt64? = nil,
        hotFraction: Double = ScenarioDefaults.hotFraction, hotShare: Double = ScenarioDefaults.hotShare,
        insertShare: Double = ScenarioDefaults.insertShare, sizes: Sizes = .unit
    ) {
        self.sizes = sizes
        self.distribution = distribution
        self.alpha = alpha
        self.objects = objects
        self.requests = requests
        self.seed = seed
        self.hotFraction = hotFraction
        self.hotShare = hotShare
        self.insertShare = insertShare
    }

    public static var blank: GenerateSpec { GenerateSpec(objects: 0, requests: 0) }

    public static var schema: Schema<GenerateSpec> {
        Schema([
            .optional(
                "distribution", \.distribution, default: .zipf, "How requests pick their object.", example: "hotspot"),
            .optional(
                "alpha", \.alpha, default: 1, "zipf and latest: the Zipf exponent.", example: "0.9",
                .must("must be between 0 and 10") { $0 >= 0 && $0 <= 10 }),
            .required("objects", \.objects, "How many distinct objects requests pick from.", example: "10000", .within(objectsRange)),
            .required("requests", \.requests, "How many requests the trace has.", example: "1000000", .within(requestsRange)),
            .optional("seed", \.seed, absent: "the scenario's seed", "The generator's random seed.", example: "42"),
            .parameter(
                "hot_fraction", \.hotFraction, of: .hotspot, default: ScenarioDefaults.hotFraction,
                "hotspot: the hot set's share of the objects.", example: "0.1",
                .must("must be > 0 and <= 1") { $0 > 0 && $0 <= 1 }),
            .parameter(
                "hot_share", \.hotShare, of: .hotspot, default: ScenarioDefaults.hotShare,
                "hotspot: the hot set's share of the requests.", example: "0.9",
                .must("must be > 0 and < 1") { $0 > 0 && $0 < 1 }),
            .parameter(
                "insert_share", \.insertShare, of: .latest, default: ScenarioDefaults.insertShare,
                "latest: the share of requests that ask for a new object.", example: "0.01",
                .must("must be >= 0 and < 1") { $0 >= 0 && $0 < 1 }),
            .optional(
                "sizes", \.sizes, default: .unit,
                "Each request's size: unit (1, a capacity counts objects) or pow2 (object k has one size, 256 B to 1 MiB, as the reference generator's --sizes pow2 gives it: trace C).",
                example: "pow2"),
        ])
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
        return TraceGenerator(
            distribution: made, objects: objects, requests: requests, seed: seed ?? fallback,
            sizes: sizes == .pow2 ? .pow2 : .unit)
    }
}

extension SchemaField where Root == GenerateSpec {
    /// A parameter of one distribution: read (and checked) whatever the distribution, written to
    /// `scenario.yaml` only with that distribution.
    fileprivate static func parameter(
        _ name: String, _ path: WritableKeyPath<GenerateSpec, Double>, of distribution: GenerateSpec.Distribution,
        default defaultValue: Double, _ summary: String, example: String, _ rule: KeyRule<GenerateSpec, Double>
    ) -> SchemaField {
        let key = SchemaField.optional(name, path, default: defaultValue, summary, example: example, rule)
        return SchemaField(
            names: key.names, docs: key.docs, ruleDoc: key.ruleDoc, decode: key.decode,
            encode: { spec, container in
                if spec.distribution == distribution { try key.encode(spec, &container) }
            })
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
