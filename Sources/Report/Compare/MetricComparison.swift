/// One metric of one run, baseline against current.
public struct MetricComparison: Sendable, Equatable {
    /// The run.
    public var key: RowKey
    /// The column name.
    public var metric: String
    /// ``MetricRole/count`` or ``MetricRole/measured``.
    public var role: MetricRole
    /// Which way the metric gets better.
    public var direction: Direction
    /// The baseline value.
    public var baseline: Double
    /// The current value.
    public var current: Double
    /// The baseline value as written in its file.
    public var baselineText: String
    /// The current value as written in its file.
    public var currentText: String
    /// The threshold applied.
    public var threshold: Threshold
    /// The verdict under ``threshold``.
    public var verdict: Verdict

    /// Compares `baseline` with `current` under `threshold`; the role and direction come from
    /// the column's description (`columns.csv`).
    public init(
        key: RowKey, metric: String, role: MetricRole, direction: Direction, baselineText: String, currentText: String,
        baseline: Double, current: Double, threshold: Threshold
    ) {
        self.key = key
        self.metric = metric
        self.role = role
        self.direction = direction
        self.baseline = baseline
        self.current = current
        self.baselineText = baselineText
        self.currentText = currentText
        self.threshold = threshold
        self.verdict = Verdict(baseline: baseline, current: current, direction: direction, threshold: threshold)
    }

    /// `current − baseline`.
    public var delta: Double { current - baseline }

    /// The change in percent of the baseline (`10` for +10%), or nil when the baseline is 0.
    public var percent: Double? {
        baseline == 0 ? nil : delta / baseline.magnitude * 100
    }
}
