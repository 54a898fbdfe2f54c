/// One run of a scenario: a policy, an in-use mode where the policy caches, and the seed.
///
/// Every run of a scenario sees the same seeded event stream; only the policy differs.
public struct RunConfiguration: Equatable, Sendable, CustomStringConvertible {
    public var policy: PolicyName
    /// `nil` for `none`, which caches nothing and so has no in-use handling.
    public var inUseMode: InUseModeName?
    public var seed: UInt64

    public init(policy: PolicyName, inUseMode: InUseModeName?, seed: UInt64) {
        self.policy = policy
        self.inUseMode = inUseMode
        self.seed = seed
    }

    /// The in-use column's text: the mode, or `-` for `none`.
    public var inUseLabel: String { inUseMode?.rawValue ?? "-" }

    public var description: String {
        inUseMode.map { "\(policy.rawValue)/\($0.rawValue)" } ?? policy.rawValue
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
