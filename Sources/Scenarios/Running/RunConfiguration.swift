import Models
import Report

/// One run of a scenario: a policy, an in-use mode where the policy caches, and the seed.
///
/// Every run of a scenario sees the same seeded event stream; only the policy differs.
public struct RunConfiguration: Equatable, Sendable, CustomStringConvertible {
    public var policy: PolicyName
    /// `nil` for `none`, which caches nothing and so has no in-use handling.
    public var inUseMode: InUseModeName?
    public var seed: UInt64
    /// The run's place among the scenario's runs (sweep point, then policy, then mode), from 0:
    /// stable however the runs are split across shards.
    public var index: Int
    /// The sweep point this run belongs to, if the scenario sweeps.
    public var sweep: SweepPoint?
    /// Whether the run records its cache's request stream (``RunOutput/trace``).
    public var recordsTrace = false

    public init(policy: PolicyName, inUseMode: InUseModeName?, seed: UInt64, index: Int = 0, sweep: SweepPoint? = nil) {
        self.policy = policy
        self.inUseMode = inUseMode
        self.seed = seed
        self.index = index
        self.sweep = sweep
    }

    /// The columns every results row starts with: scenario, policy, in_use, run, sweep_key,
    /// sweep_value.
    public func identityRow(scenario: String) -> ResultRow {
        var row = ResultRow()
        row.append("scenario", .string(scenario))
        row.append("policy", .string(policy.rawValue))
        row.append("in_use", .string(inUseLabel))
        row.append("run", .int(index))
        row.append("sweep_key", .string(sweep?.key ?? ""))
        row.append("sweep_value", sweep.map { .string(SweepSpec.text($0.value)) } ?? .empty)
        return row
    }

    /// The in-use column's text: the mode, or `-` for `none`.
    public var inUseLabel: String { inUseMode?.rawValue ?? "-" }

    public var description: String {
        let run = inUseMode.map { "\(policy.rawValue)/\($0.rawValue)" } ?? policy.rawValue
        return sweep.map { "\(run) @ \($0.key)=\(SweepSpec.text($0.value))" } ?? run
    }

    /// The runs for `policies` × `modes`: a policy with in-use handling once per mode, any other
    /// once (`none` always; `forever` where the kind's cache flushes without asking, as the view
    /// factory does).
    public static func matrix(
        policies: [PolicyName], modes: [InUseModeName], seed: UInt64,
        inUseApplies: (PolicyName) -> Bool = { $0 != .none }
    ) -> [RunConfiguration] {
        policies.flatMap { policy -> [RunConfiguration] in
            inUseApplies(policy)
                ? modes.map { RunConfiguration(policy: policy, inUseMode: $0, seed: seed) }
                : [RunConfiguration(policy: policy, inUseMode: nil, seed: seed)]
        }
    }
}

/// One point of a sweep: the swept key and its value for this run.
public struct SweepPoint: Equatable, Sendable {
    public var key: String
    public var value: Double

    public init(key: String, value: Double) {
        self.key = key
        self.value = value
    }
}
