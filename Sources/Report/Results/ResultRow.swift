/// One row of a result file: named values in column order.
///
/// A row holds no roles of its own: each column's role (``MetricRole``) is the one its kind
/// declares for it (``Column``, ``ResultColumns``), and a row only records where it overrides
/// that declaration for itself (a count that this run measured).
///
/// ```swift
/// var row = configuration.identityRow(scenario: name)  // scenario, policy, in_use, ...
/// row.append("hits", .uint(hits))                        // role as declared: count
/// row.append("get_p99_ns", .uint(summary.p99))           // role as declared: measured
/// row.append("total_ops", .uint(total), overridingRole: bound ? nil : .measured)
/// ```
///
/// Column names are looked up by exact match; append each name once. The roles are not
/// written to the CSV file: they tell the code that builds or compares rows which columns
/// must match exactly. The results writer refuses a row whose columns its kind does not declare,
/// in order, or that overrides a role it may not (``ResultsWriter/checkOverrides(of:declared:file:)``).
public struct ResultRow: Sendable, Equatable {
    /// The columns in order, as (name, value) pairs.
    public var columns: [(name: String, value: CSVValue)]

    /// The roles this row gives columns in place of their declared ones, by column name: a
    /// declared count or measured figure as the other, nothing else
    /// (``ResultsWriter/checkOverrides(of:declared:file:)``).
    public var roleOverrides: [String: MetricRole]

    /// An empty row.
    public init() {
        columns = []
        roleOverrides = [:]
    }

    /// Appends a column at the end of the row.
    ///
    /// - Parameters:
    ///   - name: The column name, used as the CSV header; its kind declares it, and its role.
    ///   - value: The value.
    ///   - role: The column's role in this row when it is not the declared one (a declared
    ///     count this run measured: `.measured`); nil (the default) keeps the declared role.
    public mutating func append(_ name: String, _ value: CSVValue, overridingRole role: MetricRole? = nil) {
        columns.append((name: name, value: value))
        roleOverrides[name] = role
    }

    /// The value of the first column called `name`, or nil if there is none.
    public subscript(name: String) -> CSVValue? {
        columns.first { $0.name == name }?.value
    }

    /// The column names in order.
    public var names: [String] { columns.map(\.name) }

    /// The values in column order.
    public var values: [CSVValue] { columns.map(\.value) }

    /// The role of the column called `name` in this row: its override, else its role among
    /// `declared` (the columns of the row's file); nil if the row has no such column, or
    /// `declared` none and the row no override.
    public func role(of name: String, declaredBy declared: [Column]) -> MetricRole? {
        guard columns.contains(where: { $0.name == name }) else {
            return nil
        }
        return roleOverrides[name] ?? declared.first { $0.name == name }?.role
    }

    /// Two rows are equal when they have the same columns, values and role overrides, in the
    /// same order.
    public static func == (lhs: ResultRow, rhs: ResultRow) -> Bool {
        lhs.roleOverrides == rhs.roleOverrides
            && lhs.columns.count == rhs.columns.count
            && zip(lhs.columns, rhs.columns).allSatisfy { $0.name == $1.name && $0.value == $1.value }
    }
}
