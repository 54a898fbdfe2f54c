import Foundation

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Waits for a child process (a repetition's process, a build `ab` runs) and stops it when asked:
/// the stop signal (SIGINT) is forwarded together with SIGCONT, so a stopped child (Ctrl-Z,
/// SIGSTOP) wakes up to receive it, and a child still running ``gracePeriod`` seconds later (it
/// ignores the signal, or hangs) is killed (SIGKILL). The parent never waits on a child forever
/// once it was asked to stop.
public struct ChildProcessWatch: Sendable {
    /// The environment variable a child `workbench` reads at start to die with its parent (its
    /// parent's process id): it asks the kernel for a signal when the parent dies, and exits at
    /// once if its parent is already another process.
    public static let parentVariable = "WORKBENCH_PARENT_PID"

    /// Seconds between the forwarded stop signal and SIGKILL.
    public var gracePeriod: TimeInterval

    /// The signal forwarded to stop the child.
    public var stopSignal: Int32

    public init(gracePeriod: TimeInterval = 5, stopSignal: Int32 = SIGINT) {
        self.gracePeriod = gracePeriod
        self.stopSignal = stopSignal
    }

    /// `environment` (this process's when nil) with ``parentVariable`` set to this process's id.
    public static func childEnvironment(_ environment: [String: String]? = nil) -> [String: String] {
        var environment = environment ?? ProcessInfo.processInfo.environment
        environment[parentVariable] = String(getpid())
        return environment
    }

    /// Waits until `process` (started) exits, polling `shouldStop` every 20 ms: the first time
    /// it says so, the child gets the stop signal (and SIGCONT), then SIGKILL after the grace
    /// period. Whether the child was told to stop.
    @discardableResult
    public func wait(for process: Process, shouldStop: () -> Bool) -> Bool {
        var stopRequested: Date?
        var killed = false
        while process.isRunning {
            if stopRequested == nil, shouldStop() {
                let pid = process.processIdentifier
                kill(pid, stopSignal)
                kill(pid, SIGCONT)
                stopRequested = Date()
            }
            if let since = stopRequested, !killed, Date().timeIntervalSince(since) >= gracePeriod {
                kill(process.processIdentifier, SIGKILL)
                killed = true
            }
            usleep(20_000)
        }
        process.waitUntilExit()
        return stopRequested != nil
    }

    /// How `process` (exited) ended, to follow "which": "exited 3", or "was killed by signal 11
    /// (Segmentation fault)".
    public static func ending(of process: Process) -> String {
        let status = process.terminationStatus
        guard process.terminationReason == .uncaughtSignal else { return "exited \(status)" }
        let name = strsignal(status).map { String(cString: $0) }
        return "was killed by signal \(status)" + (name.map { " (\($0))" } ?? "")
    }
}
