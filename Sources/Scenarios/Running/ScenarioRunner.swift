import Foundation
import Report
import Yams

/// Runs a loaded scenario: every configured run (each sweep point × policy × in-use mode), on
/// the same seeded event stream (on each workload seed, ``RunOptions/seeds(for:)``), through its
/// kind's driver (``KindScenario/run(_:isCancelled:progress:)``).
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
    /// Every run is replicated over the workload seeds (``RunOptions/seeds(for:)``: the file's
    /// `seeds:`, or `--seeds`), each seed a run of its own on that seed's event stream. With
    /// repetitions (`options.repetitions`, else the scenario's `repeat`), every seed's run is
    /// repeated. Runs are interleaved: repetition 1 of every run (seed 1 of every run, then seed
    /// 2, ...), then repetition 2, ..., so a slow spell of the machine hits every run alike. Each
    /// run's summary then holds its counts (checked identical across a seed's repetitions: a
    /// difference is ``ScenarioResult/determinismFailure``) and each measured column's median and
    /// confidence interval over every seed's repetitions (``Repetitions``); with more than one
    /// seed, each count as the median over the seeds and its range (``Seeds``), one row per run
    /// per seed in ``ScenarioResult/seeds``; `latency.csv` the spectrum of all the runs' merged
    /// histograms; `timeseries.csv` the first seed's first repetition's; `views.csv` (a kind's
    /// per-view breakdown) each seed's first repetition's. An interrupted
    /// repetition after the first is left out. Warm-up rounds (`options.warmUpRounds`) run every
    /// run once on the first seed before anything is recorded.
    public static func run(_ plan: ScenarioPlan, options: RunOptions = RunOptions()) -> ScenarioResult {
        AllocationProbe.install()
        let selected = runs(for: plan, options: options).filter { options.only?.contains($0.configuration.index) ?? true }
        let repetitions = options.repetitions ?? plan.base.header.repetitions
        let seeds = options.seeds(for: plan.base.header)
        // `run --instructions`: each repetition under callgrind, even a single one, and the kind's
        // instruction columns after its own.
        let counted = options.isolation?.instructions != nil ? CountedOperation.of(plan.base.body) : nil
        var columns = plan.base.body.resultColumns
        columns.summary += counted?.columns ?? []
        var result = ScenarioResult(
            name: plan.name, columns: Self.columns(columns, repetitions: repetitions, seeds: seeds.count),
            scenarioYAML: Self.yaml(
                plan.base, repetitions: repetitions, seeds: options.seedsSpec(for: plan.base.header), seed: options.seed))
        result.plots = plan.base.kindType.plots
        result.seedList = seeds
        // Warm-up rounds (negative repetitions): every run once, nothing kept. A process's first
        // pass through a run pays for what later passes find ready (the code paged in, the
        // runtime's type metadata and conformance caches filled, the allocator's pages faulted
        // in): on a 2-core machine about half the first repetitions of the feed measured 40-60%
        // slower than the others.
        let warmUpRounds = options.warmUpRounds ?? (repetitions > 1 ? 1 : 0)
        // One round: every selected run on the first seed, then on the second, ...
        let round = seeds.indices.flatMap { seed in selected.indices.map { Replica(position: $0, seed: seed) } }
        var outputs = [[[HeldOutput]]](repeating: [[HeldOutput]](repeating: [], count: seeds.count), count: selected.count)
        if let isolation = options.isolation, repetitions > 1 || counted != nil {
            result.parallelism = RunJobs.oneAtATime(jobs: options.jobs, measured: options.jobsMeasured)
            // Each repetition in a process of its own, which warms up by itself.
            repeating: for repetition in 0..<repetitions {
                if options.isCancelled() {
                    result.complete = false
                    break
                }
                options.progress?(
                    RunProgress(
                        scenario: plan.name, run: repetition * round.count, runs: round.count * repetitions,
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
                    let expected = round.map { (selected[$0.position].configuration.index, seeds[$0.seed]) }
                    guard received.count <= expected.count,
                        zip(received, expected).allSatisfy({ $0.index == $1.0 && $0.seed == $1.1 })
                    else {
                        result.processFailure = "repetition \(repetition + 1)'s process sent back other runs than it was given"
                        result.complete = false
                        break repeating
                    }
                    let stop = Self.collect(
                        Array(zip(round, received.map(\.output))), repetition: repetition, into: &outputs, result: &result)
                    if stop || received.count < expected.count {
                        result.complete = false
                        break repeating
                    }
                }
            }
        } else {
            // Up to --jobs runs at once where no measured figure can be disturbed (``RunJobs``),
            // their outputs collected in the round's order.
            var jobs = RunJobs(plan: plan, selected: selected, options: options)
            repeating: for repetition in -warmUpRounds..<repetitions {
                // A warm-up round runs every run once, on the first seed.
                let ending = jobs.run(
                    repetition < 0 ? Array(round.prefix(selected.count)) : round, seeds: seeds, scenario: plan.name,
                    first: repetition * round.count, total: round.count * repetitions, reports: repetition >= 0
                ) { replica, output in
                    Self.collect([(replica, output)], repetition: repetition, into: &outputs, result: &result)
                }
                switch ending {
                case .finished: continue
                case .stopped: break repeating
                case .cancelled:
                    result.complete = false
                    break repeating
                }
            }
            result.parallelism = jobs.record
        }
        for (position, run) in selected.enumerated() {
            // The seeds this run has outputs of (an interrupt may have cut the later ones).
            let done = outputs[position].enumerated().filter { !$0.element.isEmpty }
            guard let first = done.first?.element[0] else { continue }
            if let trace = first.trace { result.traces.append((run.configuration, trace)) }
            // The per-view breakdown of each seed's first repetition (its seed column tells them apart).
            result.views += done.flatMap(\.element[0].views)
            guard repetitions > 1 || seeds.count > 1 else {
                result.summary.append(first.summary)
                result.timeseries.append(contentsOf: first.timeseries ?? RowSpool([]))
                result.latency.append(contentsOf: first.latency)
                continue
            }
            for (seed, repeated) in done where result.determinismFailure == nil {
                if let difference = Repetitions.firstCountDifference(repeated.map(\.summary), columns: columns) {
                    let name = run.configuration.description + (seeds.count > 1 ? " (seed \(seeds[seed]))" : "")
                    result.determinismFailure = DeterminismFailure(scenario: plan.name, run: name, difference: difference)
                }
            }
            let all = done.flatMap(\.element)
            let pooled = Repetitions.summary(all.map(\.summary), columns: columns)
            if seeds.count > 1 {
                let perSeed = done.map(\.element[0].summary)
                var summary = Seeds.summary(perSeed: perSeed, pooled: pooled, columns: columns)
                // Interrupted before every seed had run: incomplete too.
                if done.count < seeds.count, let slot = summary.columns.firstIndex(where: { $0.name == SharedColumns.complete.name }) {
                    summary.columns[slot].value = .string("false")
                }
                result.summary.append(summary)
                result.seeds += perSeed.map { Seeds.row($0, columns: columns) }
                for (_, repeated) in done {
                    for (index, output) in repeated.enumerated() {
                        result.repetitions.append(Seeds.repetitionRow(output.summary, repetition: index + 1, columns: columns))
                    }
                }
            } else {
                result.summary.append(pooled)
                for (index, output) in all.enumerated() {
                    result.repetitions.append(Repetitions.row(output.summary, repetition: index + 1, columns: columns))
                }
            }
            result.timeseries.append(contentsOf: first.timeseries ?? RowSpool([]))
            result.latency += run.configuration.spectrumRows(
                scenario: plan.name, HeldOutput.merged(all), repetitions: all.map(\.operations))
        }
        return result
    }

    /// One replica of a selected run: its position among the selected runs, and the position of
    /// its seed among the seeds.
    struct Replica: Equatable {
        var position: Int
        var seed: Int
    }

    /// The columns of a scenario's results whose kind declares `columns`: with more than one
    /// repetition or seed, a median and interval per measured column and `repetitions.csv`
    /// (``Repetitions/columns(_:)``); with more than one seed, a range per count and `seeds.csv`
    /// (``Seeds/columns(_:)``).
    public static func columns(_ columns: ResultColumns, repetitions: Int, seeds: Int) -> ResultColumns {
        let repeated = repetitions * seeds > 1 ? Repetitions.columns(columns) : columns
        return seeds > 1 ? Seeds.columns(repeated) : repeated
    }

    /// `configuration` on `seed`: only a run's first seed records its request stream
    /// (`--record-trace` writes one trace per run).
    static func configuration(_ configuration: RunConfiguration, seed: UInt64, first: Bool) -> RunConfiguration {
        var copy = configuration
        copy.seed = seed
        copy.recordsTrace = configuration.recordsTrace && first
        return copy
    }

    /// What a process running one repetition for ``RepetitionProcess`` sends back: after
    /// `options.warmUpRounds` unrecorded rounds (every run once, on the first seed), one round of
    /// the selected runs (`options.only`) on every seed, seed by seed, each output with its run's
    /// index and its seed. It ends at the first run that stops early (interrupted, or a bad input
    /// row: that run's output says which); interrupted in a warm-up round, nothing.
    public static func repetitionOutputs(_ plan: ScenarioPlan, options: RunOptions) -> [(index: Int, seed: UInt64, output: RunOutput)] {
        AllocationProbe.install()
        let selected = runs(for: plan, options: options).filter { options.only?.contains($0.configuration.index) ?? true }
        let seeds = options.seeds(for: plan.base.header)
        var kept: [(index: Int, seed: UInt64, output: RunOutput)] = []
        // Under callgrind (`run --instructions`): each recorded run's instructions, from a dump.
        let counted = InstructionCounter.isActive ? CountedOperation.of(plan.base.body) : nil
        for round in -(options.warmUpRounds ?? 0)...0 {
            for seed in round < 0 ? [0] : Array(seeds.indices) {
                for run in selected {
                    if options.isCancelled() { return kept }
                    let configuration = Self.configuration(run.configuration, seed: seeds[seed], first: seed == 0)
                    if round == 0, counted != nil { InstructionCounter.zero() }
                    var output = run.scenario.body.run(configuration, isCancelled: options.isCancelled, progress: { _ in })
                    if output.inputError != nil { return [(configuration.index, configuration.seed, output)] }
                    if round == 0, let counted {
                        let total = InstructionCounter.take(label: "run-\(configuration.index)-seed-\(configuration.seed)")
                        counted.append(total: total, to: &output)
                    }
                    if round == 0 { kept.append((configuration.index, configuration.seed, output)) }
                    if !output.complete { return kept }
                }
            }
        }
        return kept
    }

    /// Keeps each received output of `repetition` at its replica's place (none of a warm-up
    /// round; an incomplete one only in the first repetition); true when the scenario must stop
    /// there (a bad input row, an interrupted run), with `result` saying why.
    static func collect(
        _ received: [(replica: Replica, output: RunOutput)], repetition: Int, into outputs: inout [[[HeldOutput]]],
        result: inout ScenarioResult
    ) -> Bool {
        for (replica, output) in received {
            if let error = output.inputError {
                result.inputError = error
                result.complete = false
                return true
            }
            if repetition >= 0, output.complete || repetition == 0 {
                // What the results use of it (see ``HeldOutput``): its rows and trace when it
                // is the run's first output, its views when it is its seed's first.
                let firstOfRun = outputs[replica.position].allSatisfy(\.isEmpty)
                let firstOfSeed = outputs[replica.position][replica.seed].isEmpty
                outputs[replica.position][replica.seed].append(
                    HeldOutput(output, keepsRows: firstOfRun, keepsViews: firstOfSeed))
            }
            if !output.complete {
                result.complete = false
                return true
            }
        }
        return false
    }

    /// The scenario as it ran, as YAML: its `repeat` the one that ran (`--repeat` replaces the
    /// file's; the encoder writes the header's `repeat` as one top-level line), and its `seeds`
    /// (`--seeds` replaces the file's; written after `seed:` when the file has none), and its
    /// `seed` the base seed the runs used (`--seed` replaces the file's).
    static func yaml(_ scenario: Scenario, repetitions: Int, seeds: SeedsSpec? = nil, seed: UInt64? = nil) -> String {
        // Text as written: `64×64`, not the escaped "64\xD764" an ASCII-only emitter writes.
        let encoder = YAMLEncoder()
        encoder.options.allowUnicode = true
        var text = (try? encoder.encode(scenario)) ?? ""
        // The seed the runs used: `--seed` replaces the file's.
        if let seed, seed != scenario.header.seed,
            let range = text.range(of: #"(^|\n)seed: [0-9]+\n"#, options: .regularExpression)
        {
            let lead = text[range].hasPrefix("\n") ? "\n" : ""
            text.replaceSubrange(range, with: "\(lead)seed: \(seed)\n")
        }
        if repetitions != scenario.header.repetitions {
            text = text.replacingOccurrences(of: "\nrepeat: \(scenario.header.repetitions)\n", with: "\nrepeat: \(repetitions)\n")
        }
        if let seeds, seeds != scenario.header.seeds, case .count(let count) = seeds {
            let line = "seeds: \(count)\n"
            if let range = text.range(of: #"\nseeds:( [^\n]*)?\n(- [^\n]*\n)*"#, options: .regularExpression) {
                text.replaceSubrange(range, with: "\n" + line)
            } else if let range = text.range(of: #"\nseed: [0-9]+\n"#, options: .regularExpression) {
                text.insert(contentsOf: line, at: range.upperBound)
            }
        }
        return text
    }
}
