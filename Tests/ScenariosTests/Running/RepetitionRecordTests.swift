import Foundation
import Models
import Report
import Testing

@testable import Scenarios

@Suite("Running: a repetition's record (what a repetition's process sends back)")
struct RepetitionRecordTests {
    /// Two runs' outputs: the first with every part, the second stopped by a bad input row.
    static func outputs() -> [(index: Int, seed: UInt64, output: RunOutput)] {
        var summary = ResultRow()
        summary.append("policy", .string("lru"))
        summary.append("hits", .uint(42))
        summary.append("rate", .double(0.25))
        summary.append("note", .empty)
        summary.append("get_p99_ns", .int(1_234))
        summary.append("get_ops", .int(5_000), overridingRole: .measured)
        var sample = ResultRow()
        sample.append("t", .double(0.5))
        sample.append("frame_ns", .int(17))
        var recorder = LatencyRecorder()
        for value in [5, 900, 123_456, 70_000_000_000] as [UInt64] { recorder.record(nanoseconds: value) }
        var first = RunOutput(summary: summary, timeseries: [sample, sample], latency: [], complete: true)
        first.operations = [("get", recorder.buckets), ("set", LatencyRecorder().buckets)]
        first.trace = [CacheRequestLog.Request(time: 0.125, key: 1, size: 4_096), CacheRequestLog.Request(time: 0.25, key: 2, size: 1)]
        var second = RunOutput(summary: ResultRow(), timeseries: [ResultRow](), latency: [], complete: false)
        second.inputError = ScenarioError(file: "t.csv", line: 3, column: 7, keyPath: "", message: "not a number: 'x'")
        return [(0, 7, first), (5, 0xFFFF_FFFF_FFFF_FFF1, second)]
    }

    @Test("what a repetition's process writes is read back as it was: run indices and seeds, rows, histograms, requests, a bad input row")
    func recordRoundTrip() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        let written = Self.outputs()
        try RepetitionRecord.write(written, to: url)
        let read = try #require(RepetitionRecord.read(from: url))
        #expect(read.map(\.index) == [0, 5])
        #expect(read.map(\.seed) == [7, 0xFFFF_FFFF_FFFF_FFF1])
        #expect(read[0].output.summary == written[0].output.summary)
        #expect(read[0].output.summary.roleOverrides == ["get_ops": .measured])
        #expect(Array(read[0].output.timeseries) == Array(written[0].output.timeseries))
        #expect(read[0].output.operations.map(\.name) == ["get", "set"])
        #expect(read[0].output.operations[0].buckets == written[0].output.operations[0].buckets)
        #expect(read[0].output.operations[0].buckets.clamped == 1)
        #expect(read[0].output.trace == written[0].output.trace)
        #expect(read[0].output.complete && read[0].output.inputError == nil)
        #expect(!read[1].output.complete && read[1].output.trace == nil)
        #expect(read[1].output.inputError == written[1].output.inputError)
    }

    @Test("a record cut short, without its end, or not a record at all is not read (the process is reported as failed)")
    func damagedRecordRefused() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        try RepetitionRecord.write(Self.outputs(), to: url)
        let whole = try Data(contentsOf: url)
        #expect(RepetitionRecord.read(from: url) != nil)
        for length in [0, 3, 8, 20, whole.count / 2, whole.count - 5] {
            try whole.prefix(length).write(to: url)
            #expect(RepetitionRecord.read(from: url) == nil, "\(length) of \(whole.count) bytes")
        }
        try Data("summary.csv,not,a,record\n".utf8).write(to: url)
        #expect(RepetitionRecord.read(from: url) == nil)
        #expect(RepetitionRecord.read(from: url.appendingPathExtension("missing")) == nil)
    }
}

/// `views.csv`'s rows of a run in a repetition's process come back with its other rows.
@Suite("Running: a repetition's record carries the per-view rows")
struct RepetitionRecordViewsTests {
    @Test("a run's per-view rows (views.csv) written by a repetition's process are read back in order")
    func viewRowsRoundTrip() throws {
        let url = FileManager.default.temporaryDirectory.appendingPathComponent("record-\(UUID().uuidString)")
        defer { try? FileManager.default.removeItem(at: url) }
        var written = RepetitionRecordTests.outputs()
        var avatar = ResultRow()
        avatar.append("view", .string("avatar"))
        avatar.append("draws", .int(30))
        avatar.append("draw_p99_ns", .uint(1_234))
        var button = avatar
        button.append("note", .empty)
        written[0].output.views = [avatar, button]
        try RepetitionRecord.write(written, to: url)
        let read = try #require(RepetitionRecord.read(from: url))
        #expect(read[0].output.views == [avatar, button])
        #expect(read[1].output.views.isEmpty)
    }
}
