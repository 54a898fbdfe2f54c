/// The columns computed from a device profile and the counts (`device_*`): what the app's objects
/// cost on the device, deterministic. When a file states a profile, every table of its runs (the
/// terminal's, the index pages', the decision's) leads with them, and names the measured columns
/// beside them as this machine's stand-ins.
public enum DeviceColumns {
    /// The device columns a table leads with, in order, when the results have them.
    public static let leading = ["device_bytes_held_max", "device_cost_ms", "device_recreation_ms", "device_cost_frames_over_budget"]

    /// The columns whose positive value shows that a file stated device costs or sizes.
    static let evidence = ["device_bytes_held_max", "device_cost_ms"]

    /// How a measured column is labelled beside device columns.
    public static let standInLabel = "measured on this machine (stand-in)"

    /// The device columns (``leading``) that `columns` describes, when some row states device
    /// costs or sizes (`value(row, column)` positive for a run's bytes held or cost); none
    /// otherwise.
    public static func stated<Row>(
        rows: some Sequence<Row>, columns: ResultColumns?, value: (Row, String) -> String?
    ) -> [String] {
        let stated = rows.contains { row in evidence.contains { (Double(value(row, $0) ?? "") ?? 0) > 0 } }
        guard stated else { return [] }
        return leading.filter { name in columns.map { $0.column(name) != nil } ?? true }
    }

    /// `names` with `device` (those not already among them) moved in after the last identity
    /// column (the run's name and the swept value), so they lead.
    public static func leading(_ names: [String], device: [String]) -> [String] {
        let device = device.filter { !names.contains($0) }
        guard !device.isEmpty else { return names }
        let identity = Set(SharedColumns.identity.map(\.name))
        var names = names
        let position = names.lastIndex { identity.contains($0) }.map { $0 + 1 } ?? 0
        names.insert(contentsOf: device, at: position)
        return names
    }

    /// The measured columns of `names` (``MetricRole/measured``): this machine's stand-ins.
    public static func standIns(_ names: [String], columns: ResultColumns?) -> [String] {
        names.filter { columns?.column($0)?.role == .measured }
    }

    /// The note under a table that shows device columns beside `standIns` measured ones.
    public static func note(standIns: [String]) -> String {
        "device_*: from the device profile and the counts"
            + (standIns.isEmpty ? "" : "; \(standIns.joined(separator: ", ")): \(standInLabel)")
    }
}
