import Models

extension TraceScenario {
    /// Every run of a trace may run beside other runs: its counts are the replay's alone, and
    /// its one measured figure, `replay_s` (with `requests_per_s`), is that run's own replay on
    /// its own thread; `run.json` says which runs ran side by side.
    public var runIsolation: RunIsolation { .shared }

    /// A copy whose runs read the trace once (``TraceReadOnce``) when it fits in `memoryBudget`
    /// (what the runs at once leave), and replay each its own capacity (no `lru` one pass, which
    /// would replay capacities that other threads replay beside it).
    public func concurrentCopy(memoryBudget: Double) -> ConcurrentScenario {
        var copy = self
        let requests = Double(max(scan.requests, 1))
        let bytes = requests * TraceReadOnce.bytesPerRequest
        // An estimated count (a csv's size) may be short: room for a quarter more.
        let room = bytes * (scan.estimated ? 1.25 : 1)
        let fits = room <= memoryBudget
        copy.sideBySide = TraceSideBySide(active: true, readOnce: fits ? TraceReadOnce(limit: room) : nil)
        return ConcurrentScenario(body: copy, sharedBytes: fits ? room : 0)
    }

    /// Calls `body` with each chunk of the trace's requests on `seed`, in order: from the read
    /// shared by the runs beside this one when there is one, else read here.
    func forEachChunk(
        seed: UInt64, denseIds: Bool = false, isCancelled: () -> Bool, _ body: (UnsafeBufferPointer<TraceRequest>) -> Bool
    ) throws(ScenarioError) {
        if let shared = sideBySide.readOnce?.requests(
            of: source, seed: seed, denseIds: denseIds, expected: scan.requests, isCancelled: isCancelled)
        {
            shared.forEachChunk(body)
        } else {
            try source.forEachChunk(seed: seed, denseIds: denseIds, body)
        }
    }
}
