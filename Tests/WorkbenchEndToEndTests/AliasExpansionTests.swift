import Foundation
import TestSupport
import Testing

extension EndToEndSecondLine {
    @Suite("validate and run: aliases and merge keys are bounded")
    struct AliasExpansion {
        /// Merge keys twelve deep, ten per level: `a12` merges 10^13 pairs, which no run could
        /// expand (line 8: the fourth `*a2` passes 10000 nodes).
        static let mergeBomb = YAMLBombs.mergeKeys(depth: 12)

        /// Not a timed test: the 30 s are a guard against a hang, and a refusal after expanding
        /// 10^13 pairs could not come within them (nor within 100 MB).
        @Test(
            "a file whose merge keys would expand to 10^13 pairs is refused before expanding them, at file:line:column, by validate and run alike",
            arguments: ["validate", "run"])
        func mergeKeysRefusedBeforeExpanding(_ command: String) throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("merge-bomb.yaml", Self.mergeBomb)
            let output = command == "run" ? ["--out", dir.path("results").path] : []
            let result = cli.run([command, file.path, "--memory-limit", "100MB"] + output, timeout: 30)

            #expect(result.status == 1, "\(transcript(result))")
            #expect(
                result.stderr.contains(
                    "\(file.path):8:30: error: the file expands to more than 10000 YAML nodes with its aliases and merge keys expanded (the limit)"
                ),
                "\(transcript(result))")
        }
    }
}
