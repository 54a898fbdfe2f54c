import ArgumentParser

/// `workbench`: runs cache and reuse scenarios and writes what happened to CSV.
@main
struct WorkbenchCommand: ParsableCommand {
    static let configuration = CommandConfiguration(
        commandName: "workbench",
        abstract: "Measure object-reuse and caching strategies of UI apps before shipping them.",
        discussion: """
            Each scenario file (YAML) describes a workload — a scrolling table, for now — and the \
            cache policies to compare. Every policy runs on the same seeded event stream; the \
            results go to <out>/<scenario>/summary.csv, timeseries.csv and latency.csv.

            EXIT CODES
              0  success
              1  a scenario or input error (each bad file is reported as file:line:column)
              2  an expectation failed or a comparison found a regression
              3  a baseline is missing (compare: the baseline lacks a scenario)
              4  interrupted (partial results kept, marked complete=false)
            """,
        subcommands: [Run.self, Validate.self, Merge.self, Bench.self, Compare.self],
        defaultSubcommand: Run.self
    )
}
