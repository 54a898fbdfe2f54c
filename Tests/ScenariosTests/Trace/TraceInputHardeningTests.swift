import CZstd
import Foundation
import Models
import Scenarios
import Testing

/// Trace inputs that are not what they seem: a memory estimate that does not know the trace, a
/// compressed file that inflates without end, trailing bytes, a byte order mark, over-long
/// lines and times, numbers written in hexadecimal, and values `trace convert` cannot write.
@Suite("Trace inputs: hardening")
struct TraceInputHardeningTests {
    /// A csv trace of `rows` requests, each a distinct key.
    static func distinctRows(_ rows: Int) -> String {
        (0..<rows).map { "\($0)\n" }.joined()
    }

    @Test("the memory estimate counts the trace's requests, not one cache entry, when its rows were not read at load")
    func estimateNotOneEntry() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("t.csv", Self.distinctRows(20_000))
        let scenario = try dir.load(
            TraceScenarioTests.yaml(source: "trace: {path: t.csv}", cache: "{policies: [s3-fifo], capacities: [1000000000]}"))
        let estimate = scenario.body.memoryEstimate()
        let entries = try #require(estimate.parts.first { $0.name == "cache entries" })
        #expect(entries.bytes >= 10_000 * MemoryEstimate.bytesPerStoreEntry, "\(estimate.parts)")
    }

    @Test("the memory estimate of a compressed trace counts its requests (it is read at load: its size does not tell)")
    func estimateCompressedCounted() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = try dir.write("t.csv", Self.distinctRows(20_000))
        try CompressedTraceTests.compress(path)
        let scenario = try dir.load(
            TraceScenarioTests.yaml(source: "trace: {path: t.csv.zst}", cache: "{policies: [lru], capacities: [1000000000]}"))
        let entries = try #require(scenario.body.memoryEstimate().parts.first { $0.name == "cache entries" })
        #expect(entries.bytes == 20_000 * MemoryEstimate.bytesPerStoreEntry)
    }

    @Test("timeseries rows count in the estimate by their offsets only (window 1: 8 bytes a request a run)")
    func estimateTimeseriesOffsets() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let scenario = try dir.load(
            TraceScenarioTests.yaml(
                source: "generate: {objects: 10, requests: 100000}", cache: "{policies: [lru, fifo], capacities: [5]}",
                extra: "window: 1"))
        let rows = try #require(scenario.body.memoryEstimate().parts.first { $0.name.hasPrefix("timeseries row offsets") })
        #expect(rows.bytes == 8 * 100_000 * 2)
    }

    /// `bytes` compressed as one zstd frame into `name` in `dir`.
    static func zstd(_ bytes: [UInt8], _ name: String, in dir: TraceDir) throws -> String {
        var compressed = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
        let size = compressed.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { ZSTD_compress(out.baseAddress, out.count, $0.baseAddress, $0.count, 19) }
        }
        #expect(ZSTD_isError(size) == 0)
        let path = dir.url.appendingPathComponent(name).path
        try Data(compressed[0..<size]).write(to: URL(fileURLWithPath: path))
        return path
    }

    @Test("a .zst bomb is refused cleanly once it decompresses past max_decompressed_bytes, naming the key that raises it")
    func zstdBombRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        // 16 MB of one short line repeated: a few KB compressed.
        let bomb = (0..<(16 << 20)).map { $0 % 2 == 0 ? UInt8(49) : UInt8(10) }
        let path = try Self.zstd(bomb, "bomb.csv.zst", in: dir)
        var spec = TraceFileSpec(path: path)
        spec.maxDecompressedBytes = 1 << 20
        #expect {
            try spec.reader.forEachChunk { _ in true }
        } throws: { error in
            let text = "\(error)"
            return text.hasPrefix("\(path):") && text.contains("decompresses to more than 1048576 bytes")
                && text.contains("trace.max_decompressed_bytes")
        }
        // The scenario key raises it: the same file read in full under a higher limit.
        spec.maxDecompressedBytes = 32 << 20
        var requests = 0
        try spec.reader.forEachChunk { chunk in
            requests += chunk.count
            return true
        }
        #expect(requests == 8 << 20)
    }

    @Test("the default decompression bound is 1000 times the compressed size, at least 1 GiB, without overflow")
    func defaultDecompressionBound() {
        #expect(TraceFileSpec.defaultDecompressedLimit(compressedBytes: 1 << 20) == 1 << 30)
        #expect(TraceFileSpec.defaultDecompressedLimit(compressedBytes: 10 << 20) == 10_000 << 20)
        #expect(TraceFileSpec.defaultDecompressedLimit(compressedBytes: Int.max) == Int.max)
    }

    @Test("max_decompressed_bytes is a trace key: read from the scenario file, refused below 1")
    func decompressedKey() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("t.csv", "1\n2\n")
        let scenario = try dir.load(TraceScenarioTests.yaml(source: "trace: {path: t.csv, max_decompressed_bytes: 5000}"))
        let trace = try #require(scenario.body as? TraceScenario)
        guard case .file(let spec) = trace.source else { throw CancellationError() }
        #expect(spec.maxDecompressedBytes == 5000)
        #expect(throws: ScenarioError.self) {
            try dir.load(TraceScenarioTests.yaml(source: "trace: {path: t.csv, max_decompressed_bytes: 0}"))
        }
    }

    @Test("a v2 binary trace with bytes after its object table is refused compressed as it is plain")
    func v2TrailingBytesCompressed() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let bytes =
            TraceFormatTests.binaryV2(requests: 2, objects: 1, records: [(0, 1, 1), (0, 1, 2)], keys: [42]) + [1, 2, 3]
        let path = dir.url.appendingPathComponent("t.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        try CompressedTraceTests.compress(path)
        for name in [path, path + ".zst", path + ".gz"] {
            let spec = TraceFileSpec(path: name, format: .binary)
            #expect {
                try spec.reader.forEachChunk(denseIds: true) { _ in true }
                _ = try spec.reader.objectKeys()
            } throws: { error in
                "\(error)".contains("3 bytes after the object table")
            }
        }
    }

    @Test("a UTF-8 byte order mark at the start of a csv trace is stripped (the first key is read as written)")
    func byteOrderMarkStripped() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("t.csv").path
        try Data([0xEF, 0xBB, 0xBF] + Array("7,10\n8,20\n".utf8)).write(to: URL(fileURLWithPath: path))
        let requests = try TraceFormatTests.requests(TraceFileSpec(path: path, keyColumn: 1, sizeColumn: 2))
        #expect(requests.map(\.key) == [7, 8])
        #expect(requests.map(\.size) == [10, 20])
    }

    @Test("a line longer than the limit is refused with the real limit (2 MiB) in the message")
    func lineLengthMessage() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = try dir.write("t.csv", "1\n" + String(repeating: "9", count: (2 << 20) + 10) + "\n")
        #expect {
            try TraceFormatTests.requests(TraceFileSpec(path: path))
        } throws: { error in
            "\(error)".contains("\(path):2:1: error: line longer than 2097152 bytes (2 MiB")
        }
        // A line of 1.5 MiB, over the old 1 MiB figure, is read.
        let long = try dir.write("u.csv", String(repeating: "x", count: 3 << 19) + "\n")
        #expect(try TraceFormatTests.requests(TraceFileSpec(path: long)).count == 1)
    }

    @Test("a time of 101 digits is refused at its column, not read from its first 64 characters")
    func longTimeRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = try dir.write("t.csv", "5,1\n7," + String(repeating: "1", count: 101) + "\n")
        #expect {
            try TraceFormatTests.requests(TraceFileSpec(path: path, keyColumn: 1, timeColumn: 2))
        } throws: { error in
            "\(error)".contains("\(path):2:3: error: time '") && "\(error)".contains("is longer than 64 characters")
        }
    }

    @Test("a hexadecimal time (0x10), nan or inf in a csv trace is not a number")
    func hexTimeRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        for text in ["0x10", "nan", "inf", "0x1p4"] {
            let path = try dir.write("t.csv", "5,\(text)\n")
            #expect(throws: ScenarioError.self, "\(text)") {
                try TraceFormatTests.requests(TraceFileSpec(path: path, keyColumn: 1, timeColumn: 2))
            }
        }
    }

    @Test("\"0x10%\" is not read as a 16% share of the working set; a byte count in hexadecimal is refused too")
    func hexShareRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try dir.write("t.csv", Self.distinctRows(100))
        for capacity in ["\"0x10%\"", "\"nan%\"", "\"inf%\""] {
            #expect(throws: ScenarioError.self, "\(capacity)") {
                try dir.load(
                    TraceScenarioTests.yaml(source: "trace: {path: t.csv}", cache: "{policies: [lru], capacities: [\(capacity)]}"))
            }
        }
        #expect(throws: ScenarioError.self) {
            try dir.load(
                TraceScenarioTests.yaml(source: "trace: {path: t.csv}", cache: "{policies: [lru], capacity_bytes: [\"0x10MB\"]}"))
        }
        #expect(DecimalText.parse("0x10") == nil)
        #expect(DecimalText.parse("16") == 16)
        #expect(DecimalText.parse(" 2.5e3 ") == 2500)
        #expect(throws: OptionValueError.self) { try MemoryGuard.parseLimit("0x10GB") }
    }

    @Test("trace convert --to oracle-general refuses a time beyond Int64 or NaN at its file:line:column and leaves no file")
    func convertRefusesUnwritableTimes() throws {
        for time in ["1e300", "-1e30", "5000000000"] {
            let dir = try TraceDir()
            defer { dir.remove() }
            let path = try dir.write("t.csv", "time,key\n1,5\n\n2,6\n\(time),7\n")
            let out = dir.url.appendingPathComponent("out.og").path
            let spec = TraceFileSpec(path: path, header: true, keyColumn: 2, timeColumn: 1)
            #expect {
                try TraceFiles.write(.file(spec), seed: 1, to: out, format: .oracleGeneral)
            } throws: { error in
                "\(error)".hasPrefix("\(path):5:1: error: time ") && "\(error)".contains("does not fit oracle-general's time")
            }
            let left = try FileManager.default.contentsOfDirectory(atPath: dir.url.path)
            #expect(left == ["t.csv"], "\(left)")
        }
    }

    @Test("trace convert --to oracle-general refuses a NaN time of a binary trace, naming the record, and leaves no file")
    func convertRefusesNaNRecord() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let bytes = TraceFormatTests.binaryV2(requests: 2, objects: 1, records: [(0, 1, 1), (0, 1, .nan)], keys: [42])
        let path = dir.url.appendingPathComponent("t.bin").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let out = dir.url.appendingPathComponent("out.og").path
        #expect {
            try TraceFiles.write(.file(TraceFileSpec(path: path, format: .binary)), seed: 1, to: out, format: .oracleGeneral)
        } throws: { error in
            "\(error)".hasPrefix("\(path):1:1: error: record 2")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["t.bin"])
    }

    @Test("a binary trace's time that is not a finite number (NaN, inf, -inf) is refused, naming the record and its byte")
    func binaryNonFiniteTimeRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        for bad in [Double.nan, .infinity, -.infinity] {
            let v2 = dir.url.appendingPathComponent("t.bin").path
            try Data(TraceFormatTests.binaryV2(requests: 2, objects: 1, records: [(0, 1, 1), (0, 1, bad)], keys: [42]))
                .write(to: URL(fileURLWithPath: v2))
            #expect {
                try TraceFormatTests.requests(TraceFileSpec(path: v2, format: .binary))
            } throws: { error in
                "\(error)" == "\(v2):1:1: error: record 2 at byte 40: time \(bad) is not a finite number"
            }
            // v1: WBTRACE1, then (key u64, size u32, time f64) records of 20 bytes.
            var v1 = Array("WBTRACE1".utf8)
            for (key, time) in [(UInt64(7), 1.0), (UInt64(8), bad)] {
                withUnsafeBytes(of: key.littleEndian) { v1 += $0 }
                withUnsafeBytes(of: UInt32(1).littleEndian) { v1 += $0 }
                withUnsafeBytes(of: time.bitPattern.littleEndian) { v1 += $0 }
            }
            let v1Path = dir.url.appendingPathComponent("t1.bin").path
            try Data(v1).write(to: URL(fileURLWithPath: v1Path))
            #expect {
                try TraceFormatTests.requests(TraceFileSpec(path: v1Path, format: .binary))
            } throws: { error in
                "\(error)" == "\(v1Path):1:1: error: record 2 at byte 28: time \(bad) is not a finite number"
            }
        }
    }

    @Test("a trace file is written through an unpredictable temporary created exclusively: a link planted at the old pid name is not followed")
    func convertTemporaryNotPredictable() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let csv = try dir.write("a.csv", "1,900,10\n2,7,20\n")
        let victim = try dir.write("victim.txt", "keep me\n")
        let out = dir.url.appendingPathComponent("out.bin").path
        let planted = dir.url.appendingPathComponent(".out.bin.\(getpid()).partial").path
        try FileManager.default.createSymbolicLink(atPath: planted, withDestinationPath: victim)
        _ = try TraceFiles.write(
            .file(TraceFileSpec(path: csv, keyColumn: 2, timeColumn: 1, sizeColumn: 3)), seed: 1, to: out, format: .binary)
        #expect(try String(contentsOfFile: victim, encoding: .utf8) == "keep me\n")
        #expect(try FileManager.default.destinationOfSymbolicLink(atPath: planted) == victim)
        #expect(try TraceFormatTests.requests(TraceFileSpec(path: out, format: .binary)).count == 2)
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).filter { $0.hasSuffix(".partial") } == [".out.bin.\(getpid()).partial"])
    }

    @Test("trace generate --format oracle-general of more requests than it can hold is refused before it writes")
    func generateOracleTooMany() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let out = dir.url.appendingPathComponent("g.og").path
        let spec = GenerateSpec(distribution: .uniform, alpha: 1, objects: 10, requests: 2_000_000_000, seed: 1)
        #expect {
            try TraceFiles.write(.generated(spec), seed: 1, to: out, format: .oracleGeneral)
        } throws: { error in
            "\(error)".contains("at most \(TraceFiles.maxOracleRequests) requests")
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
    }
}
