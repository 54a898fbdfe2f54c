extension NavigationScenario {
    /// Every section's and page's view tree twice (a shared page once) (one cached, one on screen), the intents the
    /// history stack can hold with their state payloads (an unlimited stack: one per transition,
    /// at most one per 0.25 s of the run), and the latency histogram.
    public func memoryEstimate() -> MemoryEstimate {
        let views =
            app.sections.reduce(0.0) { $0 + Double($1.nib.views) }
            + app.viewNames.reduce(0.0) { $0 + Double(app.nib(ofView: $1)?.views ?? 0) }
        let transitions = (header.runLength / 0.25).rounded(.up)
        let intents: Double
        switch app.stackSize {
        case .unlimited: intents = transitions
        case .disabled: intents = 1
        case .bounded(let count): intents = min(Double(count), transitions)
        }
        let payload = Double(user.state.entries) * Double(user.state.bytes)
        return MemoryEstimate([
            .init("view trees", 2 * views * MemoryEstimate.bytesPerView),
            .init("history and state payloads", intents * (MemoryEstimate.bytesPerIntent + payload)),
            .init("histograms", Double(histogramsPerRun) * MemoryEstimate.bytesPerHistogram),
        ])
    }

    /// Transitions.
    public var histogramsPerRun: Int { 1 }

    /// Measured: at most 190 (`four-tab-app.yaml`).
    public var heldBucketsPerRun: Int { 1_024 }
}
