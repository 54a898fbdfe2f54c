import ArgumentParser

/// The exit codes CI scripts can branch on (also listed in `--help` and the README).
enum WorkbenchExit {
    /// Every scenario ran.
    static let success = ExitCode(0)
    /// A scenario file or an argument was wrong.
    static let inputError = ExitCode(1)
    /// An expectation failed or a comparison found a regression.
    static let expectationFailed = ExitCode(2)
    /// A baseline is missing.
    static let baselineMissing = ExitCode(3)
    /// The run was interrupted; partial results were kept.
    static let interrupted = ExitCode(4)
}
