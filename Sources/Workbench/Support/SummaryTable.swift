import Foundation
import Report
import Scenarios

/// The short table printed after each scenario: one line per run, the columns people look at first.
struct SummaryTable {
    let result: ScenarioResult
    let directory: String

    /// The columns for the result's kind, recognised by its summary columns (`stale_reads`:
    /// parallel-readers; `memory_hits`: drawing; `view_cache_hits`: navigation; else
    /// scrolling-table).
    var columns: [(title: String, column: String)] {
        let first = result.summary.first
        var columns: [(title: String, column: String)]
        if first?["stale_reads"] != nil {
            columns = Self.parallelReadersColumns
        } else if first?["memory_hits"] != nil {
            columns = Self.drawingColumns
        } else if first?["view_cache_hits"] != nil {
            columns = Self.navigationColumns
        } else {
            columns = Self.scrollingTableColumns
        }
        // A sweep: the swept value beside the policy (after in_use, when the kind shows it).
        if let key = first?["sweep_key"]?.text, !key.isEmpty {
            let position = (columns.firstIndex { $0.column == "in_use" } ?? 0) + 1
            columns.insert((key, "sweep_value"), at: position)
        }
        return columns
    }

    /// Drawing runs have no in-use mode: no `in_use` column.
    static let drawingColumns: [(title: String, column: String)] = [
        ("policy", "policy"), ("requests", "requests"), ("hit_rate", "hit_rate"), ("memory_hits", "memory_hits"),
        ("disk_hits", "disk_hits"), ("misses", "misses"), ("cancels", "cancels"),
        ("memory_bytes_max", "memory_bytes_max"), ("disk_bytes_max", "disk_bytes_max"),
        ("fresh_p50_ns", "fresh_draw_p50_ns"), ("cached_p50_ns", "cached_draw_p50_ns"),
    ]

    /// Parallel-readers runs differ by store design (the `policy` column) and have no in-use
    /// mode. Rates (`*_per_s`) are shown as whole numbers.
    static let parallelReadersColumns: [(title: String, column: String)] = [
        ("design", "policy"), ("ops", "total_ops"), ("reads/s", "read_ops_per_s"), ("writes/s", "write_ops_per_s"),
        ("get_p50_ns", "get_p50_ns"), ("get_p99_ns", "get_p99_ns"), ("set_p99_ns", "set_p99_ns"),
        ("stale_reads", "stale_reads"), ("allocations", "allocations"),
    ]

    static let navigationColumns: [(title: String, column: String)] = [
        ("policy", "policy"), ("in_use", "in_use"), ("intents", "intents"), ("failed_backs", "failed_backs"),
        ("creations", "creations"), ("hit_rate", "view_cache_hit_rate"), ("resident_max", "resident_controllers_max"),
        ("history_max", "history_depth_max"), ("cache_bytes_max", "view_cache_bytes_max"),
        ("history_bytes_max", "history_bytes_max"), ("p50_ns", "transition_latency_p50_ns"),
        ("p99_ns", "transition_latency_p99_ns"),
    ]

    static let scrollingTableColumns: [(title: String, column: String)] = [
        ("policy", "policy"), ("in_use", "in_use"), ("requests", "requests"), ("hit_rate", "hit_rate"),
        ("instantiations", "instantiations"), ("evictions", "evictions"), ("repopulations", "repopulations"),
        ("in_use_dropped", "in_use_dropped"), ("allocated_bytes", "allocated_bytes"),
        ("p50_ns", "dequeue_latency_p50_ns"), ("p99_ns", "dequeue_latency_p99_ns"),
    ]

    /// `text` as the table shows it: a rate (`*_per_s`) rounded to a whole number (`197135`, not
    /// `197135.125315`); anything else as written.
    static func cell(_ text: String, column: String) -> String {
        guard column.hasSuffix("_per_s"), let value = Double(text), value.isFinite else {
            return text
        }
        return String(format: "%.0f", value)
    }

    func render() -> String {
        let columns = self.columns
        var lines: [[String]] = [columns.map(\.title)]
        for row in result.summary {
            lines.append(columns.map { Self.cell(row[$0.column]?.text ?? "", column: $0.column) })
        }
        let widths = columns.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        var text = "\(result.name)\(result.complete ? "" : " (incomplete)") → \(directory)\n"
        for line in lines {
            let cells = line.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            text += "  " + cells.joined(separator: "  ") + "\n"
        }
        return text
    }
}
