import Foundation
import Testing

extension EndToEnd {
    @Suite("README: column tables")
    struct ReadmeColumns {
        /// The package's README, found from this file's path.
        static let readme = URL(fileURLWithPath: #filePath).deletingLastPathComponent().deletingLastPathComponent()
            .deletingLastPathComponent().appendingPathComponent("README.md")

        @Test("the README's column tables are `workbench columns --format markdown` (scripts/readme-columns.sh rewrites them)")
        func tablesMatchTheCommand() throws {
            let cli = try workbench()
            let result = cli.run(["columns", "--format", "markdown"])
            #expect(result.status == 0, "\(transcript(result))")
            let text = try String(contentsOf: Self.readme, encoding: .utf8)
            let begin = try #require(text.range(of: "<!-- BEGIN workbench columns -->\n"))
            let end = try #require(text.range(of: "<!-- END workbench columns -->"))
            let section = String(text[begin.upperBound..<end.lowerBound])
            #expect(section == result.stdout, "README.md's column tables drifted: run scripts/readme-columns.sh")
        }

        @Test("workbench columns KIND lists that kind's columns; an unknown kind exits 1 naming the kinds")
        func oneKind() throws {
            let cli = try workbench()
            let drawing = cli.run(["columns", "drawing"])
            #expect(drawing.status == 0, "\(transcript(drawing))")
            #expect(drawing.stdout.hasPrefix("drawing: "))
            #expect(drawing.stdout.contains("fresh_draws") && !drawing.stdout.contains("instantiations"))
            let csv = cli.run(["columns", "navigation", "--format", "csv"])
            #expect(csv.stdout.hasPrefix("kind,file,name,unit,role,direction,description,views\r\n"))
            #expect(csv.stdout.contains("navigation,summary,creations,count,count,lower_is_better,"))
            let unknown = cli.run(["columns", "nope"])
            #expect(unknown.status == 1)
            #expect(unknown.stderr.contains("unknown kind 'nope' (expected one of: scrolling-table, navigation, drawing, parallel-readers, trace)"))
        }

        @Test("--help describes every kind and lists exit code 64; --version prints the version")
        func helpAndVersion() throws {
            let cli = try workbench()
            let help = cli.run(["--help"])
            for kind in ["scrolling-table:", "navigation:", "drawing:", "parallel-readers:"] {
                #expect(help.stdout.contains(kind), "\(kind)")
            }
            #expect(help.stdout.contains("64 a usage error"))
            #expect(!help.stdout.contains("for now"))
            let version = cli.run(["--version"])
            #expect(version.status == 0)
            #expect(version.stdout.hasPrefix("0.9.0"))
        }
    }
}
