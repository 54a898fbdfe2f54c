import ArgumentParser
import Foundation
import Report
import Scenarios

/// `workbench ab BASELINE_BINARY CURRENT_BINARY FILE... --repeat N`: runs two builds'
/// repetitions alternately on this machine and compares them.
struct AB: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "ab",
        abstract: "Run two workbench builds alternately (A B A B ...) on the same files and compare them.",
        discussion: """
            Runs BASELINE_BINARY and CURRENT_BINARY one repetition at a time, alternately, each \
            as '<binary> run FILE... --out <out>/runs/<side>-<i> --no-plots --quiet --warm-up 1' \
            (each process warms up once before its measured repetition, so both builds must know \
            --warm-up), so a slow spell of the machine hits both builds alike. The repetitions of each side are then \
            combined into <out>/baseline and <out>/current (as run --repeat N writes them: \
            medians, confidence intervals, repetitions.csv) and compared as 'workbench compare' \
            does (see its --help for how measured metrics are judged: with fewer than 5 \
            repetitions they are listed, not judged, and the counts alone decide the exit code). \
            --summary prints a line per scenario and the top regressions, as compare --summary \
            (what the CI recipes post). A count that differs between two repetitions of one \
            build is a determinism failure (exit 1).

            EXIT CODES
              0  no regression
              1  a build failed to run a file, a bad option, or a determinism failure
              2  a regression
              3  the baseline lacks a scenario of CURRENT
              4  interrupted (SIGINT/SIGTERM): forwarded to the running build, which
                 is killed if it has not exited 5 s later; nothing is compared
            A build's process dies with ab (it is told ab's pid and asks the kernel for \
            SIGTERM when ab dies, where the build knows how).
            """
    )

    @Argument(help: ArgumentHelp("The baseline build's workbench executable.", valueName: "baseline-binary"))
    var baselineBinary: String

    @Argument(help: ArgumentHelp("The current build's workbench executable.", valueName: "current-binary"))
    var currentBinary: String

    @Argument(help: ArgumentHelp("Scenario files (YAML), or directories: every *.yaml inside, in name order.", valueName: "file"))
    var files: [String]

    /// A directory argument stands for the `*.yaml` files inside it; `--summary` with
    /// `--format csv` is refused before any build runs.
    mutating func validate() throws {
        guard !(summary && format == .csv) else {
            throw ValidationError("--summary prints text or markdown; --format csv lists every metric (drop one of them)")
        }
        do {
            _ = try ScenarioLoader.validateRepeatOption(repetitionCount)
        } catch {
            throw ValidationError(error.description)
        }
        files = ScenarioFiles.expand(files)
    }

    @Option(
        name: .customLong("repeat"),
        help: ArgumentHelp(
            "Repetitions per build (1 to 100; default 20, 1 with --instructions). 20 caught a 34% slowdown in 19 of 20 pairs on a 2-core machine, 10 missed a 50% one in 3 of 20.",
            valueName: "n"))
    var repetitions: Int?

    @Flag(
        help: "Run each build with run --instructions (valgrind's callgrind; both builds must know it) and judge the instruction counts like counts, within --instructions-tolerance: one repetition a side suffices (the default then).")
    var instructions = false

    @Option(
        name: .customLong("instructions-tolerance"),
        help: ArgumentHelp("How far an instruction count may move, as for compare (default 1%).", valueName: "threshold"))
    var instructionsTolerance: String?

    /// `--repeat`, else 20, or 1 with `--instructions` (the counts repeat exactly enough).
    var repetitionCount: Int { repetitions ?? (instructions ? 1 : 20) }

    @Option(name: .shortAndLong, help: ArgumentHelp("Directory for both builds' results.", valueName: "dir"))
    var out: String = "ab"

    @Option(help: ArgumentHelp("Output format: text, markdown or csv.", valueName: "format"))
    var format: Compare.OutputFormat = .text

    @Option(
        name: .customLong("threshold"),
        help: ArgumentHelp("A metric's threshold, METRIC=VALUE, as for compare (repeatable).", valueName: "metric=value"))
    var thresholdArguments: [String] = []

    @Option(help: ArgumentHelp("Family-wise significance level for measured metrics.", valueName: "alpha"))
    var alpha: Double = CompareOptions.defaultAlpha

    @Flag(
        help: "Print a line per scenario and the top 10 regressions, as compare --summary (text and markdown; refused with --format csv).")
    var summary = false

    func run() throws {
        Interrupt.install()
        let repetitions = repetitionCount
        if repetitions < CompareOptions.testedRepetitions, !instructions {
            Diagnostics.note(
                "note: --repeat \(repetitions): measured metrics will be listed, not judged (judging needs "
                    + "\(CompareOptions.testedRepetitions) or more repetitions a side; the CI recipes use 20)")
        }
        let root = URL(fileURLWithPath: out, isDirectory: true)
        let sides = [("baseline", baselineBinary), ("current", currentBinary)]
        var directories: [String: [URL]] = [:]
        for repetition in 1...repetitions {
            for (side, binary) in sides {
                let directory = root.appendingPathComponent("runs/\(side)-\(repetition)", isDirectory: true)
                if Interrupt.requested { throw Self.interrupted() }
                let ending = Self.execute(
                    binary,
                    ["run"] + files + ["--out", directory.path, "--no-plots", "--quiet", "--warm-up", "1"]
                        + (instructions ? ["--instructions"] : []))
                if Interrupt.requested { throw Self.interrupted() }
                // 2: an expectation failed, which the comparison reports in its own way.
                guard case .exited(let status) = ending, status == 0 || status == 2 else {
                    Diagnostics.error("error: \(binary) \(ending) on repetition \(repetition) (\(side))")
                    throw WorkbenchExit.inputError
                }
                directories[side, default: []].append(directory)
            }
        }
        for (side, _) in sides {
            let combined: (scenario: String, run: String, difference: Repetitions.CountDifference)?
            do {
                combined = try RepetitionMerge.combine(directories[side] ?? [], into: root.appendingPathComponent(side))
            } catch {
                Diagnostics.error("\(out): error: cannot combine the \(side) repetitions: \(error)")
                throw WorkbenchExit.inputError
            }
            if let (scenario, run, difference) = combined {
                Diagnostics.error(
                    DeterminismFailure(scenario: scenario, run: "\(run) (\(side) build)", difference: difference).description)
                throw WorkbenchExit.inputError
            }
        }
        var arguments = [root.appendingPathComponent("baseline").path, root.appendingPathComponent("current").path]
        arguments += ["--format", format.rawValue, "--alpha", "\(alpha)"] + thresholdArguments.flatMap { ["--threshold", $0] }
        arguments += summary ? ["--summary"] : []
        arguments += instructionsTolerance.map { ["--instructions-tolerance", $0] } ?? []
        let compare = try Compare.parse(arguments)
        try compare.run()
    }

    /// How a build's process ended.
    enum Ending: Equatable, CustomStringConvertible {
        /// It exited with this status (127: it could not be started).
        case exited(Int32)
        /// A signal killed it ("was killed by signal 11 (Segmentation fault)").
        case killed(String)

        var description: String {
            switch self {
            case .exited(let status): "exited \(status)"
            case .killed(let reason): reason
            }
        }
    }

    /// Runs `binary` with `arguments` (its tables discarded, its errors passed through), as a
    /// child that dies with this process; an interrupt of this process is forwarded to it
    /// (``ChildProcessWatch``). How it ended.
    static func execute(_ binary: String, _ arguments: [String]) -> Ending {
        let process = Process()
        process.executableURL = URL(fileURLWithPath: binary)
        process.arguments = arguments
        process.environment = ChildProcessWatch.childEnvironment()
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            Diagnostics.error("error: cannot run \(binary): \(error.localizedDescription)")
            return .exited(127)
        }
        ChildProcessWatch().wait(for: process) { Interrupt.requested }
        if process.terminationReason == .uncaughtSignal { return .killed(ChildProcessWatch.ending(of: process)) }
        return .exited(process.terminationStatus)
    }

    /// Reports the interrupt; exit 4.
    private static func interrupted() -> ExitCode {
        Diagnostics.note("interrupted: the running build was stopped; nothing was compared")
        return WorkbenchExit.interrupted
    }
}
