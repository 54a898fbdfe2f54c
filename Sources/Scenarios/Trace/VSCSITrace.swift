import Models

/// libCacheSim's `vscsi` block-I/O traces: fixed little-endian records without a header, in two
/// versions told apart by a version field in each record.
///
/// ```
/// v1: 32 bytes                        v2: 40 bytes
/// ┌─────────────────────────────┐     ┌─────────────────────────────┐
/// │ 0  u32 sn                   │     │ 0  u16 cmd                  │
/// │ 4  u32 len      → size      │     │ 2  u16 ver   (0x02xx)       │
/// │ 8  u32 nSG                  │     │ 4  u32 sn                   │
/// │ 12 u16 cmd                  │     │ 8  u32 len      → size      │
/// │ 14 u16 ver   (0x01xx)       │     │ 12 u32 nSG                  │
/// │ 16 u64 lbn      → key       │     │ 16 u64 lbn      → key       │
/// │ 24 u64 ts (µs)  → time (s)  │     │ 24 u64 ts (µs)  → time (s)  │
/// └─────────────────────────────┘     │ 32 u64 rt                   │
///                                     └─────────────────────────────┘
/// ```
/// A request is read as libCacheSim reads it: key = lbn, size = len (bytes), time = ts / 10^6
/// in whole seconds (integer division). The version is found as libCacheSim finds it: the first
/// two records read as v2 must both give version 2 (the high byte of `ver`), else read as v1
/// both give version 1; anything else is not a vscsi trace. Unlike libCacheSim, a file shorter
/// than two v2 records is read (with the records it has), and a last partial record is refused
/// rather than dropped.
package enum VSCSITrace {
    /// A vscsi record layout.
    package enum Version: Int, Sendable {
        case v1 = 1
        case v2 = 2

        /// The bytes of one record.
        package var recordBytes: Int { self == .v1 ? 32 : 40 }
        /// Where a record's `ver` field starts.
        var versionOffset: Int { self == .v1 ? 14 : 2 }
        /// Where a record's `len` (the request's size) starts.
        var sizeOffset: Int { self == .v1 ? 4 : 8 }
    }

    /// Where every record's `lbn` (the key) starts, in both versions.
    static let keyOffset = 16
    /// Where every record's `ts` (microseconds) starts, in both versions.
    static let timeOffset = 24
    /// The records whose version fields are tested (libCacheSim's `MAX_TEST`).
    static let testedRecords = 2
    /// The bytes read to tell the version: two v2 records.
    static let probeBytes = 80
    /// `cmd` of a written record: SCSI READ(10).
    static let readCommand: UInt16 = 0x28

    /// The version of a trace whose first bytes (at most ``probeBytes``) are `bytes`; an empty
    /// file is read as v2, with no records.
    /// - Throws: `path:1:1` when the bytes hold no whole record, or when neither version's
    ///   records give their version, naming the versions found.
    static func version(of bytes: [UInt8], path: String) throws(ScenarioError) -> Version {
        if bytes.isEmpty { return .v2 }
        func versions(_ version: Version) -> [Int] {
            let records = min(testedRecords, bytes.count / version.recordBytes)
            return (0..<records).map { Int(bytes[$0 * version.recordBytes + version.versionOffset + 1]) }
        }
        let asV2 = versions(.v2)
        if !asV2.isEmpty && asV2.allSatisfy({ $0 == Version.v2.rawValue }) { return .v2 }
        let asV1 = versions(.v1)
        if !asV1.isEmpty && asV1.allSatisfy({ $0 == Version.v1.rawValue }) { return .v1 }
        guard !asV1.isEmpty else {
            return try refuse(
                path,
                "truncated record 1 at byte 0: \(bytes.count) bytes, less than one vscsi record (\(Version.v1.recordBytes) bytes in v1, \(Version.v2.recordBytes) in v2)"
            )
        }
        func list(_ found: [Int]) -> String { found.map(String.init).joined(separator: ", ") }
        let asV2Text =
            asV2.isEmpty
            ? "no whole v2 record" : "version \(list(asV2)) read as v2 (the high byte of the u16 at byte 2 of each 40-byte record)"
        return try refuse(
            path,
            "not a vscsi trace: its first records give \(asV2Text) and version \(list(asV1)) read as v1 (the high byte of the u16 at byte 14 of each 32-byte record); a vscsi trace's records give 2 or 1"
        )
    }

    private static func refuse(_ path: String, _ message: String) throws(ScenarioError) -> Version {
        throw ScenarioError(file: path, line: 1, column: 1, keyPath: "", message: message)
    }

    /// The request of the record at byte `base` of `raw`.
    @inline(__always)
    static func request(_ raw: UnsafeRawBufferPointer, at base: Int, _ version: Version) -> TraceRequest {
        let microseconds = UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + timeOffset, as: UInt64.self))
        return TraceRequest(
            time: Double(microseconds / 1_000_000),
            key: UInt64(littleEndian: raw.loadUnaligned(fromByteOffset: base + keyOffset, as: UInt64.self)),
            size: UInt32(littleEndian: raw.loadUnaligned(fromByteOffset: base + version.sizeOffset, as: UInt32.self)))
    }

    /// Whether `time` can be written as a record's `ts`: from 0, its whole microseconds below 2^64.
    static func fits(_ time: Double) -> Bool { time >= 0 && (time * 1_000_000).rounded(.down) < 0x1p64 }

    /// The v2 record of `request`, the `index`-th (0-based) written: `ts` is its time in whole
    /// microseconds (rounded down), `sn` its index (wrapping at 2^32), `cmd` a read, `nSG` and
    /// `rt` 0. The time must ``fits(_:)``.
    static func appendRecord(_ request: TraceRequest, index: Int, to bytes: inout [UInt8]) {
        func append<T: FixedWidthInteger>(_ value: T) { withUnsafeBytes(of: value.littleEndian) { bytes += $0 } }
        append(readCommand)
        append(UInt16(Version.v2.rawValue) << 8)
        append(UInt32(truncatingIfNeeded: index))
        append(request.size)
        append(UInt32(0))
        append(request.key)
        append(UInt64(saturating: (request.time * 1_000_000).rounded(.down)))
        append(UInt64(0))
    }
}
