import Report
import Testing

extension StatisticsTests {
    /// The samples behind a latency percentile (`<metric>_tail_samples`).
    @Suite("Tail samples")
    struct TailSamplesTests {
        @Test("every percentile column of a latency is followed by its _tail_samples companion (role tail); the maximum has none")
        func companionDeclared() {
            let columns = SharedColumns.latency("get", of: "a get", levels: ["p50", "p999", "max"])
            #expect(columns.map(\.name) == ["get_p50_ns", "get_p50_ns_tail_samples", "get_p999_ns", "get_p999_ns_tail_samples", "get_max_ns"])
            #expect(columns.map(\.role) == [.measured, .tail, .measured, .tail, .measured])
            #expect(columns[3].description.hasPrefix("samples beyond p99.9 (get_p999_ns)"))
            #expect(columns[2].description == "p99.9 time of a get")
            let described = ResultColumns(summary: columns)
            #expect(TailSamples.companion(of: "get_p999_ns", in: described) == "get_p999_ns_tail_samples")
            #expect(TailSamples.companion(of: "get_max_ns", in: described) == nil)
        }

        @Test("a percentile level's label: p50 is 50, p999 is 99.9, p9999 is 99.99; max is no percentile")
        func percentileLevels() {
            #expect(SharedColumns.percentileLevel("p50") == 50)
            #expect(SharedColumns.percentileLevel("p999") == 99.9)
            #expect(SharedColumns.percentileLevel("p9999") == 99.99)
            #expect(SharedColumns.percentileLevel("max") == nil)
            #expect(SharedColumns.percentileLevel("p") == nil)
        }

        @Test("tail samples are the recorded values beyond the percentile's value: 1000 values 1..1000, 10 beyond p99, 1 beyond p99.9, none beyond the maximum")
        func samplesBeyondPercentile() {
            var recorder = LatencyRecorder()
            for value in 1...1000 { recorder.record(nanoseconds: UInt64(value)) }
            #expect(recorder.samplesBeyond(recorder.percentile(99)) == 10)
            #expect(recorder.samplesBeyond(recorder.percentile(99.9)) == 1)
            #expect(recorder.samplesBeyond(recorder.max) == 0)
            #expect(LatencyRecorder().samplesBeyond(0) == 0)
        }

        @Test("fewer than 10 samples beyond a percentile make it unreliable, with the reason; 10 are enough")
        func unreliableBelowTen() {
            #expect(TailSamples.isUnreliable(9))
            #expect(!TailSamples.isUnreliable(10))
            #expect(TailSamples.reason(4) == "unreliable: 4 samples beyond (needs 10)")
            #expect(TailSamples.reason(1) == "unreliable: 1 sample beyond (needs 10)")
        }

        @Test("with repetitions, a percentile's tail samples are their sum over the repetitions, not checked as a count")
        func repetitionsSumTailSamples() {
            let columns = ResultColumns(
                summary: SharedColumns.identity + [.count("hits", .higherIsBetter, "hits")]
                    + SharedColumns.latency("get", of: "a get", levels: ["p99"]))
            let rows = [(3, 1000), (5, 1100), (4, 1050)].map { tail, p99 in
                var row = ResultRow()
                for column in SharedColumns.identity { row.append(column.name, .string(column.name == "policy" ? "lru" : "")) }
                row.append("hits", .int(80))
                row.append("get_p99_ns", .uint(UInt64(p99)))
                row.append("get_p99_ns_tail_samples", .int(tail))
                return row
            }
            #expect(Repetitions.firstCountDifference(rows, columns: columns) == nil)
            let summary = Repetitions.summary(rows, columns: columns)
            #expect(summary["get_p99_ns_tail_samples"]?.number == 12)
            #expect(summary["get_p99_ns"]?.number == 1050)
            let repeated = Repetitions.columns(columns)
            #expect(repeated.summary.map(\.name).suffix(4) == ["get_p99_ns", "get_p99_ns_ci_low", "get_p99_ns_ci_high", "get_p99_ns_tail_samples"])
            #expect(!repeated.repetitions.map(\.name).contains("get_p99_ns_tail_samples"))
        }
    }
}
