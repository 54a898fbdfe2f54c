/// One field of a CSV table, with a deterministic textual form.
///
/// The text does not depend on locale or platform, so identical results give byte-identical
/// files:
///
/// | value                  | text                                        |
/// |------------------------|---------------------------------------------|
/// | `.int(-3)`             | `-3`                                        |
/// | `.uint(42)`            | `42`                                        |
/// | `.double(2.5)`         | `2.5` (rounded to 6 decimals, trailing zeros trimmed) |
/// | `.double(3)`           | `3`                                         |
/// | `.double(1e-7)`        | `0` (also `-0.0` gives `0`)                 |
/// | `.double(.nan)`        | `nan`                                       |
/// | `.double(±.infinity)`  | `inf`, `-inf`                               |
/// | `.double(1e19)`        | `1e+19` (magnitudes ≥ 9e18: Swift's shortest form) |
/// | `.string("a,b")`       | `a,b` (quoting is ``CSVTable``'s job)        |
/// | `.empty`               | the empty string                            |
public enum CSVValue: Equatable, Sendable, CustomStringConvertible {
    /// A signed integer.
    case int(Int)
    /// An unsigned integer (counters, nanoseconds, bytes).
    case uint(UInt64)
    /// A floating-point figure, written with at most six decimals.
    case double(Double)
    /// Free text, written as is.
    case string(String)
    /// No value: an empty field.
    case empty

    /// The unquoted text of the field.
    public var text: String {
        switch self {
        case let .int(value):
            return String(value)
        case let .uint(value):
            return String(value)
        case let .double(value):
            return Self.format(value)
        case let .string(value):
            return value
        case .empty:
            return ""
        }
    }

    /// The number the field holds (a text field parsed as one), or nil for empty, non-numeric
    /// and NaN fields.
    public var number: Double? {
        switch self {
        case let .int(v): Double(v)
        case let .uint(v): Double(v)
        case let .double(v): v.isNaN ? nil : v
        case let .string(text): Double(text).flatMap { $0.isNaN ? nil : $0 }
        case .empty: nil
        }
    }

    /// Same as ``text``.
    public var description: String { text }

    /// Decimals kept by ``format(_:)``.
    public static let fractionDigits = 6

    /// Formats a double with at most six decimals, rounding half away from zero and trimming
    /// trailing zeros (and the point when nothing is left after it).
    ///
    /// NaN is `nan`, infinities are `inf` and `-inf`, a value that rounds to zero is `0`
    /// (never `-0`), and magnitudes of 9e18 or more, which have no fraction anyway, use Swift's
    /// shortest round-trip form (`1e+19`).
    public static func format(_ value: Double) -> String {
        if value.isNaN {
            return "nan"
        }
        if value.isInfinite {
            return value < 0 ? "-inf" : "inf"
        }
        let magnitude = value.magnitude
        guard magnitude < 9.0e18 else {
            return "\(value)"
        }
        let scale = 1_000_000.0
        var whole = magnitude.rounded(.towardZero)
        // `magnitude - whole` is exact; only the scaling rounds.
        var fraction = ((magnitude - whole) * scale).rounded(.toNearestOrAwayFromZero)
        if fraction >= scale {
            whole += 1
            fraction = 0
        }
        let wholeDigits = UInt64(whole)
        let fractionValue = UInt64(fraction)
        if wholeDigits == 0 && fractionValue == 0 {
            return "0"
        }
        var text = value < 0 ? "-" : ""
        text += String(wholeDigits)
        if fractionValue > 0 {
            var digits = String(fractionValue)
            if digits.count < fractionDigits {
                digits = String(repeating: "0", count: fractionDigits - digits.count) + digits
            }
            while digits.hasSuffix("0") {
                digits.removeLast()
            }
            text += "." + digits
        }
        return text
    }
}
