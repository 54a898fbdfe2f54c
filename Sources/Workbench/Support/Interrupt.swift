import Scenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT/SIGTERM into a flag the drivers poll between frames, so an interrupted run stops
/// cleanly, keeps what it measured, and marks it incomplete.
enum Interrupt {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// The signals that stop a run.
    static let signals: [Int32] = [SIGINT, SIGTERM]

    /// Installs the handlers, first thing in `run`, so that loading is covered too. A process
    /// may inherit SIGINT/SIGTERM blocked (a test runner's threads, some supervisors) or ignored
    /// (a background job of a non-interactive shell): both are undone here, or the first Ctrl-C
    /// would never arrive. Threads started afterwards inherit the unblocked mask. A second signal
    /// kills the process as usual. (SIGXFSZ is ignored by every command: ``WorkbenchCommand/main()``.)
    static func install() {
        signal(SIGINT) { _ in
            Interrupt.flag = 1
            signal(SIGINT, SIG_DFL)
        }
        signal(SIGTERM) { _ in
            Interrupt.flag = 1
            signal(SIGTERM, SIG_DFL)
        }
        var unblocked = sigset_t()
        sigemptyset(&unblocked)
        for number in signals { sigaddset(&unblocked, number) }
        pthread_sigmask(SIG_UNBLOCK, &unblocked, nil)
        LoadInterruption.isRequested = { Interrupt.requested }
    }

    /// Whether a signal asked the run to stop.
    static var requested: Bool { flag != 0 }
}
