/// How the terminal table printed after a run and the index pages show a summary cell to people;
/// the CSV files keep what the run wrote.
///
/// - A rate (unit `per_s`) as a whole number: `197135`, not `197135.125315`.
/// - A byte count (unit `bytes`, and the swept value of a sweep over bytes) in powers of 1024:
///   `2 MiB`, not `2097152` (``ByteCount``).
/// - A capacity (a column whose name says `capacity`, and the swept value of a sweep over one) of a
///   run whose policy holds no capacity (``uncappedPolicies``) as `-`: `forever` keeps everything
///   whatever capacity the sweep gave the others.
public struct ShownCells: Sendable {
    /// The policies that hold no capacity: `none` (no cache) and `forever` (everything until a
    /// memory warning). Both are names no registered eviction policy may take.
    public static let uncappedPolicies: Set<String> = ["none", "forever"]

    /// What a capacity of such a policy is shown as.
    public static let noCapacity = "-"

    /// The results' columns (units), or nil when undescribed (cells are then shown as written).
    let columns: ResultColumns?
    /// Whether the swept value is a byte count.
    let byteSweep: Bool
    /// Whether the swept value is a capacity.
    let capacitySweep: Bool

    /// The cells of results described by `columns`, swept over `sweepKey` (nil or empty without
    /// a sweep).
    public init(columns: ResultColumns?, sweepKey: String?) {
        self.columns = columns
        let key = sweepKey ?? ""
        byteSweep = ByteCount.isByteSweep(key: key, columns: columns)
        capacitySweep = (key.split(separator: ".").last.map(String.init) ?? "").contains("capacity")
    }

    /// `cell` of summary column `column` (`sweep_value` for the swept value) in a run of policy
    /// `policy`, as people read it.
    public func text(_ cell: String, column: String, policy: String?) -> String {
        if let policy, Self.uncappedPolicies.contains(policy), isCapacity(column) {
            return Self.noCapacity
        }
        let unit = column == "sweep_value" ? (byteSweep ? .bytes : nil) : columns?.column(column)?.unit
        switch unit {
        case .perSecond:
            guard let value = Double(cell), value.isFinite else { return cell }
            return String(format: "%.0f", value)
        case .bytes:
            return ByteCount.text(cell: cell)
        default:
            return cell
        }
    }

    /// Whether `column` holds a capacity.
    func isCapacity(_ column: String) -> Bool {
        column == "sweep_value" ? capacitySweep : column.contains("capacity")
    }
}
