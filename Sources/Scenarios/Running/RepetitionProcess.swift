import Foundation
import Report

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Runs each repetition of a scenario in a process of its own (`run --repeat N`, unless
/// `--in-process`): the same executable, asked to run one repetition of the selected runs (after
/// its warm-up rounds) and to send back what it measured as a ``RepetitionRecord``.
///
/// Why: some of what a run measures is a property of the whole process: where the scheduler put
/// its threads on the cores, how its memory happened to be laid out. Repetitions in one process
/// share it, so their spread hides it and two processes can differ "significantly" with nothing
/// changed. One process per repetition makes it part of the spread the statistics see.
public struct RepetitionProcess: Sendable {
    /// The executable to start (this one).
    public var executable: URL
    /// The scenario file.
    public var file: String
    /// Options passed on as given (`--seed`, `--seeds`, `--policy`, `--max-duration`, `--cache-dir`,
    /// `--memory-limit`).
    public var arguments: [String]
    /// Where each repetition's private directory (``PrivateDirectory``, holding its record) is
    /// made and removed once the record is read: the run's own private directory in `--out`'s
    /// staging area, else the system temporary directory.
    public var directory: URL
    /// The SHA-256 of the scenario file as the parent loaded it (``ScenarioSnapshot``): a child
    /// that finds the file changed refuses to run it, so repetitions never mix two scenarios.
    public var scenarioDigest: String?
    /// How a child is stopped on an interrupt, and how long it has before it is killed.
    public var watch = ChildProcessWatch()
    /// Start each child under callgrind to count its operations' instructions (`run
    /// --instructions`): its dumps go to its private directory.
    public var instructions: InstructionLaunch?

    public init(
        executable: URL, file: String, arguments: [String], directory: URL = FileManager.default.temporaryDirectory,
        scenarioDigest: String? = nil
    ) {
        self.executable = executable
        self.file = file
        self.arguments = arguments
        self.directory = directory
        self.scenarioDigest = scenarioDigest
    }

    /// The hidden options of `run` that make a process run one repetition and write its record.
    public static let recordOption = "--repetition-record"
    public static let runsOption = "--repetition-runs"
    /// The hidden option giving a repetition's process the scenario file's SHA-256.
    public static let digestOption = "--repetition-sha256"

    /// Why a repetition's process gave nothing back.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Runs repetition `repetition` (0-based) of the runs numbered `runs` in a new process, after
    /// `warmUpRounds` unrecorded rounds; the runs' outputs in order, each with its run's index and
    /// its seed (every run on every seed the options give, seed by seed). The process is interrupted
    /// (SIGINT, and SIGCONT should it be stopped) as soon as `isCancelled` says so, killed if it
    /// has not exited after the grace period, and what it measured until then comes back marked
    /// incomplete. The process dies with this one (``ChildProcessWatch/parentVariable``).
    public func run(
        repetition: Int, runs: [Int], warmUpRounds: Int, recordTrace: Bool, isCancelled: @Sendable () -> Bool
    ) -> Result<[(index: Int, seed: UInt64, output: RunOutput)], Failure> {
        // A directory of its own for every call (mkdtemp, 0700): nobody else can predict or plant
        // the record's path, and two runs (in one process, or with one pid in two namespaces)
        // never read each other's records.
        let privateDirectory: PrivateDirectory
        do {
            privateDirectory = try PrivateDirectory(in: directory, prefix: "workbench-repetition-")
        } catch {
            return .failure(Failure(description: "repetition \(repetition + 1): \(error)"))
        }
        defer { privateDirectory.remove() }
        let record = privateDirectory.file("repetition-\(repetition + 1).record")
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["run", file, Self.recordOption, record.path, Self.runsOption, runs.map(String.init).joined(separator: ","),
             "--warm-up", "\(warmUpRounds)", "--quiet", "--no-plots"]
            + (scenarioDigest.map { [Self.digestOption, $0] } ?? [])
            + arguments + (recordTrace ? ["--record-trace"] : [])
        process.environment = ChildProcessWatch.childEnvironment()
        if let instructions {
            let output = privateDirectory.file("callgrind.out")
            let program = instructions.program(executable, in: privateDirectory)
            let environment = (process.environment ?? [:]).merging(instructions.environment(outputFile: output)) { $1 }
            (process.executableURL, process.arguments) = instructions.command(
                program: program, arguments: process.arguments ?? [], environment: environment)
        }
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Failure(description: "cannot start \(executable.path): \(error.localizedDescription)"))
        }
        watch.wait(for: process, shouldStop: isCancelled)
        if let outputs = RepetitionRecord.read(from: record) {
            return .success(outputs)
        }
        let ending = ChildProcessWatch.ending(of: process)
        return .failure(
            Failure(description: "repetition \(repetition + 1) ran in a process of its own, which \(ending) without sending back its results"))
    }
}
