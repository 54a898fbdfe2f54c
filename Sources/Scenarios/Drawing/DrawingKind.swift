import Models
import Report

extension KindName {
    /// `kind: drawing`.
    public static let drawing = KindName(rawValue: "drawing")
}

extension DrawingScenario: KindScenario {
    public static var kind: KindName { .drawing }

    public static let summary = "views painted with Cairo through a drawing cache over a memory and a disk tier"

    public static var columns: ResultColumns { DrawingRecorder.columns }

    public var policyList: PolicyList? { PolicyList(path: ["cache", "eviction"], names: [cache.eviction], single: true) }

    /// Each of the store's tiers: a `--policy` naming controller policies runs nothing here.
    public func runs(options: RunOptions) -> [RunConfiguration] {
        RunConfiguration.matrix(
            policies: (options.policies ?? cache.policies).filter(Self.policies.contains), modes: [], seed: seed(options),
            inUseApplies: { _ in false })
    }

    public func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        // `eviction: optimal` runs the memory tier under Belady's, from a first pass under lru.
        OptimalPass.run(
            configuration, isOptimal: cache.eviction.needsFuture && configuration.policy == .memory,
            recordingPolicy: configuration.policy
        ) { configuration, future, reportsProgress in
            DrawingDriver(scenario: self, configuration: configuration, future: future)
                .run(isCancelled: isCancelled, progress: { if reportsProgress { progress($0) } })
        }
    }
}

extension DrawingScenario {
    /// One thread that rasterizes for real: ``StudyPlan/drawingWallFactor`` times its clock.
    public var runLoad: RunLoad { RunLoad(wallFactor: StudyPlan.drawingWallFactor) }
}
