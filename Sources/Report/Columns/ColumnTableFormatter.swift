/// Renders a kind's column descriptions for people: `workbench columns` and the docs' column
/// tables, which are generated from its Markdown output.
///
/// ```text
/// scrolling-table: a table view scrolled by a script, ...
///
/// summary.csv
///   name            unit   role      direction         description
///   hits            count  count     higher_is_better  requests answered with a cached, unused controller
/// ```
public enum ColumnTableFormatter {
    /// The output formats.
    public enum Format: String, CaseIterable, Sendable {
        /// Aligned columns for a terminal.
        case text
        /// A GitHub-flavoured Markdown table per file (the docs' column tables).
        case markdown
        /// One CSV row per column: the kind, then `columns.csv`'s fields.
        case csv
    }

    /// The files in the order the tables list them.
    static let files: [ResultFile] = [.summary, .timeseries, .latency, .views]

    /// Every column of kind `kind` (described by `summary`) in `format`.
    public static func render(kind: String, summary: String, columns: ResultColumns, format: Format) -> String {
        switch format {
        case .text: text(kind: kind, summary: summary, columns: columns)
        case .markdown: markdown(kind: kind, summary: summary, columns: columns)
        case .csv: csv(kinds: [(kind, columns)], header: true)
        }
    }

    /// The CSV rows of several kinds, with one header row when `header` is set.
    public static func csv(kinds: [(kind: String, columns: ResultColumns)], header: Bool) -> String {
        var table = CSVTable(header: ["kind"] + ResultColumns.header)
        for (kind, columns) in kinds {
            for file in files {
                for column in columns.columns(of: file) {
                    try? table.append(
                        [
                            kind, file.rawValue, column.name, column.unit.rawValue, column.role.rawValue,
                            column.direction.rawValue, column.description, column.views.map(\.rawValue).joined(separator: " "),
                        ].map { CSVValue.string($0) })
                }
            }
        }
        let text = table.render()
        guard !header, let end = text.range(of: "\r\n") else {
            return text
        }
        return String(text[end.upperBound...])
    }

    static func text(kind: String, summary: String, columns: ResultColumns) -> String {
        var out = "\(kind): \(summary)\n"
        for file in files where !columns.columns(of: file).isEmpty {
            out += "\n\(file.fileName)\n"
            let rows =
                [["name", "unit", "role", "direction", "description"]]
                + columns.columns(of: file).map {
                    [$0.name, $0.unit.rawValue, $0.role.rawValue, $0.direction.rawValue, $0.description]
                }
            let widths = (0..<4).map { index in rows.map { $0[index].count }.max() ?? 0 }
            for row in rows {
                let padded = (0..<4).map { row[$0] + String(repeating: " ", count: widths[$0] - row[$0].count) }
                out += "  " + (padded + [row[4]]).joined(separator: "  ") + "\n"
            }
        }
        return out
    }

    static func markdown(kind: String, summary: String, columns: ResultColumns) -> String {
        var out = "#### `\(kind)`\n\n\(summary.prefix(1).uppercased() + summary.dropFirst()).\n"
        for file in files where !columns.columns(of: file).isEmpty {
            out += "\n`\(file.fileName)`\n\n| column | unit | role | better | meaning |\n|---|---|---|---|---|\n"
            for column in columns.columns(of: file) {
                let better =
                    switch column.direction {
                    case .higherIsBetter: "higher"
                    case .lowerIsBetter: "lower"
                    case .neutral: "–"
                    }
                let meaning = column.description.replacingOccurrences(of: "|", with: "\\|")
                out += "| `\(column.name)` | \(column.unit.rawValue) | \(column.role.rawValue) | \(better) | \(meaning) |\n"
            }
        }
        return out
    }
}
