import ArgumentParser
import Scenarios

#if canImport(Glibc)
    import Glibc
#elseif canImport(Darwin)
    import Darwin
#endif

/// workbench's command line, for an executable that embeds it: the `workbench` executable calls
/// ``main()`` alone; a team's runner registers its own policies first
/// (`PolicyRegistry.register(MyPolicy.self)`), and every subcommand then knows them by name.
public enum WorkbenchCLI {
    /// Parses the process's arguments, runs the subcommand and exits with its status
    /// (`workbench --help` lists them). Every command ignores SIGXFSZ: a write beyond the file
    /// size limit (`ulimit -f`) then fails with EFBIG and is reported as a failed write (exit 1,
    /// what was there before intact), instead of killing the process mid-write.
    public static func main() {
        signal(SIGXFSZ, SIG_IGN)
        WorkbenchCommand.main(nil)
    }
}

/// `workbench`: runs cache and reuse scenarios and writes what happened to CSV.
struct WorkbenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Measure object-reuse and caching strategies of UI apps before shipping them.",
        discussion: """
            Each scenario file (YAML) describes a workload of one kind and the cache policies (or \
            store designs) to compare. Every policy runs on the same seeded event stream; the \
            results go to <out>/<scenario>/summary.csv, timeseries.csv and latency.csv, described \
            by columns.csv (see 'workbench columns') and scenario.yaml (the scenario as run).

            KINDS
            \(kindList)

            EXIT CODES
            \(WorkbenchExit.helpText)
            """,
        version: BuildInfo.versionLine,
        subcommands: [
            Run.self, Validate.self, Merge.self, Bench.self, Compare.self, Decide.self, Columns.self, Keys.self, Policies.self, Plan.self,
            TraceCommand.self, DeviceCommand.self, AB.self,
        ],
        defaultSubcommand: Run.self
    )
}

/// Every registered kind with its one-line summary, for `--help`.
private var kindList: String {
    KindRegistry.all.map { "  \($0.kind.rawValue): \($0.summary)" }.joined(separator: "\n")
}
