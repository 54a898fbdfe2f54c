import Models
import Report

/// Turns one navigation run into result rows: a summary, a timeseries of what the view cache and
/// the history stack hold, and the transition-latency spectrum.
///
/// Count columns are deterministic; bytes, allocations and `_ns` columns are measured.
struct NavigationRecorder {
    let scenario: String
    let configuration: RunConfiguration
    /// The samples so far, on disk.
    let timeseries = RowSpool()
    private var last = ViewModelStatistics()
    private var pressure: [String] = []
    private var intervalAllocation = AllocationSnapshot.zero
    private var totalAllocation = AllocationSnapshot.zero
    private var frames = 0
    /// Counted frames whose model work, and whose model work plus the stated device costs
    /// charged in them, took longer than 1/refresh_hz.
    private var framesOverBudget = 0
    private var deviceFramesOverBudget = 0
    /// Counted frames whose stated device costs alone took longer than 1/refresh_hz.
    private var deviceCostFramesOverBudget = 0
    /// Deep links fired since the warm-up.
    private var deepLinks = 0
    private var latency = LatencyRecorder()
    /// Allocation requests over the counted period (jemalloc's request counters), set by the driver.
    var allocationRequests: UInt64 = 0
    /// Creations priced by a nib's stated device cost, and the time charged (ns).
    var deviceCosts: (charges: Int, nanoseconds: UInt64, recreation: UInt64) = (0, 0, 0)
    private var maxResident = 0
    private var maxDepth = 0
    private var maxCacheBytes: UInt64 = 0
    private var maxHistoryBytes: UInt64 = 0

    init(scenario: String, configuration: RunConfiguration) {
        self.scenario = scenario
        self.configuration = configuration
    }

    /// The end of the warm-up: what came before is not counted.
    mutating func startCounting() {
        last = ViewModelStatistics()
        latency.reset()
        totalAllocation = .zero
        intervalAllocation = .zero
        frames = 0
        framesOverBudget = 0
        deviceFramesOverBudget = 0
        deviceCostFramesOverBudget = 0
        deepLinks = 0
    }

    mutating func notePressure(_ level: String) { pressure.append(level) }

    /// A counted frame: its allocations, its measured model work and the device time charged in
    /// it (ns), against the frame's budget (ns).
    mutating func noteFrame(allocated: AllocationSnapshot, elapsed: UInt64, charged: UInt64, budget: UInt64) {
        frames += 1
        if elapsed > budget { framesOverBudget += 1 }
        if elapsed &+ charged > budget { deviceFramesOverBudget += 1 }
        if charged > budget { deviceCostFramesOverBudget += 1 }
        intervalAllocation.bytes += allocated.bytes
        totalAllocation.bytes += allocated.bytes
    }

    mutating func noteDeepLink() { deepLinks += 1 }

    mutating func noteTransition(nanoseconds: UInt64) { latency.record(nanoseconds: nanoseconds) }

    private func identity() -> ResultRow {
        configuration.identityRow(scenario: scenario)
    }

    /// The device bytes the view cache held at each sample (stated sizes).
    private var deviceBytes = DeviceBytesSamples()

    /// Appends the timeseries row for the interval that ends at `time`.
    mutating func sample(time: Double, model: ViewModel, viewCacheBytes: UInt64, historyBytes: UInt64, deviceBytes held: UInt64 = 0) {
        deviceBytes.add(held)
        let stats = model.statistics
        let resident = model.cachedControllers.count
        let depth = model.historyStack.count
        maxResident = max(maxResident, resident)
        maxDepth = max(maxDepth, depth)
        maxCacheBytes = max(maxCacheBytes, viewCacheBytes)
        maxHistoryBytes = max(maxHistoryBytes, historyBytes)
        var row = identity()
        row.append("t_s", .double(time))
        row.append("intents", .int(stats.intents - last.intents))
        row.append("backs", .int(stats.backs - last.backs))
        row.append("failed_backs", .int(stats.failedBacks - last.failedBacks))
        row.append("creations", .int(stats.creations - last.creations))
        row.append("view_cache_hits", .int(stats.cacheHits - last.cacheHits))
        row.append("view_cache_misses", .int(stats.cacheMisses - last.cacheMisses))
        row.append("resident_controllers", .int(resident))
        row.append("history_depth", .int(depth))
        row.append("memory_pressure", .string(pressure.joined(separator: "+")))
        row.append("view_cache_bytes", .uint(viewCacheBytes))
        row.append("history_bytes", .uint(historyBytes))
        row.append("allocated_bytes", .uint(intervalAllocation.bytes))
        timeseries.append(row)
        last = stats
        pressure.removeAll()
        intervalAllocation = .zero
    }

    /// The run's summary row, timeseries and transition-latency spectrum.
    func output(
        model: ViewModel, viewCacheBytes: UInt64, historyBytes: UInt64, capacity: Int, stackSize: StackSizeSpec,
        header: ScenarioHeader, complete: Bool
    ) -> RunOutput {
        let stats = model.statistics
        var row = identity()
        row.append("seed", .uint(configuration.seed))
        row.append("capacity", .int(capacity))
        row.append("stack_size", .string(Self.describe(stackSize)))
        row.append("duration_s", .double(header.duration.value))
        row.append("warmup_s", .double(header.warmup.value))
        row.append("frames", .int(frames))
        row.append("intents", .int(stats.intents))
        row.append("deep_links", .int(deepLinks))
        row.append("backs", .int(stats.backs))
        row.append("rewinds", .int(stats.rewinds))
        row.append("failed_backs", .int(stats.failedBacks))
        row.append("errors_shown", .int(stats.errorsShown))
        row.append("creations", .int(stats.creations))
        row.append("calibrated_creations", .int(deviceCosts.charges))
        row.append("device_cost_ms", .double(Double(deviceCosts.nanoseconds) / 1e6))
        row.append("device_recreation_ms", .double(Double(deviceCosts.recreation) / 1e6))
        row.append("frames_over_budget", .int(framesOverBudget))
        row.append("device_frames_over_budget", .int(deviceFramesOverBudget))
        row.append("device_cost_frames_over_budget", .int(deviceCostFramesOverBudget))
        row.append("on_create_calls", .int(stats.onCreateCalls))
        row.append("on_resume_calls", .int(stats.onResumeCalls))
        row.append("on_pause_calls", .int(stats.onPauseCalls))
        row.append("view_cache_hits", .int(stats.cacheHits))
        row.append("view_cache_misses", .int(stats.cacheMisses))
        let lookups = stats.cacheHits + stats.cacheMisses
        row.append("view_cache_hit_rate", .double(lookups == 0 ? 0 : Double(stats.cacheHits) / Double(lookups)))
        row.append("evictions", .int(stats.evictions))
        row.append("repopulations", .int(stats.repopulations))
        row.append("in_use_dropped", .int(stats.inUseDropped))
        row.append("memory_pressure_events", .int(stats.memoryPressureEvents))
        row.append("resident_controllers_end", .int(model.cachedControllers.count))
        row.append("resident_controllers_max", .int(max(maxResident, model.cachedControllers.count)))
        row.append("history_depth_end", .int(model.historyStack.count))
        row.append("history_depth_max", .int(max(maxDepth, model.historyStack.count)))
        row.append("complete", .string(complete ? "true" : "false"))
        row.append("view_cache_bytes_end", .uint(viewCacheBytes))
        row.append("view_cache_bytes_max", .uint(max(maxCacheBytes, viewCacheBytes)))
        deviceBytes.append(to: &row)
        row.append("history_bytes_end", .uint(historyBytes))
        row.append("history_bytes_max", .uint(max(maxHistoryBytes, historyBytes)))
        row.append("allocated_bytes", .uint(totalAllocation.bytes))
        row.append("allocations", .uint(allocationRequests))
        row.appendPercentiles("transition_latency", latency)

        return configuration.output(
            scenario: scenario, summary: row, timeseries: timeseries, operations: [("transition", latency)], complete: complete)
    }

    static func describe(_ size: StackSizeSpec) -> String {
        switch size {
        case .unlimited: "unlimited"
        case .disabled: "disabled"
        case .bounded(let count): String(count)
        }
    }
}
