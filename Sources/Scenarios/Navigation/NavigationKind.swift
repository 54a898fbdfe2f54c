import Models
import Report

extension KindName {
    /// `kind: navigation`.
    public static let navigation = KindName(rawValue: "navigation")
}

extension NavigationScenario: KindScenario {
    public static var kind: KindName { .navigation }

    public static let summary =
        "a user navigating a tabbed app built on a view factory, its controllers in a view cache and a history stack"

    public static var columns: ResultColumns { NavigationRecorder.columns }

    public var policyList: PolicyList? { PolicyList(path: ["cache", "policies"], names: cache.policies) }

    /// Each controller policy; in-use modes apply to the bounded ones only (the factory's
    /// `forever` cache flushes everything on a memory warning, whatever is on screen).
    public func runs(options: RunOptions) -> [RunConfiguration] {
        RunConfiguration.matrix(
            policies: (options.policies ?? cache.policies).filter { $0.isAmong(PolicyName.controllerPolicies) },
            modes: options.inUseModes(cache.inUse), seed: seed(options), inUseApplies: \.isBounded)
    }

    /// A recorded session's file (``RecordedNavigation``).
    public var inputFiles: [String] {
        if case .recorded(let session) = user.mode, !session.resolvedFile.isEmpty { [session.resolvedFile] } else { [] }
    }

    /// A recorded session without deep links draws nothing at random.
    public var seedLeavesNothingOpen: Bool {
        if case .recorded = user.mode { return user.deepLinks.isEmpty }
        return false
    }

    public func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        OptimalPass.run(configuration) { configuration, future, reportsProgress in
            NavigationDriver(scenario: self, configuration: configuration, future: future)
                .run(isCancelled: isCancelled, progress: { if reportsProgress { progress($0) } })
        }
    }
}
