import Foundation

/// Refuses, before anything runs, a scenario whose runs would hold more memory than the limit
/// (`--memory-limit`, default half of physical memory). `validate` and `run` share this check.
public enum MemoryGuard {
    /// Half of the machine's physical memory.
    public static var defaultLimit: Double { Double(ProcessInfo.processInfo.physicalMemory) / 2 }

    /// What `plan` needs at most under `options` (`--seeds`, `--repeat`, `--policy`,
    /// `--in-use`): its largest run (over every sweep point; runs are made one after another and
    /// their models released) and what every run keeps until the scenario is written
    /// (``heldResults(_:options:)``).
    public static func estimate(_ plan: ScenarioPlan, options: RunOptions = RunOptions()) -> MemoryEstimate {
        var largest = MemoryEstimate()
        for (_, scenario) in plan.points {
            let run = scenario.body.memoryEstimate()
            if run.total > largest.total { largest = run }
        }
        largest.parts += heldResults(plan, options: options)
        return largest
    }

    /// What `plan`'s runs keep until its results are written, whatever runs at once: each run's
    /// result rows, each sweep point's scenario, and each output of every run on every seed and
    /// repetition as the runner holds it (``HeldOutput``: its summary row and its histograms as
    /// numbers).
    public static func heldResults(_ plan: ScenarioPlan, options: RunOptions) -> [MemoryEstimate.Part] {
        let runs = ScenarioRunner.runs(for: plan, options: options)
        let seeds = options.seedsSpec(for: plan.base.header).count
        let repetitions = options.repetitions ?? plan.base.header.repetitions
        var rows = 0.0
        var held = 0.0
        for (_, scenario) in runs {
            let body = scenario.body
            let columns = body.resultColumns
            rows += MemoryEstimate.resultRows(header: scenario.header, columns: columns, histograms: body.histogramsPerRun).bytes
            held += HeldOutput.bytes(summaryColumns: columns.summary.count, buckets: body.heldBucketsPerRun)
            // Each seed's first repetition keeps its per-view rows.
            rows += Double(seeds * body.viewRowsPerRun * columns.views.count) * MemoryEstimate.bytesPerRowValue
        }
        return [
            .init("result rows of all runs", rows),
            .init("sweep points' scenarios", plan.points.count > 1 ? Double(plan.points.count) * MemoryEstimate.bytesPerSweepPoint : 0),
            .init(
                "outputs held until written (\(runs.count) runs × \(seeds) seeds × \(repetitions) repetitions)",
                held * Double(seeds) * Double(repetitions)),
        ]
    }

    /// Throws when `plan` needs more than `limit` bytes under `options`: `needs about X, limit
    /// Y`, with its largest parts, at the top of `file`.
    public static func check(_ plan: ScenarioPlan, file: String, limit: Double, options: RunOptions = RunOptions()) throws(ScenarioError) {
        let estimate = estimate(plan, options: options)
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
