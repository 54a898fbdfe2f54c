import Foundation
import Testing

/// `--memory-limit` is checked against an estimate; the estimate is only worth it if it counts
/// what a run really holds. Each case runs a shipped scenario (durations capped) with the release
/// runner users run (`make test` builds it) under `/usr/bin/time`, reads its peak resident set,
/// and reads the estimate `run` checks (from `--memory-limit 1B`'s refusal). The stated margin (docs/scenario-format.md): the peak stays
/// within the estimate plus the program's own 64 MB (its code, libraries and allocator), and the
/// estimate errs high by at most 5× the peak.
@Suite("Memory estimate against peak RSS", .serialized)
struct MemoryEstimatePeakTests {
    /// What the program itself takes besides what a scenario holds (measured: 30 MB for
    /// `--version`, 43–47 MB for one short run of each kind).
    static let programBytes = 64.0 * 0x1p20
    /// How far above the peak the estimate may err.
    static let highFactor = 5.0

    struct Case: CustomStringConvertible {
        var name: String
        var arguments: [String]
        var description: String { name }
    }

    static let capacities = (1...1000).map(String.init).joined(separator: ",")

    static let cases: [Case] = [
        Case(name: "scrolling table, 1 seed", arguments: ["scenarios/feed.yaml", "--policy", "lru", "--max-duration", "0.2s"]),
        Case(name: "scrolling table, seeds: 30", arguments: ["scenarios/feed.yaml", "--policy", "lru", "--seeds", "30", "--max-duration", "0.2s"]),
        Case(
            name: "scrolling table, seeds: 1000",
            arguments: ["scenarios/feed.yaml", "--policy", "lru", "--seeds", "1000", "--max-duration", "0.2s"]),
        Case(
            name: "scrolling table, 30 sweep points",
            arguments: ["scenarios/feed.yaml", "--policy", "lru", "--sweep", "cache.capacity=" + (1...30).map(String.init).joined(separator: ","),
                "--max-duration", "0.2s"]),
        Case(
            name: "scrolling table, 1000 sweep points",
            arguments: ["scenarios/feed.yaml", "--policy", "lru", "--sweep", "cache.capacity=" + capacities, "--max-duration", "0.2s"]),
        Case(
            name: "scrolling table, seeds: 100 × --repeat 5",
            arguments: ["scenarios/feed.yaml", "--policy", "lru", "--seeds", "100", "--repeat", "5", "--max-duration", "0.2s"]),
        Case(name: "navigation, seeds: 300", arguments: ["scenarios/four-tab-app.yaml", "--seeds", "300", "--max-duration", "0.5s"]),
        Case(name: "drawing, seeds: 100", arguments: ["scenarios/live-feed.yaml", "--policy", "none", "--seeds", "100", "--max-duration", "0.2s"]),
        Case(
            name: "parallel readers, seeds: 100",
            arguments: ["scenarios/chat-store.yaml", "--policy", "mutex", "--seeds", "100", "--max-duration", "0.1s"]),
    ]

    /// The estimate `run` checks for `arguments`, in bytes, from its refusal under a 1-byte limit.
    static func estimate(_ cli: CLI, _ arguments: [String], in temp: TempDir) throws -> Double {
        let refused = cli.run(["run"] + arguments + ["--memory-limit", "1B", "--out", temp.path("refused").path], cwd: CLI.packageRoot)
        #expect(refused.status == 1, "\(transcript(refused))")
        let pattern = try Regex(#"needs about ([0-9.]+) (B|KB|MB|GB)"#)
        let match = try #require(refused.stderr.firstMatch(of: pattern), "\(transcript(refused))")
        let units: [String: Double] = ["B": 1, "KB": 0x1p10, "MB": 0x1p20, "GB": 0x1p30]
        let number = try #require(match.output[1].substring.flatMap { Double(String($0)) })
        let unit = try #require(match.output[2].substring.flatMap { units[String($0)] })
        return number * unit
    }

    @Test(
        "the estimate counts what is held: peak RSS within the estimate plus the program's 64 MB, and the estimate at most 5× the peak, for sweeps of 1 to 1000 points and seeds 1 to 1000",
        arguments: cases)
    func estimateAgreesWithPeakRSS(_ scenario: Case) throws {
        let release = CLI.packageRoot.appendingPathComponent(".build/release/workbench")
        try #require(
            FileManager.default.isExecutableFile(atPath: release.path),
            "no release runner at \(release.path): build it first (swift build -c release --product workbench; make test does)")
        let cli = CLI(executable: release)
        try #require(FileManager.default.isExecutableFile(atPath: "/usr/bin/time"), "/usr/bin/time (Debian package time) is needed")
        let temp = try TempDir()
        defer { temp.remove() }
        let estimate = try Self.estimate(cli, scenario.arguments, in: temp)
        let timed = CLI(executable: URL(fileURLWithPath: "/usr/bin/time"))
        let run = timed.run(
            ["-f", "peak-rss-kb %M", cli.executable.path, "run"] + scenario.arguments
                + ["--out", temp.path("out").path, "--no-plots", "-q"],
            cwd: CLI.packageRoot, timeout: 600)
        // Exit 2 is an expectation the capped durations do not meet: the run itself completed.
        #expect([0, 2].contains(run.status), "\(transcript(run))")
        let line = try #require(run.stderr.split(separator: "\n").last { $0.hasPrefix("peak-rss-kb ") }, "\(transcript(run))")
        let peak = try #require(Double(line.dropFirst("peak-rss-kb ".count))) * 1024
        let mb = { (bytes: Double) in String(format: "%.1f MB", bytes / 0x1p20) }
        #expect(peak <= estimate + Self.programBytes, "\(scenario): peak \(mb(peak)), estimate \(mb(estimate))")
        #expect(estimate <= Self.highFactor * peak, "\(scenario): peak \(mb(peak)), estimate \(mb(estimate))")
    }
}
