import Foundation
import Testing

/// A scenario whose `device:` profile states nib sizes (`bytes:`): the run's table leads with the
/// device columns and names its stand-in measured columns as such; `decide --minimize` takes the
/// device bytes; the bytes are the same on a second run.
@Suite("Device bytes: the table and decide")
struct DeviceBytesRunTests {
    @Test(
        "with a device profile the terminal table leads with device bytes held and device costs, and labels the measured columns 'measured on this machine (stand-in)'"
    )
    func tableLeadsWithDeviceColumns() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let run = cli.run(["run", "scenarios/feed-on-iphone-12.yaml", "--out", temp.path("out").path, "--no-plots"], cwd: CLI.packageRoot)
        #expect(run.status == 0, "\(transcript(run))")
        let header = try #require(run.stdout.split(separator: "\n").first { $0.contains("policy") && $0.contains("in_use") })
        let names = header.split(separator: " ").map(String.init)
        #expect(
            Array(names.prefix(6)) == [
                "policy", "in_use", "device_bytes_held_max", "device_cost_ms", "device_recreation_ms", "device_cost_frames_over_budget",
            ])
        #expect(run.stdout.contains("device_*: from the device profile and the counts; cache_bytes_max, allocated_bytes"), "\(run.stdout)")
        #expect(run.stdout.contains(": measured on this machine (stand-in)"), "\(run.stdout)")

        // Deterministic: a second run gives the same bytes.
        let again = cli.run(
            ["run", "scenarios/feed-on-iphone-12.yaml", "--out", temp.path("again").path, "--no-plots", "-q"], cwd: CLI.packageRoot)
        #expect(again.status == 0, "\(transcript(again))")
        func column(_ directory: String) throws -> [String] {
            let text = try String(contentsOf: temp.path(directory).appendingPathComponent("feed-on-iphone-12/summary.csv"), encoding: .utf8)
            let lines = text.split(whereSeparator: \.isNewline).map {
                $0.split(separator: ",", omittingEmptySubsequences: false).map(String.init)
            }
            let slot = try #require(lines.first?.firstIndex(of: "device_bytes_held_max"))
            return lines.dropFirst().map { $0[slot] }
        }
        let first = try column("out")
        #expect(first.count == 2 && first[0] == "0" && (Int(first[1]) ?? 0) > 0, "\(first)")
        #expect(try column("again") == first)

        // decide minimises the device bytes: the policy that holds least on the phone.
        let decided = cli.run([
            "decide", temp.path("out").path, "--goal", "device_cost_frames_over_budget<=5", "--minimize", "device_bytes_held_max",
        ])
        #expect(decided.status == 0, "\(transcript(decided))")
        #expect(decided.stdout.contains("answer: none (device_bytes_held_max 0 B)"), "\(decided.stdout)")
    }

    @Test(
        "with a device profile the index pages' table leads with the device columns and labels the measured columns 'measured on this machine (stand-in)'"
    )
    func pageLeadsWithDeviceColumns() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let run = cli.run(
            ["run", "scenarios/feed-on-iphone-12.yaml", "--out", temp.path("out").path, "--no-plots", "-q"], cwd: CLI.packageRoot)
        #expect(run.status == 0, "\(transcript(run))")
        let markdown = try String(contentsOf: temp.path("out").appendingPathComponent("index.md"), encoding: .utf8)
        let header = try #require(markdown.split(separator: "\n").first { $0.hasPrefix("| policy | in\\_use") }, "\(markdown)")
        #expect(
            header.hasPrefix(
                "| policy | in\\_use | device\\_bytes\\_held\\_max | device\\_cost\\_ms | device\\_recreation\\_ms | device\\_cost\\_frames\\_over\\_budget |"),
            "\(header)")
        #expect(markdown.contains("device\\_\\*: from the device profile and the counts; cache\\_bytes\\_max"), "\(markdown)")
        #expect(markdown.contains("measured on this machine (stand-in)."), "\(markdown)")
        let html = try String(contentsOf: temp.path("out").appendingPathComponent("index.html"), encoding: .utf8)
            .replacingOccurrences(of: "<wbr>", with: "")
        let table = try #require(html.range(of: "<th>policy</th>").map { String(html[$0.lowerBound...].prefix(300)) })
        let order = [
            "policy", "in_use", "device_bytes_held_max", "device_cost_ms", "device_recreation_ms", "device_cost_frames_over_budget", "requests",
        ]
            .map { table.range(of: "<th>\($0)</th>")?.lowerBound }
        #expect(!order.contains(nil) && order.compactMap { $0 } == order.compactMap { $0 }.sorted(), "\(table)")
        #expect(html.contains("measured on this machine (stand-in).</p>"), "\(html)")
    }

    @Test(
        "with a device profile the decision leads with the device columns, shows bytes as people read them, and labels a measured question column 'measured on this machine (stand-in)'"
    )
    func decisionLeadsWithDeviceColumns() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let run = cli.run(
            ["run", "scenarios/feed-on-iphone-12.yaml", "--out", temp.path("out").path, "--no-plots", "-q"], cwd: CLI.packageRoot)
        #expect(run.status == 0, "\(transcript(run))")
        let decided = cli.run([
            "decide", temp.path("out").path, "--goal", "device_cost_frames_over_budget<=5", "--minimize", "dequeue_latency_p99_ns",
        ])
        #expect(decided.status == 0, "\(transcript(decided))")
        let lines = decided.stdout.split(separator: "\n").map(String.init)
        let header = try #require(lines.first { $0.hasPrefix("  run ") }, "\(decided.stdout)")
        #expect(
            header.split(separator: " ").map(String.init).prefix(5)
                == ["run", "device_bytes_held_max", "device_cost_ms", "device_recreation_ms", "device_cost_frames_over_budget"], "\(header)")
        let lru = try #require(lines.first { $0.hasPrefix("  lru/repopulate") }, "\(decided.stdout)")
        #expect(lru.contains(" MiB"), "bytes held shown in MiB: \(lru)")
        #expect(
            decided.stdout.contains(
                "note: device_*: from the device profile and the counts; dequeue_latency_p99_ns: measured on this machine (stand-in)"),
            "\(decided.stdout)")

        // Minimising a device column: it is the last column, not repeated among the leading ones.
        let bytes = cli.run([
            "decide", temp.path("out").path, "--goal", "device_cost_frames_over_budget<=5", "--minimize", "device_bytes_held_max",
        ])
        let bytesHeader = try #require(bytes.stdout.split(separator: "\n").first { $0.hasPrefix("  run ") }, "\(bytes.stdout)")
        #expect(bytesHeader.components(separatedBy: "device_bytes_held_max").count == 2, "\(bytesHeader)")
        #expect(bytes.stdout.contains("note: device_*: from the device profile and the counts\n"), "\(bytes.stdout)")
    }

    @Test("without a device profile the table has no device columns and no stand-in note")
    func noDeviceColumnsWithoutProfile() throws {
        let cli = try workbench()
        let temp = try TempDir()
        defer { temp.remove() }
        let run = cli.run(
            ["run", "scenarios/feed.yaml", "--max-duration", "0.5s", "--out", temp.path("out").path, "--no-plots"], cwd: CLI.packageRoot)
        #expect([0, 2].contains(run.status), "\(transcript(run))")
        #expect(!run.stdout.contains("device_bytes_held_max"), "\(run.stdout)")
        #expect(!run.stdout.contains("(stand-in)"), "\(run.stdout)")
    }
}
