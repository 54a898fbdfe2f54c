import Foundation

/// The key of a cached drawing: `EGOUI-<type name>-<selector>-<width>x<height>-<salt>`, width and
/// height with two decimals.
///
/// The key names the drawer's *type*, not the instance, so every instance of a type that draws the
/// same routine at the same size with the same salt shares one entry; the rect's origin is not part
/// of it. (The original's key was `EGOUICache/<class>/<selector>/<w>x<h>/<salt>.png`; the seed
/// document's spelling is the one used here.)
public enum DrawingKey {
    /// The key text.
    /// - Throws: ``DrawingCacheError/missingSalt(typeName:selector:)`` for a `nil` salt,
    ///   ``DrawingCacheError/invalidSize(width:height:)`` for a size that is not positive and finite.
    /// - Complexity: O(*n*) in the key's length.
    public static func text(typeName: String, selector: String, rect: Rect, salt: String?) throws -> String {
        guard let salt else { throw DrawingCacheError.missingSalt(typeName: typeName, selector: selector) }
        guard rect.width.isFinite, rect.height.isFinite, rect.width > 0, rect.height > 0 else {
            throw DrawingCacheError.invalidSize(width: rect.width, height: rect.height)
        }
        // Built into one buffer of the right size: a cache hit costs little more than this string.
        var key = "EGOUI-"
        key.reserveCapacity(key.utf8.count + typeName.utf8.count + selector.utf8.count + salt.utf8.count + 48)
        key += typeName
        key += "-"
        key += selector
        key += "-"
        appendTwoDecimals(rect.width, to: &key)
        key += "x"
        appendTwoDecimals(rect.height, to: &key)
        key += "-"
        key += salt
        return key
    }

    /// Appends `value` as `%.2f` prints it. A value that is a whole number of hundredths (sizes
    /// are, in practice) is written digit by digit; `%.2f` rounds such a value to itself, so the
    /// text is the same. Any other value goes through `String(format:)`.
    static func appendTwoDecimals(_ value: Double, to text: inout String) {
        let hundredths = value * 100
        guard value >= 0, hundredths < 1e15, hundredths == hundredths.rounded() else {
            text += twoDecimals(value)
            return
        }
        let whole = Int(hundredths)
        text += String(whole / 100)
        text += "."
        let fraction = whole % 100
        if fraction < 10 { text += "0" }
        text += String(fraction)
    }

    /// The name a type goes by in keys: its unqualified name, as `NSStringFromClass` gives for an
    /// Objective-C class (`String(describing:)`).
    public static func typeName(of type: Any.Type) -> String { String(describing: type) }

    /// `value` as `%.2f` prints it.
    static func twoDecimals(_ value: Double) -> String { String(format: "%.2f", value) }
}
