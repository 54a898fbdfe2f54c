/// A readable part of a scenario's `summary.csv` for the index pages: the columns that say most
/// about a run, every row. The page links to the full file for the rest.
struct SummaryExcerpt: Equatable {
    /// Column headings (column names; the swept value is headed by the swept parameter's path).
    let headings: [String]
    /// One row per run, as wide as ``headings``.
    let rows: [[String]]
    /// Per cell of ``rows``, why its percentile is unreliable (``TailSamples``), or nil.
    let unreliable: [[String?]]

    /// How many leading columns are shown for a summary without a column description.
    static let undescribedColumnCount = 10

    /// The excerpt of `summary`: the columns its description marks ``ColumnView/table`` that it
    /// has (without a description, its first ``undescribedColumnCount``), with `sweep_value`
    /// after `in_use` (or, without it, after `policy`) when some row has one (headed by the
    /// first `sweep_key`, or `sweep_value`).
    init(_ summary: ResultsTable, columns: ResultColumns?) {
        var names: [String]
        if let columns {
            names = columns.columns(of: .summary, shownIn: .table).map(\.name).filter(summary.has)
        } else {
            names = Array(summary.header.prefix(Self.undescribedColumnCount))
        }
        var headings = names
        if !summary.distinctValues(of: "sweep_value").isEmpty, !names.contains("sweep_value") {
            let position = (names.firstIndex(of: "in_use") ?? names.firstIndex(of: "policy")).map { $0 + 1 } ?? 0
            names.insert("sweep_value", at: position)
            headings.insert(summary.distinctValues(of: "sweep_key").first ?? "sweep_value", at: position)
        }
        let indices = names.compactMap { summary.header.firstIndex(of: $0) }
        let rates = Set(names.filter { columns?.column($0)?.unit == .perSecond })
        self.headings = headings
        self.unreliable = summary.rows.map { row in
            names.map { name in
                columns.flatMap { columns in
                    TailSamples.unreliability(of: name, columns: columns) { companion in
                        summary.header.firstIndex(of: companion).flatMap { Double(row[$0]) }
                    }
                }
            }
        }
        self.rows = summary.rows.map { row in
            indices.map { index in
                // Rates as whole numbers (2535439, not 2535438.81363): the table must fit the page.
                guard rates.contains(summary.header[index]), let value = Double(row[index]), value.isFinite else {
                    return row[index]
                }
                return String(format: "%.0f", value)
            }
        }
    }

    /// Whether some cell is an unreliable percentile.
    var hasUnreliable: Bool { unreliable.contains { $0.contains { $0 != nil } } }

    /// What the pages say under a table with unreliable percentiles.
    static let unreliableNote =
        "Unreliable percentiles: fewer than \(TailSamples.reliableMinimum) samples lie beyond them, so a handful of "
        + "requests decide the value; compare never judges them"

    /// Whether a cell holds a number (right-aligned on the page).
    static func isNumeric(_ cell: String) -> Bool {
        !cell.isEmpty && Double(cell) != nil
    }
}
