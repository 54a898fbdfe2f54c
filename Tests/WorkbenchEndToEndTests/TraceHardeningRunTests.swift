import Foundation
import Scenarios
import Testing

extension EndToEnd {
    /// The trace kind's memory bound and inputs, through the command line: peak RSS within the
    /// estimate, inputs that are not regular files refused without blocking, `--policy optimal`
    /// held to optimal's limit, and arguments too large for what they size.
    @Suite("run: trace memory and inputs")
    struct TraceHardeningRuns {
        /// What the process may hold besides the estimate: the binary, its libraries, Foundation,
        /// the allocator's caches and the result files' writing (stated, not measured per run).
        static let residentConstant = 96.0 * 1_048_576

        /// Runs `workbench args` under GNU time; its exit status and peak resident bytes.
        static func peakRSS(_ cli: CLI, _ args: [String], in dir: TempDir) throws -> (status: Int32, bytes: Double, stderr: String) {
            let report = dir.path("rss-\(UUID().uuidString).txt")
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/time")
            process.arguments = ["-f", "%M", "-o", report.path, cli.executable.path] + args
            var environment = ProcessInfo.processInfo.environment
            environment["WORKBENCH_SKIP_LOAD_CHECK"] = "1"
            process.environment = environment
            let errors = Pipe()
            process.standardError = errors
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            let stderr = String(decoding: errors.fileHandleForReading.readDataToEndOfFile(), as: UTF8.self)
            process.waitUntilExit()
            let text = try String(contentsOf: report, encoding: .utf8)
            let kilobytes = text.split(separator: "\n").compactMap { Double($0.trimmingCharacters(in: .whitespaces)) }.last ?? .infinity
            return (process.terminationStatus, kilobytes * 1024, stderr)
        }

        static var hasGNUTime: Bool { FileManager.default.isExecutableFile(atPath: "/usr/bin/time") }

        /// The estimate `run` checks `--memory-limit` against, for the scenario file at `url`.
        static func estimate(_ url: URL) throws -> Double {
            MemoryGuard.estimate(try ScenarioLoader.loadPlan(contentsOf: url)).total
        }

        @Test(
            "for random valid small trace scenarios, peak RSS stays under the estimate plus a stated constant (96 MB)",
            .enabled(if: hasGNUTime))
        func peakRSSWithinEstimate() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            var random = SystemRandomNumberGenerator()
            let policies = ["lru", "fifo", "s3-fifo", "w-tinylfu", "arc", "2q", "lfu", "sieve", "slru", "clock", "random"]
            // Fixed cases first (each broke the bound once), then random ones.
            var cases: [(source: String, cache: String, window: Int)] = [
                ("trace: {path: five.csv}", "{policies: [s3-fifo, w-tinylfu], capacities: [100000000]}", 1000),
                ("trace: {path: many.csv}", "{policies: [s3-fifo, lru], capacities: [1000000000]}", 1000),
                ("generate: {distribution: uniform, objects: 1000, requests: 400000}", "{policies: [lru], capacities: [100]}", 1),
            ]
            for _ in 0..<4 {
                let chosen = policies.shuffled(using: &random).prefix(Int.random(in: 1...3, using: &random))
                let capacity = [10, 1_000, 1_000_000, 100_000_000, 1_000_000_000].randomElement(using: &random) ?? 10
                let source =
                    Bool.random(using: &random)
                    ? "trace: {path: many.csv}"
                    : "generate: {objects: \(Int.random(in: 10...20_000, using: &random)), requests: \(Int.random(in: 1_000...100_000, using: &random))}"
                cases.append(
                    (
                        source, "{policies: [\(chosen.joined(separator: ", "))], capacities: [\(capacity)]}",
                        [1, 10, 10_000].randomElement(using: &random) ?? 1
                    ))
            }
            try dir.write("five.csv", "1\n2\n3\n4\n5\n")
            try dir.write("many.csv", (0..<50_000).map { "\($0 % 30_000)\n" }.joined())
            for (index, entry) in cases.enumerated() {
                let file = try dir.write(
                    "s\(index).yaml", "name: s\(index)\nkind: trace\n\(entry.source)\ncache: \(entry.cache)\nwindow: \(entry.window)\n")
                let estimate = try Self.estimate(file)
                let run = try Self.peakRSS(cli, [file.path, "--out", dir.path("out\(index)").path, "--no-plots", "--quiet"], in: dir)
                #expect(run.status == 0, "\(entry): \(run.stderr)")
                #expect(
                    run.bytes <= estimate + Self.residentConstant,
                    "\(entry): peak RSS \(Int(run.bytes / 1_048_576)) MB, estimate \(Int(estimate / 1_048_576)) MB + 96 MB")
            }
        }

        @Test("a FIFO as the trace is refused at once (validate and run), without blocking in open()")
        func fifoRefused() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let fifo = dir.path("t.csv").path
            #expect(mkfifo(fifo, 0o600) == 0)
            let file = try dir.write(
                "t.yaml", "name: fifo\nkind: trace\ntrace: {path: t.csv}\ncache: {policies: [lru], capacities: [10]}\n")
            for command in [["validate", file.path], [file.path, "--out", dir.path("out").path, "--no-plots"]] {
                let result = cli.run(command, timeout: 20)
                #expect(result.status == 1, "\(transcript(result))")
                #expect(
                    result.stderr.contains("\(fifo):1:1: error: cannot read trace file: a FIFO or pipe, not a regular file"),
                    "\(transcript(result))")
            }
        }

        @Test("/dev/zero as an oracle-general trace is refused at once, not read without end")
        func devZeroRefused() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write(
                "t.yaml",
                "name: zero\nkind: trace\ntrace: {path: /dev/zero, format: oracle-general}\ncache: {policies: [lru], capacities: [10]}\n")
            let result = cli.run(["validate", file.path], timeout: 20)
            #expect(result.status == 1, "\(transcript(result))")
            #expect(
                result.stderr.contains("/dev/zero:1:1: error: cannot read trace file: a device, not a regular file"),
                "\(transcript(result))")
        }

        @Test("--policy optimal does not bypass optimal's 20 M-request limit: the run is refused, nothing allocated for it")
        func policyOptimalLimited() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let requests = TraceScenario.maxOptimalRequests + 1
            let file = try dir.write(
                "t.yaml",
                "name: big\nkind: trace\ngenerate: {distribution: uniform, objects: 100, requests: \(requests)}\ncache: {policies: [lru], capacities: [10]}\n"
            )
            let result = cli.run([file.path, "--policy", "optimal", "--out", dir.path("out").path, "--no-plots", "--quiet"], timeout: 300)
            #expect(result.status == 1, "\(transcript(result))")
            #expect(result.stderr.contains("at most \(TraceScenario.maxOptimalRequests) requests"), "\(transcript(result))")
        }

        @Test("trace generate --requests 2e9 --format oracle-general is refused cleanly (exit 1, no file)")
        func generateOracleTooMany() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let out = dir.path("g.og").path
            let result = cli.run(
                ["trace", "generate", "--objects", "10", "--requests", "2000000000", "--format", "oracle-general", "--out", out],
                timeout: 60)
            #expect(result.status == 1, "\(transcript(result))")
            #expect(result.stderr.contains("oracle-general is written with every request's key"), "\(transcript(result))")
            #expect(try FileManager.default.contentsOfDirectory(atPath: dir.url.path).isEmpty)
        }

        @Test("plan --shards 10^9 or Int.max is capped by the run count, no abort")
        func planShardsCapped() throws {
            let cli = try workbench()
            let dir = try TempDir()
            defer { dir.remove() }
            let file = try dir.write("a.yaml", Fixture.yaml(name: "alpha"))
            for shards in ["1000000000", "\(Int.max)"] {
                let result = cli.run(["plan", file.path, "--shards", shards, "--out", dir.path("study").path], timeout: 60)
                #expect(result.status == 0, "\(transcript(result))")
                #expect(result.stderr.contains("capped at \(Fixture.runs.count)"), "\(transcript(result))")
            }
        }
    }
}
