import Foundation
import Models
import Report

/// Traps a scenario can fall into without an error: results that are right but answer no
/// question. `run` prints each once (`warning: <scenario>: ...`) and records them in the
/// scenario's `run.json`; `validate` prints those known before running.
public enum ScenarioWarnings {
    /// What the file and the options already tell, before anything runs.
    public static func before(_ plan: ScenarioPlan, options: RunOptions) -> [String] {
        var warnings = plan.points.first.map { $0.scenario.body.warnings(options: options) } ?? []
        let runs = ScenarioRunner.runs(for: plan, options: options).map(\.configuration)
        let policies = Set(runs.map(\.policy))
        let seeds = options.seedCount ?? plan.base.header.seeds.count
        if plan.points.first?.scenario.body.seedLeavesNothingOpen == true {
            // A recorded session replayed: the seed draws nothing.
            if seeds > 1 {
                warnings.append(
                    "it replays a recording that leaves nothing to the seed: its \(seeds) seeds run the same session and give the same counts; one seed is the whole answer"
                )
            }
            return warnings
        }
        if policies.count > 1, seeds == 1,
            plan.base.kindType.columns.summary.contains(where: { $0.role == .count && $0.name != "complete" })
        {
            warnings.append(
                "its \(policies.count) policies are compared on one workload seed: a difference in counts may be the seed's; "
                    + "replicate over seeds (seeds: 10 in the file, or --seeds 10) to see which differences hold")
        }
        return warnings
    }

    /// What the results tell: bounded policies that never evicted cannot differ.
    public static func after(_ result: ScenarioResult, scenario: Scenario) -> [String] {
        let bounded = result.summary.filter { row in
            (row["policy"]?.text).flatMap(PolicyName.init(rawValue:))?.isBounded == true
        }
        guard bounded.count > 1, bounded.allSatisfy({ $0["evictions"] != nil }) else { return [] }
        guard bounded.allSatisfy({ $0["evictions"]?.text == "0" }) else { return [] }
        var detail = ""
        if let keys = scenario.body.distinctCacheKeys {
            let capacities = Set(bounded.compactMap { $0["capacity"]?.text }).sorted()
            detail = " (\(keys) distinct key\(keys == 1 ? "" : "s"), capacity \(capacities.joined(separator: ", ")))"
        }
        return ["policies cannot differ: no bounded run evicted anything\(detail); lower the capacity or add keys to compare them"]
    }

    /// The machine's load before the run: measured figures of a loaded machine are wide.
    /// `WORKBENCH_SKIP_LOAD_CHECK=1` turns it off (the docs' generated transcripts, which must
    /// not depend on the machine's load).
    public static func machine() -> String? {
        if ProcessInfo.processInfo.environment["WORKBENCH_SKIP_LOAD_CHECK"] == "1" { return nil }
        var averages = [0.0, 0.0, 0.0]
        guard getloadavg(&averages, 3) >= 1 else { return nil }
        return load(averages[0], cores: ProcessInfo.processInfo.activeProcessorCount)
    }

    /// The warning for a 1-minute load average of `average` on `cores` cores: above the core
    /// count, runs wait for a core.
    static func load(_ average: Double, cores: Int) -> String? {
        guard average > Double(cores) else { return nil }
        return
            "the 1-minute load average is \(String(format: "%.2f", average)) on \(cores) cores at the start: measured figures (times, bytes) will be wider than on a quiet machine"
    }
}
