import Report
import Scenarios

/// The short table printed after each scenario: one line per run, the columns people look at first.
struct SummaryTable {
    let result: ScenarioResult
    let directory: String

    /// The columns for the result's kind, recognised by its summary columns.
    var columns: [(title: String, column: String)] {
        var columns = result.summary.first?["view_cache_hits"] != nil ? Self.navigationColumns : Self.scrollingTableColumns
        // A sweep: the swept value beside the policy.
        if let key = result.summary.first?["sweep_key"]?.text, !key.isEmpty {
            columns.insert((key, "sweep_value"), at: 2)
        }
        return columns
    }

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

    func render() -> String {
        let columns = self.columns
        var lines: [[String]] = [columns.map(\.title)]
        for row in result.summary {
            lines.append(columns.map { row[$0.column]?.text ?? "" })
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
