/// What a summary column is to `workbench compare`: part of a run's identity, a deterministic
/// count, a measured figure, or the tail samples behind a measured percentile. Each kind declares
/// its columns' roles (``Column``).
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
    /// How many samples of a latency histogram lie beyond a percentile column's value
    /// (`<percentile>_tail_samples`, see ``TailSamples``): it says how far that percentile can
    /// be trusted, and is itself neither compared nor checked for determinism (it follows the
    /// measured percentile, so it may differ between repetitions). With repetitions, the sum over
    /// them.
    case tail
    /// Instructions executed by a timed operation, counted under callgrind (`run --instructions`,
    /// ``InstructionCounter``): repeatable for the same binary and input whatever else the machine
    /// does, so compared like a count, within a small tolerance (1% by default,
    /// ``Thresholds/instructions``), in one run per side.
    case instructions

    /// Whether `compare` compares a column of this role as a metric (counts, measured figures
    /// and instruction counts).
    public var isCompared: Bool { self == .count || self == .measured || self == .instructions }
}
