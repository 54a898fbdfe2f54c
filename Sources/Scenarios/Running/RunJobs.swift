import Foundation
import Models
import Report

/// Runs a scenario's rounds of runs (``ScenarioRunner``) up to `--jobs` at once (``ParallelJobs``),
/// where no measured figure can be disturbed: a run whose kind measures the machine
/// (``RunIsolation/alone``) runs with nothing beside it unless `--jobs-measured`; the runs at once
/// stay within the memory limit (each run's estimate, ``KindScenario/memoryEstimate()``, beside
/// the result rows of every run and what the runs share); outputs come back in the runs' order,
/// so the results are those of one run after another. It records what ran side by side
/// (``RunParallelism``).
struct RunJobs {
    /// The selected runs, each with the scenario it runs with (a copy sharing read-only inputs,
    /// ``KindScenario/concurrentCopy(memoryBudget:)``, when runs run side by side).
    let runs: [(configuration: RunConfiguration, scenario: Scenario)]
    /// Per selected run: whether it runs alone, and its memory.
    let jobs: [ParallelJobs.Job]
    let pool: ParallelJobs
    let options: RunOptions
    /// What ran side by side, so far.
    private(set) var record: RunParallelism
    private var besideOthers: Set<Int> = []

    init(plan: ScenarioPlan, selected: [(configuration: RunConfiguration, scenario: Scenario)], options: RunOptions) {
        self.options = options
        let jobs = max(1, options.jobs)
        func alone(_ scenario: Scenario) -> Bool { !options.jobsMeasured && scenario.body.runIsolation == .alone }
        let sideBySide = jobs > 1 && selected.filter { !alone($0.scenario) }.count > 1
        // What every run keeps is held until the scenario is written.
        let rows = MemoryGuard.heldResults(plan, options: options).reduce(0) { $0 + $1.bytes }
        let limit = options.memoryLimit ?? .infinity
        let costs = selected.map { $0.scenario.body.memoryEstimate().total }
        // What the runs share may take what two of the largest runs at once leave.
        let largest = costs.max() ?? 0
        var shared = 0.0
        var runs = selected
        if sideBySide {
            // One copy per sweep point, shared by that point's runs.
            var copies: [Int: Scenario] = [:]
            for position in runs.indices where !alone(runs[position].scenario) {
                let point = plan.points.firstIndex { $0.point == runs[position].configuration.sweep } ?? 0
                if copies[point] == nil {
                    let copy = runs[position].scenario.body.concurrentCopy(memoryBudget: max(0, limit - rows - 2 * largest - shared))
                    shared += copy.sharedBytes
                    copies[point] = Scenario(copy.body)
                }
                if let copy = copies[point] { runs[position].scenario = copy }
            }
        }
        self.runs = runs
        self.jobs = zip(selected, costs).map { ParallelJobs.Job(alone: alone($0.scenario), cost: $1) }
        self.pool = ParallelJobs(width: jobs, budget: limit - rows - shared)
        let measuring = selected.filter { alone($0.scenario) }.map(\.configuration.index)
        self.record = RunParallelism(
            jobs: jobs, jobsMeasured: options.jobsMeasured, policy: Self.policy(jobs: jobs, measured: options.jobsMeasured),
            alone: measuring, sharedBytes: shared > 0 ? Int(shared) : nil)
    }

    /// The rule, in words, for `run.json`.
    static func policy(jobs: Int, measured: Bool) -> String {
        guard jobs > 1 else { return "one run at a time (--jobs 1)" }
        let head = "up to \(jobs) runs at once within the memory limit: "
        return measured
            ? head + "every run side by side (--jobs-measured: measured figures include the other runs' load)"
            : head
                + "runs whose figures other work cannot change (no measured column; every trace run) side by side, "
                + "runs that measure time or memory alone"
    }

    /// The record of a scenario whose repetitions ran in processes of their own: one run at a time.
    static func oneAtATime(jobs: Int, measured: Bool) -> RunParallelism {
        RunParallelism(
            jobs: max(1, jobs), jobsMeasured: measured,
            policy:
                "one run at a time: each repetition ran in a process of its own (--in-process runs them side by side where --jobs allows)",
            mostAtOnce: 1)
    }

    /// Runs `replicas` (one round: each a selected run on a seed) and hands each output to
    /// `deliver` in order, on this thread (true: stop there). `first` is the progress number of
    /// the round's first run, of `total`; a round with `reports` false (a warm-up) reports none.
    mutating func run(
        _ replicas: [ScenarioRunner.Replica], seeds: [UInt64], scenario name: String, first: Int, total: Int, reports: Bool,
        deliver: (ScenarioRunner.Replica, RunOutput) -> Bool
    ) -> ParallelJobs.Ending {
        let runs = self.runs
        let options = self.options
        let configurations = replicas.map {
            ScenarioRunner.configuration(runs[$0.position].configuration, seed: seeds[$0.seed], first: $0.seed == 0)
        }
        let progress = RoundProgress(
            scenario: name, first: first, total: total, configurations: configurations, report: reports ? options.progress : nil)
        let (ending, round) = pool.run(
            replicas.map { jobs[$0.position] }, isCancelled: options.isCancelled,
            work: { number, stopped in
                let configuration = configurations[number]
                progress.started(number)
                defer { progress.ended(number) }
                return runs[replicas[number].position].scenario.body.run(
                    configuration, isCancelled: { options.isCancelled() || stopped() },
                    progress: { progress.report(number, fraction: $0) })
            },
            deliver: { number, output in deliver(replicas[number], output) })
        besideOthers.formUnion(round.overlapped.map { runs[replicas[$0].position].configuration.index })
        record.besideOthers = besideOthers.sorted()
        record.mostAtOnce = max(record.mostAtOnce, round.mostAtOnce)
        record.memoryLimited = record.memoryLimited || round.memoryLimited
        return ending
    }
}

/// The progress of a round's runs under way at once: each report names the earliest of them
/// and how many there are, one report at a time.
private final class RoundProgress: @unchecked Sendable {
    let scenario: String
    let first: Int
    let total: Int
    let configurations: [RunConfiguration]
    let report: (@Sendable (RunProgress) -> Void)?
    private let lock = NSLock()
    private var fractions: [Int: Double] = [:]

    init(scenario: String, first: Int, total: Int, configurations: [RunConfiguration], report: (@Sendable (RunProgress) -> Void)?) {
        self.scenario = scenario
        self.first = first
        self.total = total
        self.configurations = configurations
        self.report = report
    }

    func started(_ number: Int) {
        lock.withLock { fractions[number] = 0 }
    }

    func ended(_ number: Int) {
        lock.withLock { _ = fractions.removeValue(forKey: number) }
    }

    func report(_ number: Int, fraction: Double) {
        guard let report else { return }
        lock.withLock {
            fractions[number] = fraction
            guard let earliest = fractions.keys.min(), let shown = fractions[earliest] else { return }
            report(
                RunProgress(
                    scenario: scenario, run: first + earliest, runs: total, configuration: configurations[earliest],
                    fraction: shown, running: fractions.count))
        }
    }
}
