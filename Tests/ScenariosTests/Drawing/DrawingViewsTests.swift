import Foundation
import Models
import Report
import Testing

@testable import Scenarios

/// `views.csv`: a drawing run's results per view type (its draws, hits, misses, draw latency and
/// the bytes its drawings hold), beside the summary's totals.
@Suite("Drawing scenarios: views.csv, results per view type")
struct DrawingViewsTests {
    /// Static avatars (after the first draws, all hits) beside buttons whose title changes every
    /// frame (every draw a miss).
    static let yaml = """
        name: per-view
        kind: drawing
        seed: 5
        duration: 1s
        warmup: 200ms
        sample_interval: 250ms
        views:
          - {name: avatar, count: 3, size: [32, 32], effects: {gradient: false, text: false}, redraw_every: 100ms, content: static}
          - {name: button, count: 2, size: [40, 20], effects: {gradient: false, text: false}, redraw_every: 50ms, content: every_frame}
        cache: {policies: [none, memory], eviction: lru, capacity: 1MB}

        """

    static func run(_ yaml: String = yaml, options: RunOptions = RunOptions()) throws -> ScenarioResult {
        ScenarioRunner.run(try DrawingScenarioTests.load(yaml), options: options)
    }

    static func line(_ result: ScenarioResult, policy: String, view: String) -> ResultRow? {
        result.views.first { $0["policy"] == .string(policy) && $0["view"] == .string(view) }
    }

    static func number(_ row: ResultRow?, _ column: String) -> Double? {
        row?[column]?.number
    }

    @Test("views.csv has one row per run per view type, identified as the run's summary row (scenario, policy, run, seed, capacity)")
    func oneRowPerRunPerViewType() throws {
        let result = try Self.run()
        #expect(result.views.count == 4)
        #expect(result.views.map { $0["view"]?.text ?? "" } == ["avatar", "button", "avatar", "button"])
        for row in result.views {
            let summary = try #require(result.summary.first { $0["run"] == row["run"] })
            for name in SharedColumns.identity.map(\.name) + ["seed", "capacity_bytes"] {
                #expect(row[name] == summary[name], "\(name)")
            }
        }
        #expect(Self.line(result, policy: "none", view: "avatar")?["capacity_bytes"] == .int(0))
        #expect(Self.line(result, policy: "memory", view: "avatar")?["instances"] == .int(3))
    }

    @Test("a view type's draws, hits and misses are its own, and add up to the summary's requests, hits and misses")
    func countsAddUpToTheSummary() throws {
        let result = try Self.run()
        for summary in result.summary {
            let lines = result.views.filter { $0["run"] == summary["run"] }
            func total(_ column: String) -> Double { lines.compactMap { Self.number($0, column) }.reduce(0, +) }
            #expect(total("draws") == Self.number(summary, "requests"))
            #expect(total("misses") == Self.number(summary, "misses"))
            #expect(total("memory_hits") == Self.number(summary, "memory_hits"))
            #expect(total("hits") == (Self.number(summary, "memory_hits") ?? -1) + (Self.number(summary, "disk_hits") ?? -1))
        }
        // Static avatars hit after their first draws; a title changing every frame always misses.
        let avatar = Self.line(result, policy: "memory", view: "avatar")
        let button = Self.line(result, policy: "memory", view: "button")
        #expect((Self.number(avatar, "hits") ?? 0) > 0 && Self.number(avatar, "misses") == 0)
        #expect(Self.number(avatar, "hit_rate") == 1)
        #expect(Self.number(button, "hits") == 0 && (Self.number(button, "misses") ?? 0) > 0)
        // 3 avatars every 6 frames and 2 buttons every 3 frames over 60 counted frames.
        #expect(Self.number(avatar, "draws") == 30 && Self.number(button, "draws") == 40)
        #expect(Self.number(Self.line(result, policy: "none", view: "avatar"), "hits") == 0)
    }

    @Test("each view type's p50 and p99 draw latency come from its own histogram of its requests")
    func latencyPerViewType() throws {
        let result = try Self.run()
        for row in result.views {
            let p50 = try #require(Self.number(row, "draw_p50_ns"))
            let p99 = try #require(Self.number(row, "draw_p99_ns"))
            #expect(p50 > 0 && p50 <= p99)
        }
        // Every avatar request under memory is a hit, every button request a fresh draw: their
        // histograms are the cached and the fresh draws'.
        let summary = try #require(result.summary.first { $0["policy"] == .string("memory") })
        #expect(Self.number(Self.line(result, policy: "memory", view: "avatar"), "draw_p50_ns") == Self.number(summary, "cached_draw_p50_ns"))
        #expect(Self.number(Self.line(result, policy: "memory", view: "button"), "draw_p50_ns") == Self.number(summary, "fresh_draw_p50_ns"))
    }

    @Test("bytes held per view type: the most and the mean of its drawings' bitmap bytes in the memory tier at the samples")
    func bytesHeldPerViewType() throws {
        let result = try Self.run()
        let avatar = Self.line(result, policy: "memory", view: "avatar")
        // Three static avatars of 32×32 RGBA pixels, held from the warm-up on.
        #expect(Self.number(avatar, "memory_bytes_max") == Double(3 * 32 * 32 * 4))
        #expect(Self.number(avatar, "memory_bytes_mean") == Double(3 * 32 * 32 * 4))
        let button = Self.line(result, policy: "memory", view: "button")
        let max = try #require(Self.number(button, "memory_bytes_max"))
        let mean = try #require(Self.number(button, "memory_bytes_mean"))
        #expect(max > 0 && mean > 0 && mean <= max)
        let summary = try #require(result.summary.first { $0["policy"] == .string("memory") })
        #expect(Self.number(avatar, "memory_bytes_max")! + max <= Self.number(summary, "memory_bytes_max")!)
        for row in result.views where row["policy"] == .string("none") {
            #expect(Self.number(row, "memory_bytes_max") == 0 && Self.number(row, "disk_bytes_max") == 0)
        }
    }

    @Test("the disk tier's bytes are counted per view type too: its drawings' PNG files")
    func diskBytesPerViewType() throws {
        let yaml = Self.yaml.replacingOccurrences(of: "policies: [none, memory]", with: "policies: [disk]")
        let result = try Self.run(yaml)
        let avatar = try #require(Self.line(result, policy: "disk", view: "avatar"))
        #expect((Self.number(avatar, "disk_bytes_max") ?? 0) > 0)
        #expect(Self.number(avatar, "memory_bytes_max") == 0)
    }

    @Test("a drawing's key belongs to the view type whose name it carries, the longest such name when one starts another")
    func keysBelongToTheirViewType() {
        let tallies = [DrawingViewTally(name: "avatar", instances: 1), DrawingViewTally(name: "avatar-big", instances: 1)]
        #expect(DrawingViewTally.owner(of: "EGOUI-avatar-drawRect:-32.00x32.00-a", in: tallies) == 0)
        #expect(DrawingViewTally.owner(of: "EGOUI-avatar-big-drawRect:-32.00x32.00-a", in: tallies) == 1)
        #expect(DrawingViewTally.owner(of: "EGOUI-button-drawRect:-32.00x32.00-a", in: tallies) == nil)
    }

    @Test("counting per view type looks without touching: the summary's counts are those of a run without views.csv, and the same in every run of a seed")
    func countsStayDeterministic() throws {
        let first = try Self.run()
        let second = try Self.run()
        let counts = DrawingRecorder.columns.summary.filter { $0.role == .count }.map(\.name)
        for (a, b) in zip(first.summary, second.summary) {
            for name in counts { #expect(a[name] == b[name], "\(name)") }
        }
        let viewCounts = DrawingRecorder.viewColumns.filter { $0.role == .count || $0.role == .identity }.map(\.name)
        for (a, b) in zip(first.views, second.views) {
            for name in viewCounts { #expect(a[name] == b[name], "\(name)") }
        }
        // The memory tier's eviction order is untouched by the sampling of its bytes: a tier
        // too small for every drawing evicts the same entries whether it is sampled or not.
        let small = Self.yaml.replacingOccurrences(of: "capacity: 1MB", with: "capacity: 12KB")
            .replacingOccurrences(of: "sample_interval: 250ms", with: "sample_interval: 1s")
        let dense = Self.yaml.replacingOccurrences(of: "capacity: 1MB", with: "capacity: 12KB")
            .replacingOccurrences(of: "sample_interval: 250ms", with: "sample_interval: 50ms")
        let sparse = try #require(try Self.run(small).summary.last)
        let often = try #require(try Self.run(dense).summary.last)
        for name in ["memory_hits", "misses", "memory_evictions"] { #expect(sparse[name] == often[name], "\(name)") }
    }

    @Test("with repetitions and several seeds, views.csv has each seed's first repetition's rows, its seed column telling them apart")
    func seedsAndRepetitions() throws {
        var options = RunOptions()
        options.repetitions = 2
        options.seedCount = 2
        let result = try Self.run(options: options)
        #expect(result.determinismFailure == nil)
        #expect(result.views.count == 2 * 2 * 2)
        #expect(Set(result.views.compactMap { $0["seed"]?.text }).count == 2)
    }

    @Test("views.csv's columns are declared in columns.csv under file views, and the written file has them in that order")
    func columnsDeclaredAndWritten() throws {
        let columns = DrawingRecorder.columns
        #expect(columns.views.map(\.name).prefix(9) == ["scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "seed", "capacity_bytes", "view"])
        #expect(columns.column("draw_p99_ns", in: .views)?.role == .measured)
        #expect(columns.column("hits", in: .views)?.role == .count)
        #expect(columns.column("memory_bytes_mean", in: .views)?.unit == .bytes)
        let parsed = try ResultColumns(text: columns.render(), path: "columns.csv")
        #expect(parsed.views == columns.views)
        #expect(columns.render().contains("\r\nviews,draws,count,count,neutral,"))

        let result = try Self.run()
        let directory = FileManager.default.temporaryDirectory.appendingPathComponent("views-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: directory) }
        let written = try ResultsWriter(directory: directory).write(
            scenario: result.name, summary: result.summary, timeseries: result.timeseries, latency: result.latency,
            views: result.views, columns: result.columns)
        let url = try #require(written.first { $0.lastPathComponent == "views.csv" })
        let header = try String(contentsOf: url, encoding: .utf8).components(separatedBy: "\r\n")[0]
        #expect(header == columns.views.map(\.name).joined(separator: ","))
    }

    @Test("a kind without a per-view breakdown writes no views.csv and declares no views columns")
    func otherKindsWriteNoViewsFile() {
        #expect(ParallelReadersScenario.columns.views.isEmpty)
        #expect(ScenarioResult(name: "x").views.isEmpty)
    }
}
