import Report
import Testing

extension CompareTests {
    /// `compare --summary`: a line per scenario, then the top regressions, a run's counts grouped.
    @Suite("Comparison summary")
    struct ComparisonSummaryTests {
        typealias F = SummaryFixture
        typealias C = ConfigurationChangeTests

        static let policies = ["none", "lru", "fifo", "random"]
        static let modes = ["repopulate", "pin", "drop"]

        /// feed with 12 runs (4 policies × 3 modes), capacity 12 → 8: in every run instantiations
        /// (the bars column, 10 → 20 + the run's index) and hits worse, requests (neutral) changed.
        static func capacityChange() -> Comparison {
            var before: [[String: String]] = []
            var after: [[String: String]] = []
            for (index, (policy, mode)) in policies.flatMap({ p in modes.map { (p, $0) } }).enumerated() {
                before.append(F.row(["policy": policy, "in_use": mode, "capacity": "12"]))
                after.append(
                    F.row([
                        "policy": policy, "in_use": mode, "capacity": "8", "instantiations": "\(20 + index)", "hits": "70",
                        "requests": "101",
                    ]))
            }
            return Comparison(baseline: C.side("base", before), current: C.side("cur", after))
        }

        @Test(
            "a line per scenario: counts changed (worse, better, neutral) in how many runs, measured regressions, improvements, the configuration change"
        )
        func scenarioLine() throws {
            let summary = ComparisonSummary(Self.capacityChange())
            #expect(
                summary.scenarios.map(\.description) == [
                    "feed: 36 counts changed in 12 of 12 runs (24 worse, 12 neutral); 0 measured regressions; 0 improvements; "
                        + "configuration changed: capacity 12 → 8"
                ])
        }

        @Test("a run's worse counts are one entry led by the kind's bars column, the largest change first; at most 10 of them")
        func topRegressions() throws {
            let summary = ComparisonSummary(Self.capacityChange())
            #expect(summary.total == 12)
            #expect(summary.top.count == ComparisonSummary.limit)
            let first = try #require(summary.top.first)
            // random/drop: instantiations 10 → 31, the largest change.
            #expect(first.metric.key.run == "random/drop")
            #expect(first.change == "instantiations 10 → 31 (+210%)")
            #expect(first.others == "2 counts (1 worse)")
            #expect(summary.top.allSatisfy { $0.metric.metric == "instantiations" })
        }

        @Test("each measured regression is an entry of its own, after the runs' counts, with how it was judged")
        func measuredEntries() throws {
            let steady: [Double] = [1000, 1020, 990, 1050, 1010, 995, 1040, 1005, 1030, 985]
            let comparison = JudgmentTests.compare([JudgmentTests.p99: steady], [JudgmentTests.p99: steady.map { $0 * 2 }])
            let summary = ComparisonSummary(comparison)
            #expect(summary.scenarios.first?.measured.regressions == 1)
            let entry = try #require(summary.top.first)
            #expect(entry.change == "dequeue_latency_p99_ns 1007.5 → 2015 (+100%, p=1.1e-5 (Holm 1.1e-5))")
            #expect(entry.others == "")
        }

        @Test(
            "markdown summary of a capacity change over 12 runs: at most 25 lines, the count changes named, the configuration change stated"
        )
        func markdownSummary() {
            let text = ComparisonMarkdownFormatter(summary: true).render(Self.capacityChange())
            let lines = text.split(separator: "\n", omittingEmptySubsequences: false).dropLast()
            #expect(lines.count <= 25, "\(text)")
            #expect(lines.first == "**24 regressions, 0 improvements** in 1 scenario; 12 neutral metrics changed")
            #expect(text.contains("- **feed**: 36 counts changed in 12 of 12 runs"), "\(text)")
            #expect(text.contains("configuration changed: capacity 12 → 8"), "\(text)")
            #expect(text.contains("| scenario | run | regressions (top 10 of 12) | also moved |\n|---|---|---|---|\n"), "\(text)")
            #expect(text.contains("| feed | random/drop | instantiations 10 → 31 (+210%) | 2 counts (1 worse) |\n"), "\(text)")
            #expect(!text.contains("### Regressions"), "\(text)")
        }

        @Test("text summary: the headline, the scenario lines and the repetitions' statement, then the top regressions aligned")
        func textSummary() {
            let text = ComparisonTextFormatter(summary: true).render(Self.capacityChange())
            let lines = text.split(separator: "\n").map(String.init)
            #expect(lines[0] == "24 regressions, 0 improvements in 1 scenario; 12 neutral metrics changed")
            #expect(lines[1].hasPrefix("feed: 36 counts changed in 12 of 12 runs"))
            #expect(lines[2].hasPrefix("measured metrics not judged: 1 repetition a side"))
            #expect(lines.contains("Regressions"))
            #expect(lines.contains("  feed      random/drop        instantiations 10 → 31 (+210%)  2 counts (1 worse)"), "\(text)")
            #expect(!text.contains("Not judged"), "\(text)")
        }

        @Test("the summary lists at most 5 notes, then how many more")
        func summaryNotes() {
            let rows = (1...7).map { F.row(["policy": "p\($0)"]) }
            let comparison = Comparison(baseline: C.side("base", []), current: C.side("cur", rows))
            let text = ComparisonTextFormatter(summary: true).render(comparison)
            #expect(text.contains("\nNotes\n"), "\(text)")
            #expect(text.contains("  and 2 more notes (compare without --summary lists them)\n"), "\(text)")
        }
    }
}
