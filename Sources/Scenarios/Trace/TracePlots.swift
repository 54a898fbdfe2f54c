import Report

extension TraceScenario {
    /// The plots of a trace replay: the miss-ratio curve (miss ratio against capacity, every
    /// policy, `optimal` dashed as the bound) and the miss ratio over the trace (cumulative, with
    /// each window's ratio faint behind it).
    public static var plots: [PlotView] {
        [
            PlotView(
                name: "curve", script: "curve.gp", input: .curve, metric: "miss_ratio",
                variables: [PlotVariable("curve_column", "miss_ratio")]),
            PlotView(
                name: "miss_ratio", script: "hit-rate.gp", input: .timeseries, metric: "miss_ratio",
                variables: [
                    PlotVariable("title", "Miss ratio over the trace"), PlotVariable("axis", "miss ratio (misses / requests)"),
                    PlotVariable("hits", "misses"), PlotVariable("lookups", "requests"),
                    PlotVariable("rate", "miss_ratio"), PlotVariable("xaxis", "trace time of the window's last request (s)"),
                ]),
        ]
    }
}
