import Foundation
import Testing

/// The built CLI, or a recorded test failure if it cannot be found.
func workbench(sourceLocation: SourceLocation = #_sourceLocation) throws -> CLI {
    try #require(
        CLI.shared,
        "no workbench executable; looked at: \(CLI.candidates.map(\.path).joined(separator: ", "))",
        sourceLocation: sourceLocation)
}

/// A fresh directory under the system's temporary directory, removed by `remove()`.
struct TempDir {
    let url: URL

    init() throws {
        url = FileManager.default.temporaryDirectory
            .appendingPathComponent("WorkbenchEndToEndTests-\(UUID().uuidString)", isDirectory: true)
        try FileManager.default.createDirectory(at: url, withIntermediateDirectories: true)
    }

    /// `<dir>/<name>`.
    func path(_ name: String) -> URL {
        url.appendingPathComponent(name)
    }

    /// Writes `text` to `<dir>/<name>` and returns its URL.
    @discardableResult
    func write(_ name: String, _ text: String) throws -> URL {
        let file = path(name)
        try text.write(to: file, atomically: false, encoding: .utf8)
        return file
    }

    func exists(_ name: String) -> Bool {
        FileManager.default.fileExists(atPath: path(name).path)
    }

    func remove() {
        try? FileManager.default.removeItem(at: url)
    }
}

/// Tiny scrolling-table scenarios: 2 s measured after 0.5 s of warmup, a handful of sections
/// with a random row count each, random jumps, so each run takes a fraction of a second.
enum Fixture {
    /// The lines of the scenario `name`. Line numbers (1-based) are fixed; the error tests
    /// rely on them:
    ///
    ///  5 `duration`, 9 `sections`, 21 `capacity`, 22 `policies`.
    static func lines(name: String = "tiny", seed: Int = 7) -> [String] {
        [
            "version: 1",  // 1
            "name: \(name)",  // 2
            "kind: scrolling-table",  // 3
            "seed: \(seed)",  // 4
            "duration: 2s",  // 5
            "warmup: 500ms",  // 6
            "sample_interval: 1s",  // 7
            "table:",  // 8
            "  sections: 6",  // 9
            "  rows_per_section: [2, 40]",  // 10
            "  viewport_height: 667",  // 11
            "  refresh_hz: 60",  // 12
            "  header: {reuse_id: header, height: 30, nib: {views: 4, depth: 2}}",  // 13
            "  cells:",  // 14
            "    - {type: plain, height: 44, weight: 3, nib: {views: 6, depth: 2, label: Plain}}",  // 15
            "    - {type: photo, height: 90, weight: 1, nib: {views: 12, depth: 3, label: Photo}}",  // 16
            "scroll:",  // 17
            "  - random_jumps: {count: 5, every: 250ms, target: row}",  // 18
            "  - fling: {velocity: 3000}",  // 19
            "cache:",  // 20
            "  capacity: 6",  // 21
            "  policies: [none, lru, fifo]",  // 22
            "  in_use: [repopulate, pin]",  // 23
        ]
    }

    /// The (policy, in_use) pairs `lines()` runs: `none` once, the others once per mode.
    static let runs: [[String]] = [
        ["none", "-"], ["lru", "repopulate"], ["lru", "pin"], ["fifo", "repopulate"], ["fifo", "pin"],
    ]

    static func yaml(name: String = "tiny", seed: Int = 7) -> String {
        text(lines(name: name, seed: seed))
    }

    static func text(_ lines: [String]) -> String {
        lines.joined(separator: "\n") + "\n"
    }
}

/// A CSV file read back: RFC 4180 (quoted fields, doubled quotes, CRLF or LF records).
struct CSVFile {
    let raw: String
    let header: [String]
    let rows: [[String]]

    init(contentsOf url: URL) throws {
        let data = try Data(contentsOf: url)
        raw = String(decoding: data, as: UTF8.self)
        var records = Self.parse(raw)
        header = records.isEmpty ? [] : records.removeFirst()
        rows = records
    }

    /// The value of `column` in each row, in order (`nil` if there is no such column).
    func column(_ name: String) -> [String]? {
        guard let index = header.firstIndex(of: name) else { return nil }
        return rows.map { index < $0.count ? $0[index] : "" }
    }

    /// Each row as column → value.
    var records: [[String: String]] {
        rows.map { row in
            Dictionary(uniqueKeysWithValues: zip(header, row).map { ($0, $1) })
        }
    }

    static func parse(_ text: String) -> [[String]] {
        var records: [[String]] = []
        var record: [String] = []
        var field = ""
        var inQuotes = false
        var fieldStarted = false
        var scalars = Array(text.unicodeScalars)[...]
        while let c = scalars.popFirst() {
            if inQuotes {
                if c == "\"" {
                    if scalars.first == "\"" {
                        scalars.removeFirst()
                        field.unicodeScalars.append("\"")
                    } else {
                        inQuotes = false
                    }
                } else {
                    field.unicodeScalars.append(c)
                }
                continue
            }
            switch c {
            case "\"":
                inQuotes = true
                fieldStarted = true
            case ",":
                record.append(field)
                field = ""
                fieldStarted = true
            case "\r":
                if scalars.first == "\n" { scalars.removeFirst() }
                fallthrough
            case "\n":
                record.append(field)
                records.append(record)
                record = []
                field = ""
                fieldStarted = false
            default:
                field.unicodeScalars.append(c)
                fieldStarted = true
            }
        }
        if fieldStarted || !record.isEmpty {
            record.append(field)
            records.append(record)
        }
        return records
    }
}

/// Columns that vary from run to run (allocator and wall-clock figures); all others are counts.
func isMeasured(_ column: String) -> Bool {
    // A percentile's tail samples (role tail) follow the measured percentile.
    ["allocated_bytes", "allocations", "frames_over_budget", "device_frames_over_budget"].contains(column) || column.hasSuffix("_ns")
        || column.hasSuffix("_tail_samples")
}

/// Every file and directory under `directory`, as paths relative to it, hidden ones included.
func allEntries(under directory: URL) -> [String] {
    guard let enumerator = FileManager.default.enumerator(atPath: directory.path) else { return [] }
    return enumerator.compactMap { $0 as? String }.sorted()
}
