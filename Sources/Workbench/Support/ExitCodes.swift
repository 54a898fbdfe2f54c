import ArgumentParser

/// The exit codes CI scripts can branch on: the one list `--help` and the docs show.
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
    /// A usage error, as the argument parser reports it.
    static let usage = ExitCode.validationFailure

    /// Every exit code with its meaning, in order.
    static let documented: [(code: ExitCode, meaning: String)] = [
        (success, "success"),
        (inputError, "a scenario or input error (each bad file is reported as file:line:column)"),
        (expectationFailed, "an expectation failed or a comparison found a regression"),
        (baselineMissing, "a baseline is missing (compare: the baseline lacks a scenario)"),
        (interrupted, "interrupted (partial results kept, marked complete=false)"),
        (usage, "a usage error (a missing argument, an unknown option, a bad option value)"),
    ]

    /// The EXIT CODES block of `--help`.
    static var helpText: String {
        documented.map { entry in
            let code = String(entry.code.rawValue)
            return "  " + code + String(repeating: " ", count: max(1, 3 - code.count)) + entry.meaning
        }.joined(separator: "\n")
    }
}
