extension ParallelReadersScenario {
    /// The store's entries with their payloads, twice (the initial load is built beside the
    /// store), the key table, per thread its stack and a histogram per operation, and with
    /// `store.persistence` a save's file contents.
    public func memoryEstimate() -> MemoryEstimate {
        let keys = Double(keyCount)
        let threads = Double(roles.reduce(0) { $0 + $1.role.threads })
        let histograms = Double(StoreOperation.allCases.count) * MemoryEstimate.bytesPerHistogram
        var parts: [MemoryEstimate.Part] = [
            .init("store entries and payloads", 2 * keys * (MemoryEstimate.bytesPerStoreEntry + Double(valueSize))),
            .init("key table", 8 * keys * Double(distinctDistributions)),
            .init("thread stacks", threads * MemoryEstimate.bytesPerThreadStack),
            .init("histograms", (threads + 1) * histograms),
        ]
        // A save's file contents, built as bytes and then copied into its Data.
        if persistence != nil { parts.append(.init("store.persistence's save", 2 * keys * (28 + Double(valueSize)))) }
        return MemoryEstimate(parts)
    }

    /// One per store operation.
    public var histogramsPerRun: Int { StoreOperation.allCases.count }

    /// Measured: at most 9,722 (`news-feed.yaml`: 7,612 of them its gets, 58,740 of them); a
    /// thread's gets spread over more buckets the more of them it times.
    public var heldBucketsPerRun: Int { 16_384 }
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
