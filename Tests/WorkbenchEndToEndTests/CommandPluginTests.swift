import Foundation
import Testing

extension EndToEnd {
    /// `swift package workbench` (Plugins/WorkbenchPlugin) end to end, on a package of the test's
    /// own: the plugin's source and declaration as workbench has them, and a stand-in runner that
    /// prints an expectations table and exits with the status it is given.
    @Suite("Command plugin: swift package workbench")
    struct CommandPlugin {
        /// The stand-in runner: the table `workbench run` prints when an expect line fails (one
        /// row held, one failed), then exit with the status given as its first argument.
        static let runner = """
            import Foundation

            let status = Int32(CommandLine.arguments.dropFirst().first ?? "0") ?? 0
            print("fake → results/fake")
            print("expectations: 1 of 2 FAILED")
            print("  scenario  policy  metric  expected  actual  result")
            print("  gate      lru     hits    > 100     42      FAILED")
            print("  gate      lru     misses  < 100     58      ok    ")
            exit(status)

            """

        /// The plugin target's declaration in workbench's Package.swift.
        static func pluginDeclaration() throws -> String {
            let manifest = try String(contentsOf: CLI.packageRoot.appendingPathComponent("Package.swift"), encoding: .utf8)
            let start = try #require(manifest.range(of: "        .plugin(\n            name: \"WorkbenchPlugin\","))
            let end = try #require(manifest.range(of: "\n        ),\n", range: start.upperBound..<manifest.endIndex))
            return String(manifest[start.lowerBound..<end.upperBound])
        }

        /// `swift` on PATH.
        static var swift: URL? {
            (ProcessInfo.processInfo.environment["PATH"] ?? "").split(separator: ":")
                .map { URL(fileURLWithPath: String($0)).appendingPathComponent("swift") }
                .first { FileManager.default.isExecutableFile(atPath: $0.path) }
        }

        @Test(
            "a runner's exit 2 through the plugin: swift package exits 1 (SwiftPM's limit) and its stderr names status 2 and the failed expectation; exit 0 passes through",
            .enabled(if: swift != nil, "swift is not on PATH"))
        func runnerStatusReachesStderr() throws {
            let swift = try #require(Self.swift)
            let dir = try TempDir()
            defer { dir.remove() }
            for folder in ["Plugins/WorkbenchPlugin", "Sources/FakeRunner"] {
                try FileManager.default.createDirectory(at: dir.path(folder), withIntermediateDirectories: true)
            }
            try FileManager.default.copyItem(
                at: CLI.packageRoot.appendingPathComponent("Plugins/WorkbenchPlugin/WorkbenchPlugin.swift"),
                to: dir.path("Plugins/WorkbenchPlugin/WorkbenchPlugin.swift"))
            try dir.write("Sources/FakeRunner/main.swift", Self.runner)
            try dir.write(
                "Package.swift",
                """
                // swift-tools-version:6.0
                import PackageDescription

                let package = Package(
                    name: "plugin-check",
                    products: [.executable(name: "fake-runner", targets: ["FakeRunner"])],
                    targets: [
                        .executableTarget(name: "FakeRunner"),
                \(try Self.pluginDeclaration())
                    ]
                )

                """)
            let tool = CLI(executable: swift)
            func plugin(_ status: Int) -> CLI.Output {
                tool.run(
                    ["package", "--allow-writing-to-package-directory", "workbench", String(status)], cwd: dir.url, timeout: 900)
            }

            let failed = plugin(2)
            #expect(failed.status == 1, "\(transcript(failed))")
            let errors = failed.stderr.split(separator: "\n").map(String.init)
            let first = try #require(errors.firstIndex { $0.hasPrefix("error: fake-runner exited with status") }, "\(transcript(failed))")
            #expect(
                Array(errors[first...].prefix(4)) == [
                    "error: fake-runner exited with status 2 (an expectation failed or a comparison found a regression)",
                    "expectations: 1 of 2 FAILED",
                    "  scenario  policy  metric  expected  actual  result",
                    "  gate      lru     hits    > 100     42      FAILED",
                ], "\(transcript(failed))")
            #expect(!failed.stderr.contains("58"), "the row that held is not repeated: \(transcript(failed))")
            // The runner's stdout passes through whole.
            #expect(failed.stdout.contains("fake → results/fake\nexpectations: 1 of 2 FAILED\n"), "\(transcript(failed))")
            #expect(failed.stdout.contains("  gate      lru     misses  < 100     58      ok"), "\(transcript(failed))")

            let usage = plugin(64)
            #expect(usage.status == 1, "\(transcript(usage))")
            #expect(usage.stderr.contains("error: fake-runner exited with status 64 (a usage error)"), "\(transcript(usage))")

            let passed = plugin(0)
            #expect(passed.status == 0, "\(transcript(passed))")
            #expect(!passed.stderr.contains("exited with status"), "\(transcript(passed))")
            #expect(passed.stdout.contains("  gate      lru     hits    > 100     42      FAILED"), "\(transcript(passed))")
        }
    }
}
