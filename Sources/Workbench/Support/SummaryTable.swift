import Report
import Scenarios

/// The short table printed after each scenario: one line per run, the columns people look at first.
struct SummaryTable {
    let result: ScenarioResult
    let directory: String

    static let columns: [(title: String, column: String)] = [
        ("policy", "policy"), ("in_use", "in_use"), ("requests", "requests"), ("hit_rate", "hit_rate"),
        ("instantiations", "instantiations"), ("evictions", "evictions"), ("repopulations", "repopulations"),
        ("in_use_dropped", "in_use_dropped"), ("allocated_bytes", "allocated_bytes"),
        ("p50_ns", "dequeue_latency_p50_ns"), ("p99_ns", "dequeue_latency_p99_ns"),
    ]

    func render() -> String {
        var lines: [[String]] = [Self.columns.map(\.title)]
        for row in result.summary {
            lines.append(Self.columns.map { row[$0.column]?.text ?? "" })
        }
        let widths = Self.columns.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
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
