/// A point in a shape's unit square: (0, 0) is its top-left corner, (1, 1) its bottom-right.
public struct UnitPoint: Hashable, Sendable {
    public var x: Double
    public var y: Double

    public init(x: Double, y: Double) {
        self.x = x
        self.y = y
    }

    public static let leading = UnitPoint(x: 0, y: 0.5)
    public static let trailing = UnitPoint(x: 1, y: 0.5)
    public static let top = UnitPoint(x: 0.5, y: 0)
    public static let bottom = UnitPoint(x: 0.5, y: 1)
}

/// A linear gradient across a shape, as `CGContextDrawLinearGradient` paints it: colour stops along
/// the line from `start` to `end`; beyond either end the end colour extends. Cairo paints it.
public struct LinearGradient: Hashable, Sendable {
    /// One colour at a position along the gradient line (0 at `start`, 1 at `end`).
    public struct Stop: Hashable, Sendable {
        public var location: Double
        public var color: RGBAColor

        public init(location: Double, color: RGBAColor) {
            self.location = location.isNaN ? 0 : min(1, max(0, location))
            self.color = color
        }
    }

    /// The stops, sorted by location.
    public let stops: [Stop]
    public var start: UnitPoint
    public var end: UnitPoint

    /// A gradient through `stops` (sorted here), leading edge to trailing edge by default.
    public init(stops: [Stop], start: UnitPoint = .leading, end: UnitPoint = .trailing) {
        self.stops = stops.sorted { $0.location < $1.location }
        self.start = start
        self.end = end
    }

    /// Two stops: `from` at the start, `to` at the end.
    public init(from: RGBAColor, to: RGBAColor, start: UnitPoint = .leading, end: UnitPoint = .trailing) {
        self.init(stops: [Stop(location: 0, color: from), Stop(location: 1, color: to)], start: start, end: end)
    }
}
