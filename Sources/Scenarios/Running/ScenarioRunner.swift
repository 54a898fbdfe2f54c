import Foundation
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
            // The runs the file (and --in-use) would give, for policies --policy names alone.
            var plain = options
            plain.policyModes = [:]
            let fileRuns = options.policyModes.isEmpty ? [] : Set(scenario.body.runs(options: plain).map(\.description))
            for var configuration in scenario.body.runs(options: options) where options.selects(configuration, fileRuns: fileRuns) {
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
    ///
    /// With repetitions (`options.repetitions`, else the scenario's `repeat`), runs are
    /// interleaved: repetition 1 of every run, then repetition 2, ..., so a slow spell of the
    /// machine hits every run alike. Each run's summary then holds its counts (checked identical
    /// across repetitions: a difference is ``ScenarioResult/determinismFailure``) and each
    /// measured column's median and confidence interval (``Repetitions``); `latency.csv` the
    /// spectrum of the repetitions' merged histograms; `timeseries.csv` the first repetition's.
    /// An interrupted repetition after the first is left out. Warm-up rounds
    /// (`options.warmUpRounds`) run first and are never recorded.
    public static func run(_ plan: ScenarioPlan, options: RunOptions = RunOptions()) -> ScenarioResult {
        AllocationProbe.install()
        let selected = runs(for: plan, options: options).filter { options.only?.contains($0.configuration.index) ?? true }
        let repetitions = options.repetitions ?? plan.base.header.repetitions
        let columns = plan.base.kindType.columns
        var result = ScenarioResult(
            name: plan.name, columns: repetitions > 1 ? Repetitions.columns(columns) : columns,
            scenarioYAML: Self.yaml(plan.base, repetitions: repetitions))
        result.plots = plan.base.kindType.plots
        // Warm-up rounds (negative repetitions): every run once, nothing kept. A process's first
        // pass through a run pays for what later passes find ready (the code paged in, the
        // runtime's type metadata and conformance caches filled, the allocator's pages faulted
        // in): on a 2-core machine about half the first repetitions of the feed measured 40-60%
        // slower than the others.
        let warmUpRounds = options.warmUpRounds ?? (repetitions > 1 ? 1 : 0)
        var outputs = [[RunOutput]](repeating: [], count: selected.count)
        if let isolation = options.isolation, repetitions > 1 {
            // Each repetition in a process of its own, which warms up by itself.
            repeating: for repetition in 0..<repetitions {
                if options.isCancelled() {
                    result.complete = false
                    break
                }
                options.progress?(
                    RunProgress(
                        scenario: plan.name, run: repetition * selected.count, runs: selected.count * repetitions,
                        configuration: selected[0].configuration, fraction: 0))
                let indices = selected.map(\.configuration.index)
                switch isolation.run(
                    repetition: repetition, runs: indices, warmUpRounds: warmUpRounds,
                    recordTrace: options.recordTrace && repetition == 0, isCancelled: options.isCancelled)
                {
                case .failure(let failure):
                    // Interrupted, the process may die of the signal before it could catch it:
                    // an interruption, not a failure.
                    if !options.isCancelled() { result.processFailure = failure.description }
                    result.complete = false
                    break repeating
                case .success(let received):
                    guard received.map(\.index) == Array(indices.prefix(received.count)) else {
                        result.processFailure = "repetition \(repetition + 1)'s process sent back other runs than it was given"
                        result.complete = false
                        break repeating
                    }
                    let stop = Self.collect(received.map(\.output), repetition: repetition, into: &outputs, result: &result)
                    if stop || received.count < indices.count {
                        result.complete = false
                        break repeating
                    }
                }
            }
        } else {
            repeating: for repetition in -warmUpRounds..<repetitions {
                for (position, run) in selected.enumerated() {
                    if options.isCancelled() {
                        result.complete = false
                        break repeating
                    }
                    let configuration = run.configuration
                    let report: (Double) -> Void = { fraction in
                        guard repetition >= 0 else { return }
                        options.progress?(
                            RunProgress(
                                scenario: plan.name, run: repetition * selected.count + position, runs: selected.count * repetitions,
                                configuration: configuration, fraction: fraction))
                    }
                    let output = run.scenario.body.run(configuration, isCancelled: options.isCancelled, progress: report)
                    if Self.collect([output], from: position, repetition: repetition, into: &outputs, result: &result) {
                        break repeating
                    }
                }
            }
        }
        for (position, run) in selected.enumerated() where !outputs[position].isEmpty {
            let done = outputs[position]
            if let trace = done[0].trace { result.traces.append((run.configuration, trace)) }
            guard repetitions > 1 else {
                result.summary.append(done[0].summary)
                result.timeseries.append(contentsOf: done[0].timeseries)
                result.latency.append(contentsOf: done[0].latency)
                continue
            }
            let rows = done.map(\.summary)
            if result.determinismFailure == nil, let difference = Repetitions.firstCountDifference(rows, columns: columns) {
                result.determinismFailure = DeterminismFailure(
                    scenario: plan.name, run: run.configuration.description, difference: difference)
            }
            result.summary.append(Repetitions.summary(rows, columns: columns))
            for (index, row) in rows.enumerated() {
                result.repetitions.append(Repetitions.row(row, repetition: index + 1, columns: columns))
            }
            result.timeseries.append(contentsOf: done[0].timeseries)
            result.latency += run.configuration.spectrumRows(
                scenario: plan.name, mergedOperations(done), repetitions: done.map(\.operations))
        }
        return result
    }

    /// What a process running one repetition for ``RepetitionProcess`` sends back: after
    /// `options.warmUpRounds` unrecorded rounds, one round of the selected runs (`options.only`),
    /// each output with its run's index. It ends at the first run that stops early (interrupted,
    /// or a bad input row: that run's output says which); interrupted in a warm-up round, nothing.
    public static func repetitionOutputs(_ plan: ScenarioPlan, options: RunOptions) -> [(index: Int, output: RunOutput)] {
        AllocationProbe.install()
        let selected = runs(for: plan, options: options).filter { options.only?.contains($0.configuration.index) ?? true }
        var kept: [(index: Int, output: RunOutput)] = []
        for round in -(options.warmUpRounds ?? 0)...0 {
            for run in selected {
                if options.isCancelled() { return kept }
                let output = run.scenario.body.run(run.configuration, isCancelled: options.isCancelled, progress: { _ in })
                if output.inputError != nil { return [(run.configuration.index, output)] }
                if round == 0 { kept.append((run.configuration.index, output)) }
                if !output.complete { return kept }
            }
        }
        return kept
    }

    /// Keeps the outputs of runs `position`, `position + 1`, ... of `repetition` (none of a
    /// warm-up round; an incomplete one only in the first repetition); true when the scenario
    /// must stop there (a bad input row, an interrupted run), with `result` saying why.
    static func collect(
        _ received: [RunOutput], from position: Int = 0, repetition: Int, into outputs: inout [[RunOutput]],
        result: inout ScenarioResult
    ) -> Bool {
        for (offset, output) in received.enumerated() {
            if let error = output.inputError {
                result.inputError = error
                result.complete = false
                return true
            }
            if repetition >= 0, output.complete || repetition == 0 {
                outputs[position + offset].append(output)
            }
            if !output.complete {
                result.complete = false
                return true
            }
        }
        return false
    }

    /// The scenario as it ran, as YAML: its `repeat` the one that ran (`--repeat` replaces the
    /// file's; the encoder writes the header's `repeat` as one top-level line).
    static func yaml(_ scenario: Scenario, repetitions: Int) -> String {
        let text = (try? YAMLEncoder().encode(scenario)) ?? ""
        guard repetitions != scenario.header.repetitions else { return text }
        return text.replacingOccurrences(of: "\nrepeat: \(scenario.header.repetitions)\n", with: "\nrepeat: \(repetitions)\n")
    }

    /// Each operation's recorder merged over `outputs`, in the first output's order.
    static func mergedOperations(_ outputs: [RunOutput]) -> [(name: String, recorder: LatencyRecorder)] {
        var merged = outputs.first?.operations ?? []
        for output in outputs.dropFirst() {
            for (name, recorder) in output.operations {
                if let slot = merged.firstIndex(where: { $0.name == name }) {
                    merged[slot].recorder.merge(recorder)
                } else {
                    merged.append((name, recorder))
                }
            }
        }
        return merged
    }
}
