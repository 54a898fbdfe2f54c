#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// Turns SIGINT/SIGTERM into a flag the drivers poll between frames, so an interrupted run stops
/// cleanly, keeps what it measured, and marks it incomplete.
enum Interrupt {
    nonisolated(unsafe) private static var flag: sig_atomic_t = 0

    /// Installs the handlers. A second signal kills the process as usual.
    static func install() {
        signal(SIGINT) { _ in
            Interrupt.flag = 1
            signal(SIGINT, SIG_DFL)
        }
        signal(SIGTERM) { _ in
            Interrupt.flag = 1
            signal(SIGTERM, SIG_DFL)
        }
    }

    /// Whether a signal asked the run to stop.
    static var requested: Bool { flag != 0 }
}
