extension ParallelReadersScenario {
    /// The store's entries with their payloads, twice (the initial load is built beside the
    /// store), the key table, and per thread its stack and a histogram per operation.
    public func memoryEstimate() -> MemoryEstimate {
        let keys = Double(keyCount)
        let threads = Double(roles.reduce(0) { $0 + $1.role.threads })
        let histograms = Double(StoreOperation.allCases.count) * MemoryEstimate.bytesPerHistogram
        return MemoryEstimate([
            .init("store entries and payloads", 2 * keys * (MemoryEstimate.bytesPerStoreEntry + Double(valueSize))),
            .init("key table", 8 * keys * Double(distinctDistributions)),
            .init("thread stacks", threads * MemoryEstimate.bytesPerThreadStack),
            .init("histograms", (threads + 1) * histograms),
        ])
    }
}

extension ParallelReadersScenario {
    /// The scenario's distribution and the groups' own, each counted once (a zipfian table each).
    var distinctDistributions: Int {
        var seen: [KeyDistributionSpec] = []
        for distribution in [distribution] + roles.compactMap(\.role.distribution) where !seen.contains(distribution) {
            seen.append(distribution)
        }
        return seen.count
    }
}
