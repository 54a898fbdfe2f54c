import Report

extension ScenarioKind {
    /// `kind: parallel-readers`.
    public static let parallelReaders = ScenarioKind(rawValue: "parallel-readers")
}

extension ParallelReadersScenario: KindScenario {
    public static var kind: ScenarioKind { .parallelReaders }

    public static let summary = "reader and writer threads against a reader-writer store, one synchronisation design per run"

    public static var columns: ResultColumns { ParallelReadersRecorder.columns }

    /// Each store design.
    public func runs(options: RunOptions) -> [RunConfiguration] {
        RunConfiguration.matrix(
            policies: (options.policies ?? designs).filter(PolicyName.storeDesigns.contains), modes: [], seed: seed(options),
            inUseApplies: { _ in false })
    }

    public func run(_ configuration: RunConfiguration, isCancelled: () -> Bool, progress: (Double) -> Void) -> RunOutput {
        ParallelReadersDriver(scenario: self, configuration: configuration).run(isCancelled: isCancelled, progress: progress)
    }
}
