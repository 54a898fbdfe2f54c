extension DrawingScenario {
    /// The memory tier's drawings (its capacity, or every view instance's drawing when it has
    /// none), the drawings of one frame in flight, the rasterizer's surfaces for the largest view
    /// (the drawing, the shadow mask and its blur buffer), and four histograms. The disk tier
    /// is on disk (bounded by `disk_capacity`), not in memory.
    public func memoryEstimate() -> MemoryEstimate {
        let bitmaps = views.map { 4 * $0.width.rounded(.up) * $0.height.rounded(.up) }
        let everyInstance = zip(views, bitmaps).reduce(0.0) { $0 + Double($1.0.count) * $1.1 }
        let memoryTier = cache.capacityBytes > 0 ? min(Double(cache.capacityBytes), everyInstance) : everyInstance
        return MemoryEstimate([
            .init("memory tier drawings", memoryTier),
            .init("drawings of a frame", everyInstance),
            .init("rasterizer surfaces", 3 * (bitmaps.max() ?? 0)),
            .init("histograms", 4 * MemoryEstimate.bytesPerHistogram),
        ])
    }
}
