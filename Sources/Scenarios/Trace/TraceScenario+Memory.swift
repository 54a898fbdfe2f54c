import Models

extension TraceScenario {
    /// What one replay holds: the cache's entries, the read buffer and one chunk of requests, a
    /// v2 binary trace's object table and slot array (12 bytes an object), `optimal`'s look-ahead
    /// (16 bytes a request) when it runs, and every run's timeseries rows (8 bytes each: their
    /// place in the spool on disk).
    ///
    /// A cache holds at most its capacity in objects and at most the trace's distinct keys: those
    /// counted at load, a generated trace's objects, else its requests (counted, or estimated
    /// from the file's size when the rows were not read at load). Each entry is costed at
    /// ``MemoryEstimate/bytesPerStoreEntry``, which covers every policy's metadata (an s3-fifo
    /// ghost identity, w-tinylfu's sketch counters), since each policy's structures grow with
    /// what is inserted, not with the capacity. `lru`'s one pass over every capacity holds each
    /// capacity's cache at once.
    public func memoryEstimate() -> MemoryEstimate {
        let objects = Double(distinctCacheKeys ?? max(scan.requests, 1))
        func entries(_ capacity: Int) -> Double { cache.inBytes ? objects : min(Double(capacity), objects) }
        // A one-pass policy (LRU stack distances) holds a cache per capacity at once.
        let onePass =
            cache.policies.contains { $0.descriptor?.followsLRUStackDistances == true }
            ? capacities.map { entries($0.value) }.reduce(0, +) : 0
        let entries = max(entries(capacities.map(\.value).max() ?? 0), onePass)
        var parts: [MemoryEstimate.Part] = [
            .init("cache entries", entries * MemoryEstimate.bytesPerStoreEntry),
            .init("read buffer and request chunk", Double(1 << 20) + 16_384 * 24),
        ]
        if scan.objectTable > 0 {
            // A v2 binary trace: its keys (8 bytes an object) and a slot per object id (4 bytes).
            parts.append(.init("object table and slot per object id", 12 * Double(scan.objectTable)))
        }
        if cache.policies.contains(where: \.needsFuture) {
            let requests = min(Double(scan.requests), Double(Self.maxOptimalRequests))
            parts.append(.init("optimal's next uses", 16 * requests))
        }
        // Every run's rows wait, on disk, until the results are written; their offsets do not.
        let rowsPerRun = (Double(max(scan.requests, 1)) / Double(max(window, 1))).rounded(.up)
        let runs = Double(max(1, cache.policies.count * capacities.count))
        parts.append(.init("timeseries row offsets (rows on disk)", 8 * rowsPerRun * runs))
        return MemoryEstimate(parts)
    }

    /// A replay times nothing.
    public var histogramsPerRun: Int { 0 }

    public var heldBucketsPerRun: Int { 0 }

    /// The error that stops an `optimal` run (brought in by `--policy`: a file's own list is
    /// refused at load) whose trace has more than ``maxOptimalRequests`` requests.
    static func optimalRefusal(source: TraceSource, requests: Int) -> ScenarioError {
        let file: String
        switch source {
        case .file(let spec): file = spec.resolvedPath
        case .generated: file = "generate"
        }
        return ScenarioError(
            file: file, line: 0, column: 0, keyPath: "",
            message:
                "optimal holds the whole trace's next uses: at most \(maxOptimalRequests) requests, and this trace has at least \(requests); --policy optimal cannot run on it"
        )
    }
}
