import Report
import Testing

extension StatisticsTests {
    @Suite("Repetitions")
    struct RepetitionsTests {
        static let columns = ResultColumns(
            summary: SharedColumns.identity + [
                .count("hits", .higherIsBetter, "hits"),
                .measured("get_p99_ns", .nanoseconds, .lowerIsBetter, "p99"),
                SharedColumns.complete,
            ])

        static func row(hits: Int, p99: CSVValue) -> ResultRow {
            var row = ResultRow()
            for column in SharedColumns.identity { row.append(column.name, .string(column.name == "policy" ? "lru" : "")) }
            row.append("hits", .int(hits))
            row.append("get_p99_ns", p99)
            row.append("complete", .string("true"))
            return row
        }

        @Test(
            "every measured summary column is followed by its _ci_low and _ci_high columns, declared; repetitions.csv has the identity, repetition and the measured columns"
        )
        func declaredColumns() {
            let repeated = Repetitions.columns(Self.columns)
            #expect(
                repeated.summary.map(\.name).suffix(5) == ["hits", "get_p99_ns", "get_p99_ns_ci_low", "get_p99_ns_ci_high", "complete"])
            #expect(repeated.column("get_p99_ns_ci_low")?.unit == .nanoseconds)
            #expect(repeated.column("get_p99_ns_ci_high")?.role == .measured)
            #expect(
                repeated.repetitions.map(\.name)
                    == ["scenario", "policy", "in_use", "run", "sweep_key", "sweep_value", "repetition", "get_p99_ns"])
            #expect(Self.columns.repetitions.isEmpty)
        }

        @Test("the summary keeps the counts and gives each measured column its median and 95% interval")
        func summaryRow() {
            let rows = [900, 1200, 1000, 1100, 950, 1050, 5000].map { Self.row(hits: 80, p99: .uint(UInt64($0))) }
            let summary = Repetitions.summary(rows, columns: Self.columns)
            #expect(summary["hits"] == .int(80))
            #expect(summary["get_p99_ns"] == .double(1050))
            // 7 values: the 95% interval is the whole range (k = 1, 98.4%).
            #expect(summary["get_p99_ns_ci_low"] == .double(900))
            #expect(summary["get_p99_ns_ci_high"] == .double(5000))
            let gap = Repetitions.summary([Self.row(hits: 80, p99: .uint(1)), Self.row(hits: 80, p99: .empty)], columns: Self.columns)
            #expect(gap["get_p99_ns"] == .empty && gap["get_p99_ns_ci_low"] == .empty)
        }

        @Test("a count that differs from the first repetition's is found, naming the column, the repetition and both values")
        func countDifference() {
            let same = [Self.row(hits: 80, p99: .uint(1)), Self.row(hits: 80, p99: .uint(9))]
            #expect(Repetitions.firstCountDifference(same, columns: Self.columns) == nil)
            let drift = same + [Self.row(hits: 81, p99: .uint(2))]
            #expect(
                Repetitions.firstCountDifference(drift, columns: Self.columns)
                    == Repetitions.CountDifference(column: "hits", repetition: 3, first: "80", other: "81"))
        }

        @Test("a declared count a run measured (its row overrides the role) is no count: its median, without an interval, still measured")
        func countMeasuredByTheRun() {
            let rows = [80, 95, 90].map { hits in
                var row = Self.row(hits: hits, p99: .uint(1))
                row.roleOverrides["hits"] = .measured
                return row
            }
            #expect(Repetitions.firstCountDifference(rows, columns: Self.columns) == nil)
            let summary = Repetitions.summary(rows, columns: Self.columns)
            #expect(summary["hits"] == .double(90))
            #expect(summary.role(of: "hits", declaredBy: Repetitions.columns(Self.columns).summary) == .measured)
            #expect(summary.names == Repetitions.columns(Self.columns).summary.map(\.name), "no interval for hits")
            #expect(summary.roleOverrides == ["hits": .measured])
        }
    }
}
