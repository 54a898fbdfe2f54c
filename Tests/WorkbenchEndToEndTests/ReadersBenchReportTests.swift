import Foundation
import Models
import Testing

@testable import Workbench

/// `bench --suite readers` prints the two figures that say whether a design's reads scale: its
/// 2-thread read rate over its own 1-thread rate, and its 2-thread rate as a share of the
/// unsynchronised dictionary's, per design, with the goal met or missed.
@Suite("bench --suite readers report")
struct ReadersBenchReportTests {
    /// A row whose every run reads `rate` per second over one second, on `threads` threads.
    private func row(_ subject: ReadersBench.Subject, threads: Int, rate: Double) -> ReadersBench.Row {
        let worker = ReadersBench.WorkerFigures(
            reads: Int(rate / Double(threads)), writes: 0, hits: Int(rate / Double(threads)), elapsedNanoseconds: 1_000_000_000)
        let run = ReadersBench.RunFigures(workers: Array(repeating: worker, count: threads))
        return ReadersBench.Row(subject: subject, threads: threads, runs: [run, run, run])
    }

    /// The scaling table's line for `name`.
    private func scalingLine(_ report: [String], _ name: String) -> String? {
        guard let start = report.firstIndex(where: { $0.hasPrefix("scaling per design") }) else { return nil }
        return report[start...].first { $0.hasPrefix(name + " ") }
    }

    @Test("bench readers prints each design's 2-thread over 1-thread read rate and its share of the dictionary at 2 threads")
    func readersReportShowsScalingAndDictionaryShare() throws {
        let rows = [
            row(.store(.leftRight), threads: 1, rate: 36e6),
            row(.store(.replicated), threads: 1, rate: 30e6),
            row(.dictionary, threads: 1, rate: 75e6),
            row(.store(.leftRight), threads: 2, rate: 34e6),
            row(.store(.replicated), threads: 2, rate: 58e6),
            row(.dictionary, threads: 2, rate: 145e6),
        ]
        let figures = ReadersBench.Figures(rows: rows, seconds: 1, loadBefore: nil, loadAfter: nil)
        let report = figures.scaling
        #expect(report.first?.contains(">= 1.8x and >= 40%") == true)
        #expect(report.dropFirst().first?.contains("2 / 1 threads") == true)
        let replicated = try #require(scalingLine(report, "replicated"))
        #expect(replicated.contains("1.93x"))
        #expect(replicated.contains("40.0%"))
        #expect(replicated.hasSuffix("met") && !replicated.hasSuffix("missed"))
        let leftRight = try #require(scalingLine(report, "left-right"))
        #expect(leftRight.contains("0.94x"))
        #expect(leftRight.contains("23.4%"))
        #expect(leftRight.hasSuffix("missed"))
        #expect(scalingLine(report, "unsynchronised dict") == nil)
        #expect(figures.report.contains(report.joined(separator: "\n")))
    }

    @Test("a design that scales but stays under 40% of the dictionary at 2 threads misses the goal")
    func scalingWithoutDictionaryShareMisses() throws {
        let rows = [
            row(.store(.replicated), threads: 1, rate: 20e6),
            row(.dictionary, threads: 1, rate: 75e6),
            row(.store(.replicated), threads: 2, rate: 40e6),
            row(.dictionary, threads: 2, rate: 145e6),
        ]
        let line = try #require(scalingLine(ReadersBench.Figures(rows: rows, seconds: 1, loadBefore: nil, loadAfter: nil).scaling, "replicated"))
        #expect(line.contains("2.00x") && line.contains("27.6%") && line.hasSuffix("missed"))
    }

    @Test("bench readers prints the core-to-core latency measured before and after its runs")
    func readersReportShowsCoreToCoreLatency() {
        let rows = [row(.dictionary, threads: 1, rate: 75e6), row(.dictionary, threads: 2, rate: 145e6)]
        var figures = ReadersBench.Figures(rows: rows, seconds: 1, loadBefore: 0.5, loadAfter: 1.5)
        #expect(!figures.report.contains("core-to-core"), "nothing measured, nothing printed")
        figures.coreToCoreBefore = 27.04
        figures.coreToCoreAfter = 160.5
        let line = figures.report.split(separator: "\n").first { $0.hasPrefix("core-to-core latency") }
        #expect(line?.contains("before: 27.0 ns, after: 160.5 ns") == true, "\(line ?? "no line")")
    }

    @Test("the core-to-core latency is a positive time on two or more cores, and nil on one")
    func coreToCoreLatencyMeasures() throws {
        let latency = ReadersBench.coreToCoreNanoseconds(roundTrips: 2_000)
        if ProcessInfo.processInfo.activeProcessorCount > 1 {
            let nanoseconds = try #require(latency)
            #expect(nanoseconds > 0 && nanoseconds.isFinite)
        } else {
            #expect(latency == nil)
        }
    }

    @Test("bench --designs picks the readers suite's designs in the order given and refuses an unknown name")
    func designsOptionPicksDesigns() throws {
        let bench = try Bench.parse(["--suite", "readers", "--designs", "replicated, left-right"])
        #expect(try bench.readersDesigns() == [.replicated, .leftRight])
        #expect(try Bench.parse(["--suite", "readers"]).readersDesigns() == StoreDesignName.allCases)
        #expect(ReadersBench.subjects(designs: [.replicated]) == [.store(.replicated), .dictionary])
        #expect(throws: (any Error).self) { try Bench.parse(["--suite", "readers", "--designs", "replicated,nope"]) }
        let message = Bench.message(for: ValidationErrorProbe.error(["--designs", "nope"]))
        #expect(message.contains("unknown store design 'nope'") && message.contains("replicated"))
    }
}

/// The error `Bench.parse` throws for `arguments`.
private enum ValidationErrorProbe {
    static func error(_ arguments: [String]) -> any Error {
        do {
            _ = try Bench.parse(arguments)
        } catch {
            return error
        }
        return CancellationError()
    }
}
