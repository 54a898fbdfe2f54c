import Models
import Report

/// Counters of one sampling interval that the models do not keep themselves.
struct IntervalCounters {
    var frames = 0
    var allocatedBytes: UInt64 = 0
    var framesOverBudget = 0
    /// Frames over budget once the stated device costs charged in them are added.
    var deviceFramesOverBudget = 0
    /// Frames whose stated device costs alone exceed the budget (deterministic).
    var deviceCostFramesOverBudget = 0
    /// Memory-pressure levels posted in the interval, in order.
    var pressure: [String] = []

    mutating func add(_ other: IntervalCounters) {
        frames += other.frames
        allocatedBytes += other.allocatedBytes
        framesOverBudget += other.framesOverBudget
        deviceFramesOverBudget += other.deviceFramesOverBudget
        deviceCostFramesOverBudget += other.deviceCostFramesOverBudget
        pressure += other.pressure
    }
}

/// Turns one scrolling-table run into result rows.
///
/// Count columns are deterministic (same file + seed ⇒ same values); the columns declared
/// measured (`columns`) are wall-clock or allocator figures and vary from run to run.
struct RunRecorder {
    let scenario: String
    let configuration: RunConfiguration
    /// The samples so far, on disk.
    let timeseries = RowSpool()
    private var lastCache = ControllerCacheStatistics()
    private var lastPool = ReusePool.Statistics()
    private var lastSupplementary = 0

    init(scenario: String, configuration: RunConfiguration) {
        self.scenario = scenario
        self.configuration = configuration
    }

    private func identity() -> ResultRow {
        configuration.identityRow(scenario: scenario)
    }

    /// Appends the timeseries row for the interval that ends at `time`.
    /// The cache's bytes held at each sample: the largest, and their sum and count (for the mean).
    private var cacheBytesMax: UInt64 = 0
    private var cacheBytesSum: Double = 0
    private var cacheBytesSamples = 0
    /// The device bytes the cache's controllers held at each sample (``DeviceSizes``).
    private var deviceBytes = DeviceBytesSamples()

    mutating func sample(
        time: Double, interval: IntervalCounters, cache: ControllerCache, pool: ReusePool, source: TableSource, cacheBytes: UInt64,
        deviceBytes held: UInt64 = 0
    ) {
        cacheBytesMax = max(cacheBytesMax, cacheBytes)
        cacheBytesSum += Double(cacheBytes)
        cacheBytesSamples += 1
        deviceBytes.add(held)
        let stats = cache.statistics
        let poolStats = pool.statistics
        let requests = stats.requests - lastCache.requests
        let hits = stats.hits - lastCache.hits
        var row = identity()
        row.append("t_s", .double(time))
        row.append("requests", .int(requests))
        row.append("hits", .int(hits))
        // Empty when nothing was requested in the interval: no rate to speak of (plots skip it).
        row.append("hit_rate", requests == 0 ? .empty : .double(Double(hits) / Double(requests)))
        row.append("instantiations", .int(stats.instantiations - lastCache.instantiations))
        row.append("evictions", .int(stats.evictions - lastCache.evictions))
        row.append("evicted_controllers", .int(stats.evictedControllers - lastCache.evictedControllers))
        row.append("repopulations", .int(stats.repopulations - lastCache.repopulations))
        row.append("in_use_dropped", .int(stats.inUseDropped - lastCache.inUseDropped))
        row.append("cached_controllers", .int(cache.cachedControllerCount))
        row.append("cache_bytes", .uint(cacheBytes))
        row.append("pending_repopulation", .int(cache.pendingRepopulationCount))
        row.append("pool_controllers", .int(pool.count))
        row.append("pool_dequeues", .int(poolStats.dequeues - lastPool.dequeues))
        row.append("pool_hits", .int(poolStats.hits - lastPool.hits))
        row.append("header_footer_instantiations", .int(source.supplementaryInstantiations - lastSupplementary))
        row.append("memory_pressure", .string(interval.pressure.joined(separator: "+")))
        row.append("allocated_bytes", .uint(interval.allocatedBytes))
        row.append("frames_over_budget", .int(interval.framesOverBudget))
        timeseries.append(row)
    }

    /// Remembers the counters at a sample, so the next row holds deltas.
    mutating func markSampled(cache: ControllerCache, pool: ReusePool, source: TableSource) {
        lastCache = cache.statistics
        lastPool = pool.statistics
        lastSupplementary = source.supplementaryInstantiations
    }

    /// The run's summary row, timeseries and latency spectrum.
    func output(
        totals: IntervalCounters, allocationRequests: UInt64, cache: ControllerCache, pool: ReusePool, source: TableSource,
        details: DetailScreens, deviceCosts: DeviceCostLedger, frameWork: LatencyRecorder, capacity: Int?, header: ScenarioHeader,
        complete: Bool
    ) -> RunOutput {
        let stats = cache.statistics
        let poolStats = pool.statistics
        var row = identity()
        row.append("seed", .uint(configuration.seed))
        row.append("capacity", capacity.map { .int($0) } ?? .empty)
        row.append("duration_s", .double(header.duration.value))
        row.append("warmup_s", .double(header.warmup.value))
        row.append("frames", .int(totals.frames))
        row.append("requests", .int(stats.requests))
        row.append("hits", .int(stats.hits))
        row.append("hit_rate", .double(stats.hitRate))
        row.append("instantiations", .int(stats.instantiations))
        row.append("reuses", .int(stats.hits + poolStats.hits))
        row.append("will_be_reused_calls", .int(stats.willBeReusedCalls))
        row.append("evictions", .int(stats.evictions))
        row.append("evicted_controllers", .int(stats.evictedControllers))
        row.append("repopulations", .int(stats.repopulations))
        row.append("repopulation_runs", .int(stats.repopulationRuns))
        row.append("in_use_dropped", .int(stats.inUseDropped))
        row.append("pinned_refusals", .int(stats.pinnedRefusals))
        row.append("manual_removals", .int(stats.manualRemovals))
        row.append("pool_dequeues", .int(poolStats.dequeues))
        row.append("pool_hits", .int(poolStats.hits))
        row.append("pool_purges", .int(poolStats.purges))
        row.append("header_footer_instantiations", .int(source.supplementaryInstantiations))
        row.append("memory_pressure_events", .int(stats.memoryPressureEvents))
        row.append("cached_controllers_end", .int(cache.cachedControllerCount))
        row.append("cache_bytes_max", .uint(cacheBytesMax))
        row.append("cache_bytes_mean", cacheBytesSamples == 0 ? .empty : .double((cacheBytesSum / Double(cacheBytesSamples)).rounded()))
        // 0 without stated sizes, as device_cost_ms is 0 without stated costs.
        deviceBytes.append(to: &row)
        row.append("complete", .string(complete ? "true" : "false"))
        row.append("allocated_bytes", .uint(totals.allocatedBytes))
        row.append("allocations", .uint(allocationRequests))
        row.appendPercentiles("dequeue_latency", source.rowLatency)
        row.appendPercentiles("pool_dequeue_latency", source.supplementaryLatency, levels: Self.poolLevels)
        row.appendPercentiles("frame_work", frameWork, levels: Self.frameLevels)
        row.append("frames_over_budget", .int(totals.framesOverBudget))
        row.append("calibrated_instantiations", .int(deviceCosts.charges))
        row.append("device_cost_ms", .double(Double(deviceCosts.total) / 1e6))
        row.append("device_recreation_ms", .double(Double(deviceCosts.recreationTotal) / 1e6))
        row.append("device_frames_over_budget", .int(totals.deviceFramesOverBudget))
        row.append("device_cost_frames_over_budget", .int(totals.deviceCostFramesOverBudget))
        appendDetailColumns(to: &row, stats: stats, details: details)

        return configuration.output(
            scenario: scenario, summary: row, timeseries: timeseries,
            operations: [
                ("row_dequeue", source.rowLatency), ("header_footer_dequeue", source.supplementaryLatency), ("frame_work", frameWork),
            ], complete: complete)
    }
}
