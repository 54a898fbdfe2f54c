/// A readable part of a scenario's `summary.csv` for the index pages: the columns that say most
/// about a run, every row. The page links to the full file for the rest.
struct SummaryExcerpt: Equatable {
    /// Column headings (column names; the swept value is headed by the swept parameter's path).
    let headings: [String]
    /// One row per run, as wide as ``headings``.
    let rows: [[String]]
    /// Per cell of ``rows``, why its percentile is unreliable (``TailSamples``), or nil.
    let unreliable: [[String?]]
    /// With a device profile, what the device columns are and which measured columns beside
    /// them are this machine's stand-ins (``DeviceColumns/note(standIns:)``); nil without one.
    let deviceNote: String?

    /// How many leading columns are shown for a summary without a column description.
    static let undescribedColumnCount = 10

    /// The excerpt of `summary`: the columns its description marks ``ColumnView/table`` that it
    /// has (without a description, its first ``undescribedColumnCount``), led by the device
    /// columns when the runs state device costs or sizes (``DeviceColumns``), with `sweep_value`
    /// after `in_use` (or, without it, after `policy`) when some row has one (headed by the
    /// first `sweep_key`, or `sweep_value`).
    init(_ summary: ResultsTable, columns: ResultColumns?) {
        var names: [String]
        if let columns {
            names = columns.columns(of: .summary, shownIn: .table).map(\.name).filter(summary.has)
        } else {
            names = Array(summary.header.prefix(Self.undescribedColumnCount))
        }
        // With a device profile, the device's columns lead, after the identity columns.
        let device = DeviceColumns.stated(rows: summary.rows, columns: columns) { row, name in
            summary.header.firstIndex(of: name).map { row[$0] }
        }.filter(summary.has)
        names = DeviceColumns.leading(names, device: device)
        deviceNote = device.isEmpty ? nil : DeviceColumns.note(standIns: DeviceColumns.standIns(names, columns: columns))
        var headings = names
        if !summary.distinctValues(of: "sweep_value").isEmpty, !names.contains("sweep_value") {
            let position = (names.firstIndex(of: "in_use") ?? names.firstIndex(of: "policy")).map { $0 + 1 } ?? 0
            names.insert("sweep_value", at: position)
            headings.insert(summary.distinctValues(of: "sweep_key").first ?? "sweep_value", at: position)
        }
        let indices = names.compactMap { summary.header.firstIndex(of: $0) }
        // Rates as whole numbers (the table must fit the page), bytes as 2 MiB, no capacity for
        // a policy that holds none.
        let shown = ShownCells(columns: columns, sweepKey: summary.distinctValues(of: "sweep_key").first)
        let policy = summary.header.firstIndex(of: "policy")
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
                shown.text(row[index], column: summary.header[index], policy: policy.map { row[$0] })
            }
        }
    }

    /// Whether some cell is an unreliable percentile.
    var hasUnreliable: Bool { unreliable.contains { $0.contains { $0 != nil } } }

    /// What the pages say under a table with unreliable percentiles.
    static let unreliableNote =
        "Unreliable percentiles: fewer than \(TailSamples.reliableMinimum) samples lie beyond them, so a handful of "
        + "requests decide the value; compare never judges them"

    /// Whether a cell holds a number or a byte count (right-aligned on the page).
    static func isNumeric(_ cell: String) -> Bool {
        !cell.isEmpty && (Double(cell) != nil || ByteCount.isText(cell))
    }
}
