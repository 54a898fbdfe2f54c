import Models
import Report

/// Turns one parallel-readers run into result rows: a summary, a timeseries of operations per
/// interval, and the latency spectrum of each operation.
///
/// Deterministic: the operations issued by count-bound threads (`rate` or `operations`) and
/// `stale_reads` (0 when the design is correct). Everything that depends on how the threads
/// interleaved — hits, notifications, evictions, items, throughput, latencies — is a measurement
/// (see `columns`).
struct ParallelReadersRecorder {
    let scenario: ParallelReadersScenario
    let configuration: RunConfiguration
    /// The samples so far, on disk.
    let timeseries = RowSpool()
    private var base = (notifications: UInt64(0), updated: UInt64(0), removed: UInt64(0), evicted: UInt64(0))
    private var last = (operations: [UInt64](repeating: 0, count: StoreOperation.allCases.count), notifications: UInt64(0), evicted: UInt64(0))
    private var lastTime = 0.0
    private var pressure: [String] = []
    private var pressureEvents = 0
    private var pressureEvictions = 0

    static let operations = StoreOperation.allCases

    init(scenario: ParallelReadersScenario, configuration: RunConfiguration) {
        self.scenario = scenario
        self.configuration = configuration
    }

    /// The start of the measured window.
    mutating func startCounting(notifications: NotificationTally, evicted: UInt64) {
        let counts = notifications.snapshot
        notifications.resetLargest()
        base = (counts.notifications, counts.updated, counts.removed, evicted)
        last = ([UInt64](repeating: 0, count: Self.operations.count), counts.notifications, evicted)
        lastTime = scenario.header.warmup.value
    }

    mutating func notePressure(_ level: PressureLevelName, evicted: Int) {
        pressure.append(level.rawValue)
        pressureEvents += 1
        pressureEvictions += evicted
    }

    private func identity() -> ResultRow {
        configuration.identityRow(scenario: scenario.header.name)
    }

    /// Appends the timeseries row for the interval that ends at `time` (seconds from the start of
    /// the run, warm-up included, as in every kind).
    mutating func sample(time: Double, workers: [StoreWorker], store: QuoteStore, notifications: NotificationTally, evicted: UInt64) {
        var totals = [UInt64](repeating: 0, count: Self.operations.count)
        for worker in workers {
            for slot in totals.indices { totals[slot] &+= worker.live.value(slot) }
        }
        let seconds = max(time - lastTime, 1e-9)
        var row = identity()
        row.append("t_s", .double(time))
        var reads: UInt64 = 0
        var writes: UInt64 = 0
        for operation in Self.operations {
            let delta = totals[operation.index] &- last.operations[operation.index]
            row.append("\(operation.rawValue)_ops", .uint(delta))
            if StoreOperation.readOperations.contains(operation) { reads &+= delta } else { writes &+= delta }
        }
        row.append("read_ops_per_s", .double(Double(reads) / seconds))
        row.append("write_ops_per_s", .double(Double(writes) / seconds))
        row.append("items", .int(store.count))
        let counts = notifications.snapshot
        row.append("notifications", .uint(counts.notifications &- last.notifications))
        row.append("evicted_items", .uint(evicted &- last.evicted))
        row.append("memory_pressure", .string(pressure.joined(separator: "+")))
        timeseries.append(row)
        last = (totals, counts.notifications, evicted)
        lastTime = time
        pressure.removeAll()
    }

    /// The run's summary row, timeseries and latency spectrum; `saves` the store's saves over the
    /// measured window (`store.persistence`).
    func output(
        workers: [StoreWorker], store: QuoteStore, notifications: NotificationTally, evicted: UInt64,
        measuredStart: UInt64, allocations: UInt64, complete: Bool, saves: (saves: Int, failures: Int) = (0, 0)
    ) -> RunOutput {
        var operations = [UInt64](repeating: 0, count: Self.operations.count)
        // Throughput sums each thread's own rate (its operations over its own measured time), so
        // that a reader that finished early is not diluted by a writer still on its schedule.
        var rates = [Double](repeating: 0, count: Self.operations.count)
        var latency = [LatencyRecorder](repeating: LatencyRecorder(), count: Self.operations.count)
        var hits: UInt64 = 0
        var misses: UInt64 = 0
        var stale: UInt64 = 0
        var checked: UInt64 = 0
        var purgeEvictions: UInt64 = 0
        var allocated: UInt64 = 0
        var end = measuredStart
        for worker in workers {
            let seconds = max(Double(max(worker.finishedAt, measuredStart) - measuredStart) / 1e9, 1e-9)
            for slot in operations.indices {
                operations[slot] &+= worker.operations[slot]
                rates[slot] += Double(worker.operations[slot]) / seconds
                latency[slot].merge(worker.latency[slot])
            }
            hits &+= worker.hits
            misses &+= worker.misses
            stale &+= worker.staleReads
            checked &+= worker.checkedReads
            purgeEvictions &+= worker.purgeEvictions
            allocated &+= worker.allocatedBytes
            end = max(end, worker.finishedAt)
        }
        let elapsed = end &- measuredStart
        let counts = notifications.snapshot
        let total = operations.reduce(0, &+)
        let readRate = StoreOperation.readOperations.reduce(0.0) { $0 + rates[$1.index] }
        let totalRate = rates.reduce(0, +)

        var row = identity()
        row.append("seed", .uint(configuration.seed))
        row.append("duration_s", .double(scenario.header.duration.value))
        row.append("warmup_s", .double(scenario.header.warmup.value))
        row.append("readers", .int(scenario.readerThreads))
        row.append("writers", .int(scenario.writerThreads))
        row.append("keys", .int(scenario.keyCount))
        row.append("value_size", .int(scenario.valueSize))
        row.append("distribution", .string(scenario.distribution.label))
        row.append("complete", .string(complete ? "true" : "false"))
        // Threads that run for the duration, closed loop, make the operation counts (declared
        // counts) measurements: this run overrides their role.
        let bound = scenario.roles.allSatisfy { $0.role.rate != nil || $0.role.operations != nil }
        let opsRole: MetricRole? = bound ? nil : .measured
        row.append("total_ops", .uint(total), overridingRole: opsRole)
        for operation in Self.operations {
            row.append("\(operation.rawValue)_ops", .uint(operations[operation.index]), overridingRole: opsRole)
        }
        row.append("stale_reads", .uint(stale))
        row.append("checked_reads", .uint(checked))
        row.append("get_hits", .uint(hits))
        row.append("get_misses", .uint(misses))
        row.append("get_hit_rate", hits + misses == 0 ? .empty : .double(Double(hits) / Double(hits + misses)))
        row.append("memory_pressure_events", .int(pressureEvents))
        row.append("pressure_evictions", .int(pressureEvictions))
        row.append("purge_evictions", .uint(purgeEvictions))
        row.append("evicted_items", .uint(evicted &- base.evicted))
        row.append("notifications", .uint(counts.notifications &- base.notifications))
        row.append("notified_updates", .uint(counts.updated &- base.updated))
        row.append("notified_removals", .uint(counts.removed &- base.removed))
        row.append("notification_batch_max", .int(counts.largest))
        row.append("items_end", .int(store.count))
        row.append("saves", .int(saves.saves))
        row.append("save_failures", .int(saves.failures))
        row.append("elapsed_ns", .uint(elapsed))
        row.append("ops_per_s", .double(totalRate))
        row.append("read_ops_per_s", .double(readRate))
        row.append("write_ops_per_s", .double(totalRate - readRate))
        for operation in Self.operations {
            row.append("\(operation.rawValue)_per_s", .double(rates[operation.index]))
        }
        for operation in Self.operations {
            row.appendPercentiles(operation.rawValue, latency[operation.index])
        }
        row.append("allocated_bytes", .uint(allocated))
        row.append("allocations", .uint(allocations))
        appendGroups(to: &row, workers: workers, measuredStart: measuredStart)

        return configuration.output(
            scenario: scenario.header.name, summary: row, timeseries: timeseries,
            operations: Self.operations.filter { !latency[$0.index].isEmpty }.map { ($0.rawValue, latency[$0.index]) },
            complete: complete)
    }
}
