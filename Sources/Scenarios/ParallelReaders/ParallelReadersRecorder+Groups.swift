import Models
import Report

extension ParallelReadersRecorder {
    /// Appends each named group's summary columns, as
    /// ``ParallelReadersScenario/groupColumns(name:role:)`` declares them: the operations its
    /// threads issued (counts, fixed by the seed when the group is bound by a rate or a count;
    /// measured when it runs for the duration), their stale reads, their throughput (the sum of
    /// each thread's own rate) and latencies (their histograms merged). Read after every thread
    /// has joined: nothing here is shared with a running thread.
    func appendGroups(to row: inout ResultRow, workers: [StoreWorker], measuredStart: UInt64) {
        for (group, (_, role)) in scenario.roles.enumerated() {
            guard let name = role.name else { continue }
            let members = workers.filter { $0.group == group }
            let operations = role.mixOperations
            var counts = [UInt64](repeating: 0, count: StoreOperation.allCases.count)
            var rates = [Double](repeating: 0, count: StoreOperation.allCases.count)
            var latency = [LatencyRecorder](repeating: LatencyRecorder(), count: StoreOperation.allCases.count)
            var stale: UInt64 = 0
            for worker in members {
                let seconds = max(Double(max(worker.finishedAt, measuredStart) - measuredStart) / 1e9, 1e-9)
                for operation in operations {
                    let slot = operation.index
                    counts[slot] &+= worker.operations[slot]
                    rates[slot] += Double(worker.operations[slot]) / seconds
                    latency[slot].merge(worker.latency[slot])
                }
                stale &+= worker.staleReads
            }
            let opsRole: MetricRole? = role.rate != nil || role.operations != nil ? nil : .measured
            row.append("\(name)_total_ops", .uint(counts.reduce(0, &+)), overridingRole: opsRole)
            for operation in operations {
                row.append("\(name)_\(operation.rawValue)_ops", .uint(counts[operation.index]), overridingRole: opsRole)
            }
            if operations.contains(.get) { row.append("\(name)_stale_reads", .uint(stale)) }
            row.append("\(name)_ops_per_s", .double(rates.reduce(0, +)))
            for operation in operations {
                row.append("\(name)_\(operation.rawValue)_per_s", .double(rates[operation.index]))
            }
            for operation in operations {
                row.appendPercentiles("\(name)_\(operation.rawValue)", latency[operation.index])
            }
        }
    }
}
