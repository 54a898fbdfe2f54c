import Report
import Yams

/// Runs a loaded scenario: every configured run (each sweep point × policy × in-use mode), on
/// the same seeded event stream, through its kind's driver (``KindScenario/run(_:isCancelled:progress:)``).
public enum ScenarioRunner {
    /// The runs `plan` makes under `options`, in order, each with its index in the scenario.
    public static func runs(for plan: ScenarioPlan, options: RunOptions = RunOptions()) -> [(
        configuration: RunConfiguration, scenario: Scenario
    )] {
        var all: [(configuration: RunConfiguration, scenario: Scenario)] = []
        for (point, scenario) in plan.points {
            for var configuration in scenario.body.runs(options: options) {
                configuration.index = all.count
                configuration.sweep = point ?? configuration.sweep  // a kind may sweep by itself
                configuration.recordsTrace = options.recordTrace
                all.append((configuration, scenario))
            }
        }
        return all
    }

    /// The runs of a scenario without a sweep, in order.
    public static func runs(for scenario: Scenario, options: RunOptions = RunOptions()) -> [RunConfiguration] {
        runs(for: ScenarioPlan(base: scenario, points: [(nil, scenario)]), options: options).map(\.configuration)
    }

    /// Runs every configuration of `scenario` (no sweep) and collects the rows.
    public static func run(_ scenario: Scenario, options: RunOptions = RunOptions()) -> ScenarioResult {
        run(ScenarioPlan(base: scenario, points: [(nil, scenario)]), options: options)
    }

    /// Runs the plan's runs (those in `options.only`, when set) and collects the rows.
    public static func run(_ plan: ScenarioPlan, options: RunOptions = RunOptions()) -> ScenarioResult {
        AllocationProbe.install()
        let selected = runs(for: plan, options: options).filter { options.only?.contains($0.configuration.index) ?? true }
        var result = ScenarioResult(
            name: plan.name, columns: plan.base.kindType.columns, scenarioYAML: (try? YAMLEncoder().encode(plan.base)) ?? "")
        result.plots = plan.base.kindType.plots
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
            let output = run.scenario.body.run(configuration, isCancelled: options.isCancelled, progress: report)
            result.summary.append(output.summary)
            result.timeseries.append(contentsOf: output.timeseries)
            result.latency.append(contentsOf: output.latency)
            if let trace = output.trace { result.traces.append((configuration, trace)) }
            if !output.complete {
                result.complete = false
                break
            }
        }
        return result
    }
}
