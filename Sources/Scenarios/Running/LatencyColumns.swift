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
        output.operations = operations.map { ($0.name, $0.recorder.buckets) }
        return output
    }

    /// `latency.csv` rows for this run: per operation, in order, one row per point of its
    /// percentile spectrum (`operation`, `percentile`, `latency_ns`), then the smallest and
    /// largest value at that percentile of the operation's recorder in each of `repetitions`
    /// (the band of ``SharedColumns/spectrumLow`` and ``SharedColumns/spectrumHigh``; the point's
    /// own value when there are fewer than two). The repetitions' recorders are held as numbers
    /// (``HeldOutput``) and made one at a time.
    func spectrumRows(
        scenario: String, _ operations: [(name: String, recorder: LatencyRecorder)],
        repetitions: [[(name: String, buckets: LatencyRecorder.Buckets)]] = []
    ) -> [ResultRow] {
        var rows: [ResultRow] = []
        for (name, recorder) in operations {
            let points = recorder.spectrum()
            var low = points.map(\.valueNs)
            var high = low
            let own = repetitions.compactMap { $0.first { $0.name == name }?.buckets }.filter { !$0.pairs.isEmpty }
            if own.count >= 2 {
                low = low.map { _ in UInt64.max }
                high = high.map { _ in 0 }
                for buckets in own {
                    let repetition = LatencyRecorder(buckets: buckets)
                    for (slot, point) in points.enumerated() {
                        let value = repetition.spectrumValue(atPercentile: point.percentile, cap: recorder.max)
                        low[slot] = Swift.min(low[slot], value)
                        high[slot] = Swift.max(high[slot], value)
                    }
                }
            }
            for (slot, point) in points.enumerated() {
                var line = identityRow(scenario: scenario)
                line.append("operation", .string(name))
                line.append("percentile", .double(point.percentile))
                line.append("latency_ns", .uint(point.valueNs))
                line.append(SharedColumns.spectrumLow, .uint(low[slot]))
                line.append(SharedColumns.spectrumHigh, .uint(high[slot]))
                rows.append(line)
            }
        }
        return rows
    }
}
