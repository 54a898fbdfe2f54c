import Models
import Report

/// Turns one drawing run into result rows: a summary, a timeseries of requests and of the bytes
/// each tier holds, the latency spectrum of fresh and cached draws, and one `views.csv` row per
/// view type (``DrawingViewTally``).
///
/// Count columns are deterministic; bytes, allocations and `_ns` columns are measured or held
/// sizes (classed as measured by compare).
struct DrawingRecorder {
    let scenario: String
    let configuration: RunConfiguration
    let capacity: Int
    /// The disk tier's byte limit.
    var diskCapacity = 0
    /// The samples so far, on disk.
    let timeseries = RowSpool()
    /// Statistics of caches replaced by a restart (a restart makes a new cache).
    private var retired = DrawingCacheStatistics()
    private var last = DrawingCacheStatistics()
    private var pressure: [String] = []
    private var restarts = 0
    private var lastRestarts = 0
    private var failure: String?
    private var interval = (allocated: AllocationSnapshot.zero, framesOverBudget: 0)
    private var total = (allocated: AllocationSnapshot.zero, framesOverBudget: 0, frames: 0)
    private var fresh = LatencyRecorder()
    private var cached = LatencyRecorder()
    private var all = LatencyRecorder()
    private var frameWork = LatencyRecorder()
    /// Allocation requests over the counted period (jemalloc's request counters), set by the driver.
    var allocationRequests: UInt64 = 0
    /// Fresh draws priced by a stated device cost, and the time charged (ns), set by the driver.
    var deviceCosts: (charges: Int, nanoseconds: UInt64, recreation: UInt64) = (0, 0, 0)
    /// Counted frames whose model work plus the stated device costs charged in them took longer
    /// than 1/refresh_hz.
    private var deviceFramesOverBudget = 0
    /// Counted frames whose stated device costs alone took longer than 1/refresh_hz.
    private var deviceCostFramesOverBudget = 0
    private var maxMemoryBytes = 0
    private var maxDiskBytes = 0
    /// Each view type's share, in the scenario's order (set by the driver).
    var views: [DrawingViewTally] = []
    /// What one cached drawing of each view type (in ``views``' order) holds on the device
    /// (``DeviceProfile/resolveDrawingBytes(_:named:width:height:in:)``), nil where unstated;
    /// set by the driver.
    var deviceSizes: [Int?] = []
    /// The device bytes the memory tier's drawings held at each sample.
    private var deviceBytes = DeviceBytesSamples()

    init(scenario: String, configuration: RunConfiguration, capacity: Int) {
        self.scenario = scenario
        self.configuration = configuration
        self.capacity = capacity
    }

    /// The end of the warm-up: what came before is not counted.
    mutating func startCounting(cache: DrawingCache) {
        cache.resetStatistics()
        retired = DrawingCacheStatistics()
        last = DrawingCacheStatistics()
        restarts = 0
        lastRestarts = 0
        fresh.reset()
        cached.reset()
        all.reset()
        frameWork.reset()
        views = views.map { DrawingViewTally(name: $0.name, instances: $0.instances) }
        interval = (.zero, 0)
        total = (.zero, 0, 0)
        deviceFramesOverBudget = 0
        deviceCostFramesOverBudget = 0
    }

    /// Keeps the counts of a cache a restart replaces.
    mutating func absorb(_ cache: DrawingCache) {
        retired = Self.sum(retired, cache.statistics)
    }

    mutating func noteRestart() { restarts += 1 }
    mutating func notePressure(_ level: String) { pressure.append(level) }
    mutating func noteFailure(_ text: String) { failure = text }

    /// Counts one request of the view type at `view` in ``views``.
    mutating func noteRequest(outcome: DrawingOutcome?, nanoseconds: UInt64, view: Int? = nil) {
        if let view, views.indices.contains(view) { views[view].noteRequest(outcome: outcome, nanoseconds: nanoseconds) }
        all.record(nanoseconds: nanoseconds)
        switch outcome {
        case .memoryHit, .diskHit: cached.record(nanoseconds: nanoseconds)
        default: fresh.record(nanoseconds: nanoseconds)
        }
    }

    mutating func noteFrame(
        allocated: AllocationSnapshot, elapsed: UInt64, overBudget: Bool, deviceOverBudget: Bool = false, deviceCostOverBudget: Bool = false
    ) {
        frameWork.record(nanoseconds: elapsed)
        if deviceOverBudget { deviceFramesOverBudget += 1 }
        if deviceCostOverBudget { deviceCostFramesOverBudget += 1 }
        total.frames += 1
        interval.allocated.bytes += allocated.bytes
        total.allocated.bytes += allocated.bytes
        if overBudget {
            interval.framesOverBudget += 1
            total.framesOverBudget += 1
        }
    }

    private func identity() -> ResultRow {
        configuration.identityRow(scenario: scenario)
    }

    /// Appends the timeseries row for the interval that ends at `time`.
    mutating func sample(time: Double, cache: DrawingCache) {
        let stats = Self.sum(retired, cache.statistics)
        maxMemoryBytes = max(maxMemoryBytes, cache.store.memoryBytes)
        maxDiskBytes = max(maxDiskBytes, cache.store.diskBytes)
        if !views.isEmpty {
            let tallies = views
            let held = cache.store.heldBytes(groups: views.count) { DrawingViewTally.owner(of: $0, in: tallies) }
            for index in views.indices { views[index].noteHeld(memory: held.memory[index], disk: held.disk[index]) }
            if deviceSizes.contains(where: { $0 != nil }) {
                deviceBytes.add(
                    zip(held.memoryEntries, deviceSizes).reduce(UInt64(0)) { $0 &+ UInt64($1.0) &* UInt64($1.1 ?? 0) })
            }
        }
        let requests = stats.requests - last.requests
        let hits = stats.memoryHits + stats.diskHits - last.memoryHits - last.diskHits
        var row = identity()
        row.append("t_s", .double(time))
        row.append("requests", .int(requests))
        row.append("memory_hits", .int(stats.memoryHits - last.memoryHits))
        row.append("disk_hits", .int(stats.diskHits - last.diskHits))
        row.append("misses", .int(stats.misses - last.misses))
        row.append("hit_rate", requests == 0 ? .empty : .double(Double(hits) / Double(requests)))
        row.append("expirations", .int(stats.expirations - last.expirations))
        row.append("cancels", .int(stats.cancels - last.cancels))
        row.append("restarts", .int(restarts - lastRestarts))
        row.append("memory_pressure", .string(pressure.joined(separator: "+")))
        row.append("memory_bytes", .int(cache.store.memoryBytes))
        row.append("disk_bytes", .int(cache.store.diskBytes))
        row.append("allocated_bytes", .uint(interval.allocated.bytes))
        row.append("frames_over_budget", .int(interval.framesOverBudget))
        timeseries.append(row)
        last = stats
        lastRestarts = restarts
        pressure.removeAll()
        interval = (.zero, 0)
    }

    /// The run's summary row, timeseries and latency spectrum.
    func output(cache: DrawingCache?, header: ScenarioHeader, complete: Bool) -> RunOutput {
        let stats = Self.sum(retired, cache?.statistics ?? DrawingCacheStatistics())
        var row = identity()
        row.append("seed", .uint(configuration.seed))
        row.append("capacity_bytes", .int(configuration.policy == .none ? 0 : capacity))
        row.append("duration_s", .double(header.duration.value))
        row.append("warmup_s", .double(header.warmup.value))
        row.append("frames", .int(total.frames))
        row.append("requests", .int(stats.requests))
        row.append("memory_hits", .int(stats.memoryHits))
        row.append("disk_hits", .int(stats.diskHits))
        row.append("misses", .int(stats.misses))
        row.append("hit_rate", .double(stats.hitRate))
        row.append("fresh_draws", .int(stats.misses))
        row.append("expirations", .int(stats.expirations))
        row.append("cancels", .int(stats.cancels))
        row.append("invalid_entries", .int(stats.invalidEntries))
        row.append("memory_evictions", .int(stats.memoryEvictions))
        row.append("memory_pressure_events", .int(stats.memoryPressureEvents))
        row.append("restarts", .int(restarts))
        row.append("disk_write_failures", .int(stats.diskWriteFailures))
        row.append("complete", .string(complete && failure == nil ? "true" : "false"))
        let memoryBytes = cache?.store.memoryBytes ?? 0
        let diskBytes = cache?.store.diskBytes ?? 0
        row.append("memory_bytes_end", .int(memoryBytes))
        row.append("memory_bytes_max", .int(max(maxMemoryBytes, memoryBytes)))
        row.append("disk_bytes_end", .int(diskBytes))
        row.append("disk_bytes_max", .int(max(maxDiskBytes, diskBytes)))
        row.append("allocated_bytes", .uint(total.allocated.bytes))
        row.append("allocations", .uint(allocationRequests))
        row.appendPercentiles("draw_latency", all)
        // Empty, not 0, when nothing of that kind was drawn (no cache: no cached draws).
        row.appendPercentiles("fresh_draw", fresh, levels: Self.partLevels, blankWhenEmpty: true)
        row.appendPercentiles("cached_draw", cached, levels: Self.partLevels, blankWhenEmpty: true)
        row.appendPercentiles("frame_work", frameWork, levels: Self.frameLevels)
        row.append("frames_over_budget", .int(total.framesOverBudget))
        row.append("calibrated_draws", .int(deviceCosts.charges))
        row.append("device_cost_ms", .double(Double(deviceCosts.nanoseconds) / 1e6))
        row.append("device_recreation_ms", .double(Double(deviceCosts.recreation) / 1e6))
        row.append("device_frames_over_budget", .int(deviceFramesOverBudget))
        row.append("device_cost_frames_over_budget", .int(deviceCostFramesOverBudget))
        deviceBytes.append(to: &row)
        let hasDiskTier = DrawingScenario.diskTierPolicies.contains(configuration.policy)
        row.append("disk_capacity_bytes", .int(hasDiskTier ? diskCapacity : 0))
        row.append("disk_evictions", .int(stats.diskEvictions))

        var output = configuration.output(
            scenario: scenario, summary: row, timeseries: timeseries,
            operations: [("fresh_draw", fresh), ("cached_draw", cached), ("frame_work", frameWork)], complete: complete && failure == nil)
        output.views = views.map { tally in
            var line = identity()
            line.append("seed", .uint(configuration.seed))
            line.append("capacity_bytes", .int(configuration.policy == .none ? 0 : capacity))
            tally.append(to: &line)
            return line
        }
        return output
    }

    /// Adds the counters of two caches (the gauges — bytes, entries — come from the live cache).
    static func sum(_ a: DrawingCacheStatistics, _ b: DrawingCacheStatistics) -> DrawingCacheStatistics {
        var s = b
        s.requests += a.requests
        s.memoryHits += a.memoryHits
        s.diskHits += a.diskHits
        s.misses += a.misses
        s.expirations += a.expirations
        s.invalidEntries += a.invalidEntries
        s.cancels += a.cancels
        s.nilDrawings += a.nilDrawings
        s.stores += a.stores
        s.memoryPressureEvents += a.memoryPressureEvents
        s.memoryEvictions += a.memoryEvictions
        s.diskEvictions += a.diskEvictions
        s.diskWriteFailures += a.diskWriteFailures
        return s
    }
}
