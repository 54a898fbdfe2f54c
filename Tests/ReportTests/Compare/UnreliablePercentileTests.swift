import Report
import Testing

extension CompareTests {
    /// Percentiles with too few samples beyond them (`<metric>_tail_samples` < 10) are never
    /// judged, on synthetic results (fixed numbers).
    @Suite("Unreliable percentiles")
    struct UnreliablePercentileTests {
        static let p99 = "dequeue_latency_p99_ns"
        static let tail = "dequeue_latency_p99_ns_tail_samples"

        /// In-memory results of feed lru/repopulate: `p99`'s repetitions `samples` (the summary
        /// holds their median) with `tailSamples` beyond it.
        static func side(_ path: String, _ samples: [Double], tailSamples: Int) -> ResultsDirectory {
            JudgmentTests.side(path, [p99: samples], extra: [tail: "\(tailSamples)"])
        }

        static func compare(
            _ baseline: [Double], tail baselineTail: Int, _ current: [Double], tail currentTail: Int,
            options: CompareOptions = CompareOptions()
        ) -> Comparison {
            Comparison(
                baseline: side("base", baseline, tailSamples: baselineTail), current: side("cur", current, tailSamples: currentTail),
                options: options)
        }

        static let steady: [Double] = [1000, 1020, 990, 1050, 1010, 995, 1040, 1005, 1030, 985]
        static let slower = steady.map { $0 * 3 }

        @Test("a percentile with fewer than 10 samples beyond it is never judged: 3x slower over 10 repetitions is no regression, exit 0")
        func unreliableNeverJudged() throws {
            let comparison = Self.compare(Self.steady, tail: 40, Self.slower, tail: 4)
            let metric = try #require(comparison.metric(Self.p99))
            #expect(metric.thresholdVerdict == .regression)
            #expect(metric.verdict == .notJudged)
            #expect(metric.judgment == .unreliable(tailSamples: 4))
            #expect(comparison.regressions.isEmpty)
            #expect(comparison.status == .passed)
        }

        @Test("an unreliable percentile is listed with the reason: unreliable: 4 samples beyond (needs 10)")
        func unreliableListedWithReason() throws {
            let comparison = Self.compare(Self.steady, tail: 40, Self.slower, tail: 4)
            #expect(comparison.unreliable.map(\.metric) == [Self.p99])
            #expect(comparison.notJudged.isEmpty)
            #expect(comparison.metric(Self.p99)?.judgment.label == "unreliable: 4 samples beyond (needs 10)")
            let text = ComparisonTextFormatter().render(comparison)
            #expect(text.contains("Not judged (unreliable percentiles)"))
            #expect(text.contains("unreliable: 4 samples beyond (needs 10)"))
            #expect(ComparisonCSVFormatter().render(comparison).contains(",not judged,unreliable: 4 samples beyond (needs 10)\r\n"))
        }

        @Test("the fewer side decides: 9 samples beyond in the baseline alone make the percentile unreliable")
        func fewerSideDecides() {
            let comparison = Self.compare(Self.steady, tail: 9, Self.slower, tail: 500)
            #expect(comparison.metric(Self.p99)?.judgment == .unreliable(tailSamples: 9))
            #expect(comparison.status == .passed)
        }

        @Test("a percentile with 10 samples beyond it on both sides is judged as any measured metric: a regression, exit 2")
        func reliableJudged() {
            let comparison = Self.compare(Self.steady, tail: 10, Self.slower, tail: 10)
            #expect(comparison.metric(Self.p99)?.verdict == .regression)
            #expect(comparison.metric(Self.p99)?.judgment.pValue != nil)
            #expect(comparison.status == .regression)
        }

        @Test("--strict does not judge an unreliable percentile either")
        func strictDoesNotJudgeUnreliable() {
            let comparison = Self.compare([1000], tail: 1, [3000], tail: 1, options: CompareOptions(strict: true))
            #expect(comparison.metric(Self.p99)?.verdict == .notJudged)
            #expect(comparison.status == .passed)
        }

        @Test("an unreliable percentile has no p-value: it takes no part in Holm's family")
        func unreliableOutsideHolmFamily() throws {
            let comparison = Self.compare(Self.steady, tail: 2, Self.slower, tail: 2)
            #expect(comparison.metric(Self.p99)?.judgment.pValue == nil)
        }

        @Test("tail-sample columns are not compared as metrics of their own")
        func tailColumnsNotCompared() {
            let comparison = Self.compare(Self.steady, tail: 40, Self.steady, tail: 4)
            #expect(comparison.metric(Self.tail) == nil)
            #expect(comparison.metric(Self.p99) != nil)
        }

        @Test("the terminal table greys an unreliable percentile's row with ANSI dim only when asked (standard output a terminal)")
        func terminalGreysOnlyOnATerminal() {
            let comparison = Self.compare(Self.steady, tail: 40, Self.slower, tail: 4)
            let plain = ComparisonTextFormatter(all: true).render(comparison)
            #expect(!plain.contains("\u{1B}["))
            let dimmed = ComparisonTextFormatter(all: true, dim: true).render(comparison)
            let greyed = dimmed.split(separator: "\n").filter { $0.contains("\u{1B}[2m") }
            // The unreliable section's row and the same metric in the table of every metric.
            #expect(greyed.count == 2)
            #expect(greyed.allSatisfy { $0.contains(Self.p99) && $0.hasSuffix("\u{1B}[0m") })
            #expect(!dimmed.split(separator: "\n").contains { $0.contains("hits") && $0.contains("\u{1B}[2m") })
        }

        @Test("markdown marks an unreliable percentile's row in italics and keeps its first line a one-line summary")
        func markdownMarksUnreliable() throws {
            let comparison = Self.compare(Self.steady, tail: 40, Self.slower, tail: 4)
            let markdown = ComparisonMarkdownFormatter().render(comparison)
            let first = try #require(markdown.split(separator: "\n").first)
            #expect(first.hasPrefix("**0 regressions, 0 improvements**"))
            #expect(first.contains("1 unreliable percentile beyond the threshold not judged (fewer than 10 samples beyond)"))
            #expect(markdown.contains("| *feed* | *lru/repopulate* | *\(Self.p99)* |"))
            #expect(markdown.contains("*unreliable: 4 samples beyond (needs 10)*"))
        }
    }
}
