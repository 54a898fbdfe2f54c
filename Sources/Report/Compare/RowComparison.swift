/// One run present on both sides: its metrics compared, and whether either side was cut short.
public struct RowComparison: Sendable, Equatable {
    /// The run.
    public var key: RowKey
    /// Every compared metric, in the current file's column order.
    public var metrics: [MetricComparison]
    /// The sides whose row says `complete=false` (an interrupted run): its figures cover only
    /// part of the run, so its verdicts say little.
    public var incomplete: [ComparisonSide]

    /// A compared run.
    public init(key: RowKey, metrics: [MetricComparison], incomplete: [ComparisonSide] = []) {
        self.key = key
        self.metrics = metrics
        self.incomplete = incomplete
    }
}
