import Foundation
import Report
import Scenarios

/// The short table printed after each scenario: one line per run, the columns people look at first.
struct SummaryTable {
    let result: ScenarioResult
    let directory: String
    /// Only the columns that do not vary from run to run (identity, counts and, with
    /// `--instructions`, instruction counts): `--counts-only`.
    var countsOnly = false

    /// The summary columns the result's kind marks for tables (``ColumnView/table``), headed by
    /// their names (with `--instructions`, the instruction columns last); a sweep adds the swept
    /// value beside the policy (after in_use, when shown).
    var columns: [(title: String, column: String)] {
        let first = result.summary.first
        var columns = result.columns.columns(of: .summary, shownIn: .table)
            .filter { !countsOnly || $0.role == .identity || $0.role == .count || $0.role == .instructions }
            .map { (title: $0.name, column: $0.name) }
        if let key = first?["sweep_key"]?.text, !key.isEmpty {
            let position = (columns.firstIndex { $0.column == "in_use" } ?? 0) + 1
            columns.insert((key, "sweep_value"), at: position)
        }
        // With a device profile, the device's columns lead, after the identity columns.
        let names = DeviceColumns.leading(columns.map(\.column), device: deviceColumns)
        return names.map { name in columns.first { $0.column == name } ?? (title: name, column: name) }
    }

    /// The device columns (``DeviceColumns/leading``) of the kind, when the file states device
    /// costs or sizes (a run charged a cost, or has device bytes); none otherwise.
    var deviceColumns: [String] {
        DeviceColumns.stated(rows: result.summary, columns: result.columns) { row, name in row[name]?.text }
    }

    /// The measured columns shown beside device columns: this machine's stand-in objects'
    /// figures, which the table's note names as such.
    var standInColumns: [String] {
        guard !deviceColumns.isEmpty else { return [] }
        return DeviceColumns.standIns(columns.map(\.column), columns: result.columns)
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
        if !deviceColumns.isEmpty {
            text += "  " + DeviceColumns.note(standIns: standIns) + "\n"
        }
        return text
    }
}
