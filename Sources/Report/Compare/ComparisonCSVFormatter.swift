/// Every compared metric as RFC 4180 CSV (CRLF records), one row per run and metric:
///
/// ```text
/// scenario,policy,in_use,<sweep_* columns>,metric,role,direction,baseline,current,delta,percent,verdict
/// feed,lru,repopulate,instantiations,count,lower_is_better,10,11,1,10,regression
/// ```
///
/// The `sweep_*` columns are those of the compared scenarios' files (``Comparison/sweepColumns``),
/// empty where a run has no value.
/// `baseline` and `current` are as written in the summaries; `percent` is empty when the
/// baseline is 0. Notes are not part of the CSV.
public struct ComparisonCSVFormatter: Sendable {
    /// A formatter.
    public init() {}

    /// The CSV text.
    public func render(_ comparison: Comparison) -> String {
        let metrics = comparison.metrics
        let sweepColumns = comparison.sweepColumns
        var table = CSVTable(
            header: ["scenario", "policy", "in_use"] + sweepColumns
                + [
                    "metric", "role", "direction", "baseline", "current", "delta", "percent", "ratio", "ratio_ci_low",
                    "ratio_ci_high", "baseline_repetitions", "current_repetitions", "p_value", "p_value_holm", "verdict",
                    "judged_by",
                ])
        for metric in metrics {
            let key = metric.key
            let sweep = sweepColumns.map { column in
                CSVValue.string(key.sweep.first { $0.column == column }?.value ?? "")
            }
            let row: [CSVValue] =
                [.string(key.scenario), .string(key.policy), .string(key.inUse)] + sweep + [
                    .string(metric.metric), .string(metric.role.rawValue), .string(metric.direction.rawValue),
                    .string(metric.baselineText), .string(metric.currentText), .double(metric.delta),
                    metric.percent.map(CSVValue.double) ?? .empty, metric.ratio.map { .double($0.value) } ?? .empty,
                    metric.ratio.map { .double($0.low) } ?? .empty, metric.ratio.map { .double($0.high) } ?? .empty,
                    .int(metric.repetitions.baseline), .int(metric.repetitions.current), pValue(metric, adjusted: false),
                    pValue(metric, adjusted: true), .string(metric.verdict.rawValue), .string(metric.judgment.label),
                ]
            table.rows.append(row)
        }
        return table.render()
    }

    /// The raw or Holm-adjusted p-value of a tested metric, else empty.
    func pValue(_ metric: MetricComparison, adjusted: Bool) -> CSVValue {
        guard case let .test(p, holm) = metric.judgment else { return .empty }
        return .string("\(adjusted ? holm : p)")
    }
}
