/// Whether a signal asked the process to stop, as the loops that read input files see it: a
/// trace's load, its replay's reads and every decompression step poll it, so an interrupt is
/// answered within one read (at most a few MB) however the file is made (a compressed file that
/// inflates without end, a file of empty lines that never yields a request).
///
/// The command line sets ``isRequested`` once, at start, to its signal flag; by default nothing
/// interrupts.
public enum LoadInterruption {
    /// Polled by every read; set before any file is read.
    nonisolated(unsafe) public static var isRequested: @Sendable () -> Bool = { false }

    /// The reason a read gives when it stops for an interrupt.
    public static let message = "interrupted (SIGINT or SIGTERM) while reading"

    /// Whether `error` is a read stopped by an interrupt (not a bad file).
    public static func isInterruption(_ error: ScenarioError) -> Bool {
        error.message.hasSuffix(message)
    }
}
