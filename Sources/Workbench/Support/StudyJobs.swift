import Foundation
import Models
import Report
import Scenarios

/// Job scripts that run a planned study: a Slurm job array with a merge job, or a GitHub Actions
/// matrix workflow with a merge job.
struct StudyJobs {
    let plan: StudyPlan
    let options: Plan

    init(plan: StudyPlan, options: Plan) {
        self.plan = plan
        self.options = options
    }

    var count: Int { plan.shards.count }

    /// The current directory, absolute.
    var workingDirectory: String { FileManager.default.currentDirectoryPath }

    func absolute(_ path: String) -> String {
        URL(fileURLWithPath: path, relativeTo: URL(fileURLWithPath: workingDirectory, isDirectory: true)).standardizedFileURL.path
    }

    var outDirectory: String { absolute(options.out) }
    var jobsDirectory: String { outDirectory + "/jobs" }
    var logsDirectory: String { outDirectory + "/logs" }

    /// This executable, absolute (the binary the jobs run unless --binary).
    var binary: String {
        if let binary = options.binary { return absolute(binary) }
        if let path = try? FileManager.default.destinationOfSymbolicLink(atPath: "/proc/self/exe") { return path }
        return absolute(CommandLine.arguments.first ?? "workbench")
    }

    /// The options every shard passes to `run`, besides files, --shard and --out.
    var runOptions: [String] { options.scenario.arguments }

    /// The largest shard's estimates, which every task of the array asks for.
    var largest: (wall: Double, memory: Double, cpus: Int) {
        (
            plan.shards.map(\.wallSeconds).max() ?? 0, plan.shards.map(\.memoryBytes).max() ?? 0,
            plan.shards.map(\.cpus).max() ?? 1
        )
    }

    /// Slurm's `--time` for `seconds` of estimated work: times the margin, plus 10 minutes.
    func slurmTime(_ seconds: Double) -> String {
        let minutes = Int(saturating: min((seconds * options.timeMargin + 600) / 60, 365 * 24 * 60).rounded(.up))
        let (days, hours, rest) = (minutes / 1440, minutes / 60 % 24, minutes % 60)
        return days > 0
            ? String(format: "%d-%02d:%02d:00", days, hours, rest) : String(format: "%02d:%02d:00", hours, rest)
    }

    /// Slurm's `--mem`, in megabytes, with half again as margin.
    func slurmMemory(_ bytes: Double) -> String {
        "\(Int(saturating: (bytes * 1.5 / 1_048_576).rounded(.up)))M"
    }

    /// A value refused for a job script: the option it came from, and why.
    struct UnsafeValue: Error, Equatable, CustomStringConvertible {
        let option: String
        let value: String
        let reason: String

        var description: String {
            "\(option): \(reason), found \(String(reflecting: value)); a value that would change what the job scripts run is refused"
        }
    }

    /// Whether `name` can be a job name: letters, digits, `.`, `_` and `-`, starting with a
    /// letter or digit, at most 128 characters.
    static func isJobName(_ name: String) -> Bool {
        guard let first = name.unicodeScalars.first, isWordCharacter(first), name.unicodeScalars.count <= 128 else {
            return false
        }
        return name.unicodeScalars.allSatisfy { isWordCharacter($0) || $0 == "." || $0 == "_" || $0 == "-" }
    }

    private static func isWordCharacter(_ scalar: Unicode.Scalar) -> Bool {
        ("a"..."z").contains(scalar) || ("A"..."Z").contains(scalar) || ("0"..."9").contains(scalar)
    }

    /// Checks every value the scripts of `emit` are written from: the job name (``isJobName(_:)``;
    /// Slurm), and the paths, files and options, which are quoted for the shell but may hold no
    /// control character (a line break would end a `#SBATCH` line or a workflow's block, and
    /// start a command of its own) and, in a workflow, no `${{` (GitHub would evaluate it).
    ///
    /// - Throws: ``UnsafeValue`` for the first value refused.
    func check(for emit: Plan.Emit) throws {
        if emit == .slurm, !Self.isJobName(options.jobName) {
            throw UnsafeValue(
                option: "--job-name", value: options.jobName,
                reason: "expected letters, digits, '.', '_' and '-', starting with a letter or digit (at most 128)")
        }
        var values = [("--out", options.out)] + options.files.map { ("file", $0) } + runOptions.map { ("option", $0) }
        if emit == .slurm {
            values += [("--binary", binary), ("the current directory", workingDirectory)]
        }
        for (option, value) in values {
            if value.unicodeScalars.contains(where: { $0.value < 0x20 || $0.value == 0x7F }) {
                throw UnsafeValue(option: option, value: value, reason: "a control character (a line break, a tab) in a value")
            }
            if emit == .github, value.contains("${{") {
                throw UnsafeValue(option: option, value: value, reason: "'${{' in a value (a GitHub Actions expression)")
            }
        }
    }

    static func quote(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy {
            CharacterSet.alphanumerics.contains($0) || "/._-+=:,@%".unicodeScalars.contains($0)
        }
        return plain && !word.isEmpty ? word : "'" + word.replacingOccurrences(of: "'", with: "'\\''") + "'"
    }

    /// `word` as a YAML flow scalar: as it is when plain (letters, digits, `/._-`), else
    /// double-quoted with `\\` and `"` escaped.
    static func yamlQuote(_ word: String) -> String {
        let plain = word.unicodeScalars.allSatisfy { isWordCharacter($0) || "/._-".unicodeScalars.contains($0) }
        return plain && !word.isEmpty && word.first != "-"
            ? word : "\"" + word.replacingOccurrences(of: "\\", with: "\\\\").replacingOccurrences(of: "\"", with: "\\\"") + "\""
    }

    static func command(_ words: [String]) -> String {
        words.map(quote).joined(separator: " ")
    }

    /// `head`, then each of `lines` on a continuation line of its own.
    static func lines(_ head: [String], _ lines: [[String]]) -> String {
        ([command(head)] + lines.map(command)).joined(separator: " \\\n    ")
    }

    func shardDirectory(_ k: String) -> String { outDirectory + "/shards/shard-" + k }

    /// `shard.sbatch`: the job array, one task per shard.
    func shardScript() -> String {
        let (wall, memory, cpus) = largest
        let files = options.files.map(absolute)
        let run = Self.lines([binary, "run"], files.map { [$0] } + (runOptions.isEmpty ? [] : [runOptions]))
        return """
            #!/bin/bash
            # Shards of the study: task K runs `workbench run --shard K/\(count)` into \(outDirectory)/shards/shard-K.
            # Largest shard: about \(Plan.duration(wall)) wall, \(cpus) CPU\(cpus == 1 ? "" : "s"), \(Plan.mebibytes(memory)) MiB (`workbench plan`).
            #SBATCH --job-name=\(options.jobName)
            #SBATCH --array=1-\(count)
            #SBATCH --chdir=\(Self.quote(workingDirectory))
            #SBATCH --output=\(Self.quote(logsDirectory))/shard-%a.out
            #SBATCH --time=\(slurmTime(wall))
            #SBATCH --mem=\(slurmMemory(memory))
            #SBATCH --cpus-per-task=\(cpus)
            #SBATCH --ntasks=1
            k=${SLURM_ARRAY_TASK_ID:?run as a job array task}
            status=0
            \(run) \\
                --shard "$k/\(count)" --out \(Self.quote(outDirectory))/shards/shard-"$k" --quiet --no-plots || status=$?
            # Exit 2 is a failed `expect` line: the results are complete, so the merge may run.
            if [ "$status" -eq 2 ]; then status=0; fi
            exit "$status"

            """
    }

    /// `merge.sbatch`: merges every shard (refusing a missing or incomplete one).
    func mergeScript() -> String {
        let inputs = (1...count).map { shardDirectory(String($0)) }
        return """
            #!/bin/bash
            # Merges the \(count) shards into \(outDirectory)/merged; submitted with --dependency=afterok on the array.
            #SBATCH --job-name=\(options.jobName)-merge
            #SBATCH --chdir=\(Self.quote(workingDirectory))
            #SBATCH --output=\(Self.quote(logsDirectory))/merge.out
            #SBATCH --time=\(slurmTime(0))
            #SBATCH --mem=\(slurmMemory(StudyPlan.baseMemoryBytes + plan.shards.map { $0.memoryBytes - StudyPlan.baseMemoryBytes }.reduce(0, +)))
            #SBATCH --cpus-per-task=1
            #SBATCH --ntasks=1
            exec \(Self.lines([binary, "merge"], inputs.map { [$0] } + [["--out", outDirectory + "/merged"]]))

            """
    }

    /// `submit.sh`: submits the array, then the merge after it.
    func submitScript() -> String {
        """
        #!/bin/bash
        # Submits the study: \(plan.runs.count) runs in \(count) shards (a job array), then the merge, which
        # starts when every shard succeeded (--dependency=afterok). Logs: \(logsDirectory).
        #
        # If a shard fails (sacct -j <array job> shows FAILED, TIMEOUT, CANCELLED or NODE_FAIL for
        # task K), the merge stays pending (reason DependencyNeverSatisfied). Re-run that shard and
        # point the merge at the new job:
        #   bash \(jobsDirectory)/rerun.sh K
        # which does
        #   job=$(sbatch --parsable --array=K \(jobsDirectory)/shard.sbatch)
        #   scontrol update JobId=<merge job> Dependency=afterok:$job
        set -euo pipefail
        mkdir -p \(Self.quote(logsDirectory))
        array=$(sbatch --parsable \(Self.quote(jobsDirectory))/shard.sbatch)
        array=${array%%;*}
        merge=$(sbatch --parsable --dependency=afterok:"$array" \(Self.quote(jobsDirectory))/merge.sbatch)
        merge=${merge%%;*}
        echo "$array $merge" > \(Self.quote(jobsDirectory))/submitted
        echo "shards: job $array (array 1-\(count)); merge: job $merge, after every shard succeeded"

        """
    }

    /// `rerun.sh K`: re-runs shard K and releases the merge waiting on the failed one.
    func rerunScript() -> String {
        """
        #!/bin/bash
        # Re-runs shard K of the study and makes the pending merge wait on the new job instead of
        # the failed one: bash \(jobsDirectory)/rerun.sh K
        set -euo pipefail
        k=${1:?usage: rerun.sh K (1-\(count))}
        read -r array merge < \(Self.quote(jobsDirectory))/submitted
        job=$(sbatch --parsable --array="$k" \(Self.quote(jobsDirectory))/shard.sbatch)
        job=${job%%;*}
        scontrol update JobId="$merge" Dependency=afterok:"$job"
        echo "shard $k: job $job; merge $merge now waits on it"

        """
    }

    /// Writes the Slurm scripts and creates the log directory; returns the paths written.
    /// ``check(for:)`` first: every value is quoted for the shell, the job name is plain.
    func writeSlurm() throws -> [String] {
        try FileManager.default.createDirectory(atPath: logsDirectory, withIntermediateDirectories: true)
        var written: [String] = []
        for (name, text) in [
            ("shard.sbatch", shardScript()), ("merge.sbatch", mergeScript()), ("submit.sh", submitScript()),
            ("rerun.sh", rerunScript()),
        ] {
            let path = jobsDirectory + "/" + name
            try AtomicFile.write(text, to: URL(fileURLWithPath: path))
            written.append(path)
        }
        return written
    }

    /// A GitHub Actions workflow: a matrix job per shard, then a merge job. Paths as given,
    /// relative to the repository's root. Commands are block scalars (`run: |`) of shell-quoted
    /// words; values in flow mappings are YAML-quoted (``yamlQuote(_:)``); ``check(for:)`` first.
    func github() -> String {
        let (wall, _, cpus) = largest
        let minutes = Int(saturating: ((wall * options.timeMargin + 600) / 60).rounded(.up)) + 15  // + the build
        let run = Self.command([".build/release/workbench", "run"] + options.files + runOptions)
        let out = options.out
        let inputs = (1...count).map { "shards/shard-\($0)" }.joined(separator: " ")
        return """
            # \(plan.runs.count) runs in \(count) shards; largest shard: about \(Plan.duration(wall)) wall, \(cpus) CPU\(cpus == 1 ? "" : "s").
            # A failed shard: "Re-run failed jobs" on the workflow run re-runs it, then the merge.
            name: workbench study
            on: workflow_dispatch
            jobs:
              shard:
                runs-on: ubuntu-latest
                timeout-minutes: \(minutes)
                strategy:
                  fail-fast: false
                  matrix:
                    shard: [\((1...count).map(String.init).joined(separator: ", "))]
                steps:
                  - uses: actions/checkout@v4
                  - run: make build
                  - run: |
                      status=0
                      \(run) \\
                        --shard ${{ matrix.shard }}/\(count) --out shard-${{ matrix.shard }} --quiet --no-plots || status=$?
                      [ "$status" -eq 2 ] && status=0  # a failed expect line: the results are complete
                      exit "$status"
                  - uses: actions/upload-artifact@v4
                    with: {name: shard-${{ matrix.shard }}, path: shard-${{ matrix.shard }}}
              merge:
                needs: shard
                runs-on: ubuntu-latest
                steps:
                  - uses: actions/checkout@v4
                  - run: make build
                  - uses: actions/download-artifact@v4
                    with: {pattern: shard-*, path: shards}
                  - run: |
                      .build/release/workbench merge \(inputs) --out \(Self.quote(out))
                  - uses: actions/upload-artifact@v4
                    with: {name: results, path: \(Self.yamlQuote(out))}

            """
    }
}
