import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Result rows kept on disk as they come, not in memory: a run's timeseries, one row per sample,
/// so that a long run's memory does not grow with its length.
///
/// The rows go to an anonymous temporary file (`tmpfile(3)`: in the system temporary directory,
/// already unlinked, so nothing is left behind whatever happens to the process), each as one
/// length-prefixed binary record; only each record's offset (8 bytes) stays in memory. Reading a
/// row back decodes its record. If the file cannot be made or written (a full temporary
/// directory), the spool keeps its rows in memory from then on, as before.
///
/// A spool is a reference: copies of a value holding one share its rows. It is meant for one
/// thread at a time.
public final class RowSpool: RandomAccessCollection, Equatable, @unchecked Sendable {
    private var descriptor: Int32 = -1
    private var file: UnsafeMutablePointer<FILE>?
    private var offsets: [Int64] = []
    private var end: Int64 = 0
    /// The rows, when there is no file (it could not be made or written).
    private var memory: [ResultRow]?

    /// An empty spool.
    public init() {
        file = tmpfile()
        if let file {
            descriptor = fileno(file)
        } else {
            memory = []
        }
    }

    /// A spool holding `rows`.
    public convenience init(_ rows: some Sequence<ResultRow>) {
        self.init()
        append(contentsOf: rows)
    }

    deinit {
        if let file { fclose(file) }
    }

    /// Whether the rows are on disk (false after a failure made the spool keep them in memory).
    public var isOnDisk: Bool { memory == nil }

    /// Appends `row` at the end.
    public func append(_ row: ResultRow) {
        if memory != nil {
            memory?.append(row)
            return
        }
        let record = Self.encode(row)
        let written = record.withUnsafeBytes { pwrite(descriptor, $0.baseAddress, $0.count, off_t(end)) }
        guard written == record.count else {
            moveToMemory()
            memory?.append(row)
            return
        }
        offsets.append(end)
        end += Int64(record.count)
    }

    /// Appends every row of `rows`, in order.
    public func append(contentsOf rows: some Sequence<ResultRow>) {
        for row in rows { append(row) }
    }

    public var startIndex: Int { 0 }
    public var endIndex: Int { memory?.count ?? offsets.count }

    public subscript(position: Int) -> ResultRow {
        if let memory { return memory[position] }
        let start = offsets[position]
        let stop = position + 1 < offsets.count ? offsets[position + 1] : end
        var bytes = [UInt8](repeating: 0, count: Int(stop - start))
        let read = bytes.withUnsafeMutableBytes { pread(descriptor, $0.baseAddress, $0.count, off_t(start)) }
        guard read == bytes.count, let row = Self.decode(bytes) else { return ResultRow() }
        return row
    }

    public static func == (lhs: RowSpool, rhs: RowSpool) -> Bool {
        lhs.count == rhs.count && zip(lhs, rhs).allSatisfy { $0 == $1 }
    }

    /// Reads every row back into memory and drops the file.
    private func moveToMemory() {
        memory = (0..<offsets.count).map { self[$0] }
        offsets = []
        if let file { fclose(file) }
        file = nil
        descriptor = -1
    }

    // MARK: Records

    /// Tags of a value's type in a record.
    private enum Tag: UInt8 {
        case int = 0, uint, double, string, empty
    }

    /// The roles by their code in a record: code 1 is the first, 2 the second, ...; 0 is no
    /// role override.
    private static let roleCodes: [MetricRole] = MetricRole.allCases

    /// `[count: u32] ([name] [tag: u8] [value] [override: u8])*`; a string is `[length: u32] [UTF-8]`,
    /// a number its 8 bytes, little-endian; `override` is 0, or 1 + the row's role override of
    /// the column in ``MetricRole``'s case order.
    public static func encode(_ row: ResultRow) -> [UInt8] {
        var bytes: [UInt8] = []
        func put<T: FixedWidthInteger>(_ value: T) {
            withUnsafeBytes(of: value.littleEndian) { bytes.append(contentsOf: $0) }
        }
        func put(_ text: String) {
            let utf8 = Array(text.utf8)
            put(UInt32(utf8.count))
            bytes.append(contentsOf: utf8)
        }
        put(UInt32(row.columns.count))
        for (name, value) in row.columns {
            put(name)
            switch value {
            case .int(let number):
                bytes.append(Tag.int.rawValue)
                put(Int64(number))
            case .uint(let number):
                bytes.append(Tag.uint.rawValue)
                put(number)
            case .double(let number):
                bytes.append(Tag.double.rawValue)
                put(number.bitPattern)
            case .string(let text):
                bytes.append(Tag.string.rawValue)
                put(text)
            case .empty:
                bytes.append(Tag.empty.rawValue)
            }
            bytes.append(row.roleOverrides[name].flatMap { roleCodes.firstIndex(of: $0) }.map { UInt8($0 + 1) } ?? 0)
        }
        return bytes
    }

    /// The row `encode` made `bytes` from, or nil if they are not such a record.
    public static func decode(_ bytes: [UInt8]) -> ResultRow? {
        var position = 0
        func take<T: FixedWidthInteger>(_: T.Type) -> T? { readLittleEndian(T.self, from: bytes, at: &position) }
        func text() -> String? {
            guard let length = take(UInt32.self), position + Int(length) <= bytes.count else { return nil }
            defer { position += Int(length) }
            return String(decoding: bytes[position..<position + Int(length)], as: UTF8.self)
        }
        guard let count = take(UInt32.self) else { return nil }
        var row = ResultRow()
        for _ in 0..<count {
            guard let name = text(), position < bytes.count, let tag = Tag(rawValue: bytes[position]) else { return nil }
            position += 1
            let value: CSVValue
            switch tag {
            case .int:
                guard let number = take(Int64.self) else { return nil }
                value = .int(Int(number))
            case .uint:
                guard let number = take(UInt64.self) else { return nil }
                value = .uint(number)
            case .double:
                guard let bits = take(UInt64.self) else { return nil }
                value = .double(Double(bitPattern: bits))
            case .string:
                guard let string = text() else { return nil }
                value = .string(string)
            case .empty:
                value = .empty
            }
            guard position < bytes.count, bytes[position] <= roleCodes.count else { return nil }
            let override = bytes[position] == 0 ? nil : roleCodes[Int(bytes[position]) - 1]
            position += 1
            row.append(name, value, overridingRole: override)
        }
        return row
    }
}

/// The little-endian `T` at `position` in `bytes`, advancing `position` past it; nil (and
/// `position` unchanged) when fewer bytes remain. The reading half of the binary records
/// (``RowSpool`` rows, repetition records), which write integers little-endian.
public func readLittleEndian<T: FixedWidthInteger>(_: T.Type, from bytes: [UInt8], at position: inout Int) -> T? {
    let size = MemoryLayout<T>.size
    guard position >= 0, position + size <= bytes.count else { return nil }
    var value = T.zero
    for index in 0..<size { value |= T(truncatingIfNeeded: bytes[position + index]) << (8 * index) }
    position += size
    return value
}
