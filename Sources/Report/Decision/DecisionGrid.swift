/// A sweep's runs × sweep values grid of the decision metric, the best run of each sweep value
/// marked and the runs tied with it shown, and each run's knee: what `grid.csv`, the terminal,
/// `index.md` and the heat map show.
///
/// The decision metric is the goal's first column (``DecisionQuestion/metric``); without a
/// `decide:` goal, the metric the scenario's plots rank runs by (the first plot view in
/// `plots.csv` that names one: `hit_rate` for a scrolling table, `miss_ratio` for a trace). Best
/// and tied follow ``Standings``; the knee, ``Knee``.
///
/// `grid.csv`, a matrix: the top-left cell names the metric, the header the sweep values (then
/// `knee`), one row per run (`policy/in_use`) with its value at each sweep value as
/// `summary.csv` writes it (empty where it did not run) and its knee; then a `best` row (the
/// best runs at each sweep value, space-separated) and a `tied` row (the runs tied with them):
///
/// ```text
/// hit_rate,2,4,8,knee
/// lru/repopulate,0.018605,0.134884,0.64186,4
/// fifo/repopulate,0.013953,0.181395,0.697674,4
/// best,lru/repopulate,fifo/repopulate,fifo/repopulate,
/// tied,,,,
/// ```
public struct DecisionGrid: Sendable, Equatable {
    /// The file name, `grid.csv`.
    public static let fileName = "grid.csv"
    /// The significance level of the paired tests that tie runs with the best (seeds only).
    public static let alpha = 0.05

    /// The scenario's name.
    public var scenario: String
    /// The summary column shown.
    public var metric: String
    /// Whether the best value is the highest (else the lowest).
    public var higherIsBetter: Bool
    /// The swept parameter's path (`cache.capacity`).
    public var sweepKey: String
    /// Run keys (`policy/in_use`), in the summary's order.
    public var runs: [String]
    /// Run names as legends write them (without `/-`).
    public var names: [String]
    /// The sweep values as written, increasing.
    public var values: [String]
    /// The sweep values as people read them: a byte count as `2 MiB` (``ByteCount``), others as
    /// written; what the grid shows in the terminal and on the pages (`grid.csv` keeps ``values``).
    public var shownValues: [String] = []
    /// Per run, per sweep value: the metric as `summary.csv` writes it ("" where it did not run).
    public var cells: [[String]]
    /// Per sweep value, per run: where the run stands.
    public var standings: [[Standing]]
    /// Per run: the index into ``values`` of its knee, or nil.
    public var knees: [Int?]
    /// Seeds per configuration (1 without seeds).
    public var seeds: Int
    /// Whether some tie rests on too few seeds for any difference to be significant.
    public var tooFewSeeds: Bool
    /// Whether the metric is measured: its standings tested over the repetitions.
    public var measured = false

    /// The grid of `data` by `metric`, or nil without a sweep or when no summary row has a number
    /// in that column.
    init?(_ data: DecisionData, metric: String, higherIsBetter: Bool) {
        guard let sweepKey = data.sweepKey else { return nil }
        let standings = Standings(data, metric: metric, higherIsBetter: higherIsBetter, alpha: Self.alpha)
        self.init(data, metric: metric, higherIsBetter: higherIsBetter, standings: standings, sweepKey: sweepKey)
        guard cells.contains(where: { $0.contains { Double($0) != nil } }) else { return nil }
    }

    /// The grid from standings already computed (the decision's).
    init(_ data: DecisionData, metric: String, higherIsBetter: Bool, standings: Standings, sweepKey: String) {
        scenario = data.scenario
        self.metric = metric
        self.higherIsBetter = higherIsBetter
        self.sweepKey = sweepKey
        runs = data.runs.map(\.key)
        names = data.runs.map(\.name)
        values = data.values
        shownValues =
            ByteCount.isByteSweep(key: sweepKey, columns: data.columns) ? data.values.map(ByteCount.text(cell:)) : data.values
        cells = data.runs.indices.map { run in data.values.indices.map { data.text(metric, .init(run: run, value: $0)) } }
        self.standings = standings.entries.map { $0.map(\.standing) }
        knees = data.runs.indices.map { run in Self.knee(data, metric: metric, run: run, higherIsBetter: higherIsBetter) }
        seeds = data.seedCount
        tooFewSeeds = standings.tooFewSeeds
        measured = data.isMeasured(metric)
    }

    /// The knee of run `run`'s curve of `metric` (``Knee``), as an index into the values.
    static func knee(_ data: DecisionData, metric: String, run: Int, higherIsBetter: Bool) -> Int? {
        let points = data.values.indices.compactMap { value -> (index: Int, x: Double, y: Double)? in
            guard let x = data.sweepNumber(value), let y = data.number(metric, .init(run: run, value: value)) else { return nil }
            return (value, x, y)
        }
        return Knee.index(of: points.map { ($0.x, $0.y) }, higherIsBetter: higherIsBetter).map { points[$0].index }
    }

    /// The decision metric: the goal's first column, else the first plot view's metric.
    static func metric(question: DecisionQuestion?, data: DecisionData) -> String? {
        question?.metric ?? data.plotMetric
    }

    /// Whether a larger `metric` is better: its direction in `columns.csv`; for a neutral column,
    /// the way the goal's condition on it asks (`>=` up, `<=` down); else higher.
    static func higherIsBetter(_ metric: String, columns: ResultColumns, question: DecisionQuestion?) -> Bool {
        switch columns.column(metric)?.direction {
        case .lowerIsBetter: return false
        case .higherIsBetter: return true
        case .neutral, nil: return question?.goal.first { $0.metric == metric }?.direction != .lowerIsBetter
        }
    }

    /// The runs (keys) of `standing` at sweep value index `value`.
    public func runs(_ standing: Standing, at value: Int) -> [String] {
        runs.indices.filter { standings[value][$0] == standing }.map { runs[$0] }
    }

    /// The names of the runs of `standing` at sweep value index `value`.
    public func names(_ standing: Standing, at value: Int) -> [String] {
        runs.indices.filter { standings[value][$0] == standing }.map { names[$0] }
    }

    /// `grid.csv`'s text (see the type's description).
    public func csv() -> String {
        var table = CSVTable(header: [metric] + values + ["knee"])
        for (run, key) in runs.enumerated() {
            table.rows.append((([key] + cells[run]) + [knees[run].map { values[$0] } ?? ""]).map(CSVValue.string))
        }
        for standing in [Standing.best, .tied] {
            table.rows.append(
                ([standing.rawValue] + values.indices.map { runs(standing, at: $0).joined(separator: " ") } + [""]).map(CSVValue.string))
        }
        return table.render()
    }

    /// "higher is better" or "lower is better".
    var directionWords: String { higherIsBetter ? "higher is better" : "lower is better" }

    /// What the marks mean, for the line above a grid: `* best` and, with seeds, `= tied`; with
    /// `knees`, that the last column is each run's knee.
    func legend(best: String, tied: String, knees: Bool) -> String {
        var text = "\(metric) by \(sweepKey) (\(directionWords)); \(best) best"
        let test =
            seeds > 1
            ? "paired Wilcoxon over \(seeds) seeds" + (measured ? ", each seed's median of its repetitions" : "")
            : measured ? "Mann-Whitney over the repetitions" : nil
        if let test {
            text +=
                " (separated from every other run), \(tied) the tied group: not separated from the best median, no best named "
                + "(\(test), Holm within each \(sweepKey), α = \(CSVValue.format(Self.alpha)))"
        } else {
            text += " (several when equal)"
        }
        return text + (knees ? "; knee: where more \(sweepKey) starts to pay less (Kneedle)" : "")
    }
}
