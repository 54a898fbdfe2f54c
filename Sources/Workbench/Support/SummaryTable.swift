import Foundation
import Report
import Scenarios

/// The short table printed after each scenario: one line per run, the columns people look at first.
struct SummaryTable {
    let result: ScenarioResult
    let directory: String
    /// Only the columns that do not vary from run to run (identity and counts): `--counts-only`.
    var countsOnly = false

    /// The summary columns the result's kind marks for tables (``ColumnView/table``), headed by
    /// their names; a sweep adds the swept value beside the policy (after in_use, when shown).
    var columns: [(title: String, column: String)] {
        let first = result.summary.first
        var columns = result.columns.columns(of: .summary, shownIn: .table)
            .filter { !countsOnly || $0.role == .identity || $0.role == .count }
            .map { (title: $0.name, column: $0.name) }
        if let key = first?["sweep_key"]?.text, !key.isEmpty {
            let position = (columns.firstIndex { $0.column == "in_use" } ?? 0) + 1
            columns.insert((key, "sweep_value"), at: position)
        }
        // With a device profile, the device's columns lead, after the identity columns.
        let device = deviceColumns.filter { name in !columns.contains { $0.column == name } }
        if !device.isEmpty {
            let identity = Set(SharedColumns.identity.map(\.name) + ["sweep_value"])
            let position = columns.lastIndex { identity.contains($0.column) }.map { $0 + 1 } ?? 0
            columns.insert(contentsOf: device.map { (title: $0, column: $0) }, at: position)
        }
        return columns
    }

    /// The device columns (``Self/deviceColumnNames``) of the kind, when the file states device
    /// costs or sizes (a run charged a cost, or has device bytes); none otherwise.
    var deviceColumns: [String] {
        let stated = result.summary.contains { row in
            ["device_bytes_held_max", "device_cost_ms"].contains { (Double(row[$0]?.text ?? "") ?? 0) > 0 }
        }
        return stated ? Self.deviceColumnNames.filter { result.columns.column($0) != nil } : []
    }

    /// The columns computed from a device profile and the counts, which lead the table when the
    /// file states a profile.
    static let deviceColumnNames = ["device_bytes_held_max", "device_cost_ms", "device_cost_frames_over_budget"]

    /// The measured columns shown beside device columns: this machine's stand-in objects'
    /// figures, which the table's note names as such.
    var standInColumns: [String] {
        guard !deviceColumns.isEmpty else { return [] }
        return columns.map(\.column).filter { result.columns.column($0)?.role == .measured }
    }

    /// How cells are shown (``ShownCells``): a rate (unit `per_s`) rounded to a whole number
    /// (`197135`, not `197135.125315`), bytes as `2 MiB`, no capacity (`-`) for a policy that holds
    /// none; anything else as written.
    var shown: ShownCells {
        ShownCells(columns: result.columns, sweepKey: result.summary.first?["sweep_key"]?.text)
    }

    func render() -> String {
        let columns = self.columns
        let shown = self.shown
        var lines: [[String]] = [columns.map(\.title)]
        for row in result.summary {
            lines.append(
                columns.map { shown.text(row[$0.column]?.text ?? "", column: $0.column, policy: row["policy"]?.text) })
        }
        let widths = columns.indices.map { column in lines.map { $0[column].count }.max() ?? 0 }
        var text = "\(result.name)\(result.complete ? "" : " (incomplete)") → \(directory)\n"
        for line in lines {
            let cells = line.enumerated().map { index, cell in
                cell + String(repeating: " ", count: widths[index] - cell.count)
            }
            text += "  " + cells.joined(separator: "  ") + "\n"
        }
        let standIns = standInColumns
        if !standIns.isEmpty {
            text += "  device_*: from the device profile and the counts; \(standIns.joined(separator: ", ")): measured on this machine (stand-in)\n"
        }
        return text
    }
}
