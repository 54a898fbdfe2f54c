import Report

/// Whether a scenario's runs may run beside other runs (`run --jobs N`): a run whose figures the
/// machine's other work would change (time, memory, allocations, threads racing) runs alone,
/// unless `run --jobs-measured` says its figures may be disturbed.
///
/// A kind declares it through its columns: a run measures when its scenario's columns have a
/// ``MetricRole/measured`` one (``KindScenario/runIsolation``, by default ``measuring(_:)``); the
/// trace kind says otherwise for its replay time (see ``TraceScenario``).
public enum RunIsolation: String, Sendable, Equatable {
    /// May run beside other runs: its counts are the same whatever runs beside it.
    case shared
    /// Measures the machine: runs with nothing beside it.
    case alone

    /// ``alone`` when `columns` have a measured column in any file, else ``shared``.
    public static func measuring(_ columns: ResultColumns) -> RunIsolation {
        let all = columns.summary + columns.timeseries + columns.latency
        return all.contains { $0.role == .measured || $0.role == .tail } ? .alone : .shared
    }
}

/// A scenario made ready for runs that run side by side (``KindScenario/concurrentCopy(memoryBudget:)``):
/// the scenario to run them with, and the bytes it holds for all of them at once (a trace read
/// once into memory) beside each run's own.
public struct ConcurrentScenario: Sendable {
    public var body: any KindScenario
    /// Held once for every run of the copy, while it lives.
    public var sharedBytes: Double

    public init(body: any KindScenario, sharedBytes: Double = 0) {
        self.body = body
        self.sharedBytes = sharedBytes
    }
}
