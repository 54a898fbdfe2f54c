import Foundation
import Report
import Testing

extension StatisticsTests {
    @Suite("Seeds: the results of runs replicated over workload seeds")
    struct SeedsTests {
        static let columns = ResultColumns(
            summary: SharedColumns.identity + [
                SharedColumns.seed,
                .count("hits", .higherIsBetter, "hits"),
                .count("total_ops", .neutral, "operations; measured when the run is time-bound"),
                .measured("get_p99_ns", .nanoseconds, .lowerIsBetter, "p99"),
                SharedColumns.complete,
            ])

        static func row(seed: UInt64, hits: CSVValue, ops: Int = 50, timeBound: Bool = false, complete: Bool = true) -> ResultRow {
            var row = ResultRow()
            for column in SharedColumns.identity { row.append(column.name, .string(column.name == "policy" ? "lru" : "")) }
            row.append("seed", .uint(seed))
            row.append("hits", hits)
            row.append("total_ops", .int(ops), overridingRole: timeBound ? .measured : nil)
            row.append("get_p99_ns", .uint(1000 + seed))
            row.append("complete", .string(complete ? "true" : "false"))
            return row
        }

        @Test(
            "declared columns: each count followed by <count>_seed_min and _seed_max; seeds.csv the identity and counts; repetitions.csv the seed after the identity"
        )
        func declaredColumns() {
            let seeded = Seeds.columns(Repetitions.columns(Self.columns))
            #expect(
                seeded.summary.map(\.name).dropFirst(SharedColumns.identity.count) == [
                    "seed", "hits", "hits_seed_min", "hits_seed_max", "total_ops", "total_ops_seed_min", "total_ops_seed_max",
                    "get_p99_ns", "get_p99_ns_ci_low", "get_p99_ns_ci_high", "complete",
                ])
            #expect(seeded.column("hits_seed_min")?.role == .count && seeded.column("hits_seed_max")?.unit == .count)
            #expect(seeded.seeds.map(\.name) == SharedColumns.identity.map(\.name) + ["seed", "hits", "total_ops", "complete"])
            #expect(seeded.repetitions.map(\.name) == SharedColumns.identity.map(\.name) + ["seed", "repetition", "get_p99_ns"])
            // Without repetitions, no repetitions.csv appears.
            #expect(Seeds.columns(Self.columns).repetitions.isEmpty)
        }

        @Test(
            "the summary row: each count the median over the seeds with its range; incomplete when a seed's run was; no number in a seed leaves them empty"
        )
        func summaryRow() {
            let perSeed = [
                Self.row(seed: 1, hits: .int(10)), Self.row(seed: 2, hits: .int(30)), Self.row(seed: 3, hits: .int(14), complete: false),
            ]
            let row = Seeds.summary(perSeed: perSeed, pooled: perSeed[0], columns: Self.columns)
            #expect(row["seed"] == .uint(1))
            #expect(row["hits"] == .int(14) && row["hits_seed_min"] == .int(10) && row["hits_seed_max"] == .int(30))
            #expect(row["get_p99_ns"] == .uint(1001))
            #expect(row["complete"] == .string("false"))
            let even = Seeds.summary(perSeed: Array(perSeed.prefix(2)), pooled: perSeed[0], columns: Self.columns)
            #expect(even["hits"] == .int(20) && even["complete"] == .string("true"))
            let gap = [Self.row(seed: 1, hits: .int(10)), Self.row(seed: 2, hits: .empty)]
            let blank = Seeds.summary(perSeed: gap, pooled: gap[0], columns: Self.columns)
            #expect(blank["hits"] == .empty && blank["hits_seed_min"] == .empty && blank["hits_seed_max"] == .empty)
        }

        @Test("a count the run measured (time-bound): its pooled median, its range marked measured, and empty in seeds.csv")
        func measuredCount() throws {
            let perSeed = [
                Self.row(seed: 1, hits: .int(1), ops: 70, timeBound: true), Self.row(seed: 2, hits: .int(2), ops: 90, timeBound: true),
            ]
            var pooled = perSeed[0]
            pooled.columns[pooled.columns.firstIndex { $0.name == "total_ops" }!].value = .double(80)
            let row = Seeds.summary(perSeed: perSeed, pooled: pooled, columns: Self.columns)
            #expect(row["total_ops"] == .double(80) && row.roleOverrides["total_ops"] == .measured)
            #expect(row["total_ops_seed_min"] == .int(70) && row.roleOverrides["total_ops_seed_min"] == .measured)
            let seeded = Seeds.columns(Self.columns)
            #expect(throws: Never.self) { _ = try ResultsWriter.table(file: "summary.csv", rows: [row], declared: seeded.summary) }
            let line = Seeds.row(perSeed[0], columns: Self.columns)
            #expect(line["total_ops"] == .empty && line["hits"] == .int(1) && line["get_p99_ns"] == nil)
        }

        @Test("the writer writes seeds.csv after repetitions.csv, its columns declared in columns.csv under file 'seeds'")
        func writesSeedsFile() throws {
            let directory = try TemporaryDirectory()
            defer { directory.remove() }
            let columns = Seeds.columns(Self.columns)
            let perSeed = [Self.row(seed: 1, hits: .int(10)), Self.row(seed: 2, hits: .int(30))]
            let writer = ResultsWriter(directory: directory.url)
            let urls = try writer.write(
                scenario: "seeded", summary: [Seeds.summary(perSeed: perSeed, pooled: perSeed[0], columns: Self.columns)],
                timeseries: [], latency: [], seeds: perSeed.map { Seeds.row($0, columns: Self.columns) }, columns: columns)
            #expect(urls.map(\.lastPathComponent) == ["columns.csv", "plots.csv", "summary.csv", "seeds.csv"])
            let seeds = try String(contentsOf: writer.scenarioDirectory("seeded").appendingPathComponent("seeds.csv"), encoding: .utf8)
            #expect(
                seeds
                    == "scenario,policy,in_use,run,sweep_key,sweep_value,seed,hits,total_ops,complete\r\n,lru,,,,,1,10,50,true\r\n,lru,,,,,2,30,50,true\r\n"
            )
            let declared = try ResultColumns.load(scenarioDirectory: writer.scenarioDirectory("seeded"))
            #expect(declared == columns)
            // A seeds row with a column its file does not declare is refused.
            #expect(throws: ReportError.self) {
                try writer.write(scenario: "seeded", summary: [], timeseries: [], latency: [], seeds: perSeed, columns: columns)
            }
        }
    }
}
