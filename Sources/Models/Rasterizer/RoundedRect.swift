/// A rounded rectangle as a signed-distance shape: coverage of a point is how far it lies inside
/// the edge (half a pixel either side of the edge blends from 1 to 0), which anti-aliases the edge.
struct RoundedRect {
    let minX: Double
    let minY: Double
    let maxX: Double
    let maxY: Double
    let radius: Double

    /// `rect` with corners of `radius`, clamped to 0...half the shorter side.
    init(_ rect: Rect, radius: Double) {
        minX = min(rect.x, rect.x + rect.width)
        maxX = max(rect.x, rect.x + rect.width)
        minY = min(rect.y, rect.y + rect.height)
        maxY = max(rect.y, rect.y + rect.height)
        let limit = min(maxX - minX, maxY - minY) / 2
        self.radius = radius.isFinite ? min(max(0, radius), limit) : 0
    }

    /// The pixels the shape may touch, clipped to a `width × height` bitmap; `nil` if none.
    func pixelBounds(width: Int, height: Int) -> (minX: Int, minY: Int, maxX: Int, maxY: Int)? {
        guard minX.isFinite, minY.isFinite, maxX.isFinite, maxY.isFinite, maxX > minX, maxY > minY else { return nil }
        let left = max(0, Int(max(-1, min(Double(width), (minX - 0.5).rounded(.down)))))
        let top = max(0, Int(max(-1, min(Double(height), (minY - 0.5).rounded(.down)))))
        let right = min(width, Int(max(0, min(Double(width), (maxX + 0.5).rounded(.up)))))
        let bottom = min(height, Int(max(0, min(Double(height), (maxY + 0.5).rounded(.up)))))
        guard left < right, top < bottom else { return nil }
        return (left, top, right, bottom)
    }

    /// How much of the pixel centred at (`x`, `y`) the shape covers, 0...1.
    /// - Complexity: O(1).
    @inline(__always)
    func coverage(x: Double, y: Double) -> Double {
        let halfWidth = (maxX - minX) / 2
        let halfHeight = (maxY - minY) / 2
        let dx = abs(x - (minX + halfWidth)) - (halfWidth - radius)
        let dy = abs(y - (minY + halfHeight)) - (halfHeight - radius)
        let outsideX = max(dx, 0)
        let outsideY = max(dy, 0)
        let outside = outsideX == 0 || outsideY == 0 ? outsideX + outsideY : (outsideX * outsideX + outsideY * outsideY).squareRoot()
        let distance = outside + min(max(dx, dy), 0) - radius
        return min(1, max(0, 0.5 - distance))
    }
}
