/// The columns every kind shares, declared once: the run's identity, its common settings,
/// allocations, latency percentiles and the latency spectrum.
public enum SharedColumns {
    /// The prefix of the sweep columns (`sweep_key`, `sweep_value`).
    public static let sweepPrefix = "sweep_"

    /// The columns every row of every file starts with: scenario, policy, in_use, run,
    /// sweep_key, sweep_value.
    public static let identity: [Column] = [
        .identity("scenario", .text, "the scenario's name"),
        .identity("policy", .text, "the run's policy (for parallel-readers, its store design)", views: [.table]),
        .identity("in_use", .text, "what the cache does with an in-use entry it evicts; - where the run has none"),
        .identity("run", .number, "the run's index in its scenario: sweep point, then policy, then mode"),
        .identity("sweep_key", .text, "the swept key's path; empty without a sweep"),
        .identity("sweep_value", .number, "the swept key's value in this run; empty without a sweep"),
    ]

    /// ``identity`` with `in_use` shown in tables: for kinds whose runs differ by in-use mode.
    public static let identityShowingInUse: [Column] = identity.showing(["in_use"], in: .table)

    /// The seed of the run's event stream.
    public static let seed = Column.identity("seed", .number, "the seed of the run's event stream")
    /// The scenario's counted duration.
    public static let duration = Column.identity("duration_s", .seconds, "the counted duration, warm-up excluded")
    /// The scenario's warm-up.
    public static let warmup = Column.identity("warmup_s", .seconds, "the warm-up, driven but not counted")
    /// Whether the run finished.
    public static let complete = Column.identity(
        "complete", .flag, "true, or false for a run cut short (an interrupt, a failure)")

    /// The time at the end of a sampling interval.
    public static let time = Column.identity(
        "t_s", .seconds, "the end of the sampling interval, from the start of the run (warm-up included)")
    /// Memory-pressure levels posted in a sampling interval.
    public static let memoryPressure = Column.identity(
        "memory_pressure", .text, "the memory-pressure levels posted in the interval, joined with +; empty if none")
    /// Memory-pressure notifications over a run.
    public static let memoryPressureEvents = Column.count(
        "memory_pressure_events", .neutral, "memory-pressure notifications the model handled")

    /// Bytes allocated by the model's work.
    /// `device_bytes_held_max` and `device_bytes_held_mean`: what `holder` held on the device at
    /// the timeseries samples (the largest, and the mean), per object its name's stated size
    /// (the `device:` profile's `bytes:`): from the counts, deterministic; 0 without sizes.
    public static func deviceBytesHeld(_ holder: String) -> [Column] {
        [
            .count(
                "device_bytes_held_max", .lowerIsBetter,
                "most bytes \(holder) held on the device at a sample: per object its stated size (the device: profile's bytes:), from counts, deterministic; 0 when the file states no sizes",
                unit: .bytes),
            .count(
                "device_bytes_held_mean", .lowerIsBetter,
                "the mean over the samples of the device bytes \(holder) held (stated sizes); 0 when the file states no sizes",
                unit: .bytes),
        ]
    }

    public static func allocatedBytes(_ scope: String = "over the counted period") -> Column {
        .measured("allocated_bytes", .bytes, .lowerIsBetter, "bytes allocated by the model's work \(scope) (jemalloc thread.allocated)")
    }

    /// Allocation requests over the counted period.
    public static let allocations = Column.measured(
        "allocations", .count, .lowerIsBetter, "allocation requests over the counted period (jemalloc nrequests)")

    /// The percentile levels of a latency's summary columns, in order.
    public static let percentiles = ["p50", "p90", "p99", "p999", "max"]

    /// One latency's summary columns, `<prefix>_p50_ns` … `<prefix>_max_ns` (or those of
    /// `levels`), each measured, lower is better; each percentile (not the maximum, which has
    /// nothing beyond it) followed by its ``TailSamples`` companion,
    /// `<prefix>_p50_ns_tail_samples`.
    ///
    /// - Parameter what: What is timed, for the description ("a row request").
    public static func latency(_ prefix: String, of what: String, levels: [String] = percentiles) -> [Column] {
        levels.flatMap { level -> [Column] in
            let name = "\(prefix)_\(level)_ns"
            guard let percentile = percentileLevel(level) else {
                return [.measured(name, .nanoseconds, .lowerIsBetter, "maximum time of \(what)")]
            }
            let label = "p" + CSVValue.format(percentile)
            return [
                .measured(name, .nanoseconds, .lowerIsBetter, "\(label) time of \(what)"),
                TailSamples.column(of: name, level: label),
            ]
        }
    }

    /// The percentile (0 to 100) of a level of ``percentiles``: `p50` is 50, `p999` is 99.9
    /// (digits after the second are decimals); nil for `max` or a label that is no percentile.
    public static func percentileLevel(_ level: String) -> Double? {
        guard level.hasPrefix("p") else { return nil }
        let digits = level.dropFirst()
        guard !digits.isEmpty, digits.allSatisfy(\.isNumber) else { return nil }
        let whole = digits.prefix(2)
        let decimals = digits.dropFirst(2)
        return Double(decimals.isEmpty ? String(whole) : "\(whole).\(decimals)")
    }

    /// The columns of `latency.csv`: the identity, then operation, percentile, latency_ns and
    /// the spread of the repetitions at that percentile, ``spectrumLow`` and ``spectrumHigh``.
    public static let spectrum: [Column] =
        identity + [
            .identity("operation", .text, "the timed operation"),
            .identity("percentile", .number, "the percentile level, 0 to 100"),
            .measured(
                "latency_ns", .nanoseconds, .lowerIsBetter,
                "the operation's latency at that percentile (of the repetitions' histograms merged)"),
            .measured(
                spectrumLow, .nanoseconds, .neutral,
                "the smallest of the repetitions' own latencies at that percentile (latency_ns with one repetition)"),
            .measured(
                spectrumHigh, .nanoseconds, .neutral,
                "the largest of the repetitions' own latencies at that percentile (latency_ns with one repetition)"),
        ]

    /// The column of `latency.csv` holding the lower edge of the repetitions' band.
    public static let spectrumLow = "latency_ns_min"
    /// The column of `latency.csv` holding the upper edge of the repetitions' band.
    public static let spectrumHigh = "latency_ns_max"
}
