import Report

extension ResultRow {
    /// Appends one latency's summary columns as ``SharedColumns/latency(_:of:levels:)``
    /// declares them (with their roles): `<prefix>_<level>_ns` for each of `levels` (measured),
    /// each percentile followed by its ``TailSamples`` companion (tail), the samples of
    /// `recorder` beyond its value. With `blankWhenEmpty`, an empty recorder leaves them empty
    /// (else 0).
    mutating func appendPercentiles(
        _ prefix: String, _ recorder: LatencyRecorder, levels: [String] = SharedColumns.percentiles, blankWhenEmpty: Bool = false
    ) {
        let blank = blankWhenEmpty && recorder.isEmpty
        for level in levels {
            let name = "\(prefix)_\(level)_ns"
            guard let percentile = SharedColumns.percentileLevel(level) else {
                append(name, blank ? .empty : .uint(recorder.max))
                continue
            }
            let value = recorder.percentile(percentile)
            append(name, blank ? .empty : .uint(value))
            append(name + TailSamples.suffix, blank ? .empty : .uint(recorder.samplesBeyond(value)))
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
    /// percentile spectrum (`operation`, `percentile`, `latency_ns`), then the smallest and
    /// largest value at that percentile of the operation's recorder in each of `repetitions`
    /// (the band of ``SharedColumns/spectrumLow`` and ``SharedColumns/spectrumHigh``; the point's
    /// own value when there are fewer than two).
    func spectrumRows(
        scenario: String, _ operations: [(name: String, recorder: LatencyRecorder)],
        repetitions: [[(name: String, recorder: LatencyRecorder)]] = []
    ) -> [ResultRow] {
        var rows: [ResultRow] = []
        for (name, recorder) in operations {
            let own = repetitions.compactMap { $0.first { $0.name == name }?.recorder }.filter { !$0.isEmpty }
            for point in recorder.spectrum() {
                var line = identityRow(scenario: scenario)
                line.append("operation", .string(name))
                line.append("percentile", .double(point.percentile))
                line.append("latency_ns", .uint(point.valueNs))
                let values = own.count < 2 ? [point.valueNs] : own.map { $0.spectrumValue(atPercentile: point.percentile, cap: recorder.max) }
                line.append(SharedColumns.spectrumLow, .uint(values.min() ?? point.valueNs))
                line.append(SharedColumns.spectrumHigh, .uint(values.max() ?? point.valueNs))
                rows.append(line)
            }
        }
        return rows
    }
}
