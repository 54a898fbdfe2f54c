import Foundation

/// Reads a number written in decimal the way a person writes it in a scenario file or an
/// option: digits, an optional fraction and an optional exponent (`10`, `2.5`, `.5`, `1e3`).
///
/// `Double(String)` alone also reads hexadecimal (`0x10` is 16), `nan`, `inf` and `infinity`:
/// a share, a byte count or a limit written so is refused here rather than read as a number
/// nobody meant.
public enum DecimalText {
    /// The value of `text` (surrounding spaces ignored), or nil when it is not a finite decimal
    /// number.
    public static func parse(_ text: some StringProtocol) -> Double? {
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        guard isDecimal(trimmed), let value = Double(trimmed), value.isFinite else { return nil }
        return value
    }

    /// Whether `text` is `[+-]digits[.digits][(e|E)[+-]digits]` with at least one mantissa digit.
    static func isDecimal(_ text: String) -> Bool {
        var bytes = Substring(text).utf8[...]
        if let first = bytes.first, first == UInt8(ascii: "+") || first == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
        func digits() -> Int {
            let count = bytes.prefix { $0 >= 48 && $0 <= 57 }.count
            bytes = bytes.dropFirst(count)
            return count
        }
        var mantissa = digits()
        if bytes.first == UInt8(ascii: ".") {
            bytes = bytes.dropFirst()
            mantissa += digits()
        }
        guard mantissa > 0 else { return false }
        if let e = bytes.first, e == UInt8(ascii: "e") || e == UInt8(ascii: "E") {
            bytes = bytes.dropFirst()
            if let sign = bytes.first, sign == UInt8(ascii: "+") || sign == UInt8(ascii: "-") { bytes = bytes.dropFirst() }
            guard digits() > 0 else { return false }
        }
        return bytes.isEmpty
    }
}
