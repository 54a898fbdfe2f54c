import Report
import Testing

/// A `_tail_samples` value from a file workbench did not write (negative, huge, fractional, not
/// finite) is quoted, never converted: compare and the index pages must not trap on it.
@Suite("Tail samples: values out of range")
struct TailSamplesRangeTests {
    @Test("a _tail_samples of -1e300, 1e300, 2.5, nan or -inf gives a reason without trapping; a count gives its number")
    func outOfRangeTailSamples() {
        for value in [-1e300, 1e300, 2.5, Double.nan, -Double.infinity] {
            let reason = TailSamples.reason(value)
            #expect(reason.hasPrefix("unreliable: ") && reason.contains("is not a count"), "\(value): \(reason)")
        }
        #expect(TailSamples.reason(4) == "unreliable: 4 samples beyond (needs 10)")
        let columns = ResultColumns(summary: [
            Column("lat_p99_ns", .nanoseconds, .measured, .lowerIsBetter, "p99"), TailSamples.column(of: "lat_p99_ns", level: "p99"),
        ])
        let reason = TailSamples.unreliability(of: "lat_p99_ns", columns: columns) { _ in -1e300 }
        #expect(reason?.contains("is not a count") == true)
    }
}
