import ArgumentParser
import Scenarios

/// `workbench keys [KIND]`: the format reference of a scenario kind, generated from its key
/// declarations (the docs' kind pages are its markdown output).
struct Keys: ParsableCommand {
    static let configuration = CommandConfiguration(
        abstract: "List the keys a scenario file of a kind may use (or of every kind).",
        discussion: """
            Every mapping of the file, top level first, each key with its value, its default \
            (or whether it is required), the rules its value must meet and what it means. It is \
            generated from the same declarations that read the files, so it cannot differ from \
            what 'validate' and 'run' accept.
            """
    )

    @Argument(help: ArgumentHelp("A scenario kind (default: every kind).", valueName: "kind"))
    var kind: String?

    @Option(help: ArgumentHelp("Output format: text or markdown.", valueName: "format"))
    var format: KeysFormat = .text

    enum KeysFormat: String, ExpressibleByArgument, CaseIterable {
        case text, markdown
    }

    func run() throws {
        print(try reference(), terminator: "")
    }

    /// What `keys` prints: the reference of the kind (or of every kind). The policies and store
    /// designs a key accepts are those registered when it runs: a runner's own (registered before
    /// `WorkbenchCLI.main()`) beside the built-in ones.
    func reference() throws -> String {
        let kinds = try KindArgument.kinds(kind)
        let parts = kinds.compactMap { type -> String? in
            guard let sections = FormatReference.sections(for: type) else { return nil }
            switch format {
            case .text: return FormatReference.text(kind: type.kind.rawValue, summary: type.summary, sections: sections)
            case .markdown: return FormatReference.markdown(kind: type.kind.rawValue, summary: type.summary, sections: sections)
            }
        }
        return parts.joined(separator: "\n")
    }
}
