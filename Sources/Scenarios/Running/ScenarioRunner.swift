import Report

/// Runs a loaded scenario: every configured run (each sweep point × policy × in-use mode), on
/// the same seeded event stream, through the driver for its kind.
public enum ScenarioRunner {
    /// The runs `plan` makes under `options`, in order, each with its index in the scenario.
    public static func runs(for plan: ScenarioPlan, options: RunOptions = RunOptions()) -> [(
        configuration: RunConfiguration, scenario: Scenario
    )] {
        var all: [(configuration: RunConfiguration, scenario: Scenario)] = []
        for (point, scenario) in plan.points {
            for var configuration in matrix(for: scenario, options: options) {
                configuration.index = all.count
                configuration.sweep = point
                all.append((configuration, scenario))
            }
        }
        return all
    }

    /// The runs of a scenario without a sweep, in order.
    public static func runs(for scenario: Scenario, options: RunOptions = RunOptions()) -> [RunConfiguration] {
        runs(for: ScenarioPlan(base: scenario, points: [(nil, scenario)]), options: options).map(\.configuration)
    }

    private static func matrix(for scenario: Scenario, options: RunOptions) -> [RunConfiguration] {
        let seed = options.seed ?? scenario.header.seed
        switch scenario {
        case .scrollingTable(let table):
            return RunConfiguration.matrix(
                policies: (options.policies ?? table.cache.policies).filter(PolicyName.controllerPolicies.contains),
                modes: table.cache.inUse, seed: seed)
        case .navigation(let navigation):
            // The factory's `forever` cache flushes everything on a memory warning, whatever is
            // on screen: in-use modes apply to the bounded policies only.
            return RunConfiguration.matrix(
                policies: (options.policies ?? navigation.cache.policies).filter(PolicyName.controllerPolicies.contains),
                modes: navigation.cache.inUse, seed: seed, inUseApplies: \.isBounded)
        case .drawing(let drawing):
            // Only the store's own tiers: a `--policy` naming controller policies runs nothing here.
            let policies = (options.policies ?? drawing.cache.policies).filter(DrawingScenario.policies.contains)
            return RunConfiguration.matrix(policies: policies, modes: [], seed: seed, inUseApplies: { _ in false })
        case .parallelReaders(let readers):
            let designs = (options.policies ?? readers.designs).filter(PolicyName.storeDesigns.contains)
            return RunConfiguration.matrix(policies: designs, modes: [], seed: seed, inUseApplies: { _ in false })
        }
    }

    /// Runs every configuration of `scenario` (no sweep) and collects the rows.
    public static func run(_ scenario: Scenario, options: RunOptions = RunOptions()) -> ScenarioResult {
        run(ScenarioPlan(base: scenario, points: [(nil, scenario)]), options: options)
    }

    /// Runs the plan's runs (those in `options.only`, when set) and collects the rows.
    public static func run(_ plan: ScenarioPlan, options: RunOptions = RunOptions()) -> ScenarioResult {
        AllocationProbe.install()
        let selected = runs(for: plan, options: options).filter { options.only?.contains($0.configuration.index) ?? true }
        var result = ScenarioResult(name: plan.name)
        for (position, run) in selected.enumerated() {
            if options.isCancelled() {
                result.complete = false
                break
            }
            let configuration = run.configuration
            let report: (Double) -> Void = { fraction in
                options.progress?(
                    RunProgress(
                        scenario: plan.name, run: position, runs: selected.count,
                        configuration: configuration, fraction: fraction))
            }
            let output: RunOutput
            switch run.scenario {
            case .scrollingTable(let table):
                output = ScrollingTableDriver(scenario: table, configuration: configuration)
                    .run(isCancelled: options.isCancelled, progress: report)
            case .navigation(let navigation):
                output = NavigationDriver(scenario: navigation, configuration: configuration)
                    .run(isCancelled: options.isCancelled, progress: report)
            case .drawing(let drawing):
                output = DrawingDriver(scenario: drawing, configuration: configuration)
                    .run(isCancelled: options.isCancelled, progress: report)
            case .parallelReaders(let readers):
                output = ParallelReadersDriver(scenario: readers, configuration: configuration)
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
