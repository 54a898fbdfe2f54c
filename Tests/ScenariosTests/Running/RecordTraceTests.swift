import Foundation
import Models
import Report
import Testing

@testable import Scenarios

@Suite("Recording a run's cache request stream")
struct RecordTraceTests {
    /// A table whose viewport (40 pt) is shorter than a row (44 pt), jumped to random rows: one row
    /// on screen at a time, so a type's entry holds one controller and a request is a hit exactly
    /// when the entry is cached, as in an object cache. Eight row types and four detail types share
    /// a cache of three controllers; `drop` and no memory pressure: the store evicts only to make
    /// room, in its policy's order.
    static let stream = """
        name: stream
        kind: scrolling-table
        seed: 5
        duration: 30s
        warmup: 2s
        table:
          sections: 20
          rows_per_section: [3, 12]
          viewport_height: 40
          refresh_hz: 60
          cells:
            - {type: a, height: 44, weight: 8, nib: {views: 2, depth: 1, label: A}}
            - {type: b, height: 44, weight: 5, nib: {views: 2, depth: 1, label: B}}
            - {type: c, height: 44, weight: 3, nib: {views: 2, depth: 1, label: C}}
            - {type: d, height: 44, weight: 2, nib: {views: 2, depth: 1, label: D}}
            - {type: e, height: 44, weight: 2, nib: {views: 2, depth: 1, label: E}}
            - {type: f, height: 44, weight: 1, nib: {views: 2, depth: 1, label: F}}
            - {type: g, height: 44, weight: 1, nib: {views: 2, depth: 1, label: G}}
            - {type: h, height: 44, weight: 1, nib: {views: 2, depth: 1, label: H}}
        details:
          - {type: x, weight: 3, nib: {views: 3, depth: 1, label: X}}
          - {type: y, weight: 2, nib: {views: 3, depth: 1, label: Y}}
          - {type: z, weight: 1, nib: {views: 3, depth: 1, label: Z}}
          - {type: w, weight: 1, nib: {views: 3, depth: 1, label: W}}
        scroll:
          - random_jumps: {count: 200, every: 50ms, target: row}
          - push: {count: 4, dwell: 200ms}
          - random_jumps: {count: 100, every: 30ms, target: row}
          - present: {count: 3, dwell: 100ms}
        cache: {capacity: 3, policies: [lru, fifo, clock, lfu, arc, s3-fifo, sieve, w-tinylfu, 2q, slru, random], in_use: [drop]}

        """

    static func runRecording(_ yaml: String) throws -> ScenarioResult {
        let scenario = try ScenarioLoader.load(yaml: yaml, file: "stream.yaml")
        var options = RunOptions()
        options.recordTrace = true
        return ScenarioRunner.run(scenario, options: options)
    }

    static func int(_ row: ResultRow, _ name: String) -> Int? {
        if case .int(let value) = row[name] { return value }
        return nil
    }

    @Test("replaying a scrolling-table run's recorded stream under its policy and capacity gives the run's hits and misses")
    func recordedStreamReplaysToTheRunsCounts() throws {
        let result = try Self.runRecording(Self.stream)
        #expect(result.traces.count == result.summary.count)
        #expect(result.summary.count == 11)
        for ((run, requests), row) in zip(result.traces, result.summary) {
            let policy = run.policy
            let keys = requests.map { UInt32(truncatingIfNeeded: $0.key) }
            // The run counts from the end of the warm-up; the stream holds the warm-up too, and a
            // replay of its prefix is the first part of the whole replay.
            let warmup = requests.firstIndex { $0.time >= 2 } ?? requests.count
            let misses = CacheReplay.misses(of: policy, capacity: 3, requests: keys, seed: run.seed)
                - CacheReplay.misses(of: policy, capacity: 3, requests: Array(keys[..<warmup]), seed: run.seed)
            let counted = requests.count - warmup
            #expect(Self.int(row, "requests") == counted, "\(run)")
            #expect(Self.int(row, "hits") == counted - misses, "\(run)")
            #expect(Self.int(row, "instantiations") == misses, "\(run)")
            #expect(misses > 0 && misses < counted, "\(run): \(misses) of \(counted)")
        }
    }

    @Test("a recorded stream numbers keys from 1 in order of first request, sizes 1, times on the virtual clock")
    func recordedStreamFormat() throws {
        let result = try Self.runRecording(Self.stream)
        let requests = try #require(result.traces.first?.requests)
        var seen: UInt64 = 0
        for request in requests {
            #expect(request.key <= seen + 1)
            seen = max(seen, request.key)
            #expect(request.size == 1)
        }
        #expect(seen == 12, "eight row types and four detail types")
        #expect(zip(requests, requests.dropFirst()).allSatisfy { $0.time <= $1.time })
        #expect(requests.first.map { $0.time > 0 && $0.time < 0.02 } == true, "the first frame ends at 1/60 s")
        #expect(requests.last.map { $0.time <= 32 } == true)
        let file = try #require(result.traceFiles.first)
        #expect(file.name == "trace-0-lru-drop.csv")
        #expect(file.csv.hasPrefix("time,key,size\n0.016666666666666666,1,1\n"))
        #expect(file.csv.split(separator: "\n").count == requests.count + 1)
    }

    @Test("without --record-trace no run records a stream")
    func noTraceByDefault() throws {
        let scenario = try ScenarioLoader.load(yaml: Self.stream, file: "stream.yaml")
        let result = ScenarioRunner.run(scenario, options: RunOptions(policies: [.lru]))
        #expect(result.traces.isEmpty)
        #expect(result.traceFiles.isEmpty)
    }
}
