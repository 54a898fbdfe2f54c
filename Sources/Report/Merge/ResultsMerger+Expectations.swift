import Foundation

extension ResultsMerger {
    /// The file of a scenario's `expect` outcomes: run, metric, expected, actual, result.
    public static let expectationsFileName = "expectations.csv"

    /// The shards' `expectations.csv` of one scenario as one file, or nil when no shard has one.
    ///
    /// A shard checks its own runs and marks an expectation whose runs all went to other shards
    /// as skipped (its run is the expectation's policy key, `lru` or `lru/pin`; no actual value;
    /// result `ok`). Merged: every checked row of every shard, and a skipped row only when no
    /// shard checked a run of its policy (once). Rows of one expectation (metric and expected)
    /// stay together, expectations in order of first appearance, rows shard by shard.
    ///
    /// - Throws: ``MergeError/unreadable(path:reason:)``, ``MergeError/headerMismatch(file:other:)``.
    static func mergeExpectations(_ parts: [URL]) throws -> String? {
        var header: [String]?
        var headerSource = ""
        var rows: [[String]] = []
        for part in parts where FileManager.default.fileExists(atPath: part.path) {
            let parsed: (header: [String], rows: [[String]])
            do {
                parsed = try CSVTable.parse(try String(contentsOf: part, encoding: .utf8))
            } catch {
                throw MergeError.unreadable(path: part.path, reason: "\(error)")
            }
            if let header, header != parsed.header {
                throw MergeError.headerMismatch(file: part.path, other: headerSource)
            }
            if header == nil {
                (header, headerSource) = (parsed.header, part.path)
            }
            rows += parsed.rows
        }
        guard let header else { return nil }
        let field = { (row: [String], name: String) -> String in header.firstIndex(of: name).map { row[$0] } ?? "" }
        let expectation = { (row: [String]) -> String in field(row, "metric") + "\u{0}" + field(row, "expected") }
        let isSkipped = { (row: [String]) -> Bool in field(row, "actual").isEmpty && field(row, "result") == "ok" }
        // A run label is `policy`, `policy/mode`, either with ` @ key=value`.
        let checks = { (row: [String], policyKey: String) -> Bool in
            let run = field(row, "run")
            return run == policyKey || run.hasPrefix(policyKey + "/") || run.hasPrefix(policyKey + " @ ")
        }
        var kept: [[String]] = []
        for row in rows where !kept.contains(row) {
            if isSkipped(row),
                rows.contains(where: { !isSkipped($0) && expectation($0) == expectation(row) && checks($0, field(row, "run")) })
            {
                continue
            }
            kept.append(row)
        }
        var order: [String] = []
        for row in kept where !order.contains(expectation(row)) {
            order.append(expectation(row))
        }
        var table = CSVTable(header: header)
        for key in order {
            for row in kept where expectation(row) == key {
                try? table.append(row.map { $0.isEmpty ? CSVValue.empty : .string($0) })
            }
        }
        return table.render()
    }
}
