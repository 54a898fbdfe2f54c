extension ParallelReadersScenario {
    /// The store's entries with their payloads, twice (the initial load is built beside the
    /// store), the key table, and per thread its stack and a histogram per operation.
    public func memoryEstimate() -> MemoryEstimate {
        let keys = Double(keyCount)
        let threads = Double(roles.reduce(0) { $0 + $1.role.threads })
        let histograms = Double(StoreOperation.allCases.count) * MemoryEstimate.bytesPerHistogram
        return MemoryEstimate([
            .init("store entries and payloads", 2 * keys * (MemoryEstimate.bytesPerStoreEntry + Double(valueSize))),
            .init("key table", 8 * keys),
            .init("thread stacks", threads * MemoryEstimate.bytesPerThreadStack),
            .init("histograms", (threads + 1) * histograms),
        ])
    }
}
