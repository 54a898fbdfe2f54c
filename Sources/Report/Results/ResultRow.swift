/// One row of a result file: named values in column order, each marked as a deterministic
/// count or a measured figure.
///
/// ```swift
/// var row = ResultRow()
/// row.append("policy", .string("lru"))
/// row.append("hits", .uint(hits))                          // kind: .count by default
/// row.append("p99_ns", .uint(summary.p99), kind: .measured)
/// ```
///
/// Column names are looked up by exact match; append each name once. The kinds are not
/// written to the CSV file: they tell the code that builds or compares rows which columns
/// must match exactly.
public struct ResultRow: Sendable, Equatable {
    /// The columns in order, as (name, value) pairs.
    public var columns: [(name: String, value: CSVValue)]

    /// Names of the columns appended as ``ColumnKind/measured``; every other column is a count.
    public var measuredColumns: Set<String>

    /// An empty row.
    public init() {
        columns = []
        measuredColumns = []
    }

    /// Appends a column at the end of the row.
    ///
    /// - Parameters:
    ///   - name: The column name, used as the CSV header.
    ///   - value: The value.
    ///   - kind: Whether the value is a deterministic count (the default) or a measured figure.
    public mutating func append(_ name: String, _ value: CSVValue, kind: ColumnKind = .count) {
        columns.append((name: name, value: value))
        switch kind {
        case .count:
            measuredColumns.remove(name)
        case .measured:
            measuredColumns.insert(name)
        }
    }

    /// The value of the first column called `name`, or nil if there is none.
    public subscript(name: String) -> CSVValue? {
        columns.first { $0.name == name }?.value
    }

    /// The column names in order.
    public var names: [String] { columns.map(\.name) }

    /// The values in column order.
    public var values: [CSVValue] { columns.map(\.value) }

    /// The kind of the column called `name`, or nil if the row has no such column.
    public func kind(of name: String) -> ColumnKind? {
        guard columns.contains(where: { $0.name == name }) else {
            return nil
        }
        return measuredColumns.contains(name) ? .measured : .count
    }

    /// Two rows are equal when they have the same columns, values and kinds, in the same order.
    public static func == (lhs: ResultRow, rhs: ResultRow) -> Bool {
        lhs.measuredColumns == rhs.measuredColumns
            && lhs.columns.count == rhs.columns.count
            && zip(lhs.columns, rhs.columns).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
