import Foundation
import Models
import Report
import Scenarios
import Testing

/// `run --jobs N` at the runner: runs side by side give exactly the rows of one run after
/// another, in the same order; the memory limit holds for the runs at once; what ran side by
/// side is recorded.
@Suite("run jobs")
struct RunJobsTests {
    static let yaml = """
        name: jobs
        kind: trace
        generate: {objects: 400, requests: 30000, alpha: 0.9, seed: 5}
        cache: {policies: [lru, fifo, clock, s3-fifo, w-tinylfu, optimal], capacities: [20, 60, 150]}
        warmup_requests: 500
        window: 4000
        """

    static func plan() throws -> ScenarioPlan {
        try ScenarioLoader.loadPlan(yaml: yaml, file: "jobs.yaml")
    }

    /// Every row's values but the measured ones (the replay's time), as text.
    static func counts(_ rows: [ResultRow], columns: [Column]) -> [[String]] {
        let measured = Set(columns.filter { $0.role == .measured }.map(\.name))
        return rows.map { row in row.columns.filter { !measured.contains($0.name) }.map { "\($0.name)=\($0.value.text)" } }
    }

    static func run(jobs: Int, repetitions: Int? = nil, seeds: Int? = nil, limit: Double? = nil) throws -> ScenarioResult {
        var options = RunOptions()
        options.jobs = jobs
        options.repetitions = repetitions
        options.seedCount = seeds
        options.memoryLimit = limit
        return ScenarioRunner.run(try plan(), options: options)
    }

    @Test("jobs 2 gives the summary and timeseries rows of jobs 1, in the same order (one seed, seeds, repetitions)")
    func jobsTwoMatchesJobsOne() throws {
        for (repetitions, seeds) in [(nil, nil), (2, nil), (nil, 2)] as [(Int?, Int?)] {
            let one = try Self.run(jobs: 1, repetitions: repetitions, seeds: seeds)
            let two = try Self.run(jobs: 2, repetitions: repetitions, seeds: seeds)
            let three = try Self.run(jobs: 3, repetitions: repetitions, seeds: seeds)
            #expect(one.complete && two.complete && three.complete)
            for other in [two, three] {
                #expect(Self.counts(other.summary, columns: one.columns.summary) == Self.counts(one.summary, columns: one.columns.summary))
                #expect(
                    Self.counts(Array(other.timeseries), columns: one.columns.timeseries)
                        == Self.counts(Array(one.timeseries), columns: one.columns.timeseries))
                #expect(Self.counts(other.seeds, columns: one.columns.seeds) == Self.counts(one.seeds, columns: one.columns.seeds))
                #expect(other.repetitions.count == one.repetitions.count)
            }
            #expect(one.summary.count == 18)
        }
    }

    @Test("jobs 2 records the runs side by side, the trace read once and no run alone; jobs 1 records one at a time")
    func recordsWhatRanSideBySide() throws {
        let two = try #require(try Self.run(jobs: 2).parallelism)
        #expect(two.jobs == 2 && two.mostAtOnce == 2 && two.alone.isEmpty)
        #expect(two.besideOthers.count >= 2 && two.besideOthers.allSatisfy { (0..<18).contains($0) })
        // 30,000 requests of 24 bytes, read once.
        #expect(two.sharedBytes == 30_000 * MemoryLayout<TraceRequest>.stride)
        let one = try #require(try Self.run(jobs: 1).parallelism)
        #expect(one.jobs == 1 && one.mostAtOnce == 1 && one.besideOthers.isEmpty && one.sharedBytes == nil)
    }

    @Test("the memory bound counts every run at once: a limit that holds one run keeps them one at a time")
    func memoryBoundLimitsRunsAtOnce() throws {
        let limit = MemoryGuard.estimate(try Self.plan()).total
        let bounded = try Self.run(jobs: 2, limit: limit)
        let record = try #require(bounded.parallelism)
        #expect(record.mostAtOnce == 1 && record.besideOthers.isEmpty && record.memoryLimited)
        #expect(record.sharedBytes == nil, "the trace does not fit beside two runs: each reads it itself")
        let free = try Self.run(jobs: 1)
        #expect(Self.counts(bounded.summary, columns: free.columns.summary) == Self.counts(free.summary, columns: free.columns.summary))
    }

    @Test("a cancelled run side by side ends the scenario incomplete, with the rows before it in order")
    func cancelledSideBySide() throws {
        var options = RunOptions()
        options.jobs = 2
        let calls = Counter()
        // Cancelled after a few polls: the runs under way stop, none starts.
        options.isCancelled = { calls.next() > 40 }
        let result = ScenarioRunner.run(try Self.plan(), options: options)
        #expect(!result.complete)
        let runs = result.summary.compactMap { $0["run"]?.text }.compactMap(Int.init)
        #expect(runs == Array(0..<runs.count))
        #expect(result.summary.dropLast().allSatisfy { $0["complete"]?.text == "true" })
    }

    /// A counter several threads call.
    final class Counter: @unchecked Sendable {
        private let lock = NSLock()
        private var count = 0
        func next() -> Int {
            lock.withLock {
                count += 1; return count
            }
        }
    }
}
