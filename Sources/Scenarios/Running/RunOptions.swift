import Models
/// What the command line changes about how scenarios run.
public struct RunOptions: Sendable {
    /// Replaces the scenario's own policy list when set (`--policy`).
    public var policies: [PolicyName]?
    /// Replaces the scenario's own in-use modes when set (`--in-use`).
    public var inUse: [InUseModeName]?
    /// For policies named with an in-use mode (`--policy lru/repopulate`): only those runs.
    public var policyModes: [PolicyName: [InUseModeName]] = [:]
    /// Replaces the scenario's seed when set (`--seed`).
    public var seed: UInt64?
    /// Replaces the scenario's number of workload seeds when set (`--seeds`).
    public var seedCount: Int?
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
    /// Runs at once (`--jobs`): runs that may share the machine (``RunIsolation/shared``) run up
    /// to this many side by side; 1 runs every run after the other.
    public var jobs = 1
    /// Whether runs that measure (``RunIsolation/alone``) may run side by side too (`--jobs-measured`).
    public var jobsMeasured = false
    /// The memory the runs at once may hold together (`--memory-limit`), nil for no bound.
    public var memoryLimit: Double?

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

extension RunOptions {
    /// Applies a `--policy` selection: its policies replace the file's; a policy named with a
    /// mode runs in that mode only (added to the file's modes if the file lacks it).
    public mutating func select(_ selection: PolicySelection) {
        policies = selection.policies
        policyModes = selection.modes
    }

    /// The in-use modes a kind runs: `--in-use`, else the file's, plus any mode `--policy` names.
    public func inUseModes(_ file: [InUseModeName]) -> [InUseModeName] {
        if let inUse { return inUse }
        let named = Set(policyModes.values.joined())
        return file + InUseModeName.allCases.filter { named.contains($0) && !file.contains($0) }
    }

    /// Whether a run of `configuration` is among those `--policy` names: in a mode named with
    /// its policy, or for a policy named alone, among `fileRuns` (the runs without the modes
    /// `--policy` added).
    func selects(_ configuration: RunConfiguration, fileRuns: Set<String>) -> Bool {
        guard !policyModes.isEmpty else { return true }
        guard let modes = policyModes[configuration.policy] else { return fileRuns.contains(configuration.description) }
        return configuration.inUseMode.map(modes.contains) ?? false
    }
}

/// The runs `--policy` names: policies, and for some of them in-use modes (`lru/repopulate`).
public struct PolicySelection: Sendable, Equatable {
    public var policies: [PolicyName]
    /// The modes asked for, per policy named with a mode; a policy named alone runs every mode.
    public var modes: [PolicyName: [InUseModeName]]

    public init(policies: [PolicyName], modes: [PolicyName: [InUseModeName]]) {
        self.policies = policies
        self.modes = modes
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
    /// Runs under way at once (`run --jobs`): the current run is the earliest of them.
    public var running = 1
}
