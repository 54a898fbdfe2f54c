import ArgumentParser
import Models

/// `workbench policies`: every registered eviction policy with what it evicts, its reference and
/// its parameters (range and default), as a scenario's `cache.policies` and `cache.parameters` take them.
struct Policies: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the eviction policies, their parameters and references.",
        discussion: """
            A policy's parameters are set per policy in any kind's cache block: \
            `cache: {parameters: {s3-fifo: {small_ratio: 0.2}}}` (or --set cache.parameters.s3-fifo.small_ratio=0.2). \
            Besides these, `none` (no cache) and `forever` (no bound) are cache policies of the \
            scrolling-table and navigation kinds.
            """
    )

    @Option(help: ArgumentHelp("Output format: text, markdown or names (one name a line).", valueName: "format"))
    var format: PolicyListFormat = .text

    func run() {
        print(Self.render(PolicyRegistry.all, format: format), terminator: "")
    }

    enum PolicyListFormat: String, ExpressibleByArgument, CaseIterable {
        case text, markdown, names
    }

    /// The listing of `policies`.
    static func render(_ policies: [PolicyDescriptor], format: PolicyListFormat) -> String {
        var lines: [String] = []
        switch format {
        case .names:
            lines = policies.map(\.name.rawValue)
        case .text:
            for policy in policies {
                lines.append("\(policy.name)")
                lines.append("  \(policy.summary)")
                lines.append("  reference: \(policy.reference)")
                for parameter in policy.parameters {
                    lines.append(
                        "  parameter \(parameter.name) (default \(parameter.defaultValue); \(parameter.kind.summary)): \(parameter.summary)")
                }
                if policy.needsFuture { lines.append("  needs the future: a run first records its stream") }
            }
        case .markdown:
            lines.append("| policy | evicts | parameters (default; values) | reference |")
            lines.append("|---|---|---|---|")
            for policy in policies {
                let parameters =
                    policy.parameters.isEmpty
                    ? "none"
                    : policy.parameters.map { "`\($0.name)`: \($0.summary) (\($0.defaultValue); \($0.kind.summary))" }
                        .joined(separator: "<br>")
                lines.append("| `\(policy.name)` | \(policy.summary) | \(parameters) | \(policy.reference) |")
            }
        }
        return lines.joined(separator: "\n") + "\n"
    }
}
