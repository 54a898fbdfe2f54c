import Foundation
import Testing

extension EndToEndSecondLine {
    @Suite("validate and run: aliases and merge keys are bounded")
    struct AliasExpansion {
        /// Merge keys seven deep, ten per level: `a7` merges 10^8 pairs (line 8: the fourth `*a2`
        /// passes 10000 nodes).
        static let mergeBomb: String = {
            var lines = ["name: merge-bomb", "kind: trace", "duration: 1s", "<<:"]
            lines.append("  - &a0 {" + (0..<10).map { "k\($0): \($0)" }.joined(separator: ", ") + "}")
            for level in 1...7 {
                lines.append("  - &a\(level) {<<: [" + Array(repeating: "*a\(level - 1)", count: 10).joined(separator: ", ") + "]}")
            }
            return lines.joined(separator: "\n") + "\n"
        }()

        @Test(
            "a file whose merge keys would expand past 10000 nodes is refused in well under a second at file:line:column, by validate and run alike",
            arguments: ["validate", "run"])
        func mergeKeysRefusedFast(_ command: String) throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("merge-bomb.yaml", Self.mergeBomb)
            let start = Date()
            let output = command == "run" ? ["--out", dir.path("results").path] : []
            let result = cli.run([command, file.path, "--memory-limit", "100MB"] + output, timeout: 30)
            let seconds = Date().timeIntervalSince(start)

            #expect(result.status == 1, "\(transcript(result))")
            #expect(seconds < 1, "took \(seconds) s")
            #expect(
                result.stderr.contains(
                    "\(file.path):8:30: error: the file expands to more than 10000 YAML nodes with its aliases and merge keys expanded (the limit)"
                ),
                "\(transcript(result))")
        }
    }
}
