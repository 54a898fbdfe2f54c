import Foundation
import Report
import Scenarios
import Testing

@Suite("run --instructions: starting a repetition under callgrind")
struct InstructionLaunchTests {
    @Test("without valgrind on PATH, --instructions is refused saying what to install")
    func valgrindMissing() {
        #expect {
            _ = try InstructionLaunch.locate(path: "/nonexistent-directory")
        } throws: { error in
            "\(error)".contains("valgrind was not found on PATH") && "\(error)".contains("apt-get install valgrind")
        }
    }

    @Test("valgrind starts through env -i with the variables sorted, deterministic hashing and jemalloc without decay")
    func command() {
        let launch = InstructionLaunch(valgrind: URL(fileURLWithPath: "/usr/bin/valgrind"))
        let output = URL(fileURLWithPath: "/tmp/x/callgrind.out")
        let environment = launch.environment(outputFile: output, inherited: ["MALLOC_CONF": "narenas:1"]).merging(["B": "2", "A": "1"]) { $1 }
        #expect(environment["SWIFT_DETERMINISTIC_HASHING"] == "1")
        #expect(environment["MALLOC_CONF"] == "narenas:1,\(InstructionLaunch.jemallocOptions)")
        #expect(launch.environment(outputFile: output, inherited: [:])["MALLOC_CONF"] == InstructionLaunch.jemallocOptions)
        let (executable, arguments) = launch.command(
            program: URL(fileURLWithPath: "/tmp/x/workbench"), arguments: ["run", "t.yaml"], environment: environment)
        #expect(executable.path == "/usr/bin/env")
        let variables = Array(arguments.dropFirst().prefix { $0.contains("=") && !$0.hasPrefix("--") })
        #expect(arguments.first == "-i")
        #expect(variables == variables.sorted())
        #expect(variables.first == "A=1")
        let rest = Array(arguments.dropFirst(1 + variables.count))
        #expect(rest.first == "/usr/bin/valgrind")
        #expect(rest.contains("--tool=callgrind") && rest.contains("--collect-atstart=no") && rest.contains("--separate-threads=yes"))
        #expect(rest.contains("--callgrind-out-file=/tmp/x/callgrind.out"))
        #expect(Array(rest.suffix(3)) == ["/tmp/x/workbench", "run", "t.yaml"])
    }
}
