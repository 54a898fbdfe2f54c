/// A colour with straight (unpremultiplied) alpha, each component in 0...1, as `UIColor` takes it.
/// Cairo premultiplies when it paints.
public struct RGBAColor: Hashable, Sendable {
    public var red: Double
    public var green: Double
    public var blue: Double
    public var alpha: Double

    /// Creates a colour; components are clamped to 0...1 (NaN counts as 0).
    public init(red: Double, green: Double, blue: Double, alpha: Double = 1) {
        self.red = RGBAColor.clamp(red)
        self.green = RGBAColor.clamp(green)
        self.blue = RGBAColor.clamp(blue)
        self.alpha = RGBAColor.clamp(alpha)
    }

    /// A colour from `0xRRGGBB` and an alpha.
    public init(rgb: UInt32, alpha: Double = 1) {
        self.init(
            red: Double((rgb >> 16) & 0xFF) / 255, green: Double((rgb >> 8) & 0xFF) / 255,
            blue: Double(rgb & 0xFF) / 255, alpha: alpha)
    }

    public static let clear = RGBAColor(red: 0, green: 0, blue: 0, alpha: 0)
    public static let black = RGBAColor(red: 0, green: 0, blue: 0)
    public static let white = RGBAColor(red: 1, green: 1, blue: 1)

    private static func clamp(_ value: Double) -> Double { value.isNaN ? 0 : min(1, max(0, value)) }
}
