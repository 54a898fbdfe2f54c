import Report
import Testing

extension CompareTests {
    @Suite("Comparison formatters")
    struct ComparisonFormatterTests {
        typealias F = SummaryFixture

        /// An in-memory directory (fixed paths, no files) of scenario → rows.
        static func directory(_ path: String, _ scenarios: [String: [[String: String]]]) -> ResultsDirectory {
            ResultsDirectory(
                path: path,
                scenarios: scenarios.map { name, rows in
                    ScenarioSummary(
                        name: name, path: "\(path)/\(name)/summary.csv", header: F.header,
                        rows: rows.map { row in F.header.map { row.merging(["scenario": name]) { $1 }[$0] ?? "" } },
                        columns: FixtureColumns.describe(summary: F.header))
                })
        }

        /// feed: instantiations 10 → 11 (regression), hit_rate 0.8 → 0.9 (improvement), requests
        /// 100 → 120 (neutral change) in lru/repopulate; contacts only in the current results.
        static let mixed = Comparison(
            baseline: directory("base", ["feed": [F.row(), F.row(["policy": "none", "in_use": "-"])]]),
            current: directory(
                "cur",
                [
                    "feed": [
                        F.row(["instantiations": "11", "hit_rate": "0.9"]),
                        F.row(["policy": "none", "in_use": "-", "requests": "120", "dequeue_latency_p99_ns": "1040"]),
                    ],
                    "contacts": [F.row()],
                ]))

        @Test("markdown: a bold verdict line, then regression and improvement tables, then notes (golden)")
        func markdownGolden() {
            let comparison = Comparison(
                baseline: Self.directory("base", ["feed": [F.row()]]),
                current: Self.directory(
                    "cur", ["feed": [F.row(["instantiations": "11", "hit_rate": "0.9"])], "contacts": [F.row()]]))
            let expected = """
                **1 regression, 1 improvement** in 1 scenario; baseline lacks 1 scenario

                - measured metrics not judged: 1 repetition a side, judging needs 5 or more: run with --repeat 5 or more, or compare with --strict to judge them weakly

                ### Regressions

                | scenario | run | metric | baseline | current | delta | change | ratio (95% CI) | threshold | judged by |
                |---|---|---|--:|--:|--:|--:|--:|---|---|
                | feed | lru/repopulate | instantiations | 10 | 11 | +1 | +10% |  | exact | exact |

                ### Improvements

                | scenario | run | metric | baseline | current | delta | change | ratio (95% CI) | threshold | judged by |
                |---|---|---|--:|--:|--:|--:|--:|---|---|
                | feed | lru/repopulate | hit_rate | 0.8 | 0.9 | +0.1 | +12.5% |  | exact | exact |

                ### Notes

                - baseline lacks scenario 'contacts': not compared

                """
            #expect(ComparisonMarkdownFormatter().render(comparison) == expected)
        }

        @Test("markdown headline counts regressions and improvements in plural, and neutral changes when there are any")
        func markdownHeadline() {
            let text = ComparisonMarkdownFormatter().render(Self.mixed)
            #expect(
                text.hasPrefix(
                    "**1 regression, 1 improvement** in 1 scenario; 1 neutral metric changed; baseline lacks 1 scenario\n"))
            #expect(text.contains("### Changed (neutral)\n"))
            #expect(text.contains("| feed | none | requests | 100 | 120 | +20 | +20% |  | exact | exact |\n"))
            #expect(!text.contains("### All metrics"))

            let clean = Comparison(baseline: Self.directory("b", ["feed": [F.row()]]), current: Self.directory("c", ["feed": [F.row()]]))
            #expect(
                ComparisonMarkdownFormatter().render(clean)
                    == "**0 regressions, 0 improvements** in 1 scenario\n\n- measured metrics not judged: 1 repetition a side, "
                    + "judging needs 5 or more: run with --repeat 5 or more, or compare with --strict to judge them weakly\n")
        }

        @Test("markdown with all adds a table of every metric with its verdict, unchanged ones included")
        func markdownAll() {
            let text = ComparisonMarkdownFormatter(all: true).render(Self.mixed)
            #expect(
                text.contains(
                    "### All metrics\n\n| scenario | run | metric | baseline | current | delta | change | ratio (95% CI) | threshold | judged by | verdict |\n"
                ))
            #expect(
                text.contains(
                    "| feed | none | dequeue_latency_p99_ns | 1000 | 1040 | +40 | +4% |  | 10% | 1 repetition (needs 5) | unchanged |\n"))
            #expect(text.contains("| feed | lru/repopulate | instantiations | 10 | 11 | +1 | +10% |  | exact | exact | regression |\n"))
        }

        @Test("markdown escapes pipes and asterisks in cells and notes")
        func markdownEscapes() throws {
            let comparison = Comparison(
                baseline: Self.directory("b", ["feed": [F.row()]]), current: Self.directory("c", ["feed": [F.row()]]),
                thresholds: try F.thresholds("a|b=5%"))
            #expect(ComparisonMarkdownFormatter().render(comparison).contains("- threshold for 'a\\|b' matches no compared metric\n"))
        }

        @Test("text: aligned columns, regressions before improvements before neutral changes, then the notes (golden)")
        func textGolden() {
            let expected = """
                1 regression, 1 improvement in 1 scenario; 1 neutral metric changed; baseline lacks 1 scenario
                measured metrics not judged: 1 repetition a side, judging needs 5 or more: run with --repeat 5 or more, or compare with --strict to judge them weakly
                baseline: base
                current:  cur

                Regressions
                  scenario  run             metric          baseline  current  delta  change  ratio (95% CI)  threshold  judged by
                  feed      lru/repopulate  instantiations  10        11       +1     +10%                    exact      exact

                Improvements
                  scenario  run             metric    baseline  current  delta  change  ratio (95% CI)  threshold  judged by
                  feed      lru/repopulate  hit_rate  0.8       0.9      +0.1   +12.5%                  exact      exact

                Changed (neutral)
                  scenario  run   metric    baseline  current  delta  change  ratio (95% CI)  threshold  judged by
                  feed      none  requests  100       120      +20    +20%                    exact      exact

                Notes
                  baseline lacks scenario 'contacts': not compared

                """
            #expect(ComparisonTextFormatter().render(Self.mixed) == expected)
        }

        @Test("text with all lists every metric of every run with its verdict after the changes")
        func textAll() throws {
            let text = ComparisonTextFormatter(all: true).render(Self.mixed)
            let sections = ["\nRegressions\n", "\nImprovements\n", "\nChanged (neutral)\n", "\nAll metrics\n", "\nNotes\n"]
            let positions = sections.compactMap { text.range(of: $0)?.lowerBound }
            #expect(positions.count == sections.count, "\(text)")
            #expect(positions == positions.sorted(), "\(text)")
            // 2 runs × 6 metrics (requests, hits, hit_rate, instantiations, allocated_bytes, dequeue_latency_p99_ns).
            let all = text[try #require(text.range(of: "\nAll metrics\n")).upperBound...]
            #expect(all.split(separator: "\n").filter { $0.hasPrefix("  feed ") }.count == 12, "\(text)")
            #expect(all.contains("unchanged"))
        }

        @Test(
            "csv: every compared metric with its role, direction, delta, percent, ratio, repetitions, p-values, verdict and how it was judged (golden)"
        )
        func csvGolden() {
            let comparison = Comparison(
                baseline: Self.directory("b", ["feed": [F.row(["dequeue_latency_p99_ns": "0"])]]),
                current: Self.directory("c", ["feed": [F.row(["instantiations": "11", "hit_rate": "0.9", "dequeue_latency_p99_ns": "7"])]]))
            let expected = [
                "scenario,policy,in_use,sweep_key,sweep_value,metric,role,direction,baseline,current,delta,percent,ratio,"
                    + "ratio_ci_low,ratio_ci_high,baseline_repetitions,current_repetitions,p_value,p_value_holm,verdict,judged_by",
                "feed,lru,repopulate,,,requests,count,neutral,100,100,0,0,,,,1,1,,,unchanged,exact",
                "feed,lru,repopulate,,,hits,count,higher_is_better,80,80,0,0,,,,1,1,,,unchanged,exact",
                "feed,lru,repopulate,,,hit_rate,count,higher_is_better,0.8,0.9,0.1,12.5,,,,1,1,,,improvement,exact",
                "feed,lru,repopulate,,,instantiations,count,lower_is_better,10,11,1,10,,,,1,1,,,regression,exact",
                "feed,lru,repopulate,,,allocated_bytes,measured,lower_is_better,10000,10000,0,0,,,,1,1,,,unchanged,1 repetition (needs 5)",
                "feed,lru,repopulate,,,dequeue_latency_p99_ns,measured,lower_is_better,0,7,7,,,,,1,1,,,not judged,1 repetition (needs 5)",
            ].map { $0 + "\r\n" }.joined()
            #expect(ComparisonCSVFormatter().render(comparison) == expected)
        }
    }
}
