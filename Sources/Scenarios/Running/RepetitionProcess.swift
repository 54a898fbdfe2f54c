import Foundation

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
    /// Where the records are written (and removed once read).
    public var directory: URL

    public init(executable: URL, file: String, arguments: [String], directory: URL = FileManager.default.temporaryDirectory) {
        self.executable = executable
        self.file = file
        self.arguments = arguments
        self.directory = directory
    }

    /// The hidden options of `run` that make a process run one repetition and write its record.
    public static let recordOption = "--repetition-record"
    public static let runsOption = "--repetition-runs"

    /// Why a repetition's process gave nothing back.
    public struct Failure: Error, CustomStringConvertible, Sendable {
        public var description: String
    }

    /// Runs repetition `repetition` (0-based) of the runs numbered `runs` in a new process, after
    /// `warmUpRounds` unrecorded rounds; the runs' outputs in order, each with its run's index and
    /// its seed (every run on every seed the options give, seed by seed). The process is interrupted
    /// (SIGINT) as soon as `isCancelled` says so, and what it measured until then comes back
    /// marked incomplete.
    public func run(
        repetition: Int, runs: [Int], warmUpRounds: Int, recordTrace: Bool, isCancelled: @Sendable () -> Bool
    ) -> Result<[(index: Int, seed: UInt64, output: RunOutput)], Failure> {
        // Unique to this call, not only to the process: two runs in one process (tests run side
        // by side) must not read each other's records.
        let record = directory.appendingPathComponent("workbench-repetition-\(getpid())-\(UUID().uuidString)-\(repetition + 1).record")
        try? FileManager.default.removeItem(at: record)
        defer { try? FileManager.default.removeItem(at: record) }
        let process = Process()
        process.executableURL = executable
        process.arguments =
            ["run", file, Self.recordOption, record.path, Self.runsOption, runs.map(String.init).joined(separator: ","),
             "--warm-up", "\(warmUpRounds)", "--quiet", "--no-plots"]
            + arguments + (recordTrace ? ["--record-trace"] : [])
        process.standardOutput = FileHandle.nullDevice
        do {
            try process.run()
        } catch {
            return .failure(Failure(description: "cannot start \(executable.path): \(error.localizedDescription)"))
        }
        var interrupted = false
        while process.isRunning {
            if !interrupted, isCancelled() {
                process.interrupt()
                interrupted = true
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        if let outputs = RepetitionRecord.read(from: record) {
            return .success(outputs)
        }
        let status = process.terminationReason == .uncaughtSignal
            ? "was killed by signal \(process.terminationStatus)" : "exited \(process.terminationStatus)"
        return .failure(
            Failure(description: "repetition \(repetition + 1) ran in a process of its own, which \(status) without sending back its results"))
    }
}
