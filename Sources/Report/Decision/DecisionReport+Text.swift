/// The answer and the grid as `run` and `decide` print them: aligned columns, two spaces in.
///
/// ```text
/// capacity-sweep: hit_rate >= 0.9 (one seed); minimize cache.capacity
///   answer: cache.capacity 16, met by all 10 runs
///   run                 smallest cache.capacity  knee
///   lru/repopulate      16                       12
///   best hit_rate (higher is better; ties: equal values) at each cache.capacity:
///     2   optimal/repopulate
///   hit_rate by cache.capacity (higher is better); * best (several when equal)
///   run                        2         4
///   lru/repopulate      0.018605  0.134884
/// ```
extension DecisionReport {
    /// The answer (with a question) then the grid (for a sweep); "" for neither.
    public func text(scenario: String? = nil) -> String {
        var lines: [String] = []
        let name = scenario ?? decision?.scenario ?? grid?.scenario ?? ""
        if let decision {
            let summary = DecisionSummary(decision)
            lines.append("\(name): \(summary.question)")
            lines.append("  answer: \(summary.answer)")
            lines += Self.aligned(summary.perRun).map { "  " + $0 }
            if decision.sweepKey != nil || decision.runs.count > 1 {
                lines.append("  \(summary.perValueTitle):")
                let groups = summary.perValue.map { entry in
                    [entry.value, DecisionSummary.group(best: entry.best, tied: entry.tied, runs: decision.runs.count)]
                }
                lines += Self.aligned(groups).map { "    " + $0 }
            }
            lines += summary.notes.map { "  note: \($0)" }
        }
        if let grid {
            if decision == nil { lines.append("\(name): grid") }
            lines.append("  " + grid.legend(best: "*", tied: "=", knees: decision == nil))
            lines += Self.aligned(grid.textRows(knees: decision == nil), rightAligned: true).map { "  " + $0 }
        }
        return lines.isEmpty ? "" : lines.joined(separator: "\n") + "\n"
    }

    /// `rows` in columns two spaces apart, trailing blanks removed; with `rightAligned`, every
    /// column but the first right-aligned.
    static func aligned(_ rows: [[String]], rightAligned: Bool = false) -> [String] {
        let width = rows.map(\.count).max() ?? 0
        let widths = (0..<width).map { column in rows.map { column < $0.count ? $0[column].count : 0 }.max() ?? 0 }
        return rows.map { row in
            var line = ""
            for (column, cell) in row.enumerated() {
                let padding = String(repeating: " ", count: widths[column] - cell.count)
                if column > 0 { line += "  " }
                line += rightAligned && column > 0 ? padding + cell : cell + padding
            }
            while line.last == " " { line.removeLast() }
            return line
        }
    }
}

extension DecisionGrid {
    /// The grid's rows as text: a header (`run`, the sweep values, `knee` with `knees`), then a
    /// row per run, a best value followed by `*`, a tied one by `=`, others by a space.
    func textRows(knees: Bool) -> [[String]] {
        let shown = displayValues
        var rows = [["run"] + shown.map { $0 + " " } + (knees ? ["knee"] : [])]
        for run in runs.indices {
            var row = [names[run]]
            for value in values.indices {
                let cell = cells[run][value]
                let mark: String
                switch standings[value][run] {
                case .best: mark = "*"
                case .tied: mark = "="
                case .behind: mark = " "
                }
                row.append(cell.isEmpty ? "-" + " " : cell + mark)
            }
            if knees { row.append(self.knees[run].map { shown[$0] } ?? "none") }
            rows.append(row)
        }
        return rows
    }
}

extension DecisionGrid {
    /// The sweep values as the grid shows them (``shownValues``; ``values`` for a grid made
    /// without them).
    var displayValues: [String] {
        shownValues.count == values.count ? shownValues : values
    }
}
