import CZlib
import CZstd
import Foundation
import Models
import Scenarios
import Testing

@Suite("Trace formats")
struct TraceFormatTests {
    /// Every request of `spec`, in order.
    static func requests(_ spec: TraceFileSpec) throws -> [TraceRequest] {
        var all: [TraceRequest] = []
        try spec.reader.forEachChunk { chunk in
            all += chunk
            return true
        }
        return all
    }

    @Test("csv → binary → oracle-general → csv keeps every key and size, and times (whole seconds in oracle-general)")
    func roundTrip() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let csv = try dir.write("a.csv", "t,k,s\n1,5,100\n2,https://x/y.png,7\n3,5,100\n4.5,18446744073709551615,0\n")
        let original = try Self.requests(TraceFileSpec(path: csv, header: true, keyColumn: 2, timeColumn: 1, sizeColumn: 3))
        #expect(original.count == 4)
        let binary = dir.url.appendingPathComponent("a.wbt").path
        #expect(try TraceFiles.write(.file(TraceFileSpec(path: csv, header: true, keyColumn: 2, timeColumn: 1, sizeColumn: 3)), seed: 1, to: binary, format: .binary) == 4)
        #expect(try Self.requests(TraceFileSpec(path: binary, format: .binary)) == original)
        let oracle = dir.url.appendingPathComponent("a.oracle").path
        _ = try TraceFiles.write(.file(TraceFileSpec(path: binary, format: .binary)), seed: 1, to: oracle, format: .oracleGeneral)
        let fromOracle = try Self.requests(TraceFileSpec(path: oracle, format: .oracleGeneral))
        #expect(fromOracle.map(\.key) == original.map(\.key))
        #expect(fromOracle.map(\.size) == original.map(\.size))
        #expect(fromOracle.map(\.time) == [1, 2, 3, 4])
        let back = dir.url.appendingPathComponent("b.csv").path
        _ = try TraceFiles.write(.file(TraceFileSpec(path: binary, format: .binary)), seed: 1, to: back, format: .csv)
        #expect(try String(contentsOfFile: back, encoding: .utf8).hasPrefix("time,key,size\n1,5,100\n"))
        #expect(try Self.requests(TraceFileSpec(path: back, header: true, keyColumn: 2, timeColumn: 1, sizeColumn: 3)) == original)
    }

    @Test("oracle-general records are libCacheSim's: u32 time, u64 key, u32 size, i64 next access (-1: none)")
    func oracleLayout() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let csv = try dir.write("a.csv", "7,3\n8,4\n9,3\n")
        let oracle = dir.url.appendingPathComponent("a.oracle").path
        _ = try TraceFiles.write(.file(TraceFileSpec(path: csv, keyColumn: 2, timeColumn: 1)), seed: 1, to: oracle, format: .oracleGeneral)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: oracle)))
        #expect(bytes.count == 72)
        func field<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        #expect(field(0, UInt32.self) == 7)
        #expect(field(4, UInt64.self) == 3)
        #expect(field(12, UInt32.self) == 1)
        #expect(field(16, Int64.self) == 2)  // key 3 comes back at request 2
        #expect(field(24 + 16, Int64.self) == -1)
    }

    @Test("a truncated binary record is an error naming the record and its byte offset")
    func truncatedRecord() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("t.oracle").path
        try Data(repeating: 1, count: 24 * 2 + 5).write(to: URL(fileURLWithPath: path))
        #expect(throws: ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "truncated record 3 at byte 48: 5 of its 24 bytes")) {
            try Self.requests(TraceFileSpec(path: path, format: .oracleGeneral))
        }
        let binary = dir.url.appendingPathComponent("t.wbt").path
        try Data(Array("WBTRACE1".utf8) + [UInt8](repeating: 0, count: 21)).write(to: URL(fileURLWithPath: binary))
        #expect(throws: ScenarioError(file: binary, line: 1, column: 1, keyPath: "", message: "truncated record 2 at byte 28: 1 of its 20 bytes")) {
            try Self.requests(TraceFileSpec(path: binary, format: .binary))
        }
    }

    /// The bytes of a v2 binary trace: the header's counts, (id, size, time) records, then the keys.
    static func binaryV2(requests: Int, objects: Int, records: [(UInt32, UInt32, Double)], keys: [UInt64]) -> [UInt8] {
        var bytes = Array("WBTRACE2".utf8)
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(UInt64(requests))
        append(UInt64(objects))
        for (id, size, time) in records {
            append(id)
            append(size)
            append(time.bitPattern)
        }
        for key in keys { append(key) }
        return bytes
    }

    @Test("binary v2 layout: WBTRACE2, request and object counts, records of dense object ids by first request, the keys after them")
    func binaryV2Layout() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let csv = try dir.write("a.csv", "1,900,10\n2,7,20\n3,900,10\n")
        let binary = dir.url.appendingPathComponent("a.wbt").path
        _ = try TraceFiles.write(.file(TraceFileSpec(path: csv, keyColumn: 2, timeColumn: 1, sizeColumn: 3)), seed: 1, to: binary, format: .binary)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: binary)))
        #expect(bytes == Self.binaryV2(requests: 3, objects: 2, records: [(0, 10, 1), (1, 20, 2), (0, 10, 3)], keys: [900, 7]))
        let reader = TraceFileSpec(path: binary, format: .binary).reader
        #expect(try reader.objectKeys() == [900, 7])
        #expect(try reader.recordCount() == 3)
        var ids: [UInt64] = []
        try reader.forEachChunk(denseIds: true) { chunk in
            ids += chunk.map(\.key)
            return true
        }
        #expect(ids == [0, 1, 0])
        #expect(try Self.requests(TraceFileSpec(path: binary, format: .binary)).map(\.key) == [900, 7, 900])
    }

    @Test("a WBTRACE1 binary trace (u64 key, u32 size, f64 time records) is still read")
    func binaryV1Read() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        var bytes = Array("WBTRACE1".utf8)
        for (key, size, time) in [(UInt64(900), UInt32(10), 1.5), (7, 20, 2)] {
            withUnsafeBytes(of: key.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: size.littleEndian) { bytes += $0 }
            withUnsafeBytes(of: time.bitPattern.littleEndian) { bytes += $0 }
        }
        let path = dir.url.appendingPathComponent("v1.wbt").path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        let spec = TraceFileSpec(path: path, format: .binary)
        #expect(try Self.requests(spec) == [TraceRequest(time: 1.5, key: 900, size: 10), TraceRequest(time: 2, key: 7, size: 20)])
        #expect(try spec.reader.recordCount() == 2)
        #expect(try spec.reader.objectKeys() == nil)
    }

    @Test("a binary v2 trace with a truncated record, a short or long object table, an id beyond its objects or a short header is refused, naming the file")
    func binaryV2Damage() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("t.wbt").path
        let good = Self.binaryV2(requests: 2, objects: 2, records: [(0, 1, 1), (1, 1, 2)], keys: [5, 6])
        func refused(_ bytes: [UInt8], _ message: String, sourceLocation: SourceLocation = #_sourceLocation) throws {
            try Data(bytes).write(to: URL(fileURLWithPath: path))
            let expected = ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: message)
            #expect(throws: expected, sourceLocation: sourceLocation) { try Self.requests(TraceFileSpec(path: path, format: .binary)) }
            #expect(throws: expected, sourceLocation: sourceLocation) { try TraceFileSpec(path: path, format: .binary).reader.recordCount() }
        }
        try refused(Array(good[0..<(24 + 16 + 5)]), "truncated record 2 at byte 40: 5 of its 16 bytes")
        try refused(Array(good.dropLast(3)), "truncated object table: 13 of its 16 bytes (2 objects)")
        try refused(Array(good[0..<20]), "truncated header: 20 of its 24 bytes")
        try refused(
            Self.binaryV2(requests: 2, objects: 3, records: [(0, 1, 1), (1, 1, 2)], keys: [5, 6, 7]),
            "bad header: 2 requests and 3 objects (objects must be at most the requests)")
        try Data(good + [0]).write(to: URL(fileURLWithPath: path))
        #expect(throws: ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "1 bytes after the object table (the header gives 2 requests and 2 objects)")) {
            try TraceFileSpec(path: path, format: .binary).reader.recordCount()
        }
        try Data(Self.binaryV2(requests: 2, objects: 2, records: [(0, 1, 1), (2, 1, 2)], keys: [5, 6])).write(to: URL(fileURLWithPath: path))
        #expect(throws: ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "record 2 at byte 40: object id 2 is not below the file's 2 objects")) {
            try Self.requests(TraceFileSpec(path: path, format: .binary))
        }
    }

    @Test("an uncompressed binary trace is counted from its size, refusing a truncated record as a full read does")
    func binaryCountedFromSize() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = dir.url.appendingPathComponent("t.oracle").path
        try Data(repeating: 1, count: 24 * 3).write(to: URL(fileURLWithPath: path))
        #expect(try TraceFileSpec(path: path, format: .oracleGeneral).reader.recordCount() == 3)
        try Data(repeating: 1, count: 24 * 2 + 5).write(to: URL(fileURLWithPath: path))
        #expect(throws: ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "truncated record 3 at byte 48: 5 of its 24 bytes")) {
            try TraceFileSpec(path: path, format: .oracleGeneral).reader.recordCount()
        }
        let binary = dir.url.appendingPathComponent("t.wbt").path
        try Data(Array("WBTRACE0".utf8) + [UInt8](repeating: 0, count: 20)).write(to: URL(fileURLWithPath: binary))
        #expect(throws: ScenarioError(file: binary, line: 1, column: 1, keyPath: "", message: "not a workbench binary trace (it does not start with WBTRACE2 or WBTRACE1)")) {
            try TraceFileSpec(path: binary, format: .binary).reader.recordCount()
        }
        #expect(try TraceFileSpec(path: path, format: .csv).reader.recordCount() == nil)
    }

    @Test("a binary trace must start with WBTRACE2 or WBTRACE1")
    func binaryMagic() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let path = try dir.write("t.wbt", "time,key,size\n")
        #expect(throws: ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: "not a workbench binary trace (it does not start with WBTRACE2 or WBTRACE1)")) {
            try Self.requests(TraceFileSpec(path: path, format: .binary))
        }
    }

    @Test("a failed conversion leaves no output file")
    func failedConversionWritesNothing() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let csv = try dir.write("bad.csv", "1,2\n3,x\n")
        let out = dir.url.appendingPathComponent("out.wbt").path
        #expect(throws: ScenarioError.self) {
            try TraceFiles.write(.file(TraceFileSpec(path: csv, keyColumn: 1, sizeColumn: 2)), seed: 1, to: out, format: .binary)
        }
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path) == ["bad.csv"])
    }

    @Test("stats: requests, unique keys, working-set bytes, reuse times, and a Zipf fit near the generator's alpha")
    func stats() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let small = try dir.write("s.csv", "a,10\nb,20\na,10\nc,5\na,99\nb,20\n")
        let stats = try TraceStatistics(TraceFileSpec(path: small, keyColumn: 1, sizeColumn: 2))
        #expect(stats.requests == 6)
        #expect(stats.uniqueKeys == 3)
        #expect(stats.workingSetBytes == 35)
        #expect(stats.coldRequests == 3)
        #expect(stats.reuseHistogram == [0, 2, 1])  // reuse times 2, 2, 4
        let zipf = dir.url.appendingPathComponent("z.csv").path
        let spec = GenerateSpec(alpha: 0.8, objects: 1000, requests: 200_000, seed: 3)
        _ = try TraceFiles.write(.generated(spec), seed: 3, to: zipf, format: .csv)
        let fitted = try #require(try TraceStatistics(TraceFileSpec(path: zipf, header: true, keyColumn: 2)).zipfAlpha)
        #expect(abs(fitted - 0.8) < 0.05, "\(fitted)")
    }
}

@Suite("Compressed traces")
struct CompressedTraceTests {
    /// Writes `path.gz` (zlib's gzip writer) and `path.zst` (libzstd, one frame) of the file at `path`.
    static func compress(_ path: String) throws {
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: path)))
        let file = try #require(gzopen(path + ".gz", "wb"))
        #expect(bytes.withUnsafeBytes { gzwrite(file, $0.baseAddress, UInt32($0.count)) } == Int32(bytes.count))
        #expect(gzclose(file) == Z_OK)
        var compressed = [UInt8](repeating: 0, count: ZSTD_compressBound(bytes.count))
        let size = compressed.withUnsafeMutableBytes { out in
            bytes.withUnsafeBytes { ZSTD_compress(out.baseAddress, out.count, $0.baseAddress, $0.count, 3) }
        }
        #expect(ZSTD_isError(size) == 0)
        try Data(compressed[0..<size]).write(to: URL(fileURLWithPath: path + ".zst"))
    }

    @Test(".gz and .zst files are read through zlib and libzstd, giving the plain file's requests")
    func compressedReadTransparently() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let text = (1...50_000).map { "\($0),\($0 * 7919 % 1000),\($0 % 13)\n" }.joined()
        let plain = try dir.write("t.csv", text)
        try Self.compress(plain)
        let expected = try TraceFormatTests.requests(TraceFileSpec(path: plain, keyColumn: 2, timeColumn: 1, sizeColumn: 3))
        #expect(expected.count == 50_000)
        for name in ["t.csv.gz", "t.csv.zst"] {
            let path = dir.url.appendingPathComponent(name).path
            #expect(try TraceFormatTests.requests(TraceFileSpec(path: path, keyColumn: 2, timeColumn: 1, sizeColumn: 3)) == expected, "\(name)")
        }
    }

    @Test("a .gz or .zst binary v2 trace gives the plain file's requests, by key and by dense id (its object table read through)")
    func compressedBinaryV2() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let csv = try dir.write("t.csv", (1...50_000).map { "\($0),\($0 * 7919 % 1000 + 100),\($0 % 13)\n" }.joined())
        let plain = dir.url.appendingPathComponent("t.wbt").path
        _ = try TraceFiles.write(.file(TraceFileSpec(path: csv, keyColumn: 2, timeColumn: 1, sizeColumn: 3)), seed: 1, to: plain, format: .binary)
        try Self.compress(plain)
        let expected = try TraceFormatTests.requests(TraceFileSpec(path: csv, keyColumn: 2, timeColumn: 1, sizeColumn: 3))
        for name in ["t.wbt.gz", "t.wbt.zst"] {
            let spec = TraceFileSpec(path: dir.url.appendingPathComponent(name).path, format: .binary)
            #expect(try TraceFormatTests.requests(spec) == expected, "\(name)")
            let keys = try #require(try spec.reader.objectKeys())
            var byId: [UInt64] = []
            try spec.reader.forEachChunk(denseIds: true) { chunk in
                byId += chunk.map { keys[Int($0.key)] }
                return true
            }
            #expect(byId == expected.map(\.key), "\(name)")
        }
    }

    @Test("a truncated .gz or .zst file is an error, not a shorter trace")
    func truncatedCompressedRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        try Self.compress(try dir.write("t.csv", (1...50_000).map { "\($0),\($0 % 977)\n" }.joined()))
        for name in ["t.csv.gz", "t.csv.zst"] {
            let url = dir.url.appendingPathComponent(name)
            let bytes = try Data(contentsOf: url)
            try bytes.prefix(bytes.count / 2).write(to: url)
            do {
                _ = try TraceFormatTests.requests(TraceFileSpec(path: url.path, keyColumn: 2, timeColumn: 1))
                Issue.record("\(name): a truncated file was read")
            } catch let error as ScenarioError {
                #expect(error.message.hasPrefix("cannot read trace file: "), "\(error)")
                #expect(error.message.contains("truncated") || error.message.contains("unexpected end of file"), "\(error)")
            } catch {
                Issue.record("\(name): \(error)")
            }
        }
    }
}
