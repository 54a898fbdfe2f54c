/// What a summary column is to `workbench compare`: part of a run's identity, a deterministic
/// count, or a measured figure. Each kind declares its columns' roles (``Column``).
public enum MetricRole: String, Sendable, Equatable, CaseIterable {
    /// Names the run or its settings (`scenario`, `policy`, `seed`, `sweep_*`, ...): never
    /// compared as a metric.
    case identity
    /// A deterministic count (same file and seed give the same value): compared exactly by
    /// default.
    case count
    /// A measured, run-dependent figure (bytes, allocations, nanoseconds, frames over budget):
    /// compared with a tolerance (10% by default).
    case measured
}
