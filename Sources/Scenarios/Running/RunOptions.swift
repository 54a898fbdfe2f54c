/// What the command line changes about how scenarios run.
public struct RunOptions: Sendable {
    /// Replaces the scenario's own policy list when set (`--policy`).
    public var policies: [PolicyName]?
    /// Replaces the scenario's seed when set (`--seed`).
    public var seed: UInt64?
    /// Polled between frames; returning true stops the run, keeping what was measured.
    public var isCancelled: @Sendable () -> Bool
    /// Called as runs advance (at most a few times per virtual second).
    public var progress: (@Sendable (RunProgress) -> Void)?
    /// Only these runs (by their index in the scenario), when set: a shard's slice.
    public var only: Set<Int>?
    /// Whether each run records its cache's request stream (`--record-trace`).
    public var recordTrace = false
    /// Replaces the scenario's `repeat` when set (`--repeat`).
    public var repetitions: Int?
    /// Unrecorded rounds of every run before the measured ones (`--warm-up`); when nil, one
    /// round with more than one repetition, none with one.
    public var warmUpRounds: Int?
    /// With more than one repetition: runs each repetition in a process of its own
    /// (``RepetitionProcess``); nil runs them all in this process (`--in-process`).
    public var isolation: RepetitionProcess?

    public init(
        policies: [PolicyName]? = nil, seed: UInt64? = nil,
        isCancelled: @escaping @Sendable () -> Bool = { false },
        progress: (@Sendable (RunProgress) -> Void)? = nil
    ) {
        self.policies = policies
        self.seed = seed
        self.isCancelled = isCancelled
        self.progress = progress
    }
}

/// Where a scenario's runs have got to.
public struct RunProgress: Sendable {
    public var scenario: String
    /// 0-based index of the current run, and how many there are.
    public var run: Int
    public var runs: Int
    public var configuration: RunConfiguration
    /// How far the current run is, 0...1.
    public var fraction: Double
}
