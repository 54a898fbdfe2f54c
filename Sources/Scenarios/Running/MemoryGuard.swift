import Foundation

/// Refuses, before anything runs, a scenario whose runs would hold more memory than the limit
/// (`--memory-limit`, default half of physical memory). `validate` and `run` share this check.
public enum MemoryGuard {
    /// Half of the machine's physical memory.
    public static var defaultLimit: Double { Double(ProcessInfo.processInfo.physicalMemory) / 2 }

    /// What `plan` needs at most: its largest run (over every sweep point), plus the result
    /// rows of all its runs.
    public static func estimate(_ plan: ScenarioPlan) -> MemoryEstimate {
        var largest = MemoryEstimate()
        var rows = 0.0
        for (_, scenario) in plan.points {
            let run = scenario.body.memoryEstimate()
            if run.total > largest.total { largest = run }
            let perRun = MemoryEstimate.resultRows(header: scenario.header, columns: scenario.body.resultColumns).bytes
            rows += perRun * Double(scenario.body.runs(options: RunOptions()).count)
        }
        largest.parts.append(.init("result rows of all runs", rows))
        return largest
    }

    /// Throws when `plan` needs more than `limit` bytes: `needs about X, limit Y`, with its
    /// largest parts, at the top of `file`.
    public static func check(_ plan: ScenarioPlan, file: String, limit: Double) throws(ScenarioError) {
        let estimate = estimate(plan)
        guard estimate.total > limit else { return }
        throw ScenarioError(
            file: file, line: 1, column: 1, keyPath: "",
            message:
                "'\(plan.name)' needs about \(MemoryEstimate.describe(estimate.total)) of memory, limit \(MemoryEstimate.describe(limit)) (--memory-limit; largest parts: \(estimate.largestParts())); make the scenario smaller or raise --memory-limit"
        )
    }

    /// Reads a `--memory-limit` value: bytes, or a number with KB, MB, GB or TB (powers of 1024).
    public static func parseLimit(_ text: String, option: String = "--memory-limit") throws(OptionValueError) -> Double {
        let units: [(String, Double)] = [("TB", 0x1p40), ("GB", 0x1p30), ("MB", 0x1p20), ("KB", 0x1p10), ("B", 1), ("", 1)]
        let trimmed = text.trimmingCharacters(in: .whitespaces)
        for (suffix, scale) in units where trimmed.uppercased().hasSuffix(suffix) {
            let number = trimmed.dropLast(suffix.count).trimmingCharacters(in: .whitespaces)
            if let value = DecimalText.parse(number), value > 0, value * scale <= 0x1p60 {
                return value * scale
            }
        }
        throw OptionValueError(message: "\(option): expected a byte count > 0 such as 4GB or 512MB, found '\(text)'")
    }
}
