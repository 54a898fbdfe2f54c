extension ScrollingTableScenario {
    /// The table's rows, the row controllers' view trees (the cache's capacity plus a screenful
    /// in use: a cache reuses a controller that is not in use before it makes one), a screenful
    /// of headers and footers, the detail screens, and the frame-work histogram.
    public func memoryEstimate() -> MemoryEstimate {
        let rows = Double(table.sections) * Double(table.rowsPerSection.bounds.upperBound)
        let shortest = (table.cells.map(\.height) + (table.layoutRows ?? []).compactMap(\.height)).min() ?? 1
        let visible = (table.viewportHeight / max(shortest, 1)).rounded(.up) + 2
        let largestCell = Double(table.cells.map(\.nib.views).max() ?? 0)
        let held = min(rows, Double(cache.capacity ?? 0))
        let supplementary = Double((table.header?.nib.views ?? 0) + (table.footer?.nib.views ?? 0))
        let details = details.reduce(0.0) { $0 + Double($1.nib.views) }
        return MemoryEstimate([
            .init("table rows", rows * MemoryEstimate.bytesPerTableRow),
            .init("row view trees", (held + visible) * largestCell * MemoryEstimate.bytesPerView),
            .init("header and footer view trees", visible * supplementary * MemoryEstimate.bytesPerView),
            .init("detail view trees", details * MemoryEstimate.bytesPerView),
            .init("histograms", Double(histogramsPerRun) * MemoryEstimate.bytesPerHistogram),
        ])
    }

    /// Row dequeues, header and footer dequeues, frame work.
    public var histogramsPerRun: Int { 3 }

    /// Measured: at most 872 (`capacity-sweep.yaml`'s frame work and row dequeues).
    public var heldBucketsPerRun: Int { 2_048 }
}
