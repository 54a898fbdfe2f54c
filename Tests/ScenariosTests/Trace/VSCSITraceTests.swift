import Foundation
import Models
import Scenarios
import Testing

@Suite("vscsi traces")
struct VSCSITraceTests {
    /// One request of a test trace: `ts` in microseconds.
    struct Record {
        var lbn: UInt64
        var len: UInt32
        var ts: UInt64
    }

    /// The bytes of a vscsi trace of `records` in `version` (1: 32-byte records, 2: 40-byte),
    /// each record's version field `version << 8 | 0x12` unless `versions` gives it.
    static func vscsi(_ records: [Record], version: Int, versions: [UInt16]? = nil) -> [UInt8] {
        var bytes: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        for (index, record) in records.enumerated() {
            let ver = versions?[index] ?? UInt16(version) << 8 | 0x12
            if version == 1 {
                append(UInt32(index))  // sn
                append(record.len)
                append(UInt32(3))  // nSG
                append(UInt16(0x2a))  // cmd
                append(ver)
                append(record.lbn)
                append(record.ts)
            } else {
                append(UInt16(0x28))  // cmd
                append(ver)
                append(UInt32(index))  // sn
                append(record.len)
                append(UInt32(3))  // nSG
                append(record.lbn)
                append(record.ts)
                append(UInt64(777))  // rt
            }
        }
        return bytes
    }

    /// A block-I/O-like trace: `count` requests of 400 blocks (a few hot), each block its own size
    /// (512 B to 64 KiB), times in microseconds with fractions of seconds.
    static func records(_ count: Int) -> [Record] {
        var state: UInt64 = 0x9E37_79B9_7F4A_7C15
        func next() -> UInt64 {
            state = state &* 6_364_136_223_846_793_005 &+ 1_442_695_040_888_963_407
            return state >> 33
        }
        return (0..<count).map { index in
            let roll = next() % 100
            let block = roll < 60 ? next() % 40 : next() % 400
            return Record(lbn: 1_000_000 + block * 8, len: 512 << UInt32(block % 8), ts: UInt64(index) * 250_000 + next() % 1000)
        }
    }

    /// The same requests as a csv file (time in whole seconds, lbn, len).
    static func csv(_ records: [Record]) -> String {
        records.map { "\($0.ts / 1_000_000),\($0.lbn),\($0.len)\n" }.joined()
    }

    static func write(_ bytes: [UInt8], _ name: String, in dir: TraceDir) throws -> String {
        let path = dir.url.appendingPathComponent(name).path
        try Data(bytes).write(to: URL(fileURLWithPath: path))
        return path
    }

    /// Each run's (policy, capacity, hits, misses, byte_misses) of `trace` replayed under `cache`.
    static func counts(_ trace: String, cache: String, in dir: TraceDir) throws -> [String] {
        let scenario = try dir.load(TraceScenarioTests.yaml(source: "trace: \(trace)", cache: cache))
        return ScenarioRunner.run(scenario).summary.map { row in
            ["policy", "sweep_value", "hits", "misses", "byte_misses"].map { row[$0]?.text ?? "?" }.joined(separator: " ")
        }
    }

    static let policies = "[lru, fifo, clock, lfu, arc, s3-fifo, sieve, 2q, slru, w-tinylfu, optimal]"

    @Test(
        "a vscsi v1 or v2 trace replays with the hits, misses and byte_misses of its oracle-general and csv forms, every policy, sizes honoured and ignored"
    )
    func vscsiCountsEqualOracleGeneralAndCsv() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let records = Self.records(3_000)
        try dir.write("t.csv", Self.csv(records))
        let csvSpec = TraceFileSpec(path: dir.url.appendingPathComponent("t.csv").path, keyColumn: 2, timeColumn: 1, sizeColumn: 3)
        _ = try TraceFiles.write(.file(csvSpec), seed: 1, to: dir.url.appendingPathComponent("t.oracle").path, format: .oracleGeneral)
        _ = try Self.write(Self.vscsi(records, version: 1), "t1.vscsi", in: dir)
        _ = try Self.write(Self.vscsi(records, version: 2), "t2.vscsi", in: dir)
        for cache in [
            "{policies: \(Self.policies), capacities: [5, 40, 200]}",
            "{policies: \(Self.policies), capacity_bytes: [65536, 1000000, \"5%\"]}",
        ] {
            let oracle = try Self.counts("{path: t.oracle, format: oracle-general}", cache: cache, in: dir)
            #expect(oracle.count == 33)
            #expect(Set(oracle.map { $0.split(separator: " ")[3] }).count > 3, "the capacities give different misses")
            #expect(try Self.counts("{path: t.csv, columns: {time: 1, key: 2, size: 3}}", cache: cache, in: dir) == oracle)
            #expect(try Self.counts("{path: t1.vscsi, format: vscsi}", cache: cache, in: dir) == oracle, "v1, \(cache)")
            #expect(try Self.counts("{path: t2.vscsi, format: vscsi}", cache: cache, in: dir) == oracle, "v2, \(cache)")
        }
    }

    @Test("a vscsi request is libCacheSim's: key = lbn, size = len, time = ts / 10^6 in whole seconds")
    func vscsiRequestFields() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let records = [
            Record(lbn: 1 << 40, len: 4096, ts: 1_999_999), Record(lbn: 7, len: 0, ts: UInt64.max), Record(lbn: 1 << 40, len: 512, ts: 3),
        ]
        let expected = [
            TraceRequest(time: 1, key: 1 << 40, size: 4096), TraceRequest(time: Double(UInt64.max / 1_000_000), key: 7, size: 0),
            TraceRequest(time: 0, key: 1 << 40, size: 512),
        ]
        for version in [1, 2] {
            let path = try Self.write(Self.vscsi(records, version: version), "t\(version).vscsi", in: dir)
            #expect(try TraceFormatTests.requests(TraceFileSpec(path: path, format: .vscsi)) == expected, "v\(version)")
        }
    }

    @Test("vscsi version detection: the first two records read as v2 give version 2, else read as v1 give 1; the record size follows")
    func vscsiVersionDetection() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let records = Self.records(7)
        let v1 = try Self.write(Self.vscsi(records, version: 1), "v1.vscsi", in: dir)
        let v2 = try Self.write(Self.vscsi(records, version: 2), "v2.vscsi", in: dir)
        let keys = records.map(\.lbn)
        for path in [v1, v2] {
            let spec = TraceFileSpec(path: path, format: .vscsi)
            #expect(try TraceFormatTests.requests(spec).map(\.key) == keys)
            #expect(try spec.reader.recordCount() == 7)
        }
        // 7 × 40 bytes is 8 × 32 + 24: read as v1 it would be truncated, so it was read as v2.
        #expect(try Data(contentsOf: URL(fileURLWithPath: v2)).count == 280)
        // Only the first two records are tested (libCacheSim's MAX_TEST): a later record's version is not read.
        let later = try Self.write(Self.vscsi(records, version: 2, versions: [0x200, 0x2ff, 0, 0x100, 0, 0, 0]), "later.vscsi", in: dir)
        #expect(try TraceFormatTests.requests(TraceFileSpec(path: later, format: .vscsi)).map(\.key) == keys)
        // A file of one record is read by that record's version.
        for version in [1, 2] {
            let one = try Self.write(Self.vscsi([records[0]], version: version), "one\(version).vscsi", in: dir)
            #expect(try TraceFormatTests.requests(TraceFileSpec(path: one, format: .vscsi)).map(\.key) == [keys[0]])
        }
        // An empty file has no requests.
        let empty = try Self.write([], "empty.vscsi", in: dir)
        #expect(try TraceFormatTests.requests(TraceFileSpec(path: empty, format: .vscsi)).isEmpty)
    }

    @Test("a vscsi trace whose first records give neither version 2 (as v2) nor 1 (as v1) is refused, naming the versions found")
    func vscsiUnknownVersionRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let records = Self.records(4)
        // Version 3 in v2 records (their bytes read as v1 give the high bytes at 14 and 46: 0 and 0).
        let three = try Self.write(Self.vscsi(records, version: 2, versions: [0x300, 0x300, 0x300, 0x300]), "three.vscsi", in: dir)
        let message =
            "not a vscsi trace: its first records give version 3, 3 read as v2 (the high byte of the u16 at byte 2 of each 40-byte record) and version 0, 0 read as v1 (the high byte of the u16 at byte 14 of each 32-byte record); a vscsi trace's records give 2 or 1"
        #expect(throws: ScenarioError(file: three, line: 1, column: 1, keyPath: "", message: message)) {
            try TraceFormatTests.requests(TraceFileSpec(path: three, format: .vscsi))
        }
        #expect(throws: ScenarioError(file: three, line: 1, column: 1, keyPath: "", message: message)) {
            try TraceFileSpec(path: three, format: .vscsi).reader.recordCount()
        }
        // Two v1 records that disagree: version 1, then 2.
        let mixed = try Self.write(Self.vscsi(records, version: 1, versions: [0x100, 0x200, 0x100, 0x100]), "mixed.vscsi", in: dir)
        #expect {
            try TraceFormatTests.requests(TraceFileSpec(path: mixed, format: .vscsi))
        } throws: { error in
            (error as? ScenarioError)?.message.contains("version 1, 2 read as v1") == true
        }
        // A csv file declared vscsi.
        let csv = try dir.write("t.csv", Self.csv(Self.records(20)))
        #expect {
            try TraceFormatTests.requests(TraceFileSpec(path: csv, format: .vscsi))
        } throws: { error in
            (error as? ScenarioError)?.message.hasPrefix("not a vscsi trace: its first records give version ") == true
        }
    }

    @Test("a vscsi trace whose last record is cut is refused, naming the record and its byte offset (read and counted from its size)")
    func vscsiTruncatedRecordRefused() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let records = Self.records(5)
        for (version, size) in [(1, 32), (2, 40)] {
            let path = try Self.write(Self.vscsi(records, version: version) + [1, 2, 3], "cut\(version).vscsi", in: dir)
            let expected = ScenarioError(
                file: path, line: 1, column: 1, keyPath: "", message: "truncated record 6 at byte \(5 * size): 3 of its \(size) bytes")
            #expect(throws: expected) { try TraceFormatTests.requests(TraceFileSpec(path: path, format: .vscsi)) }
            #expect(throws: expected) { try TraceFileSpec(path: path, format: .vscsi).reader.recordCount() }
            #expect(throws: expected) { try TraceFileSpec(path: path, format: .vscsi).reader.forEachChunk { _ in true } }
        }
        let short = try Self.write([UInt8](repeating: 1, count: 20), "short.vscsi", in: dir)
        #expect(
            throws: ScenarioError(
                file: short, line: 1, column: 1, keyPath: "",
                message: "truncated record 1 at byte 0: 20 bytes, less than one vscsi record (32 bytes in v1, 40 in v2)")
        ) { try TraceFormatTests.requests(TraceFileSpec(path: short, format: .vscsi)) }
    }

    @Test("a 24-byte-record oracle-general file is read as oracle-general when declared so, even when its bytes look like vscsi v1")
    func oracleGeneralNotMistakenForVSCSI() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        // Byte 15 (record 1's size, 16 MiB) and byte 47 (record 2's next access, not used) have high
        // byte 1: read as 32-byte records, the u16 at byte 14 of the first two gives version 1.
        var bytes: [UInt8] = []
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        for (time, key, size, next) in [
            (UInt32(1), UInt64(10), UInt32(1 << 24), Int64(2)), (2, 11, 1 << 24 | 1, 1 << 56), (3, 10, 1 << 24, -1),
            (4, 12, 1 << 24 | 84, -1),
        ] {
            append(time)
            append(key)
            append(size)
            append(next)
        }
        #expect(bytes.count == 96 && bytes[15] == 1 && bytes[47] == 1)
        let oracle = try Self.write(bytes, "t.oracle", in: dir)
        let spec = TraceFileSpec(path: oracle, format: .oracleGeneral)
        #expect(try TraceFormatTests.requests(spec).map(\.key) == [10, 11, 10, 12])
        #expect(try spec.reader.recordCount() == 4)
        let scenario = try dir.load(TraceScenarioTests.yaml(source: "trace: {path: t.oracle, format: oracle-general}"))
        #expect((scenario.body as? TraceScenario)?.scan.requests == 4)
        // Declared vscsi, the same bytes are three v1 records: the declared format decides, never the bytes.
        #expect(try TraceFormatTests.requests(TraceFileSpec(path: oracle, format: .vscsi)).count == 3)
    }

    @Test("a .gz or .zst vscsi trace gives the plain file's requests; an unread vscsi trace's requests are counted from its size")
    func vscsiCompressedAndCounted() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let records = Self.records(2_000)
        let path = try Self.write(Self.vscsi(records, version: 1), "t.vscsi", in: dir)
        try CompressedTraceTests.compress(path)
        let plain = try TraceFormatTests.requests(TraceFileSpec(path: path, format: .vscsi))
        #expect(plain.count == 2_000)
        for name in ["t.vscsi.gz", "t.vscsi.zst"] {
            let compressed = dir.url.appendingPathComponent(name).path
            #expect(try TraceFormatTests.requests(TraceFileSpec(path: compressed, format: .vscsi)) == plain, "\(name)")
            let scenario = try dir.load(TraceScenarioTests.yaml(source: "trace: {path: \(name), format: vscsi}"))
            #expect((scenario.body as? TraceScenario)?.scan.requests == 2_000, "\(name)")
        }
        let scenario = try dir.load(
            TraceScenarioTests.yaml(source: "trace: {path: t.vscsi, format: vscsi}", cache: "{policies: [lru], capacities: [1000000]}"))
        let trace = try #require(scenario.body as? TraceScenario)
        #expect(trace.scan.requests == 2_000)
        #expect(!trace.scan.estimated)
        let entries = try #require(scenario.body.memoryEstimate().parts.first { $0.name == "cache entries" })
        #expect(entries.bytes >= 2_000 * MemoryEstimate.bytesPerStoreEntry)
        // A vscsi trace has no header or delimiter.
        #expect(throws: (any Error).self) {
            try dir.load(TraceScenarioTests.yaml(source: "trace: {path: t.vscsi, format: vscsi, header: true}"))
        }
    }

    @Test(
        "trace convert to vscsi writes v2 records (ts in microseconds) that read back with every key and size and the whole seconds; a time it cannot hold is refused at its row"
    )
    func vscsiWritten() throws {
        let dir = try TraceDir()
        defer { dir.remove() }
        let csv = try dir.write("a.csv", "1.75,5,100\n2,18446744073709551615,7\n3,5,100\n")
        let spec = TraceFileSpec(path: csv, keyColumn: 2, timeColumn: 1, sizeColumn: 3)
        let out = dir.url.appendingPathComponent("a.vscsi").path
        #expect(try TraceFiles.write(.file(spec), seed: 1, to: out, format: .vscsi) == 3)
        let bytes = try [UInt8](Data(contentsOf: URL(fileURLWithPath: out)))
        func field<T: FixedWidthInteger>(_ offset: Int, _: T.Type) -> T {
            bytes.withUnsafeBytes { T(littleEndian: $0.loadUnaligned(fromByteOffset: offset, as: T.self)) }
        }
        #expect(bytes.count == 3 * 40)
        #expect(field(0, UInt16.self) == 0x28 && field(2, UInt16.self) == 0x200 && field(4, UInt32.self) == 0)
        #expect(field(8, UInt32.self) == 100 && field(16, UInt64.self) == 5 && field(24, UInt64.self) == 1_750_000)
        #expect(field(40 + 4, UInt32.self) == 1 && field(40 + 16, UInt64.self) == UInt64.max && field(40 + 24, UInt64.self) == 2_000_000)
        #expect(
            try TraceFormatTests.requests(TraceFileSpec(path: out, format: .vscsi))
                == [
                    TraceRequest(time: 1, key: 5, size: 100), TraceRequest(time: 2, key: UInt64.max, size: 7),
                    TraceRequest(time: 3, key: 5, size: 100),
                ])
        let negative = try dir.write("n.csv", "1,5,100\n-1,6,7\n")
        let refused = dir.url.appendingPathComponent("n.vscsi").path
        #expect(
            throws: ScenarioError(
                file: negative, line: 2, column: 1, keyPath: "",
                message: "time -1.0 of request 2 does not fit vscsi's time (whole microseconds from 0 to 2^64 - 1); nothing was written")
        ) {
            try TraceFiles.write(
                .file(TraceFileSpec(path: negative, keyColumn: 2, timeColumn: 1, sizeColumn: 3)), seed: 1, to: refused, format: .vscsi)
        }
        #expect(!FileManager.default.fileExists(atPath: refused))
        #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).allSatisfy { !$0.hasSuffix(".partial") })
    }
}
