import Foundation

/// Finds where a request of a trace was written, for an error about a value the reader took
/// but a writer cannot hold (`trace convert`): `file:line:column` of a csv row's time field, the
/// record of a binary file, or the generator. Read only when such an error is raised.
enum TraceRequestLocator {
    /// The error refusing request `request` (0-based) of `source`, whose `time` does not fit
    /// oracle-general's 32-bit unsigned time (or vscsi's 64-bit microseconds).
    static func timeRefusal(
        _ source: TraceSource, request: Int, time: Double, format: TraceFormat = .oracleGeneral
    ) throws(ScenarioError) -> ScenarioError {
        let range =
            format == .vscsi
            ? "whole microseconds from 0 to 2^64 - 1" : "a whole number of seconds from 0 to \(UInt32.max)"
        let message = "time \(time) of request \(request + 1) does not fit \(format.rawValue)'s time (\(range)); nothing was written"
        guard case .file(let spec) = source else {
            return ScenarioError(file: "generate", line: 0, column: 0, keyPath: "", message: message)
        }
        let reader = spec.reader
        if reader.format.isBinary {
            return ScenarioError(file: reader.path, line: 1, column: 1, keyPath: "", message: "record \(request + 1): " + message)
        }
        let (line, column) = try locate(request, in: reader)
        return ScenarioError(file: reader.path, line: line, column: column, keyPath: "", message: message)
    }

    /// The line of request `request` (0-based) of a csv or text file, and the column its time
    /// field starts at (1 without a time column), counting lines as the reader does (a header
    /// and empty lines give no request; a byte order mark is not a column).
    static func locate(_ request: Int, in reader: TraceFileReader) throws(ScenarioError) -> (line: Int, column: Int) {
        let source = try TraceByteSource(path: reader.path, maxDecompressedBytes: reader.maxDecompressedBytes)
        var buffer = [UInt8](repeating: 0, count: 1 << 16)
        var current: [UInt8] = []
        var line = 0
        var index = -1
        func column(of fields: [UInt8]) -> Int {
            guard let wanted = reader.timeColumn, reader.format == .csv else { return 1 }
            var column = 1
            var quoted = false
            for (offset, byte) in fields.enumerated() {
                if column == wanted { return offset + 1 }
                if byte == 34 { quoted.toggle() }
                if !quoted && byte == reader.delimiter { column += 1 }
            }
            return column == wanted ? fields.count + 1 : 1
        }
        /// Whether the line just read is the request sought.
        func finish() -> Bool {
            line += 1
            if current.last == 13 { current.removeLast() }
            if line == 1, current.starts(with: [0xEF, 0xBB, 0xBF]) { current.removeFirst(3) }
            defer { current.removeAll(keepingCapacity: true) }
            if current.isEmpty || (reader.header && line == 1) { return false }
            index += 1
            return index == request
        }
        while true {
            let got: Int
            do {
                got = try buffer.withUnsafeMutableBytes { try source.read(into: $0) }
            } catch {
                throw ScenarioError(file: reader.path, line: line + 1, column: 1, keyPath: "", message: "cannot read trace file: \(error)")
            }
            if got == 0 { break }
            for byte in buffer[0..<got] {
                if byte == 10 {
                    let fields = current
                    if finish() {
                        return (line, column(of: fields.starts(with: [0xEF, 0xBB, 0xBF]) ? Array(fields.dropFirst(3)) : fields))
                    }
                } else {
                    current.append(byte)
                }
            }
        }
        let fields = current
        if !current.isEmpty, finish() { return (line, column(of: fields)) }
        return (max(line, 1), 1)
    }
}
