import Report

/// Runs a loaded scenario: every configured run, on the same seeded event stream, through the
/// driver for its kind.
public enum ScenarioRunner {
    /// The runs `scenario` makes under `options`, in order.
    public static func runs(for scenario: Scenario, options: RunOptions = RunOptions()) -> [RunConfiguration] {
        let seed = options.seed ?? scenario.header.seed
        switch scenario {
        case .scrollingTable(let table):
            return RunConfiguration.matrix(
                policies: options.policies ?? table.cache.policies, modes: table.cache.inUse, seed: seed)
        case .navigation(let navigation):
            // The factory's `forever` cache flushes everything on a memory warning, whatever is
            // on screen: in-use modes apply to the bounded policies only.
            return RunConfiguration.matrix(
                policies: options.policies ?? navigation.cache.policies, modes: navigation.cache.inUse, seed: seed,
                inUseApplies: \.isBounded)
        }
    }

    /// Runs every configuration of `scenario` and collects the rows.
    public static func run(_ scenario: Scenario, options: RunOptions = RunOptions()) -> ScenarioResult {
        AllocationProbe.install()
        let configurations = runs(for: scenario, options: options)
        var result = ScenarioResult(name: scenario.header.name)
        for (index, configuration) in configurations.enumerated() {
            if options.isCancelled() {
                result.complete = false
                break
            }
            let report: (Double) -> Void = { fraction in
                options.progress?(
                    RunProgress(
                        scenario: scenario.header.name, run: index, runs: configurations.count,
                        configuration: configuration, fraction: fraction))
            }
            let output: RunOutput
            switch scenario {
            case .scrollingTable(let table):
                output = ScrollingTableDriver(scenario: table, configuration: configuration)
                    .run(isCancelled: options.isCancelled, progress: report)
            case .navigation(let navigation):
                output = NavigationDriver(scenario: navigation, configuration: configuration)
                    .run(isCancelled: options.isCancelled, progress: report)
            }
            result.summary.append(output.summary)
            result.timeseries.append(contentsOf: output.timeseries)
            result.latency.append(contentsOf: output.latency)
            if !output.complete {
                result.complete = false
                break
            }
        }
        return result
    }
}

/// What one run produced.
struct RunOutput {
    var summary: ResultRow
    var timeseries: [ResultRow]
    var latency: [ResultRow]
    var complete: Bool
}
