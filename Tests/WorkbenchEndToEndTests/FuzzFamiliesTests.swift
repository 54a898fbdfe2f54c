import Foundation
import Testing

extension EndToEnd {
    /// `make fuzz`'s families other than scenario (`scripts/fuzz.py --family`): they run against
    /// the binary under test, and their oracle catches what it must (checked with wrappers of the
    /// binary that plant one fault in each family's commands).
    @Suite("Fuzz: trace, compare, merge, overrides, decide, device and anchors families")
    struct FuzzFamilies {
        /// Runs `scripts/fuzz.py` with `arguments`, its failures saved under `directory`.
        static func fuzz(_ binary: String, _ arguments: [String], in directory: TempDir) -> CLI.Output {
            let script = CLI.packageRoot.appendingPathComponent("scripts/fuzz.py").path
            let python = CLI(executable: URL(fileURLWithPath: "/usr/bin/env"))
            return python.run(
                ["python3", script, "--binary", binary, "--failures", directory.path("failures").path, "--jobs", "2"] + arguments,
                cwd: CLI.packageRoot, timeout: 600)
        }

        /// A wrapper of the binary under test with a fault planted in each family's commands: a
        /// trace scenario's run exits 1 with an error that names no place; `trace convert` leaves
        /// a `.partial` file beside its output; `compare` prints a Swift runtime failure and exits
        /// 0; `merge` refuses (exit 1) but writes into its output. The corpus commands pass through.
        static func plantedBinary(in directory: TempDir, real: String) throws -> String {
            let script = """
                #!/bin/sh
                real='\(real)'
                out=""; previous=""
                for argument in "$@"; do [ "$previous" = "--out" ] && out="$argument"; previous="$argument"; done
                case "$1 $2" in
                  "run mutant.yaml") echo "error: planted, naming no place" >&2; exit 1;;
                  "trace convert") "$real" "$@"; code=$?; : > "$(dirname "$out")/.planted.partial"; exit $code;;
                esac
                case "$1" in
                  compare) "$real" "$@" > /dev/null 2>&1; echo "Fatal error: planted" >&2; exit 0;;
                  merge) mkdir -p "$out"; echo planted > "$out/planted.csv"; echo "error: planted refusal" >&2; exit 1;;
                esac
                exec "$real" "$@"

                """
            let file = try directory.write("workbench", script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            return file.path
        }

        /// One fuzz run of the three families against the planted binary, shared by the tests below
        /// (nil when there is no binary to wrap).
        static let planted: CLI.Output? = {
            guard let real = CLI.shared?.executable.path, let directory = try? TempDir() else { return nil }
            defer { directory.remove() }
            guard let binary = try? plantedBinary(in: directory, real: real) else { return nil }
            return fuzz(binary, ["--family", "trace,compare,merge", "--count", "16", "--seed", "2"], in: directory)
        }()

        @Test("the trace, compare and merge families run against the binary under test with no failure (--family)")
        func familiesRunClean() throws {
            let cli = try workbench()
            let directory = try TempDir()
            defer { directory.remove() }
            let result = Self.fuzz(cli.executable.path, ["--family", "trace,compare,merge", "--count", "12", "--seed", "2"], in: directory)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            for family in ["trace", "compare", "merge"] {
                #expect(result.stdout.contains("  \(family): "), "no \(family) mutants: \(result.stdout)")
            }
            #expect(!result.stdout.contains("  scenario: "), "--family left out the scenario family: \(result.stdout)")
        }

        @Test("a trace input error without file:line:column fails the trace mutant")
        func traceErrorWithoutPlaceFails() throws {
            let result = try #require(Self.planted, "no workbench executable to wrap")
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("FAILED run of mutant"), "\(result.stderr)")
            #expect(result.stderr.contains("exit 1 without a file:line:column error"), "\(result.stderr)")
        }

        @Test("trace convert leaving a .partial file beside its output fails the trace mutant (results written half)")
        func convertLeavingPartialFails() throws {
            let result = try #require(Self.planted, "no workbench executable to wrap")
            #expect(result.stderr.contains("FAILED convert of mutant"), "\(result.stderr)")
            #expect(result.stderr.contains("left staging files behind") && result.stderr.contains(".planted.partial"), "\(result.stderr)")
        }

        @Test("compare printing a Swift runtime failure fails the compare mutant, even with exit 0")
        func compareTrapFails() throws {
            let result = try #require(Self.planted, "no workbench executable to wrap")
            #expect(result.stderr.contains("FAILED compare of mutant"), "\(result.stderr)")
            #expect(result.stderr.contains("printed 'Fatal error' (a trap or a crash)"), "\(result.stderr)")
        }

        @Test("merge refusing but writing its output fails the merge mutant (results written half)")
        func mergeWrittenHalfFails() throws {
            let result = try #require(Self.planted, "no workbench executable to wrap")
            #expect(result.stderr.contains("FAILED merge of mutant"), "\(result.stderr)")
            #expect(result.stderr.contains("(written half)"), "\(result.stderr)")
        }

        /// A wrapper of the binary under test that breaks the rules the oracle added for the
        /// overrides, decide, device and anchors families: `validate` hands each `--set` option
        /// to a shell (which runs a planted `$(touch CANARY-...)`); `decide` writes a file in its
        /// working directory, outside its results and `--out`; `run` leaves a file in TMPDIR.
        static func sandboxBreakingBinary(in directory: TempDir, real: String) throws -> String {
            let script = """
                #!/bin/sh
                real='\(real)'
                case "$1" in
                  validate) for a in "$@"; do case "$a" in --set=*) sh -c "echo $a" > /dev/null 2>&1;; esac; done;;
                  decide) echo planted > escaped.txt;;
                  run) "$real" "$@"; code=$?; : > "${TMPDIR:-/tmp}/planted-left-behind"; exit $code;;
                esac
                exec "$real" "$@"

                """
            let file = try directory.write("workbench", script)
            try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: file.path)
            return file.path
        }

        /// One fuzz run of the overrides, decide and device families against the sandbox-breaking binary (nil when
        /// there is no binary to wrap).
        static let sandboxBroken: CLI.Output? = {
            guard let real = CLI.shared?.executable.path, let directory = try? TempDir() else { return nil }
            defer { directory.remove() }
            guard let binary = try? sandboxBreakingBinary(in: directory, real: real) else { return nil }
            return fuzz(binary, ["--family", "overrides,decide,device", "--count", "150", "--seed", "5"], in: directory)
        }()

        @Test("the overrides, decide, device and anchors families run against the binary under test with no failure (--family)")
        func newerFamiliesRunClean() throws {
            let cli = try workbench()
            let directory = try TempDir()
            defer { directory.remove() }
            let result = Self.fuzz(
                cli.executable.path, ["--family", "overrides,decide,device,anchors", "--count", "24", "--seed", "2"], in: directory)
            #expect(result.status == 0, "\(result.stdout)\(result.stderr)")
            for family in ["overrides", "decide", "device", "anchors"] {
                #expect(result.stdout.contains("  \(family): "), "no \(family) mutants: \(result.stdout)")
            }
            #expect(!result.stdout.contains("  trace: "), "--family left out the trace family: \(result.stdout)")
        }

        @Test("a planted payload that runs (a CANARY file appears) fails the mutant")
        func payloadRunFails() throws {
            let result = try #require(Self.sandboxBroken, "no workbench executable to wrap")
            #expect(result.status == 1, "\(result.stdout)\(result.stderr)")
            #expect(result.stderr.contains("ran a planted payload: ") && result.stderr.contains("CANARY-m"), "\(result.stderr)")
        }

        @Test("a file written outside the command's results and --out fails the mutant")
        func writeOutsideFails() throws {
            let result = try #require(Self.sandboxBroken, "no workbench executable to wrap")
            #expect(result.stderr.contains("FAILED decide of mutant"), "\(result.stderr)")
            #expect(result.stderr.contains("wrote outside its output directories: escaped.txt"), "\(result.stderr)")
        }

        @Test("a file left in the command's TMPDIR fails the mutant")
        func temporaryLeftFails() throws {
            let result = try #require(Self.sandboxBroken, "no workbench executable to wrap")
            #expect(result.stderr.contains("FAILED run of mutant"), "\(result.stderr)")
            #expect(result.stderr.contains("left files in its temporary directory (TMPDIR): planted-left-behind"), "\(result.stderr)")
        }
    }
}
