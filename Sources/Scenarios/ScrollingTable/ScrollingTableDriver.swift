import Models
import Report

/// Runs a `scrolling-table` scenario once, for one policy and in-use mode, frame by frame on a
/// virtual clock.
///
/// Each frame: the run loop advances (running a queued repopulation), due memory-pressure events
/// are posted, the scroll script acts, and the table lays out what is visible — requesting rows
/// from the ControllerCache and headers/footers from the ReusePool. The frame's model work is timed
/// (frames over budget) and its allocations read from jemalloc; everything before the end of the
/// warm-up is driven but not counted.
struct ScrollingTableDriver {
    let scenario: ScrollingTableScenario
    let configuration: RunConfiguration
    /// `optimal`'s request stream, recorded by a first pass (see ``OptimalPass``).
    var future: [UInt64]?

    func run(isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        let header = scenario.header
        let spec = scenario.table
        let timeline = FrameTimeline(header: header, refreshRate: spec.refreshHz)
        let runLoop = RunLoop(refreshRate: spec.refreshHz)
        let (log, optimal) = OptimalPass.log(for: configuration, future: future)
        let cache = ControllerCache(
            configuration: .init(
                // `forever`: an NSCache without a limit, emptied only by memory warnings.
                capacity: configuration.policy.isBounded ? scenario.cache.capacity ?? 0 : 0,
                policy: configuration.policy.isBounded
                    ? configuration.policy
                    : configuration.policy.caches ? PolicyRegistry.defaultPolicy : .none,
                inUseMode: InUseMode(configuration.inUseMode ?? .repopulate),
                seed: configuration.seed,
                parameters: scenario.cache.parameters),
            runLoop: runLoop, evictionPolicy: optimal)
        cache.requestLog = log
        let pool = ReusePool(runLoop: runLoop)
        let deviceCosts = DeviceCostLedger()
        deviceCosts.isRecreation = { [unowned cache] in cache.isRecreating }
        let source = TableSource(
            spec: spec, content: TableContent(spec: spec, seed: configuration.seed),
            cache: cache, pool: pool, usesPool: configuration.policy != .none, seed: configuration.seed,
            deviceCosts: deviceCosts, device: scenario.device)
        let table = TableView(viewportHeight: spec.viewportHeight)
        table.dataSource = source
        table.reloadData()
        let details = DetailScreens(specs: scenario.details, cache: cache, deviceCosts: deviceCosts, device: scenario.device)
        let deviceSizes = DeviceSizes(
            types: Array(zip(source.cellTypes, spec.cells.map(\.nib.bytes))) + Array(zip(details.types, scenario.details.map(\.nib.bytes))),
            device: scenario.device)
        var script = ScrollScript(
            steps: scenario.scroll, frameRate: spec.refreshHz, seed: configuration.seed,
            detailWeights: scenario.details.map(\.weight))

        let budget = UInt64(1_000_000_000 / spec.refreshHz)
        var recorder = RunRecorder(scenario: header.name, configuration: configuration)
        var interval = IntervalCounters()
        var totals = IntervalCounters()
        var frameWork = LatencyRecorder()
        var complete = true
        var requestsAtStart: UInt64 = 0
        let progressEvery = max(1, timeline.totalFrames / 100)

        for frame in 0..<timeline.totalFrames {
            if isCancelled() {
                complete = false
                break
            }
            if frame == timeline.warmupFrames {
                requestsAtStart = AllocationProbe.requests()
                cache.resetStatistics()
                pool.resetStatistics()
                source.recording = true
                deviceCosts.recording = true
                source.supplementaryInstantiations = 0
                details.recording = true
            }
            let counted = timeline.isCounted(frame)
            // The script decides the frame's gestures outside the measured window: it is the
            // driver's work, not the model's.
            let actions = script.advance(table)
            let allocationsBefore = AllocationProbe.snapshot()
            let start = MonotonicClock.now()
            if counted { InstructionCounter.start() }

            runLoop.advance()
            for level in timeline.pressure[frame] ?? [] {
                runLoop.postMemoryPressure(MemoryPressureLevel(level))
                if counted { interval.pressure.append(level.rawValue) }
            }
            for action in actions {
                switch action {
                case .scroll(let offset):
                    table.contentOffset = offset
                case .disclose(let section):
                    switch spec.disclosure {
                    case .all: break
                    case .oneSection:
                        source.disclosedSection = section
                        table.reloadData()
                    case .independent:
                        if section < source.expandedSections.count { source.expandedSections[section].toggle() }
                        table.reloadData()
                    }
                    table.contentOffset = table.offset(ofSection: section)
                case .removeFromCache(.all):
                    cache.removeAll()
                case .removeFromCache(.cellType(let name)):
                    if let type = (source.cellTypes + details.types).first(where: { $0.name == name }) {
                        cache.removeInstances(of: type)
                    }
                case .removeController(let name):
                    if let type = (source.cellTypes + details.types).first(where: { $0.name == name }),
                        let controller = cache.cachedInstances(of: type).first
                    {
                        cache.removeController(controller)
                    }
                case .openDetail(let detail, let modal):
                    details.open(detail: detail, modal: modal)
                case .closeDetail(let modal):
                    details.close(modal: modal)
                }
            }
            table.layoutSubviews()
            InstructionCounter.stop()

            let elapsed = MonotonicClock.now() - start
            let allocated = AllocationProbe.snapshot().since(allocationsBefore)
            // The stated device costs of what the frame instantiated, beside its measured work.
            let charged = deviceCosts.take()
            if counted {
                interval.frames += 1
                interval.allocatedBytes += allocated.bytes
                if elapsed > budget { interval.framesOverBudget += 1 }
                if elapsed &+ charged > budget { interval.deviceFramesOverBudget += 1 }
                if charged > budget { interval.deviceCostFramesOverBudget += 1 }
                frameWork.record(nanoseconds: elapsed)
            }
            if timeline.isSampleEnd(frame) {
                recorder.sample(
                    time: timeline.time(afterFrame: frame), interval: interval,
                    cache: cache, pool: pool, source: source, cacheBytes: details.cachedBytes(source.cellTypes + details.types),
                    deviceBytes: deviceSizes.held(by: cache) ?? 0)
                totals.add(interval)
                interval = IntervalCounters()
                recorder.markSampled(cache: cache, pool: pool, source: source)
            }
            if frame % progressEvery == 0 {
                progress(Double(frame) / Double(timeline.totalFrames))
            }
        }
        totals.add(interval)
        progress(1)
        let allocationRequests = AllocationProbe.requests() &- requestsAtStart
        var output = recorder.output(
            totals: totals, allocationRequests: allocationRequests, cache: cache, pool: pool, source: source, details: details,
            deviceCosts: deviceCosts,
            frameWork: frameWork,
            capacity: scenario.cache.capacity, header: header, complete: complete)
        output.trace = configuration.recordsTrace ? log?.requests : nil
        return output
    }
}

extension InUseMode {
    init(_ name: InUseModeName) {
        switch name {
        case .repopulate: self = .repopulate
        case .pin: self = .pin
        case .drop: self = .drop
        }
    }
}

extension MemoryPressureLevel {
    init(_ name: PressureLevelName) {
        switch name {
        case .moderate: self = .moderate
        case .warning: self = .warning
        }
    }
}
