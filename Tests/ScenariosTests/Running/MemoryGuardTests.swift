import Testing

@testable import Scenarios

/// The memory guard: each kind estimates what its runs hold, and a scenario above
/// `--memory-limit` is refused before it runs, by `run` and `validate` alike.
@Suite("Memory guard")
struct MemoryGuardTests {
    static func plan(_ yaml: String) throws -> ScenarioPlan {
        try ScenarioLoader.loadPlan(yaml: yaml, file: "f.yaml")
    }

    static func total(_ yaml: String) throws -> Double {
        MemoryGuard.estimate(try plan(yaml)).total
    }

    @Test("a scenario whose estimate exceeds --memory-limit is refused with 'needs about X, limit Y' and its largest parts")
    func refusedAboveLimit() throws {
        let plan = try Self.plan(LoaderFixtures.minimal)
        #expect(throws: Never.self) { try MemoryGuard.check(plan, file: "f.yaml", limit: 0x1p30) }
        do {
            try MemoryGuard.check(plan, file: "f.yaml", limit: 1024)
            Issue.record("a 1 KB limit was not refused")
        } catch {
            #expect(error.description.hasPrefix("f.yaml:1:1: error: 'minimal' needs about "), "\(error)")
            #expect(error.description.contains(", limit 1.0 KB (--memory-limit; largest parts: "), "\(error)")
            #expect(error.description.contains("histograms"), "\(error)")
        }
    }

    @Test("huge sizes (nib views 1e5 in a 1,000,000-row table) are refused up front by the memory guard (needs terabytes)")
    func hugeSizesRefused() throws {
        let yaml = LoaderFixtures.minimal(replacing: "nib: {views: 1, depth: 1}", with: "nib: {views: 100000, depth: 1}")
            .replacingOccurrences(of: "capacity: 8", with: "capacity: 100000")
            .replacingOccurrences(of: "sections: 1\n", with: "sections: 10\n")
            .replacingOccurrences(of: "rows_per_section: 10", with: "rows_per_section: 100000")
        let estimate = try Self.total(yaml)
        #expect(estimate > 4e12, "100,000 cached rows of 100,000 views: \(estimate)")
        #expect(throws: ScenarioError.self) { try MemoryGuard.check(try Self.plan(yaml), file: "f.yaml", limit: 64 * 0x1p30) }
    }

    @Test("each kind estimates its own runs: the estimate grows with the sizes its file gives")
    func eachKindEstimatesItsOwn() throws {
        // scrolling-table: the rows' view trees.
        let small = try Self.total(LoaderFixtures.minimal)
        let large = try Self.total(LoaderFixtures.minimal(replacing: "nib: {views: 1, depth: 1}", with: "nib: {views: 1000, depth: 1}"))
        #expect(large > small + 1e6)
        // parallel-readers: the store's payloads.
        let readers = ParallelReadersLoadingTests.yaml
        let bigValues = try Self.total(readers.replacingOccurrences(of: "value_size: 32", with: "value_size: 64KB"))
        #expect(bigValues > (try Self.total(readers)) + 500 * 65536)
        // drawing: the drawings' pixels.
        let drawing = DrawingScenarioTests.yaml
        let bigViews = try Self.total(drawing.replacingOccurrences(of: "size: [40, 16]", with: "size: [2048, 2048]"))
        #expect(bigViews > (try Self.total(drawing)) + 2 * 2048 * 2048 * 4)
    }

    @Test("the estimate counts what is held: every run's output on every seed and repetition (--seeds, --repeat) until it is written")
    func estimateCountsEveryRunSeedAndRepetition() throws {
        let plan = try Self.plan(LoaderFixtures.minimal)
        let one = MemoryGuard.estimate(plan)
        var options = RunOptions()
        options.seedCount = 1000
        let seeds = MemoryGuard.estimate(plan, options: options)
        options.repetitions = 10
        let repeated = MemoryGuard.estimate(plan, options: options)
        let runs = ScenarioRunner.runs(for: plan).count
        func held(_ estimate: MemoryEstimate) throws -> MemoryEstimate.Part {
            try #require(estimate.parts.first { $0.name.hasPrefix("outputs held until written") })
        }
        #expect(try held(seeds).name == "outputs held until written (\(runs) runs × 1000 seeds × 1 repetitions)")
        #expect(try held(repeated).name == "outputs held until written (\(runs) runs × 1000 seeds × 10 repetitions)")
        #expect(try held(seeds).bytes == 1000 * (try held(one).bytes))
        #expect(try held(repeated).bytes == 10 * (try held(seeds).bytes))
        // Each output: its summary row and its histograms as numbers (``HeldOutput``).
        let body = plan.base.body
        #expect(try held(one).bytes == Double(runs) * HeldOutput.bytes(summaryColumns: body.resultColumns.summary.count, buckets: body.heldBucketsPerRun))
        // The file's `seeds:` counts as --seeds does.
        let filed = try Self.plan(LoaderFixtures.minimal + "\nseeds: 1000\n")
        #expect(MemoryGuard.estimate(filed).total == seeds.total)
    }

    @Test("the estimate counts what is held: each sweep point's scenario and each run's rows")
    func estimateCountsSweepPointsAndRows() throws {
        let values = (1...1000).map(String.init).joined(separator: ", ")
        let swept = try Self.plan(LoaderFixtures.minimal + "\nsweep: {key: cache.capacity, values: [\(values)]}\n")
        let one = try Self.plan(LoaderFixtures.minimal)
        let points = try #require(MemoryGuard.estimate(swept).parts.first { $0.name == "sweep points' scenarios" })
        #expect(points.bytes == 1000 * MemoryEstimate.bytesPerSweepPoint)
        let rows = { (plan: ScenarioPlan) in MemoryGuard.estimate(plan).parts.first { $0.name == "result rows of all runs" }?.bytes ?? 0 }
        #expect(abs(rows(swept) - 1000 * rows(one)) < 1e-9 * rows(swept))
    }

    @Test("a sweep is estimated at its largest point")
    func sweepLargestPoint() throws {
        let base = LoaderFixtures.minimal(replacing: "nib: {views: 1, depth: 1}", with: "nib: {views: 100, depth: 1}")
        let swept = try Self.plan(base + "\nsweep: {key: cache.capacity, values: [8, 8000]}")
        let largest = try Self.total(base.replacingOccurrences(of: "capacity: 8", with: "capacity: 8000"))
        #expect(MemoryGuard.estimate(swept).total >= largest)
    }

    @Test("--memory-limit reads bytes with KB, MB, GB or TB; anything else is an error naming the option")
    func limitParsing() throws {
        #expect(try MemoryGuard.parseLimit("4GB") == 4 * 0x1p30)
        #expect(try MemoryGuard.parseLimit("512 MB") == 512 * 0x1p20)
        #expect(try MemoryGuard.parseLimit("1048576") == 1_048_576)
        for bad in ["", "0", "-1GB", "lots", "1e300TB", "nan"] {
            #expect(throws: OptionValueError.self, "\(bad)") { try MemoryGuard.parseLimit(bad) }
        }
    }
}
