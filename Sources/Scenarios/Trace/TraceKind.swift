import Models
import Report

extension KindName {
    /// `kind: trace`.
    public static let trace = KindName(rawValue: "trace")
}

extension TraceScenario: KindScenario {
    public static var kind: KindName { .trace }

    public static let summary = "a recorded or generated request stream replayed under each policy and capacity"

    public static var columns: ResultColumns { TraceDriver.columns }

    /// Each policy at each capacity (the capacity as the run's sweep point), on the same trace.
    public func runs(options: RunOptions) -> [RunConfiguration] {
        let policies = (options.policies ?? cache.policies).filter(TraceCacheSpec.allowedPolicies.contains)
        let key = cache.inBytes ? "capacity_bytes" : "capacity"
        return policies.flatMap { policy in
            capacities.map { capacity in
                RunConfiguration(
                    policy: policy, inUseMode: nil, seed: seed(options),
                    sweep: SweepPoint(key: key, value: Double(capacity.value)))
            }
        }
    }

    public func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        TraceDriver(scenario: self, configuration: configuration).run(isCancelled: isCancelled, progress: progress)
    }
}
