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

    public var policyList: PolicyList? { PolicyList(path: ["cache", "policies"], names: cache.policies) }

    /// Each policy at each capacity (the capacity as the run's sweep point), on the same trace.
    public func runs(options: RunOptions) -> [RunConfiguration] {
        let policies = (options.policies ?? cache.policies).filter { $0.isAmong(TraceCacheSpec.allowedPolicies) }
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

extension TraceScenario {
    /// A capacity that holds every distinct key never evicts: every policy gives the same counts.
    public func warnings(options: RunOptions) -> [String] {
        let whole: Int
        if cache.inBytes {
            guard scan.workingSetBytes > 0 else { return [] }
            whole = scan.workingSetBytes
        } else if let keys = distinctCacheKeys {
            whole = keys
        } else {
            return []
        }
        let holdingAll = capacities.filter { $0.value >= whole }.map(\.value)
        guard !holdingAll.isEmpty else { return [] }
        let unit = cache.inBytes ? "bytes of distinct objects" : "distinct keys"
        return [
            "policies cannot differ at capacity \(holdingAll.map(String.init).joined(separator: ", ")): the trace has \(whole) \(unit), and that capacity holds them all"
        ]
    }

    /// A trace file, or a generated trace with its own `seed:`, replayed by built-in policies
    /// that draw nothing at random (all but `random`): the workload seed changes nothing (a
    /// generated trace without its own seed draws its requests from it; a team's registered
    /// policy may draw from it).
    public var seedLeavesNothingOpen: Bool {
        switch source {
        case .file: break
        case .generated(let spec): if spec.seed == nil { return false }
        }
        let deterministic = Set(PolicyRegistry.builtIn.map(\.name)).subtracting([PolicyName("random")])
        return cache.policies.allSatisfy(deterministic.contains)
    }

    /// The trace file a replay reads (none for a generated trace).
    public var inputFiles: [String] {
        if case .file(let spec) = source { [spec.resolvedPath] } else { [] }
    }

    /// The distinct keys read when loading counted them, else a generated trace's object count
    /// (it can ask for no more); nil when unknown.
    public var distinctCacheKeys: Int? {
        if scan.uniqueKeys > 0 { return scan.uniqueKeys }
        if case .generated(let spec) = source { return spec.objects }
        return nil
    }
}
