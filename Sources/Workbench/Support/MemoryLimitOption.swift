import ArgumentParser
import Scenarios

/// `--memory-limit`, shared by `run` and `validate`: they refuse the same files.
struct MemoryLimitOption: ParsableArguments {
    @Option(
        name: .customLong("memory-limit"),
        help: ArgumentHelp(
            "Refuse a scenario whose estimated memory exceeds this (e.g. 4GB, 512MB; default: half of physical memory). The estimate counts view trees, table rows, stores and payloads, drawings and histograms from the file's sizes, and what every run keeps on every seed and repetition until it is written.",
            valueName: "bytes"))
    var text: String?

    /// The limit in bytes; a bad value is an input error (exit 1).
    func limit() throws -> Double {
        guard let text else { return MemoryGuard.defaultLimit }
        do {
            return try MemoryGuard.parseLimit(text)
        } catch {
            Diagnostics.error("error: \(error.description)")
            throw WorkbenchExit.inputError
        }
    }
}
