import Foundation

/// Byte counts as people read them, in powers of 1024: `2 MiB`, not `2097152`.
///
/// The terminal table, the index pages and the plots' labels show bytes this way; the CSV files
/// keep the raw numbers (results are data). The plot scripts format alike (`bytes_text` in
/// `scripts/common.gp`).
public enum ByteCount {
    /// The units after bytes, each 1024 times the one before.
    static let units = ["KiB", "MiB", "GiB", "TiB"]

    /// `bytes` in the largest unit it reaches, with at most two decimals and no trailing zeros:
    /// `512 B`, `1.5 KiB`, `2 MiB`, `1.43 MiB`.
    public static func text(_ bytes: Double) -> String {
        guard bytes.isFinite else { return "\(bytes)" }
        var value = bytes
        var unit = "B"
        for next in units where abs(value) >= 1024 {
            value /= 1024
            unit = next
        }
        if unit == "B" {
            return String(format: "%.0f B", value)
        }
        var digits = String(format: "%.2f", value)
        while digits.hasSuffix("0") { digits.removeLast() }
        if digits.hasSuffix(".") { digits.removeLast() }
        return "\(digits) \(unit)"
    }

    /// A cell of a bytes column as people read it (``text(_:)``); an empty or non-numeric cell as
    /// written.
    public static func text(cell: String) -> String {
        guard !cell.isEmpty, let value = Double(cell), value.isFinite else { return cell }
        return text(value)
    }

    /// Whether `text` is a byte count as ``text(_:)`` writes it (a number, a space, a unit).
    public static func isText(_ text: String) -> Bool {
        let parts = text.split(separator: " ")
        return parts.count == 2 && Double(parts[0]) != nil && (parts[1] == "B" || units.contains(String(parts[1])))
    }

    /// Whether a sweep over `key` sweeps a byte count: the summary column the key names (the key
    /// itself, or its last path component: `cache.capacity` names `capacity`) has unit `bytes`,
    /// or, without such a column, `<last component>_bytes` does (a drawing's `cache.capacity` is
    /// its `capacity_bytes`). `scripts/plot.sh` decides alike from `columns.csv` (its
    /// `byte_sweep`).
    public static func isByteSweep(key: String, columns: ResultColumns?) -> Bool {
        guard let columns, !key.isEmpty else { return false }
        let last = key.split(separator: ".").last.map(String.init) ?? key
        for name in [key, last] {
            if let column = columns.column(name, in: .summary) {
                return column.unit == .bytes
            }
        }
        return columns.column(last + "_bytes", in: .summary)?.unit == .bytes
    }
}
