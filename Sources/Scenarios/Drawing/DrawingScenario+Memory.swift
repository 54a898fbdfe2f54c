extension DrawingScenario {
    /// With a memory tier, its drawings (its capacity, or every view instance's drawing when it
    /// has none); with a disk tier, a frame's drawings queued for writing; the rasterizer's
    /// surfaces for the largest view (the drawing, the shadow mask and its blur buffer); each view
    /// type's context the returned images are drawn into, with the conversion buffer of the
    /// largest; and four histograms, and one per view type. The disk tier's files are on disk (bounded by `disk_capacity`), not in memory.
    public func memoryEstimate() -> MemoryEstimate {
        let bitmaps = views.map { 4 * $0.width.rounded(.up) * $0.height.rounded(.up) }
        let everyInstance = zip(views, bitmaps).reduce(0.0) { $0 + Double($1.0.count) * $1.1 }
        let hasMemoryTier = cache.policies.contains(where: Self.memoryTierPolicies.contains)
        let hasDiskTier = cache.policies.contains(where: Self.diskTierPolicies.contains)
        let memoryTier = cache.capacityBytes > 0 ? min(Double(cache.capacityBytes), everyInstance) : everyInstance
        return MemoryEstimate([
            .init("memory tier drawings", hasMemoryTier ? memoryTier : 0),
            .init("drawings queued for the disk tier", hasDiskTier ? everyInstance : 0),
            .init("rasterizer surfaces", 3 * (bitmaps.max() ?? 0)),
            .init("view contexts", bitmaps.reduce(0, +) + (bitmaps.max() ?? 0)),
            // Four for the run, one per view type (views.csv).
            .init("histograms", Double(4 + views.count) * MemoryEstimate.bytesPerHistogram),
        ])
    }

    /// Fresh draws, cached draws, frame work.
    public var histogramsPerRun: Int { 3 }

    /// Measured: at most 971 (`live-feed.yaml`'s fresh draws and frame work).
    public var heldBucketsPerRun: Int { 2_048 }

    /// One per view type.
    public var viewRowsPerRun: Int { views.count }
}
