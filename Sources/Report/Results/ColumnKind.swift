/// What a result column holds, which decides how two runs can be compared.
///
/// - ``count``: a deterministic figure (events, hits, misses, evictions, configured sizes):
///   the same scenario and seed must give the same value on every run and machine, so a
///   difference is a change in behaviour.
/// - ``measured``: a wall-clock or allocator figure (`*_ns` latencies, allocated bytes,
///   allocation counts, frames over budget): it varies from run to run and machine to machine,
///   so runs are compared with a tolerance, never for equality.
public enum ColumnKind: String, Sendable, Equatable, CaseIterable {
    /// A deterministic count or setting.
    case count
    /// A measured, run-dependent figure.
    case measured
}
