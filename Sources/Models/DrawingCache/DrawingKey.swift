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
        return "EGOUI-\(typeName)-\(selector)-\(twoDecimals(rect.width))x\(twoDecimals(rect.height))-\(salt)"
    }

    /// The name a type goes by in keys: its unqualified name, as `NSStringFromClass` gives for an
    /// Objective-C class (`String(describing:)`).
    public static func typeName(of type: Any.Type) -> String { String(describing: type) }

    /// `value` as `%.2f` prints it.
    static func twoDecimals(_ value: Double) -> String { String(format: "%.2f", value) }
}
