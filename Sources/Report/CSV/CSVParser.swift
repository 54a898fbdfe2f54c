/// The RFC 4180 reader behind ``CSVTable/parse(_:)``: splits text into records of fields.
///
/// Works on UTF-8 bytes (every delimiter is ASCII, so multi-byte characters pass through
/// untouched) and remembers the line each record starts on for error messages.
struct CSVParser {
    /// One parsed record and the 1-based line it starts on.
    struct Record {
        var fields: [String]
        var line: Int
    }

    static let comma = UInt8(ascii: ",")
    static let quote = UInt8(ascii: "\"")
    static let carriageReturn = UInt8(ascii: "\r")
    static let lineFeed = UInt8(ascii: "\n")

    private let bytes: [UInt8]
    private var index = 0
    private var line = 1

    /// A parser over `text`, skipping a leading UTF-8 byte-order mark.
    init(_ text: String) {
        var bytes = Array(text.utf8)
        if bytes.starts(with: [0xEF, 0xBB, 0xBF]) {
            bytes.removeFirst(3)
        }
        self.bytes = bytes
    }

    /// All records of the text, header included.
    mutating func records() throws -> [Record] {
        var records: [Record] = []
        var fields: [String] = []
        var field: [UInt8] = []
        var recordLine = line
        // True from a record's start until its first byte: an empty tail is not a record.
        var recordIsEmpty = true

        func finishField() {
            fields.append(String(decoding: field, as: UTF8.self))
            field.removeAll(keepingCapacity: true)
        }

        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote && field.isEmpty && Self.isFieldStart(at: index, in: bytes) {
                try readQuoted(into: &field)
                recordIsEmpty = false
                if index < bytes.count {
                    let next = bytes[index]
                    if next != Self.comma && next != Self.carriageReturn && next != Self.lineFeed {
                        throw ReportError.csvTextAfterClosingQuote(line: line)
                    }
                }
                continue
            }
            switch byte {
            case Self.comma:
                finishField()
                recordIsEmpty = false
                index += 1
            case Self.carriageReturn, Self.lineFeed:
                finishField()
                records.append(Record(fields: fields, line: recordLine))
                fields.removeAll()
                index += 1
                if byte == Self.carriageReturn && index < bytes.count && bytes[index] == Self.lineFeed {
                    index += 1
                }
                line += 1
                recordLine = line
                recordIsEmpty = true
            case Self.quote:
                throw ReportError.csvQuoteInUnquotedField(line: line)
            default:
                field.append(byte)
                recordIsEmpty = false
                index += 1
            }
        }
        if !recordIsEmpty {
            finishField()
            records.append(Record(fields: fields, line: recordLine))
        }
        return records
    }

    /// Whether `position` is the first byte of a field: the start of the text, or right after
    /// a comma or a line break.
    private static func isFieldStart(at position: Int, in bytes: [UInt8]) -> Bool {
        guard position > 0 else {
            return true
        }
        let previous = bytes[position - 1]
        return previous == comma || previous == carriageReturn || previous == lineFeed
    }

    /// Reads a quoted field starting at the opening quote; leaves `index` after the closing one.
    private mutating func readQuoted(into field: inout [UInt8]) throws {
        let startLine = line
        index += 1
        while index < bytes.count {
            let byte = bytes[index]
            if byte == Self.quote {
                if index + 1 < bytes.count && bytes[index + 1] == Self.quote {
                    field.append(Self.quote)
                    index += 2
                    continue
                }
                index += 1
                return
            }
            if byte == Self.lineFeed {
                line += 1
            }
            field.append(byte)
            index += 1
        }
        throw ReportError.csvUnterminatedQuote(line: startLine)
    }
}
