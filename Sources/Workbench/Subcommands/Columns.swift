import ArgumentParser
import Report
import Scenarios

/// `workbench columns [KIND]`: every result column of a kind, with unit, role, direction and
/// description, as the kind declares them and `columns.csv` records them.
struct Columns: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the result columns of a scenario kind (or of every kind).",
        discussion: """
            Each column with its unit, role (identity, count: deterministic, measured: varies \
            between runs, tail: the samples beyond a latency percentile), which way is better, and what it holds, as every results directory's \
            columns.csv records it. The docs' column tables (docs/kinds/) are this command's markdown output.
            """
    )

    @Argument(help: ArgumentHelp("A scenario kind (default: every kind).", valueName: "kind"))
    var kind: String?

    @Option(help: ArgumentHelp("Output format: text, markdown or csv.", valueName: "format"))
    var format: ColumnTableFormatter.Format = .text

    func run() throws {
        let kinds = try KindArgument.kinds(kind)
        if format == .csv {
            print(ColumnTableFormatter.csv(kinds: kinds.map { ($0.kind.rawValue, $0.columns) }, header: true), terminator: "")
            return
        }
        let parts = kinds.map { type in
            ColumnTableFormatter.render(kind: type.kind.rawValue, summary: type.summary, columns: type.columns, format: format)
        }
        print(parts.joined(separator: "\n"), terminator: "")
    }
}

extension ColumnTableFormatter.Format: ExpressibleByArgument {}
