import Report

extension ResultRow {
    /// The summary columns of one latency: `<prefix>_p50_ns`, `_p90_ns`, `_p99_ns`, `_p999_ns`,
    /// `_max_ns`, in that order.
    static func percentileColumns(_ prefix: String) -> [String] {
        ["p50", "p90", "p99", "p999", "max"].map { "\(prefix)_\($0)_ns" }
    }

    /// Appends ``percentileColumns(_:)`` for `summary`, each measured.
    mutating func appendPercentiles(_ prefix: String, _ summary: LatencySummary) {
        let values = [summary.p50, summary.p90, summary.p99, summary.p999, summary.max]
        for (column, value) in zip(Self.percentileColumns(prefix), values) {
            append(column, .uint(value), kind: .measured)
        }
    }
}

extension RunConfiguration {
    /// What this run produced: its summary and timeseries rows, and the latency spectrum of
    /// `operations` (kept too, so repetitions can merge their histograms).
    func output(
        scenario: String, summary: ResultRow, timeseries: RowSpool, operations: [(name: String, recorder: LatencyRecorder)],
        complete: Bool
    ) -> RunOutput {
        var output = RunOutput(
            summary: summary, timeseries: timeseries, latency: spectrumRows(scenario: scenario, operations), complete: complete)
        output.operations = operations
        return output
    }

    /// `latency.csv` rows for this run: per operation, in order, one row per point of its
    /// percentile spectrum (`operation`, `percentile`, `latency_ns`).
    func spectrumRows(scenario: String, _ operations: [(name: String, recorder: LatencyRecorder)]) -> [ResultRow] {
        var rows: [ResultRow] = []
        for (name, recorder) in operations {
            for point in recorder.spectrum() {
                var line = identityRow(scenario: scenario)
                line.append("operation", .string(name))
                line.append("percentile", .double(point.percentile))
                line.append("latency_ns", .uint(point.valueNs), kind: .measured)
                rows.append(line)
            }
        }
        return rows
    }
}
