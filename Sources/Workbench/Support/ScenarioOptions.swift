import ArgumentParser
import Scenarios

/// A command that takes ``ScenarioOptions``: how its help words them, and what it lists between
/// them.
protocol ScenarioOptionsCommand {
    /// The command's own options that its help lists between `--seed` and `--max-duration`
    /// (`run`'s `--quiet`, `--counts-only` and `--shard`); none by default.
    associatedtype OptionsListedBetween: ParsableArguments = NoOptions
    /// The help of `--policy`.
    static var policyHelp: ArgumentHelp { get }
    /// The help of `--seed`.
    static var seedHelp: ArgumentHelp { get }
    /// The help of `--seeds`; by default, what it does to a run.
    static var seedsHelp: ArgumentHelp { get }
    /// The help of `--max-duration`.
    static var maxDurationHelp: ArgumentHelp { get }
    /// A note printed after a bad `--policy`'s error; none by default.
    static var policyErrorNote: String? { get }
}

extension ScenarioOptionsCommand {
    static var policyErrorNote: String? { nil }

    static var seedsHelp: ArgumentHelp {
        ArgumentHelp(
            "Replicate every run over this many workload seeds (\(ScenarioLimits.seeds.lowerBound) to \(ScenarioLimits.seeds.upperBound)), replacing the files' seeds: (a count or a list): the base seed first (--seed, else the file's seed:), then seed i = output i of SplitMix64 seeded with the base seed. Counts become the median over the seeds with their range (<count>_seed_min, _seed_max), one row per run per seed goes to seeds.csv, and runs are compared seed by seed. Not --repeat (timing repetitions of one seed): the two combine.",
            valueName: "n")
    }
}

/// No options: a command that lists nothing of its own between ``ScenarioOptions``'s.
struct NoOptions: ParsableArguments {}

/// `--policy` (repeatable), `--seed`, `--seeds` and `--max-duration`: which runs of the scenario
/// files a command makes, on which seeds, for how long at most. Declared once here for `run` and `plan`,
/// checked once (``validated(checkingBetween:)``) and passed on once (``arguments``) to a
/// repetition's process and a shard's `run`, so that all of them read the same options alike.
struct ScenarioOptions<Command: ScenarioOptionsCommand>: ParsableArguments {
    @Option(name: .customLong("policy"), help: Command.policyHelp)
    var policies: [String] = []

    @Option(help: Command.seedHelp)
    var seed: UInt64?

    /// `--seeds` as given: read as text (a negative number too, never taken for an option) and
    /// checked by ``validated(checkingBetween:)``, so every value outside 1 to 1000 gets one
    /// message and exit 1.
    @Option(name: .customLong("seeds"), parsing: .unconditional, help: Command.seedsHelp)
    var seeds: String?

    /// Declared here only to keep the command's help in its order (see
    /// ``ScenarioOptionsCommand/OptionsListedBetween``).
    @OptionGroup var listedBetween: Command.OptionsListedBetween

    @Option(name: .customLong("max-duration"), help: Command.maxDurationHelp)
    var maxDuration: String?

    @OptionGroup var changes: ScenarioChanges

    /// The options as given, for another `workbench run` (a repetition's process, a shard's job):
    /// `--seed N`, each `--policy NAME`, `--max-duration D`, then ``overrideArguments`` (`--seeds`
    /// among them).
    var arguments: [String] {
        var words: [String] = []
        if let seed { words += ["--seed", String(seed)] }
        for policy in policies { words += ["--policy", policy] }
        if let maxDuration { words += ["--max-duration", maxDuration] }
        return words + overrideArguments
    }

    /// `--seeds`, `--set`, `--sweep` and `--in-use` as given, in that order: what changes the
    /// scenario files' runs, recorded in the study (``StudyRecord/overrides``) so that shards of
    /// other seeds are not merged.
    var overrideArguments: [String] { (seeds.map { ["--seeds", $0] } ?? []) + changes.arguments }

    /// The `--set` and `--sweep` changes to every scenario file, parsed (exit 1 on a malformed one).
    func overrides() throws -> [ScenarioOverride] {
        try changes.overrides()
    }

    /// The options checked: the runs' policies, seed and seeds, and the cap on every scenario's duration
    /// and warm-up. A bad one is reported (`error: ...`, and ``ScenarioOptionsCommand/policyErrorNote``
    /// after a bad `--policy`) and exits 1 (an input error, as documented, rather than
    /// ArgumentParser's validation exit code 64).
    ///
    /// The options are checked in the order the help lists them, `checkBetween` checking those
    /// the command lists between `--seed` and `--max-duration`, so that of several bad options
    /// the first listed is the one reported.
    func validated(checkingBetween checkBetween: () throws -> Void = {}) throws -> (options: RunOptions, durationCap: Seconds?) {
        var options = RunOptions(seed: seed)
        if !policies.isEmpty {
            do {
                options.select(try ScenarioLoader.validatePolicySelection(policies))
            } catch {
                Diagnostics.error("error: \(error.description)")
                if let note = Command.policyErrorNote { Diagnostics.note(note) }
                throw WorkbenchExit.inputError
            }
        }
        if let seeds {
            guard let count = Int(seeds), ScenarioLimits.seeds.contains(count) else {
                Diagnostics.error(
                    "error: --seeds: must be \(ScenarioLimits.seeds.lowerBound) to \(ScenarioLimits.seeds.upperBound) (found \(seeds))")
                throw WorkbenchExit.inputError
            }
            options.seedCount = count
        }
        try checkBetween()
        options.inUse = try changes.inUseModes()
        var durationCap: Seconds? = nil
        if let maxDuration {
            do {
                durationCap = try ScenarioLoader.parseDurationOption(maxDuration, option: "--max-duration")
            } catch {
                Diagnostics.error("error: \(error.description)")
                throw WorkbenchExit.inputError
            }
        }
        return (options, durationCap)
    }
}

/// `--set`, `--sweep` and `--in-use`: changes to every scenario file given on the command line,
/// without copying it. `validate` takes them too, so what `run` would refuse `validate` refuses.
struct ScenarioChanges: ParsableArguments {
    @Option(
        name: .customLong("set"),
        help: ArgumentHelp(
            "Change one key of every scenario file (repeatable): KEY.PATH=VALUE, the value in YAML, e.g. cache.capacity=8, table.cells[0].nib.views=70, cache.policies=[lru,fifo]. 'workbench keys KIND' lists the keys.",
            valueName: "key=value"))
    var sets: [String] = []

    @Option(
        name: .customLong("sweep"),
        help: ArgumentHelp(
            "Run one numeric key of every scenario file at several values, replacing the file's sweep: KEY.PATH=V1,V2,..., e.g. cache.capacity=4,8,12,16.",
            valueName: "key=values"))
    var sweep: String?

    @Option(
        name: .customLong("in-use"),
        help: ArgumentHelp(
            "The in-use modes to run, replacing the files' in_use lists (repeatable, or comma-separated): repopulate, pin, drop.",
            valueName: "mode"))
    var inUse: [String] = []

    /// The options as given.
    var arguments: [String] {
        sets.flatMap { ["--set", $0] } + (sweep.map { ["--sweep", $0] } ?? []) + inUse.flatMap { ["--in-use", $0] }
    }

    /// `--in-use`, checked (nil when not given); a bad mode is reported and exits 1.
    func inUseModes() throws -> [InUseModeName]? {
        guard !inUse.isEmpty else { return nil }
        do {
            return try ScenarioLoader.validateInUseOverride(inUse)
        } catch {
            Diagnostics.error("error: \(error.description)")
            throw WorkbenchExit.inputError
        }
    }

    /// The `--set` and `--sweep` changes, parsed; a malformed one is reported and exits 1.
    func overrides() throws -> [ScenarioOverride] {
        do {
            return try sets.map(ScenarioOverride.set) + (sweep.map { [try ScenarioOverride.sweep($0)] } ?? [])
        } catch {
            Diagnostics.error("error: \(error)")
            throw WorkbenchExit.inputError
        }
    }
}
