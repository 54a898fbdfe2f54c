import Foundation
import Testing

extension EndToEndSecondLine {
    /// The generated parts of README.md and docs/ (transcripts, the CLI reference, the column
    /// tables, each kind's keys) are `scripts/generate-docs.py`'s output for the current binary.
    @Suite("Docs: generated parts")
    struct GeneratedDocs {
        /// Runs `scripts/generate-docs.py ARGS` with the binary under test.
        static func generate(_ arguments: [String]) throws -> CLI.Output {
            let cli = try workbench()
            let script = CLI.packageRoot.appendingPathComponent("scripts/generate-docs.py").path
            let python = CLI(executable: URL(fileURLWithPath: "/usr/bin/env"))
            return python.run(["python3", script, "--binary", cli.executable.path] + arguments, timeout: 900)
        }

        @Test("every generated part of README.md and docs/ is what the code produces (scripts/generate-docs.py rewrites them)")
        func generatedPartsMatchTheCode() throws {
            let result = try Self.generate(["--check"])
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
        }

        @Test("a generated part edited by hand is reported with its file and first differing line")
        func driftIsReported() throws {
            let dir = try TempDir()
            defer { dir.remove() }
            try FileManager.default.createDirectory(at: dir.path("docs"), withIntermediateDirectories: true)
            let page = """
                # A page

                <!-- BEGIN transcript: workbench columns drawing -->
                ```console
                $ workbench columns drawing
                drawing: a hand-edited line
                ```
                <!-- END transcript -->

                """
            try dir.write("docs/page.md", page)
            let drifted = try Self.generate(["--check", "--root", dir.url.path])
            #expect(drifted.status == 1, "\(drifted.stdout)\(drifted.stderr)")
            #expect(drifted.stdout.hasPrefix("docs/page.md:6: a generated part differs from what the code produces"), "\(drifted.stdout)")
            #expect(drifted.stdout.contains("in the file: drawing: a hand-edited line"))

            // Regenerating fixes it, and the check then passes.
            let rewritten = try Self.generate(["--root", dir.url.path])
            #expect(rewritten.status == 0, "\(rewritten.stdout)\(rewritten.stderr)")
            let fixed = try Self.generate(["--check", "--root", dir.url.path])
            #expect(fixed.status == 0, "\(fixed.stdout)")
            #expect(try String(contentsOf: dir.path("docs/page.md"), encoding: .utf8).contains("$ workbench columns drawing\ndrawing: "))
        }

        @Test(
            "docs/ci.md shows the GitHub Actions job of Examples/custom-cache as the file is; a copy edited by hand is reported and regenerated"
        )
        func ciPageShowsTheExampleWorkflow() throws {
            let workflow = "Examples/custom-cache/.github/workflows/workbench.yml"
            let file = try String(contentsOf: CLI.packageRoot.appendingPathComponent(workflow), encoding: .utf8)
            let page = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/ci.md"), encoding: .utf8)
            #expect(page.contains("<!-- BEGIN copy: \(workflow) -->\n```yaml\n\(file)```\n<!-- END copy -->"))

            let dir = try TempDir()
            defer { dir.remove() }
            try FileManager.default.createDirectory(at: dir.path("docs"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: dir.path("ci"), withIntermediateDirectories: true)
            try dir.write("ci/job.yml", "name: job\non: pull_request\n")
            try dir.write("docs/page.md", "# A page\n\n<!-- BEGIN copy: ci/job.yml -->\n```yaml\nname: edited\n```\n<!-- END copy -->\n")
            let drifted = try Self.generate(["--check", "--root", dir.url.path])
            #expect(drifted.status == 1, "\(drifted.stdout)\(drifted.stderr)")
            #expect(drifted.stdout.hasPrefix("docs/page.md:5: a generated part differs"), "\(drifted.stdout)")
            let rewritten = try Self.generate(["--root", dir.url.path])
            #expect(rewritten.status == 0, "\(rewritten.stdout)\(rewritten.stderr)")
            #expect(
                try String(contentsOf: dir.path("docs/page.md"), encoding: .utf8)
                    == "# A page\n\n<!-- BEGIN copy: ci/job.yml -->\n```yaml\nname: job\non: pull_request\n```\n<!-- END copy -->\n")
        }

        @Test(
            "docs/your-cache-code.md's package is built from the page's own code blocks, a test of a parameter through PolicyContext and PolicySettings among them"
        )
        func yourCacheCodePageIsTheCompiledPackage() throws {
            let dir = try TempDir()
            defer { dir.remove() }
            let script = CLI.packageRoot.appendingPathComponent("scripts/check-version-dependency.sh").path
            let extract = CLI(executable: URL(fileURLWithPath: script)).run(["--extract", dir.url.path])
            #expect(extract.status == 0, "\(extract.stdout)\(extract.stderr)")
            let page = try String(contentsOf: CLI.packageRoot.appendingPathComponent("docs/your-cache-code.md"), encoding: .utf8)
            for file in ["Sources/MyCache/MRUPolicy.swift", "Sources/MyWorkbench/main.swift", "Tests/MyCacheTests/MRUPolicyTests.swift"] {
                let text = try String(contentsOf: dir.path(file), encoding: .utf8)
                // The file the check compiles is a code block of the page, whole.
                #expect(text.hasPrefix("// \(file)\n"), "\(file): \(text)")
                #expect(page.contains("```swift\n\(text)```\n"), "\(file) is not a whole code block of the page")
            }
            let tests = try String(contentsOf: dir.path("Tests/MyCacheTests/MRUPolicyTests.swift"), encoding: .utf8)
            #expect(tests.contains("PolicyContext(capacity: 3, sized: false, seed: 0, settings: PolicySettings([\"depth\": .integer(2)]))"))
            #expect(tests.components(separatedBy: "@Test(").count - 1 == 2, "\(tests)")
            // A page whose block lost its file line is refused, naming the file.
            let broken = dir.path("broken")
            try FileManager.default.createDirectory(at: broken.appendingPathComponent("docs"), withIntermediateDirectories: true)
            try FileManager.default.createDirectory(at: broken.appendingPathComponent("scripts"), withIntermediateDirectories: true)
            try page.replacingOccurrences(of: "// Tests/MyCacheTests/MRUPolicyTests.swift\n", with: "")
                .write(to: broken.appendingPathComponent("docs/your-cache-code.md"), atomically: true, encoding: .utf8)
            try FileManager.default.copyItem(atPath: script, toPath: broken.appendingPathComponent("scripts/check-version-dependency.sh").path)
            let refused = CLI(executable: broken.appendingPathComponent("scripts/check-version-dependency.sh"))
                .run(["--extract", dir.path("out").path])
            #expect(refused.status == 1, "\(refused.stdout)\(refused.stderr)")
            #expect(refused.stderr.contains("no swift block starting with // Tests/MyCacheTests/MRUPolicyTests.swift"), "\(refused.stderr)")
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

        @Test("--help describes every kind and lists every exit code; --version prints the version")
        func helpAndVersion() throws {
            let cli = try workbench()
            let help = cli.run(["--help"])
            for kind in ["scrolling-table:", "navigation:", "drawing:", "parallel-readers:", "trace:"] {
                #expect(help.stdout.contains(kind), "\(kind)")
            }
            for line in ["0  success", "1  a scenario or input error", "2  an expectation failed", "3  a baseline is missing", "4  interrupted", "64 a usage error"] {
                #expect(help.stdout.contains(line), "\(line)")
            }
            #expect(!help.stdout.contains("for now"))
            #expect(!help.stdout.contains("software rasterizer"))
            let version = cli.run(["--version"])
            #expect(version.status == 0)
            #expect(version.stdout.hasPrefix("0.9.0"))
        }
    }
}
