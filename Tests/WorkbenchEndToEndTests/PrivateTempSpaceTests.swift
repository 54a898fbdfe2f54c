import Foundation
import Report
import Scenarios
import Testing

#if canImport(Glibc)
    import Glibc
#endif

/// Temporary files nobody else can hijack or collide with: repetition records in a private
/// directory (mkdtemp, 0700) opened `O_EXCL|O_NOFOLLOW`, the results lock opened without
/// following a link and refused when not a regular file, drawing tiers judged by their lock.
@Suite("private temporary space")
struct PrivateTempSpaceTests {
    @Test("a symlink planted at the repetition record's path is not followed: the record is refused and the link's target unchanged")
    func recordSymlinkNotFollowed() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let victim = try dir.write("victim.txt", "precious\n")
        let link = dir.path("planted.record")
        try FileManager.default.createSymbolicLink(at: link, withDestinationURL: victim)
        let output = cli.run([
            "run", file.path, "--out", dir.path("out").path, RepetitionProcess.recordOption, link.path, RepetitionProcess.runsOption, "0",
        ])
        #expect(output.status == 1, "\(transcript(output))")
        #expect(output.stderr.contains("refused"), "\(transcript(output))")
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n", "the link's target is untouched")

        // Read back: a link to a valid record is not followed either.
        let real = dir.path("real.record")
        try RepetitionRecord.write([], to: real)
        #expect(RepetitionRecord.read(from: real) != nil)
        let readLink = dir.path("read-link.record")
        try FileManager.default.createSymbolicLink(at: readLink, withDestinationURL: real)
        #expect(RepetitionRecord.read(from: readLink) == nil)
    }

    @Test("the lock file .workbench.lock is opened without following a symlink and refused when not a regular file of one name")
    func lockFileRefusedUnlessRegular() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let victim = try dir.write("victim.txt", "precious\n")
        let cases: [(String, (URL) throws -> Void, String)] = [
            ("link", { try FileManager.default.createSymbolicLink(at: $0, withDestinationURL: victim) }, "symbolic link"),
            ("fifo", { _ = mkfifo($0.path, 0o644) }, "not a regular file"),
            ("hard", { try FileManager.default.linkItem(at: victim, to: $0) }, "another name"),
        ]
        for (name, plant, message) in cases {
            let out = dir.path("out-\(name)")
            try FileManager.default.createDirectory(at: out, withIntermediateDirectories: true)
            try plant(out.appendingPathComponent(DirectoryLock.fileName))
            let output = cli.run(["run", file.path, "--out", out.path, "-q", "--no-plots"], timeout: 30)
            #expect(output.status == 1, "\(name): \(transcript(output))")
            #expect(output.stderr.contains(message), "\(name): \(transcript(output))")
            #expect(!FileManager.default.fileExists(atPath: out.appendingPathComponent("tiny").path), "\(name)")
        }
        #expect(try String(contentsOf: victim, encoding: .utf8) == "precious\n", "no planted lock truncated its target")
    }

    /// A script that logs the permissions and path of the directory holding the record it is
    /// given, then runs the real executable.
    static func recordLogger(in dir: TempDir, log: URL, cli: CLI) throws -> URL {
        let script = try dir.write(
            "logger-\(UUID().uuidString).sh",
            """
            #!/bin/sh
            previous=""
            for argument in "$@"; do
              if [ "$previous" = "\(RepetitionProcess.recordOption)" ]; then stat -c '%a %n' "$(dirname "$argument")" >> '\(log.path)'; fi
              previous="$argument"
            done
            exec '\(cli.executable.path)' "$@"

            """)
        try FileManager.default.setAttributes([.posixPermissions: 0o755], ofItemAtPath: script.path)
        return script
    }

    @Test(
        "two runs with one pid (side by side in one process, one shared directory) each get a private record directory (0700, random name) and never mix"
    )
    func samePidRunsDoNotMix() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let shared = dir.path("shared")
        try FileManager.default.createDirectory(at: shared, withIntermediateDirectories: true)
        let log = dir.path("records.log")
        let logger = try Self.recordLogger(in: dir, log: log, cli: cli)
        let files = [try dir.write("a.yaml", Fixture.yaml(name: "a", seed: 7)), try dir.write("b.yaml", Fixture.yaml(name: "b", seed: 8))]
        final class Results: @unchecked Sendable {
            var values: [ScenarioResult?] = [nil, nil]
            let lock = NSLock()
        }
        let results = Results()
        let plans = try files.map { try ScenarioLoader.loadPlan(contentsOf: $0) }
        DispatchQueue.concurrentPerform(iterations: 2) { index in
            var options = RunOptions()
            options.repetitions = 2
            options.isolation = RepetitionProcess(executable: logger, file: files[index].path, arguments: [], directory: shared)
            let result = ScenarioRunner.run(plans[index], options: options)
            results.lock.withLock { results.values[index] = result }
        }
        let lines = ((try? String(contentsOf: log, encoding: .utf8)) ?? "").split(separator: "\n")
        #expect(lines.count == 4, "\(lines)")
        #expect(Set(lines).count == 4, "a directory of its own for every repetition: \(lines)")
        for line in lines {
            #expect(line.hasPrefix("700 \(shared.path)/workbench-repetition-"), "\(line)")
        }
        for (index, seed) in [7, 8].enumerated() {
            let result = try #require(results.values[index])
            #expect(result.complete && result.processFailure == nil && result.determinismFailure == nil, "\(result.processFailure ?? "")")
            #expect(result.repetitions.count == 2 * Fixture.runs.count)
            #expect(result.summary.allSatisfy { $0["seed"]?.text == "\(seed)" }, "each run's own rows only")
        }
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: shared.path)) ?? []).isEmpty, "every record directory removed")
    }

    @Test("run --repeat keeps its records in a private directory in --out's staging area, removed at the end")
    func recordsInOutStagingArea() throws {
        let cli = try workbench()
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiny.yaml", Fixture.yaml())
        let out = dir.path("out")
        let output = cli.run([file.path, "--out", out.path, "--repeat", "2", "-q", "--no-plots"])
        #expect(output.status == 0, "\(transcript(output))")
        let names = (try? FileManager.default.contentsOfDirectory(atPath: out.path)) ?? []
        #expect(!names.contains { $0.hasPrefix(StagedDirectory.stagingPrefix) }, "\(names)")
    }

    @Test("two runs with one pid in two pid namespaces, sharing --cache-dir, neither mix nor remove each other's drawing tiers")
    func samePidInTwoNamespaces() throws {
        let cli = try workbench()
        guard ProcessTable.pidNamespaces else { return }  // the side-by-side test above covers one process
        let dir = try TempDir()
        defer { dir.remove() }
        let file = try dir.write("tiers.yaml", DrawingCacheDirTests.yaml(duration: "3s"))
        let cacheDir = dir.path("cache")
        var processes: [(Process, URL)] = []
        for side in ["a", "b"] {
            let process = Process()
            process.executableURL = URL(fileURLWithPath: "/usr/bin/env")
            // workbench is pid 1 in each namespace, its repetition processes 2 and 3 in both.
            process.arguments = [
                "unshare", "--pid", "--fork", "--kill-child", cli.executable.path, "run", file.path, "--repeat", "2",
                "--cache-dir", cacheDir.path, "--out", dir.path("out-\(side)").path, "-q", "--no-plots",
            ]
            var environment = ProcessInfo.processInfo.environment
            environment["WORKBENCH_SKIP_LOAD_CHECK"] = "1"
            process.environment = environment
            let errors = dir.path("stderr-\(side).txt")
            _ = FileManager.default.createFile(atPath: errors.path, contents: nil)
            process.standardError = try FileHandle(forWritingTo: errors)
            process.standardOutput = FileHandle.nullDevice
            try process.run()
            processes.append((process, errors))
        }
        for (process, errors) in processes {
            if !ProcessTable.wait(upTo: 120, for: { !process.isRunning }) { process.terminate() }
            process.waitUntilExit()
            let stderr = (try? String(contentsOf: errors, encoding: .utf8)) ?? ""
            #expect(process.terminationStatus == 0, "\(stderr)")
        }
        let summaries = try ["a", "b"].map { try CSVFile(contentsOf: dir.path("out-\($0)/tiers/summary.csv")) }
        for column in ["fresh_draws", "disk_hits", "disk_evictions", "disk_write_failures"] {
            #expect(summaries[0].column(column) != nil && summaries[0].column(column) == summaries[1].column(column), "\(column)")
        }
        #expect(summaries[0].column("disk_write_failures")?.allSatisfy { $0 == "0" } == true)
        #expect(((try? FileManager.default.contentsOfDirectory(atPath: cacheDir.path)) ?? []).isEmpty, "every tier removed")
    }
}
