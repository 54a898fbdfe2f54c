import Models

extension TraceScenario {
    /// What one replay holds: the cache's entries (at most the largest capacity in objects, or
    /// every distinct key of the trace when it is bounded in bytes; `lru`'s one pass over every
    /// capacity holds each capacity's), the read buffer and one chunk
    /// of requests, a v2 binary trace's object table and slot array (12 bytes an object), and
    /// `optimal`'s look-ahead (16 bytes a request) when it runs.
    public func memoryEstimate() -> MemoryEstimate {
        func entries(_ capacity: Int) -> Int { cache.inBytes ? scan.uniqueKeys : min(capacity, max(scan.uniqueKeys, 1)) }
        // lru's one pass holds a cache per capacity at once.
        let onePass = cache.policies.contains(.lru) ? capacities.map { entries($0.value) }.reduce(0, +) : 0
        let entries = max(entries(capacities.map(\.value).max() ?? 0), onePass)
        var parts: [MemoryEstimate.Part] = [
            .init("cache entries", Double(entries) * MemoryEstimate.bytesPerStoreEntry),
            .init("read buffer and request chunk", Double(1 << 20) + 16_384 * 24),
        ]
        if scan.objectTable > 0 {
            // A v2 binary trace: its keys (8 bytes an object) and a slot per object id (4 bytes).
            parts.append(.init("object table and slot per object id", 12 * Double(scan.objectTable)))
        }
        if cache.policies.contains(.optimal) {
            parts.append(.init("optimal's next uses", 16 * Double(scan.requests)))
        }
        return MemoryEstimate(parts)
    }
}
