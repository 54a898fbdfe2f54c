import Report
import Testing

extension CompareTests {
    /// Instruction counts (`run --instructions`) compared like counts within a tolerance.
    @Suite("Instruction counts")
    struct InstructionCountComparisonTests {
        static let metric = "frame_work_instructions_total"

        /// In-memory results of feed lru/repopulate with `value` in the instruction column and
        /// `hits` in a count column.
        static func side(_ path: String, _ value: String, hits: String = "80") -> ResultsDirectory {
            let columns = ResultColumns(
                summary: SharedColumns.identity + [.count("hits", .higherIsBetter, "hits"), .instructions(metric, "instructions")])
            let header = columns.summary.map(\.name)
            let values = ["scenario": "feed", "policy": "lru", "in_use": "repopulate", "hits": hits, metric: value]
            let summary = ScenarioSummary(
                name: "feed", path: "\(path)/feed/summary.csv", header: header, rows: [header.map { values[$0] ?? "" }],
                columns: columns)
            return ResultsDirectory(path: path, scenarios: [summary])
        }

        static func compare(_ baseline: String, _ current: String, thresholds: Thresholds = Thresholds(), options: CompareOptions = CompareOptions())
            -> Comparison
        {
            Comparison(baseline: side("base", baseline), current: side("cur", current), thresholds: thresholds, options: options)
        }

        @Test("an instruction count twice the baseline's is a regression in one run a side, judged as an instruction count within 1%")
        func doubledInstructionsRegress() throws {
            let comparison = Self.compare("1000000", "2000000")
            let metric = try #require(comparison.metrics.first { $0.metric == Self.metric })
            #expect(metric.role == .instructions)
            #expect(metric.verdict == .regression)
            #expect(metric.threshold == .relative(percent: 1))
            #expect(metric.judgment == .instructions)
            #expect(comparison.status == .regression)
            let summary = ComparisonSummary(comparison)
            #expect(summary.scenarios.first?.details.contains("1 instruction-count regression") == true)
            #expect(summary.top.contains { $0.metric.metric == Self.metric })
        }

        @Test("the default tolerance is 1% of the baseline: +0.5% is unchanged, +1.5% a regression, -50% an improvement")
        func defaultTolerance() {
            #expect(Self.compare("1000000", "1005000").status == .passed)
            #expect(Self.compare("1000000", "1015000").status == .regression)
            #expect(Self.compare("1000000", "500000").improvements.map(\.metric) == [Self.metric])
        }

        @Test("the instructions threshold (compare --instructions-tolerance) replaces the 1%; a metric's own entry beats it")
        func instructionsTolerance() throws {
            var thresholds = Thresholds()
            try thresholds.set(assignment: "instructions=150%")
            #expect(thresholds.instructions == .relative(percent: 150))
            #expect(Self.compare("1000000", "2000000", thresholds: thresholds).status == .passed)
            try thresholds.set(assignment: "\(Self.metric)=exact")
            #expect(Self.compare("1000000", "1000001", thresholds: thresholds).status == .regression)
            // Counts keep their own (exact) threshold.
            #expect(thresholds.threshold(for: "hits", role: .count) == .exact)
        }

        @Test("compare --counts-only keeps instruction counts: they do not depend on the machine's load")
        func countsOnlyKeepsInstructions() {
            let comparison = Self.compare("1000000", "2000000", options: CompareOptions(countsOnly: true))
            #expect(comparison.regressions.map(\.metric) == [Self.metric])
        }
    }
}
