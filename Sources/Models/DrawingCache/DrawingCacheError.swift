/// Why a drawing cache refused a request or could not be made. A refused request changes nothing:
/// no routine runs, no statistic moves, a pending cancel stays pending.
public enum DrawingCacheError: Error, Equatable, CustomStringConvertible {
    /// `cachedDrawing` was called without a salt (the original formats `(null)` into the key, so
    /// every saltless drawing of a type and routine would share one entry).
    case missingSalt(typeName: String, selector: String)
    /// The rect's width or height is not a positive finite number: there is nothing to draw.
    case invalidSize(width: Double, height: Double)
    /// The disk tier's directory cannot be created or written (it is a file, its parent is a file,
    /// or permissions forbid it). Raised when the store is made, never later.
    case directoryUnusable(path: String, reason: String)

    public var description: String {
        switch self {
        case .missingSalt(let typeName, let selector):
            return "cached drawing \(typeName).\(selector) has no salt"
        case .invalidSize(let width, let height):
            return "cannot draw in a \(width)x\(height) rect: width and height must be positive"
        case .directoryUnusable(let path, let reason):
            return "\(path): cannot use as a drawing cache directory: \(reason)"
        }
    }
}
