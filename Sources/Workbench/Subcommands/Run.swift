import ArgumentParser
import Foundation
import Report
import Scenarios

/// `workbench run FILE...` (the default): runs scenario files and writes their results.
struct Run: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Run scenario files and write their results (the default subcommand).",
        discussion: """
            Writes <out>/<scenario>/summary.csv (a row per run), timeseries.csv (a row per run per \
            sampling interval) and latency.csv (the latency percentile spectrum). Files are written \
            to a temporary name and renamed, so an interrupted run never leaves half a file; a \
            scenario's directory is written into a hidden sibling and swapped in whole, so no file \
            of an earlier run survives, and a failed write leaves the previous results intact. One \
            process at a time writes into <out> (a lock on <out>/.workbench.lock). A bad \
            scenario file is reported as file:line:column and skipped; the others still run.
            """
    )

    @Argument(help: ArgumentHelp("Scenario files (YAML), or directories: every *.yaml inside, in name order.", valueName: "file"))
    var files: [String]

    /// A directory argument stands for the `*.yaml` files inside it. A `--repeat` or `--warm-up`
    /// out of its range is a usage error (exit 64), as a value that is not a number is.
    mutating func validate() throws {
        do {
            _ = try repetitions.map(ScenarioLoader.validateRepeatOption)
            _ = try warmUpRounds.map(ScenarioLoader.validateWarmUpOption)
        } catch {
            throw ValidationError(error.description)
        }
        if let jobs, jobs < 1 {
            throw ValidationError("--jobs: expected a number of runs at once of 1 or more, found \(jobs)")
        }
        files = ScenarioFiles.expand(files)
    }

    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for the results.", valueName: "dir"))
    var out: String = "results"

    /// --policy, --seed, then --quiet, --counts-only and --shard (``OutputAndShard``), then
    /// --max-duration.
    @OptionGroup var scenario: ScenarioOptions<Run>

    @Option(
        name: .customLong("cache-dir"),
        help: ArgumentHelp(
            "Where the drawing kind's disk tiers and the parallel-readers store's save files (store.persistence) live: <dir>/workbench-XXXXXX/ (a private directory with a random name, locked while the run lives), removed when the run ends (also on SIGINT/SIGTERM); directories left there by runs that were killed (their lock free) are removed at the next start. Default: the system temporary directory ($TMPDIR, else /tmp).",
            valueName: "dir"))
    var cacheDir: String?

    @Flag(
        name: .customLong("record-trace"),
        help: ArgumentHelp(
            "Also write, for each run, the requests its bounded cache saw (scrolling-table: the controller cache; navigation: the view cache; drawing: the memory tier) as <out>/<scenario>/trace-<run>-<policy>[-<in_use>].csv: a header line time,key,size, then one line per request (virtual seconds; keys numbered 1, 2, ... in order of first request; bytes, or 1 where the cache counts controllers), warm-up included."))
    var recordTrace = false
    @OptionGroup var memory: MemoryLimitOption

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Run every run this many times, interleaved (1 to 100; replaces the file's repeat:), each repetition in a process of its own (see --in-process): counts must agree, measured columns get a median and a 95% confidence interval.",
            valueName: "n"))
    var repetitions: Int?

    @Option(
        name: .customLong("warm-up"),
        help: ArgumentHelp(
            "Unrecorded rounds of every run before the measured one in each repetition's process, or before all repetitions with --in-process (0 to 10; default 1 with more than one repetition, else 0): a process's first pass pays for code, type metadata and memory the later ones find ready.",
            valueName: "n"))
    var warmUpRounds: Int?

    @Flag(
        name: .customLong("in-process"),
        help: ArgumentHelp(
            "Run every repetition in this process, one after another (faster), instead of each repetition in a process of its own (the default with more than one repetition). What is a property of a whole process (where the scheduler put its threads, how its memory was laid out) is then shared by all repetitions and hidden from their spread, so two such runs of the same build can differ significantly."))
    var inProcess = false

    @Flag(
        name: .customLong("instructions"),
        help: ArgumentHelp(
            "Also count each timed operation's instructions (a scrolling-table frame's work, a navigation's transition, a draw, a trace's replay per request) under valgrind --tool=callgrind: every repetition runs in a process of its own under valgrind (about 50 times slower), collecting only inside the timed sections, and the summary gains <op>_instructions (mean per operation) and <op>_instructions_total, which compare judges like counts within 1% (--instructions-tolerance). Needs valgrind on PATH; parallel-readers runs as without it (valgrind runs one thread at a time)."))
    var instructions = false

    /// Hidden: run one repetition (after --warm-up rounds) of the runs numbered in
    /// --repetition-runs and write its record here (``RepetitionProcess``).
    @Option(name: .customLong("repetition-record"), help: .hidden)
    var repetitionRecord: String?

    @Option(name: .customLong("repetition-runs"), help: .hidden)
    var repetitionRuns: String?

    /// Hidden: the SHA-256 of the scenario file as the parent loaded it; a file that differs is
    /// refused (``ScenarioSnapshot``).
    @Option(name: .customLong("repetition-sha256"), help: .hidden)
    var repetitionDigest: String?

    @Option(
        name: .customLong("jobs"), parsing: .unconditional,
        help: ArgumentHelp(
            "Runs at once (default: the machine's cores): a scenario's runs whose figures other work cannot disturb (every trace run; a run of a kind with no measured column) run side by side, as many as the memory limit allows, their results exactly those of --jobs 1; runs that measure time or memory run alone. run.json records what ran side by side.",
            valueName: "n"))
    var jobs: Int?

    @Flag(
        name: .customLong("jobs-measured"),
        help: ArgumentHelp(
            "Let runs that measure time or memory (*_ns, allocations, parallel readers) run side by side too (with --jobs): their measured figures then include the other runs' load; their counts do not change."))
    var jobsMeasured = false

    @OptionGroup var plotOptions: PlotOptions

    func run() throws {
        let code = try RunFrontEnd(command: self).run()
        if code != WorkbenchExit.success { throw code }
    }
}

extension Run: ScenarioOptionsCommand {
    static var policyHelp: ArgumentHelp {
        ArgumentHelp(
            "Run only this policy or store design, replacing the file's list (repeatable; none, lru, fifo, random, forever, clock, lfu, arc, s3-fifo, sieve, w-tinylfu, 2q, slru, optimal, memory, disk, memory+disk, gcd-barrier, rwlock, mutex, big-reader, left-right).",
            valueName: "name")
    }

    static var seedHelp: ArgumentHelp {
        ArgumentHelp("Seed for every scenario, replacing the file's seed.", valueName: "n")
    }

    static var maxDurationHelp: ArgumentHelp {
        ArgumentHelp(
            "Cap every scenario's duration and warm-up (each) at this duration, after checking the file as written (a smoke test: 2s, 500ms). It bounds durations only: a count-bound run (parallel-readers `operations`, a script's step counts) still does its count (at most 100000000 operations per thread).",
            valueName: "duration")
    }

    static var policyErrorNote: String? { "see 'workbench run --help'" }

    /// `run`'s options that its help lists between --seed and --max-duration.
    struct OutputAndShard: ParsableArguments {
        @Flag(name: .shortAndLong, help: "No progress and no summary tables; errors and failed expectations only.")
        var quiet = false

        @Flag(help: "Summary tables show only the columns that do not vary from run to run (settings and counts).")
        var countsOnly = false

        @Option(
            name: .customLong("shard"),
            help: ArgumentHelp(
                "Run only slice K of N of all runs (every run of every file, sweep point, policy and mode, counted in order): a deterministic split for parallel jobs; combine with `workbench merge`.",
                valueName: "K/N"))
        var shardOption: String?
    }

    typealias OptionsListedBetween = OutputAndShard

    var quiet: Bool { scenario.listedBetween.quiet }
    var countsOnly: Bool { scenario.listedBetween.countsOnly }
    var shardOption: String? { scenario.listedBetween.shardOption }
}
