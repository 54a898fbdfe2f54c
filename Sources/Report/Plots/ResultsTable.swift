import Foundation

/// A parsed result file (`summary.csv`, `timeseries.csv`, `latency.csv`) whose columns are looked
/// up by name, for the plots and the index pages.
struct ResultsTable {
    /// Column names, in file order.
    let header: [String]
    /// Data records, each as wide as ``header``.
    let rows: [[String]]

    /// Reads and parses the CSV file at `url` (RFC 4180; CRLF or LF).
    ///
    /// - Throws: ``PlotError/unreadableResults(path:reason:)`` when it cannot be read or parsed.
    init(contentsOf url: URL) throws {
        let text: String
        do {
            text = try String(contentsOf: url, encoding: .utf8)
        } catch {
            throw PlotError.unreadableResults(path: url.path, reason: error.localizedDescription)
        }
        do {
            (header, rows) = try CSVTable.parse(text)
        } catch {
            throw PlotError.unreadableResults(path: url.path, reason: "\(error)")
        }
    }

    /// Whether the file has a column named `name`.
    func has(_ name: String) -> Bool {
        header.contains(name)
    }

    /// The values of column `name`, one per row; empty when there is no such column.
    func values(of name: String) -> [String] {
        guard let index = header.firstIndex(of: name) else {
            return []
        }
        return rows.map { $0[index] }
    }

    /// The field of column `name` in `row`, or nil without such a column.
    func value(_ name: String, in row: [String]) -> String? {
        header.firstIndex(of: name).map { row[$0] }
    }

    /// The distinct non-empty values of column `name`, in order of first appearance.
    func distinctValues(of name: String) -> [String] {
        var seen = Set<String>()
        return values(of: name).filter { !$0.isEmpty && seen.insert($0).inserted }
    }

    /// One run as the plot scripts name it.
    struct Run: Hashable {
        /// The `policy` column.
        var policy: String
        /// The `in_use` column.
        var inUse: String
        /// The `sweep_value` column when runs are keyed by it, else nil.
        var sweepValue: String?

        /// `policy/in_use`, or `policy/in_use@sweep_value`: the form of the scripts' `runs`
        /// variable and of their `runkey(0)`.
        var key: String {
            "\(policy)/\(inUse)" + (sweepValue.map { "@\($0)" } ?? "")
        }
    }

    /// The distinct runs of the file, in order of first appearance, told apart by their
    /// `sweep_value` too when `keyed` (an absent column counts as empty).
    func runs(keyed: Bool) -> [Run] {
        guard let policy = header.firstIndex(of: "policy"), let inUse = header.firstIndex(of: "in_use") else {
            return []
        }
        let sweep = header.firstIndex(of: "sweep_value")
        var seen = Set<Run>()
        var runs: [Run] = []
        for row in rows {
            let run = Run(policy: row[policy], inUse: row[inUse], sweepValue: keyed ? sweep.map { row[$0] } ?? "" : nil)
            if seen.insert(run).inserted {
                runs.append(run)
            }
        }
        return runs
    }

    /// The distinct values of the `operation` column in the order runs record them: each new
    /// operation goes right after the one its run recorded before it (a run without cached
    /// draws lists `fresh_draw, frame_work`, the next `fresh_draw, cached_draw, frame_work`: the
    /// result is the latter).
    func operationsInRunOrder() -> [String] {
        guard let operation = header.firstIndex(of: "operation") else {
            return []
        }
        let run = header.firstIndex(of: "run")
        var order: [String] = []
        var previous: String? = nil
        var currentRun: String? = nil
        for row in rows {
            let name = row[operation]
            let thisRun = run.map { row[$0] }
            if thisRun != currentRun {
                currentRun = thisRun
                previous = nil
            }
            if name.isEmpty || name == previous {
                continue
            }
            if !order.contains(name) {
                if let previous, let index = order.firstIndex(of: previous) {
                    order.insert(name, at: index + 1)
                } else {
                    order.insert(name, at: 0)
                }
            }
            previous = name
        }
        return order
    }
}
