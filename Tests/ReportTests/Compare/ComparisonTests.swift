import Foundation
import Report
import Testing

extension CompareTests {
    @Suite("Comparison")
    struct ComparisonTests {
        typealias F = SummaryFixture

        @Test("counts compare exactly: instantiations 10 → 11 is a regression, 10 → 9 an improvement, 10 → 10 unchanged")
        func exactCounts() throws {
            let worse = try F.compare(baseline: ["feed": [F.row()]], current: ["feed": [F.row(["instantiations": "11"])]])
            let metric = try #require(worse.metric("instantiations"))
            #expect(metric.verdict == .regression)
            #expect(metric.role == .count)
            #expect(metric.direction == .lowerIsBetter)
            #expect(metric.baseline == 10 && metric.current == 11 && metric.delta == 1)
            #expect(metric.percent == 10)
            #expect(metric.threshold == .exact)
            #expect(worse.regressions.map(\.metric) == ["instantiations"])
            #expect(worse.status == .regression)
            #expect(worse.status.exitCode == 2)

            let better = try F.compare(baseline: ["feed": [F.row()]], current: ["feed": [F.row(["instantiations": "9"])]])
            #expect(better.metric("instantiations")?.verdict == .improvement)
            #expect(better.status == .passed)

            let same = try F.compare(baseline: ["feed": [F.row()]], current: ["feed": [F.row()]])
            #expect(same.metrics.allSatisfy { $0.verdict == .unchanged })
            #expect(same.status == .passed)
            #expect(same.status.exitCode == 0)
            #expect(same.notes.isEmpty, "\(same.notes)")
        }

        @Test("hit_rate 0.8 → 0.9 is an improvement (higher is better), 0.8 → 0.7 a regression")
        func higherIsBetter() throws {
            let better = try F.compare(baseline: ["feed": [F.row()]], current: ["feed": [F.row(["hit_rate": "0.9", "hits": "90"])]])
            #expect(better.metric("hit_rate")?.verdict == .improvement)
            #expect(better.metric("hits")?.verdict == .improvement)
            #expect(better.improvements.map(\.metric) == ["hits", "hit_rate"])
            #expect(better.status == .passed)

            let worse = try F.compare(baseline: ["feed": [F.row()]], current: ["feed": [F.row(["hit_rate": "0.7"])]])
            #expect(worse.metric("hit_rate")?.verdict == .regression)
        }

        @Test("a neutral count that changes is 'changed', never a regression")
        func neutralChange() throws {
            let comparison = try F.compare(baseline: ["feed": [F.row()]], current: ["feed": [F.row(["requests": "120"])]])
            #expect(comparison.metric("requests")?.verdict == .changed)
            #expect(comparison.changes.map(\.metric) == ["requests"])
            #expect(comparison.regressions.isEmpty)
            #expect(comparison.status == .passed)
        }

        @Test("a measured latency +5% is unchanged under the default 10%; +11% is a regression, -11% an improvement")
        func measuredDefaultTolerance() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row(), F.row(["policy": "fifo"]), F.row(["policy": "random"])]],
                current: [
                    "feed": [
                        F.row(["dequeue_latency_p99_ns": "1050"]), F.row(["policy": "fifo", "dequeue_latency_p99_ns": "1110"]),
                        F.row(["policy": "random", "dequeue_latency_p99_ns": "890"]),
                    ]
                ])
            #expect(comparison.metric("dequeue_latency_p99_ns")?.verdict == .unchanged)
            #expect(comparison.metric("dequeue_latency_p99_ns")?.threshold == .relative(percent: 10))
            #expect(comparison.metric("dequeue_latency_p99_ns", policy: "fifo")?.verdict == .regression)
            #expect(comparison.metric("dequeue_latency_p99_ns", policy: "random")?.verdict == .improvement)
        }

        @Test("exactly at the threshold is unchanged: 1000 → 1100 under 10%")
        func atTheThreshold() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row()]], current: ["feed": [F.row(["dequeue_latency_p99_ns": "1100"])]])
            #expect(comparison.metric("dequeue_latency_p99_ns")?.verdict == .unchanged)
        }

        @Test("the same +5% latency is a regression with --threshold dequeue_latency_p99_ns=2%")
        func perMetricRelativeThreshold() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row()]], current: ["feed": [F.row(["dequeue_latency_p99_ns": "1050"])]],
                thresholds: F.thresholds("dequeue_latency_p99_ns=2%"))
            let metric = try #require(comparison.metric("dequeue_latency_p99_ns"))
            #expect(metric.verdict == .regression)
            #expect(metric.threshold == .relative(percent: 2))
            #expect(comparison.status == .regression)
        }

        @Test("an absolute threshold: allocated_bytes=200 lets 10000 → 10150 pass and fails 10000 → 10250; it applies to counts too")
        func absoluteThreshold() throws {
            let thresholds = try F.thresholds("allocated_bytes=200", "instantiations=2")
            let within = try F.compare(
                baseline: ["feed": [F.row()]], current: ["feed": [F.row(["allocated_bytes": "10150", "instantiations": "12"])]],
                thresholds: thresholds)
            #expect(within.metric("allocated_bytes")?.verdict == .unchanged)
            #expect(within.metric("instantiations")?.verdict == .unchanged)
            #expect(within.status == .passed)

            let beyond = try F.compare(
                baseline: ["feed": [F.row()]], current: ["feed": [F.row(["allocated_bytes": "10250", "instantiations": "7"])]],
                thresholds: thresholds)
            #expect(beyond.metric("allocated_bytes")?.verdict == .regression)
            #expect(beyond.metric("instantiations")?.verdict == .improvement)
            #expect(beyond.metric("allocated_bytes")?.threshold == .absolute(200))
        }

        @Test("counts=VALUE loosens every count; * loosens every measured metric")
        func groupThresholds() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row()]],
                current: ["feed": [F.row(["instantiations": "11", "dequeue_latency_p99_ns": "1400"])]],
                thresholds: F.thresholds("counts=10%", "*=50%"))
            #expect(comparison.metric("instantiations")?.verdict == .unchanged)
            #expect(comparison.metric("dequeue_latency_p99_ns")?.verdict == .unchanged)
        }

        @Test("a scenario the baseline lacks gives status baselineMissing (exit 3) and is listed first in the notes")
        func missingBaselineScenario() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row()]], current: ["feed": [F.row()], "contacts": [F.row()]])
            #expect(comparison.status == .baselineMissing)
            #expect(comparison.status.exitCode == 3)
            #expect(comparison.scenariosMissingFromBaseline == ["contacts"])
            #expect(comparison.scenarios == ["feed"])
            #expect(comparison.notes.first == .baselineLacksScenario("contacts"))
            #expect(comparison.notes.first?.description == "baseline lacks scenario 'contacts': not compared")
        }

        @Test("a regression takes precedence over a missing baseline scenario: status regression (exit 2)")
        func regressionPrecedence() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row()]], current: ["feed": [F.row(["instantiations": "11"])], "contacts": [F.row()]])
            #expect(comparison.status == .regression)
            #expect(comparison.status.exitCode == 2)
            #expect(comparison.scenariosMissingFromBaseline == ["contacts"])
        }

        @Test("an empty baseline directory is a baseline that lacks every scenario, not an error")
        func emptyBaseline() throws {
            let comparison = try F.compare(baseline: [:], current: ["feed": [F.row()]])
            #expect(comparison.status == .baselineMissing)
            #expect(comparison.metrics.isEmpty)
        }

        @Test("rows match by policy, in_use and sweep_* whatever their order; run indexes and other identity columns are not compared")
        func matching() throws {
            let sweep8 = ["sweep_key": "capacity", "sweep_value": "8", "run": "0"]
            let sweep16 = ["sweep_key": "capacity", "sweep_value": "16", "run": "1"]
            let comparison = try F.compare(
                baseline: ["feed": [F.row(sweep8.merging(["instantiations": "20"]) { $1 }), F.row(sweep16)]],
                current: [
                    "feed": [
                        F.row(sweep16.merging(["run": "3"]) { $1 }),
                        F.row(sweep8.merging(["instantiations": "20", "run": "2"]) { $1 }),
                    ]
                ])
            #expect(comparison.rows.count == 2)
            #expect(comparison.rows.map(\.key.run) == ["lru/repopulate @ capacity=16", "lru/repopulate @ capacity=8"])
            #expect(comparison.metrics.allSatisfy { $0.verdict == .unchanged })
            #expect(!comparison.metrics.contains { ["run", "seed", "capacity", "sweep_value", "complete"].contains($0.metric) })
            #expect(comparison.notes.isEmpty, "\(comparison.notes)")
        }

        @Test("drawing summaries: fewer memory hits and more misses regress, cancels only change, capacity_bytes is not compared")
        func drawing() throws {
            let header = [
                "scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "seed", "capacity_bytes", "complete",
                "requests", "memory_hits", "disk_hits", "misses", "hit_rate", "fresh_draws", "expirations", "cancels",
                "restarts", "memory_bytes_max",
            ]
            let base: [String: String] = [
                "policy": "memory+disk", "in_use": "-", "run": "2", "seed": "3", "capacity_bytes": "2097152",
                "complete": "true", "requests": "480", "memory_hits": "462", "disk_hits": "6", "misses": "12",
                "hit_rate": "0.975", "fresh_draws": "12", "expirations": "0", "cancels": "1", "restarts": "1",
                "memory_bytes_max": "316800",
            ]
            let current = base.merging([
                "capacity_bytes": "4194304", "memory_hits": "450", "disk_hits": "10", "misses": "20", "hit_rate": "0.958333",
                "fresh_draws": "20", "expirations": "3", "cancels": "4",
            ]) { $1 }
            let comparison = try F.compare(
                baseline: ["toolbar": [base]], current: ["toolbar": [current]], header: header)

            #expect(comparison.rows.map(\.key.run) == ["memory+disk"])
            let policy = "memory+disk"
            #expect(comparison.metric("memory_hits", policy: policy)?.verdict == .regression)
            #expect(comparison.metric("disk_hits", policy: policy)?.verdict == .improvement)
            #expect(comparison.metric("hit_rate", policy: policy)?.verdict == .regression)
            #expect(comparison.metric("misses", policy: policy)?.verdict == .regression)
            #expect(comparison.metric("fresh_draws", policy: policy)?.verdict == .regression)
            #expect(comparison.metric("cancels", policy: policy)?.verdict == .changed)
            #expect(comparison.metric("expirations", policy: policy)?.verdict == .changed)
            #expect(comparison.metric("restarts", policy: policy)?.verdict == .unchanged)
            #expect(comparison.metric("memory_bytes_max", policy: policy)?.role == .measured)
            #expect(comparison.metric("capacity_bytes", policy: policy) == nil, "a setting, never compared")
            #expect(comparison.status == .regression)
        }

        @Test(
            "parallel-readers summaries: stale reads exact, throughput and hits within tolerance, op counts neutral, a changed workload setting reported as a configuration change"
        )
        func parallelReaders() throws {
            let header = [
                "scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "seed", "readers", "distribution",
                "complete", "total_ops", "get_ops", "stale_reads", "get_hits", "get_hit_rate", "notifications",
                "read_ops_per_s", "get_p99_ns",
            ]
            let base: [String: String] = [
                "policy": "rwlock", "in_use": "-", "run": "1", "seed": "3", "readers": "2",
                "distribution": "zipfian(0.99)", "complete": "true", "total_ops": "408000", "get_ops": "396034",
                "stale_reads": "0", "get_hits": "385215", "get_hit_rate": "0.972682", "notifications": "7",
                "read_ops_per_s": "249166.2", "get_p99_ns": "11543",
            ]
            let current = base.merging([
                "distribution": "uniform", "total_ops": "410000", "stale_reads": "1", "get_hits": "380000",
                "get_hit_rate": "0.96", "notifications": "12", "read_ops_per_s": "199000.5", "get_p99_ns": "11800",
            ]) { $1 }
            let comparison = try F.compare(baseline: ["ticker": [base]], current: ["ticker": [current]], header: header)

            let policy = "rwlock"
            #expect(comparison.metric("stale_reads", policy: policy)?.verdict == .regression)
            #expect(comparison.metric("stale_reads", policy: policy)?.threshold == .exact)
            #expect(comparison.metric("read_ops_per_s", policy: policy)?.verdict == .regression, "-20% throughput")
            #expect(comparison.metric("read_ops_per_s", policy: policy)?.role == .measured)
            #expect(comparison.metric("get_hits", policy: policy)?.verdict == .unchanged, "-1.4%, within 10%")
            #expect(comparison.metric("get_hit_rate", policy: policy)?.verdict == .unchanged)
            #expect(comparison.metric("notifications", policy: policy)?.verdict == .changed, "neutral, +71%")
            #expect(comparison.metric("total_ops", policy: policy)?.verdict == .changed, "neutral, exact")
            #expect(comparison.metric("get_ops", policy: policy)?.verdict == .unchanged)
            #expect(comparison.metric("get_p99_ns", policy: policy)?.verdict == .unchanged)
            for setting in ["readers", "distribution"] {
                #expect(comparison.metric(setting, policy: policy) == nil, "\(setting) is a setting, never compared")
            }
            #expect(
                comparison.configurationChanges == [
                    ConfigurationChange(
                        scenario: "ticker", setting: "distribution", baseline: "zipfian(0.99)", current: "uniform", runs: (1, 1))
                ])
            #expect(!comparison.notes.contains { if case .notNumeric = $0 { return true } else { return false } })
            #expect(comparison.status == .regression)
        }

        @Test("a baseline written before the run and sweep_* columns existed matches runs without a sweep point")
        func olderBaseline() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let oldHeader = F.header.filter { $0 != "run" && !$0.hasPrefix("sweep_") }
            let base = try F.write(
                ["feed": [F.row(), F.row(["policy": "none", "in_use": "-"])]], to: directory.url.appendingPathComponent("old"),
                header: oldHeader)
            let cur = try F.write(
                ["feed": [F.row(["policy": "none", "in_use": "-", "run": "0"]), F.row(["instantiations": "11"])]],
                to: directory.url.appendingPathComponent("new"))
            let comparison = try Comparison.load(baseline: base, current: cur)
            #expect(comparison.notes.isEmpty, "\(comparison.notes)")
            #expect(comparison.rows.map(\.key.run) == ["none", "lru/repopulate"])
            #expect(comparison.regressions.map(\.metric) == ["instantiations"])
            #expect(comparison.sweepColumns == ["sweep_key", "sweep_value"])
        }

        @Test(
            "rows, scenarios and columns on one side only and duplicates are notes, not verdicts; a changed setting is a configuration change"
        )
        func notes() throws {
            let comparison = try F.compare(
                baseline: [
                    "feed": [F.row(), F.row(["policy": "fifo"]), F.row(["policy": "fifo"])],
                    "gone": [F.row()],
                ],
                current: ["feed": [F.row(["seed": "8"]), F.row(["policy": "random"])]])
            let lru = RowKey(scenario: "feed", policy: "lru", inUse: "repopulate")
            var random = lru
            random.policy = "random"
            var fifo = lru
            fifo.policy = "fifo"
            #expect(
                comparison.notes == [
                    .duplicateRow(fifo, .baseline),
                    .rowOnlyIn(random, .current),
                    .rowOnlyIn(fifo, .baseline),
                    .currentLacksScenario("gone"),
                ])
            #expect(comparison.configurationChanges.map(\.description) == ["seed 7 → 8"])
            #expect(comparison.notes[1].description == "feed random/repopulate: only in the current results: not compared")
            // A scenario the current results lack is no longer checked: a regression.
            #expect(comparison.status == .regression)
        }

        @Test("a column in one file only is a note and not compared")
        func columnOnOneSide() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let base = try F.write(["feed": [F.row()]], to: directory.url.appendingPathComponent("a"))
            let cur = try F.write(
                ["feed": [F.row(["pool_hits": "4"])]], to: directory.url.appendingPathComponent("b"), header: F.header + ["pool_hits"])
            let comparison = try Comparison.load(baseline: base, current: cur)
            #expect(comparison.notes == [.columnOnlyIn(scenario: "feed", column: "pool_hits", .current)])
            #expect(comparison.metric("pool_hits") == nil)
        }

        @Test("a run with complete=false on either side is flagged on the row and in the notes")
        func incomplete() throws {
            let comparison = try F.compare(baseline: ["feed": [F.row()]], current: ["feed": [F.row(["complete": "false"])]])
            let row = try #require(comparison.rows.first)
            #expect(row.incomplete == [.current])
            #expect(comparison.notes == [.incomplete(row.key, [.current])])
            #expect(comparison.notes[0].description.contains("incomplete run (complete=false) in the current results"))
        }

        @Test("percent is nil when the baseline is 0; a relative threshold then allows no change")
        func zeroBaseline() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row(["dequeue_latency_p99_ns": "0"])]], current: ["feed": [F.row(["dequeue_latency_p99_ns": "5"])]])
            let metric = try #require(comparison.metric("dequeue_latency_p99_ns"))
            #expect(metric.percent == nil)
            #expect(metric.delta == 5)
            #expect(metric.verdict == .regression)
        }

        @Test("an empty metric value (nothing measured) is skipped with one note per column")
        func notNumeric() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row(), F.row(["policy": "fifo"])]],
                current: ["feed": [F.row(["hit_rate": ""]), F.row(["policy": "fifo", "hit_rate": ""])]])
            #expect(comparison.metric("hit_rate") == nil)
            #expect(comparison.notes == [.notNumeric(scenario: "feed", column: "hit_rate")])
        }

        @Test("a count or measured value that is nan, inf or text is refused as file:line:column, on either side")
        func garbageRefused() throws {
            let cases = [
                ("nan", "hits", 11), ("inf", "instantiations", 13), ("-inf", "hit_rate", 12), ("lots", "allocated_bytes", 14),
                ("1e400", "dequeue_latency_p99_ns", 15),
            ]
            for (value, name, column) in cases {
                for currentSide in [true, false] {
                    let bad = ["feed": [F.row(), F.row(["policy": "fifo", name: value])]]
                    let good = ["feed": [F.row(), F.row(["policy": "fifo"])]]
                    #expect {
                        _ = try F.compare(baseline: currentSide ? good : bad, current: currentSide ? bad : good)
                    } throws: { error in
                        guard case let CompareError.notANumber(path, line, col, named, text) = error else { return false }
                        return path.hasSuffix((currentSide ? "current" : "baseline") + "/feed/summary.csv") && line == 3
                            && col == column && named == name && text == value
                    }
                }
            }
        }

        @Test("a per-metric threshold that matches no compared metric is a note")
        func unusedThreshold() throws {
            let comparison = try F.compare(
                baseline: ["feed": [F.row()]], current: ["feed": [F.row()]], thresholds: F.thresholds("dequeue_latency_p99=5%"))
            #expect(comparison.notes == [.unusedThreshold("dequeue_latency_p99")])
        }

        @Test("an unreadable directory, an empty current directory and a broken summary are errors naming the path")
        func loadErrors() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let good = try F.write(["feed": [F.row()]], to: directory.url.appendingPathComponent("good"))
            let missing = directory.url.appendingPathComponent("missing").path

            #expect(throws: CompareError.unreadableDirectory(path: missing, reason: "no such directory")) {
                try Comparison.load(baseline: missing, current: good)
            }
            let file = directory.url.appendingPathComponent("file.txt")
            try "x".write(to: file, atomically: false, encoding: .utf8)
            #expect(throws: CompareError.unreadableDirectory(path: file.path, reason: "not a directory")) {
                try Comparison.load(baseline: good, current: file.path)
            }
            let empty = directory.url.appendingPathComponent("empty")
            try FileManager.default.createDirectory(at: empty, withIntermediateDirectories: true)
            #expect(throws: CompareError.noResults(path: empty.path)) {
                try Comparison.load(baseline: good, current: empty.path)
            }
            let broken = directory.url.appendingPathComponent("broken/feed")
            try FileManager.default.createDirectory(at: broken, withIntermediateDirectories: true)
            try "policy,in_use\r\nlru,\"repopulate\r\n".write(
                to: broken.appendingPathComponent("summary.csv"), atomically: false, encoding: .utf8)
            try FixtureColumns.describe(summary: ["policy", "in_use"]).render().write(
                to: broken.appendingPathComponent(ResultColumns.fileName), atomically: false, encoding: .utf8)
            let brokenPath = directory.url.appendingPathComponent("broken").path
            #expect(
                throws: CompareError.malformedSummary(
                    path: brokenPath + "/feed/summary.csv", reason: "CSV quoted field starting on line 2 is never closed")
            ) {
                try Comparison.load(baseline: good, current: brokenPath)
            }
            let noPolicy = directory.url.appendingPathComponent("nopolicy/feed")
            try FileManager.default.createDirectory(at: noPolicy, withIntermediateDirectories: true)
            try "scenario,hits\r\nfeed,1\r\n".write(to: noPolicy.appendingPathComponent("summary.csv"), atomically: false, encoding: .utf8)
            #expect(throws: CompareError.self) {
                try Comparison.load(baseline: directory.url.appendingPathComponent("nopolicy").path, current: good)
            }
            #expect(
                CompareError.unreadableDirectory(path: "base", reason: "no such directory").description
                    == "base: error: cannot read results directory: no such directory")
        }

        @Test("a results directory without columns.csv is an error naming the missing file")
        func missingColumns() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let good = try F.write(["feed": [F.row()]], to: directory.url.appendingPathComponent("good"))
            let old = try F.write(["feed": [F.row()]], to: directory.url.appendingPathComponent("old"))
            let columns = directory.url.appendingPathComponent("old/feed/columns.csv")
            try FileManager.default.removeItem(at: columns)
            #expect(throws: CompareError.missingColumns(path: old + "/feed/columns.csv")) {
                try Comparison.load(baseline: old, current: good)
            }
            #expect(CompareError.missingColumns(path: columns.path).description.contains("columns.csv"))
        }

        @Test("results of a different kind are refused: scenario.yaml names another kind on each side")
        func refusesAnotherKind() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let base = try F.write(["feed": [F.row()]], to: directory.url.appendingPathComponent("base"))
            let cur = try F.write(["feed": [F.row()]], to: directory.url.appendingPathComponent("cur"))
            try "# date: today\nname: feed\nkind: scrolling-table\n".write(
                toFile: base + "/feed/scenario.yaml", atomically: false, encoding: .utf8)
            try "name: feed\nkind: drawing\n".write(toFile: cur + "/feed/scenario.yaml", atomically: false, encoding: .utf8)
            let expected = CompareError.kindMismatch(
                scenario: "feed", baselinePath: base + "/feed/summary.csv", baselineKind: "scrolling-table",
                currentPath: cur + "/feed/summary.csv", currentKind: "drawing")
            #expect(throws: expected) { try Comparison.load(baseline: base, current: cur) }
            #expect(expected.description.contains("of kind 'drawing' here but of kind 'scrolling-table'"))

            try "name: feed\nkind: scrolling-table\n".write(toFile: cur + "/feed/scenario.yaml", atomically: false, encoding: .utf8)
            #expect(try Comparison.load(baseline: base, current: cur).status == .passed)
        }
    }
}
