import ArgumentParser
import Foundation
import Report
import Scenarios

/// `workbench decide RESULTS_DIR`: answers each scenario's `decide:` question (or the one given
/// with `--goal`) from results already written, and prints the answer and the grid. The run's
/// own question's answer is written as `decision.csv` and `grid.csv` beside the results; a
/// what-if (`--goal`, `--share` or `--minimize`) is written beside them under its own name
/// (`decision-<question>.csv`) or under `--out`, and replaces the run's answer only with
/// `--replace`.
struct Decide: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "Answer a scenario's decide: question from results already written.",
        discussion: """
            RESULTS_DIR is a results directory (every scenario in it) or one scenario's directory. \
            The question is the decide: block of each scenario's scenario.yaml; --goal, --share \
            and --minimize replace its parts (a scenario without the block needs --goal).

            A configuration (a run at a sweep value) meets the goal when every condition holds: \
            with one seed, for its summary.csv values; with seeds (seeds.csv), in at least \
            --share of them. Per run, the answer names the configuration meeting the goal with \
            the smallest --minimize (the swept value, or a summary column); per sweep value, the \
            best run by the goal's first metric, or the tied group; per run, the knee of its curve \
            (Kneedle). See docs/decisions.md.

            Ties follow one rule, shared by the printed answer, decision.csv, grid.csv and the \
            index pages. A count with one seed is exact: runs with the best value are best \
            together. Otherwise the leader (the best median) is tested against every other run: \
            over seeds, the seed is the unit (each seed's value, or the median of its \
            repetitions; Wilcoxon signed-rank, seeds paired); with one seed, a measured column's \
            repetitions (Mann-Whitney U). The p-values of one question (one sweep value, or the \
            runs' chosen configurations for --minimize COLUMN) are Holm-corrected at alpha 0.05. \
            A best is named only when the test separates it from every other run (runs with its \
            values in every seed are best with it); else the leader and the runs not separated \
            from it are the tied group, and no best is named. A goal on a measured column is met \
            only when the 95% confidence bound of the median meets it, missed when the other \
            bound misses it, and otherwise undecided (the answer says how many repetitions would \
            decide).

            Where the answer goes: the scenario's own question (its decide: block, no option \
            changing it) is written as decision.csv and, for a sweep, grid.csv into each \
            scenario directory, and index.html and index.md are refreshed when the results \
            directory has them (scripts/plot.sh redraws the heat map). A what-if (--goal, \
            --share or --minimize) leaves them as the run wrote them: it is written beside them \
            as decision-<question>.csv and grid-<question>.csv (the question in the name, e.g. \
            decision-hit_rate-ge-0.96-share-1-min-sweep.csv), or as <out>/<scenario>/decision.csv \
            with --out; --replace makes it the scenario's answer instead (decision.csv, grid.csv \
            and the index pages, which name the question they answer).

            EXIT CODES
              0  answered (also when no run meets the goal: the answer says so)
              1  a directory or file cannot be read, a bad option value, a goal
                 or minimize column that is not a numeric summary column, a result
                 value that is neither empty nor a finite number (nan, inf, text;
                 named as file:line:column), or the results in use by a run (their
                 lock is held: wait for it to finish)
            """
    )

    @Argument(help: ArgumentHelp("A results directory, or one scenario's directory in it.", valueName: "results-dir"))
    var directory: String

    @Option(
        name: .customLong("goal"),
        help: ArgumentHelp(
            "A condition on a summary column, METRIC OP NUMBER (hit_rate>=0.9); repeatable, all must hold. Replaces the decide: block's goal.",
            valueName: "condition"))
    var goals: [String] = []

    @Option(
        help: ArgumentHelp(
            "The share of seeds a configuration must meet the goal in, in (0, 1] (default: the block's, else 0.95).", valueName: "share"))
    var share: Double?

    @Option(
        help: ArgumentHelp(
            "What to make smallest among the configurations meeting the goal: sweep or a summary column (default: the block's, else sweep).",
            valueName: "column"))
    var minimize: String?

    @Option(
        help: ArgumentHelp(
            "Write each scenario's answer to DIR/<scenario>/decision.csv (and grid.csv), leaving the results untouched.",
            valueName: "dir"))
    var out: String?

    @Flag(
        help: "Make a what-if (--goal, --share, --minimize) the scenarios' answer: rewrite decision.csv, grid.csv and the index pages.")
    var replace = false

    /// Whether the options change the question the results answer.
    private var isWhatIf: Bool { !goals.isEmpty || share != nil || minimize != nil }

    func run() throws {
        if replace, out != nil {
            Diagnostics.error("error: --replace and --out: choose one (--replace rewrites the results' own answer, --out writes elsewhere)")
            throw WorkbenchExit.inputError
        }
        if let out, out.isEmpty {
            Diagnostics.error("error: --out: must not be empty (a directory to write the answers into)")
            throw WorkbenchExit.inputError
        }
        var goal: [DecisionQuestion.Condition] = []
        for text in goals {
            guard let condition = DecisionQuestion.Condition(parsing: text) else {
                Diagnostics.error(
                    "error: --goal '\(text)': expected METRIC OP NUMBER, such as hit_rate>=0.9 (OP one of >=, <=, >, <, ==, !=)")
                throw WorkbenchExit.inputError
            }
            goal.append(condition)
        }
        if let share, !(share > 0 && share <= 1) {
            Diagnostics.error("error: --share \(CSVValue.format(share)): must be > 0 and <= 1")
            throw WorkbenchExit.inputError
        }
        if let minimize, minimize.isEmpty {
            Diagnostics.error("error: --minimize: must not be empty (sweep or a summary column)")
            throw WorkbenchExit.inputError
        }
        let scenarios: [URL]
        do {
            scenarios = try Self.scenarioDirectories(directory)
        } catch {
            Diagnostics.error("\(directory): error: \(error)")
            throw WorkbenchExit.inputError
        }
        // A run writing into these results holds their lock (run --out, merge --out): deciding
        // meanwhile would read half-written files and write beside it. Held until the process exits.
        let locks: [DirectoryLock]
        do {
            locks = try Self.lock(scenarios)
        } catch let ReportError.directoryInUse(path, pid) {
            Diagnostics.error(
                "\(path): error: results in use: another workbench process\(pid.map { " (pid \($0))" } ?? "") is writing them; "
                    + "wait for it to finish, then decide")
            throw WorkbenchExit.inputError
        } catch {
            Diagnostics.error("\(directory): error: \(error)")
            throw WorkbenchExit.inputError
        }
        defer { withExtendedLifetime(locks) {} }
        var failed = false
        var answers: [String] = []
        var rewritten: [URL] = []
        for scenario in scenarios {
            let question: DecisionQuestion?
            do {
                question = try self.question(for: scenario, goal: goal)
            } catch {
                Diagnostics.error("\(error)")
                failed = true
                continue
            }
            // A what-if is written beside the run's answer (or under --out), never over it.
            let output: WhatIfFiles?
            if let out {
                output = WhatIfFiles.under(URL(fileURLWithPath: out, isDirectory: true), scenario: scenario.lastPathComponent)
            } else if let question, isWhatIf, !replace {
                output = WhatIfFiles.beside(scenarioDirectory: scenario, question: question)
            } else {
                output = nil
            }
            do {
                let report = try DecisionReport.write(scenarioDirectory: scenario, question: question, output: output)
                var text = report.text(scenario: scenario.lastPathComponent)
                if question == nil {
                    text += "\(scenario.lastPathComponent): no decide: block in scenario.yaml: give --goal (METRIC>=VALUE) to decide\n"
                }
                if let output, report.decision != nil || report.grid != nil {
                    let written = output.directory.appendingPathComponent(report.decision != nil ? output.decision : output.grid).path
                    text +=
                        "\(scenario.lastPathComponent): written to \(written)"
                        + (out == nil ? "; the run's own answer (decision.csv, index pages) is unchanged: --replace makes this one the answer" : "")
                        + "\n"
                }
                if output == nil { rewritten.append(scenario) }
                answers.append(text)
            } catch let ReportError.notANumber(path, line, column, name, value) {
                Diagnostics.error("\(path):\(line):\(column): error: \(ReportError.notANumberReason(name: name, value: value))")
                failed = true
            } catch {
                Diagnostics.error("\(scenario.path): error: \(error)")
                failed = true
            }
        }
        print(answers.joined(separator: "\n"), terminator: "")
        refreshIndexPages(rewritten)
        if failed { throw WorkbenchExit.inputError }
    }

    /// The question for `scenario`: its `decide:` block with the options' parts replacing its
    /// own, or the options alone; nil when there is neither a block nor `--goal`.
    private func question(for scenario: URL, goal: [DecisionQuestion.Condition]) throws -> DecisionQuestion? {
        var block: DecisionQuestion? = nil
        if goal.isEmpty || share == nil || minimize == nil {
            let yaml = scenario.appendingPathComponent(ResultsWriter.scenarioFileName, isDirectory: false)
            if FileManager.default.fileExists(atPath: yaml.path) {
                do {
                    block = try ScenarioLoader.loadHeader(contentsOf: yaml).decide.flatMap(DecisionQuestion.init)
                } catch {
                    // Without --goal the block is the question: its file must load.
                    guard !goal.isEmpty else { throw error }
                }
            }
        }
        guard let goal = goal.isEmpty ? block?.goal : goal else { return nil }
        return DecisionQuestion(
            goal: goal, share: share ?? block?.share ?? DecisionQuestion.defaultShare,
            minimize: minimize ?? block?.minimize ?? DecisionQuestion.sweep)
    }

    /// Takes the lock of each results directory the scenario directories are in (their parent:
    /// the `--out` of the run that wrote them), as `run` and `merge` take it.
    ///
    /// - Throws: ``ReportError/directoryInUse(path:pid:)`` when another process holds one.
    static func lock(_ scenarios: [URL]) throws -> [DirectoryLock] {
        let parents = Set(scenarios.map { $0.deletingLastPathComponent().standardizedFileURL.path })
        return try parents.sorted().map { try DirectoryLock(URL(fileURLWithPath: $0, isDirectory: true)) }
    }

    /// `path` itself when it holds a `summary.csv`, else its sub-directories that do, by name.
    static func scenarioDirectories(_ path: String) throws -> [URL] {
        let url = URL(fileURLWithPath: path, isDirectory: true)
        var isDirectory: ObjCBool = false
        guard FileManager.default.fileExists(atPath: path, isDirectory: &isDirectory), isDirectory.boolValue else {
            throw DecisionError.unreadableFile(path: path, reason: "no such directory")
        }
        if FileManager.default.fileExists(atPath: url.appendingPathComponent(ResultsWriter.summaryFileName).path) {
            return [url]
        }
        let names = (try? FileManager.default.contentsOfDirectory(atPath: path)) ?? []
        let scenarios = names.filter { !$0.hasPrefix(".") }.sorted().map { url.appendingPathComponent($0, isDirectory: true) }
            .filter { FileManager.default.fileExists(atPath: $0.appendingPathComponent(ResultsWriter.summaryFileName).path) }
        guard !scenarios.isEmpty else {
            throw DecisionError.missingFile(path: url.appendingPathComponent("*/\(ResultsWriter.summaryFileName)").path)
        }
        return scenarios
    }

    /// Rewrites the index pages of the results directory the scenarios are in, when it has them.
    private func refreshIndexPages(_ scenarios: [URL]) {
        let parents = Set(scenarios.map { $0.deletingLastPathComponent().standardizedFileURL.path })
        for parent in parents.sorted() {
            let results = URL(fileURLWithPath: parent, isDirectory: true)
            guard FileManager.default.fileExists(atPath: results.appendingPathComponent(IndexPage.htmlFileName).path) else { continue }
            do {
                try IndexPage.write(resultsDirectory: results)
            } catch {
                Diagnostics.error("\(parent): error: cannot write the index pages: \(error)")
            }
        }
    }

    /// Writes `decision.csv` and `grid.csv` of a scenario `run` just wrote, for `decide` (its
    /// `decide:` block, or nil); reports a failure (a goal naming no summary column) and
    /// returns false. Interrupted runs are not decided.
    static func write(scenarioDirectory: URL, decide: DecideSpec?, name: String) -> Bool {
        do {
            try DecisionReport.write(scenarioDirectory: scenarioDirectory, question: decide.flatMap(DecisionQuestion.init))
            return true
        } catch {
            Diagnostics.error("\(name): error: \(error)")
            return false
        }
    }
}

extension DecisionQuestion {
    /// The question of a scenario's `decide:` block, its goal's conditions by column name (as
    /// `scenario.yaml` lists them); nil when a condition is relative (the block refuses them).
    init?(_ spec: DecideSpec) {
        var goal: [Condition] = []
        for metric in spec.goal.keys.sorted() {
            guard let condition = spec.goal[metric], condition.reference == nil else { return nil }
            goal.append(Condition(metric, condition.op, condition.value))
        }
        guard !goal.isEmpty else { return nil }
        self.init(goal: goal, share: spec.share, minimize: spec.minimize)
    }
}
