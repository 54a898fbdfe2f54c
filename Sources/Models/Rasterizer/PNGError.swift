/// Why a PNG could not be written or read.
public enum PNGError: Error, Equatable, CustomStringConvertible {
    /// libpng refused the data; its message (a bad signature, a CRC error, a truncated or damaged
    /// zlib stream, an unknown critical chunk...).
    case libpng(String)
    /// The image's pixels would take more than ``PNGFile/maxPixelBytes``.
    case tooLarge(width: Int, height: Int)

    public var description: String {
        switch self {
        case .libpng(let message): return "png: \(message)"
        case .tooLarge(let width, let height): return "png: \(width)x\(height) is too large"
        }
    }
}
