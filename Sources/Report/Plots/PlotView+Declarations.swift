/// The plot views a kind declares, one builder per generic script. Each takes the kind's
/// columns, from which it reads the units of the columns it draws (a count axis ticks whole
/// numbers, a ratio runs from 0 to 1, rates read 250k).
extension PlotView {
    /// One value per run drawn as a bar, on the left or the right axis; over time, one panel.
    public struct Series: Sendable, Equatable {
        /// The column, in `summary.csv` (and `timeseries.csv`, over time).
        public var column: String
        /// Its name in the legend.
        public var title: String
        /// Its axis label.
        public var label: String
        /// The title of its panel over time (throughput).
        public var panel: String?
        /// Values are divided by it: 1024 for KiB, 1048576 for MiB.
        public var scale: Int

        public init(_ column: String, title: String, label: String, panel: String? = nil, scale: Int = 1) {
            self.column = column
            self.title = title
            self.label = label
            self.panel = panel
            self.scale = scale
        }
    }

    /// A panel of a plot over time or of a sweep: its columns drawn as one line per run each.
    public struct Panel: Sendable, Equatable {
        public var title: String
        public var label: String
        /// The columns: the first solid, the others dashed.
        public var columns: [String]
        /// With several columns, each one's name in the legend.
        public var names: [String]
        /// Values are divided by it: 1024 for KiB.
        public var scale: Int

        public init(_ title: String, label: String, columns: [String], names: [String] = [], scale: Int = 1) {
            self.title = title
            self.label = label
            self.columns = columns
            self.names = names
            self.scale = scale
        }
    }

    /// Events of a timeseries count column marked on plots over time (app restarts).
    public struct Events: Sendable, Equatable {
        public var column: String
        public var title: String

        public init(_ column: String, title: String) {
            self.column = column
            self.title = title
        }
    }

    /// Hit rate over time (`hit_rate`, hit-rate.gp): the cumulative rate of each run over its
    /// faint per-interval rate.
    ///
    /// - Parameters:
    ///   - axis: The y label ("hit rate (hits / requests)").
    ///   - hits: Timeseries columns summed into an interval's hits; with `lookups`, the
    ///     cumulative rate is their sums' ratio.
    ///   - rate: The interval's rate column; default hits / lookups. Without hits and lookups,
    ///     the cumulative rate is the mean of the interval rates so far.
    ///   - metric: The summary column ranking runs.
    ///   - overlapping: Runs often draw the same line: narrower, dashed lines one over another.
    public static func hitRate(
        axis: String, hits: [String] = [], lookups: [String] = [], rate: String? = nil, metric: String,
        events: Events? = nil, overlapping: Bool = false
    ) -> PlotView {
        var variables = [PlotVariable("title", "Hit rate over time"), PlotVariable("axis", axis)]
        if !hits.isEmpty {
            variables += [PlotVariable("hits", hits.joined(separator: " ")), PlotVariable("lookups", lookups.joined(separator: " "))]
        }
        if let rate {
            variables.append(PlotVariable("rate", rate))
        }
        return PlotView(
            name: "hit_rate", script: "hit-rate.gp", input: .timeseries, metric: metric,
            variables: variables + common(events: events, overlapping: overlapping))
    }

    /// What each run paid, as bars of `left` (and `right`, on the right axis) per run
    /// (bars.gp), in file `<name>`.
    ///
    /// - Parameter values: Print each bar's value above it (bars too different to read).
    public static func bars(
        _ name: String, title: String, left: Series, right: Series? = nil, values: Bool = false, columns: ResultColumns
    ) -> PlotView {
        var variables = [PlotVariable("title", title)] + side("left", left, columns)
        if let right {
            variables += side("right", right, columns)
        }
        if values {
            variables.append(PlotVariable("values", 1))
        }
        return PlotView(name: name, script: "bars.gp", input: .summary, metric: left.column, variables: variables)
    }

    /// Two rates per run as bars, then each over time in a panel of its own (throughput.gp).
    ///
    /// - Parameters:
    ///   - note: What the bars count, under the title.
    ///   - runsNamed: What a run is called on the x axis ("store design").
    public static func rates(
        _ name: String, title: String, note: String, left: Series, right: Series, runsNamed: String? = nil,
        metric: String? = nil, columns: ResultColumns
    ) -> PlotView {
        var variables = [PlotVariable("title", title), PlotVariable("note", note)]
        for (prefix, series) in [("left", left), ("right", right)] {
            variables += [
                PlotVariable(prefix, series.column), PlotVariable("\(prefix)_title", series.title),
                PlotVariable("\(prefix)_label", series.label), PlotVariable("\(prefix)_panel", series.panel ?? series.label),
                PlotVariable("\(prefix)_unit", unit(of: series.column, in: .summary, columns)),
            ]
        }
        if let runsNamed {
            variables.append(PlotVariable("runs_named", runsNamed))
        }
        return PlotView(
            name: name, script: "throughput.gp", input: .summaryAndTimeseries, metric: metric ?? left.column,
            variables: variables)
    }

    /// Quantities over time, a panel each (resident.gp), in file `<name>`.
    ///
    /// - Parameter xlabel: The x label; default virtual time.
    public static func overTime(
        _ name: String, title: String, panels: [Panel], metric: String, xlabel: String? = nil, events: Events? = nil,
        overlapping: Bool = false, columns: ResultColumns
    ) -> PlotView {
        var variables = [PlotVariable("title", title)] + self.panels(panels, file: .timeseries, columns: columns)
        if let xlabel {
            variables.append(PlotVariable("xlabel", xlabel))
        }
        return PlotView(
            name: name, script: "resident.gp", input: .timeseries, metric: metric,
            variables: variables + common(events: events, overlapping: overlapping))
    }

    /// Summary columns against the swept value, a panel each (sweep.gp); drawn for sweeps only.
    public static func sweep(_ panels: [Panel], metric: String, columns: ResultColumns) -> PlotView {
        PlotView(
            name: "sweep", script: "sweep.gp", input: .sweep, metric: metric,
            variables: self.panels(panels, file: .summary, columns: columns))
    }

    /// The latency percentile spectrum, a panel per operation of `latency.csv` (latency.gp), each
    /// run's line on the band of its repetitions' spread (``SharedColumns/spectrumLow`` to
    /// ``SharedColumns/spectrumHigh``).
    public static let latency = PlotView(
        name: "latency", script: "latency.gp", input: .latency,
        variables: [PlotVariable("band_low", SharedColumns.spectrumLow), PlotVariable("band_high", SharedColumns.spectrumHigh)])

    // MARK: - Variables

    private static func common(events: Events?, overlapping: Bool) -> [PlotVariable] {
        var variables: [PlotVariable] = []
        if let events {
            variables += [PlotVariable("event_column", events.column), PlotVariable("event_title", events.title)]
        }
        if overlapping {
            variables.append(PlotVariable("overlap", 1))
        }
        return variables
    }

    private static func side(_ prefix: String, _ series: Series, _ columns: ResultColumns) -> [PlotVariable] {
        [
            PlotVariable(prefix, series.column), PlotVariable("\(prefix)_title", series.title),
            PlotVariable("\(prefix)_label", series.label), PlotVariable("\(prefix)_scale", series.scale),
            PlotVariable("\(prefix)_unit", unit(of: series.column, in: .summary, columns)),
        ]
    }

    private static func panels(_ panels: [Panel], file: ResultFile, columns: ResultColumns) -> [PlotVariable] {
        var variables = [PlotVariable("panels", panels.count)]
        for (index, panel) in panels.enumerated() {
            let prefix = "panel\(index + 1)"
            variables += [
                PlotVariable("\(prefix)_title", panel.title), PlotVariable("\(prefix)_label", panel.label),
                PlotVariable(file == .summary ? "\(prefix)_column" : "\(prefix)_columns", panel.columns.joined(separator: " ")),
                PlotVariable("\(prefix)_unit", unit(of: panel.columns.first ?? "", in: file, columns)),
            ]
            if !panel.names.isEmpty {
                variables.append(
                    PlotVariable("\(prefix)_names", panel.names.map { $0.contains(" ") ? "\"\($0)\"" : $0 }.joined(separator: " ")))
            }
            if panel.scale != 1 {
                variables.append(PlotVariable("\(prefix)_scale", panel.scale))
            }
        }
        return variables
    }

    /// The unit of `column` in `file` as `columns.csv` writes it; `number` when undeclared.
    /// Bytes divided by a scale are drawn as plain numbers.
    private static func unit(of column: String, in file: ResultFile, _ columns: ResultColumns) -> String {
        (columns.column(column, in: file)?.unit ?? .number).rawValue
    }

    // MARK: - Defaults

    /// The plots of a kind that declares none, from the views its columns are marked with: the
    /// hit rate over time (a timeseries column marked ``ColumnView/hitRate``: the interval's
    /// rate), bars of the summary column marked ``ColumnView/bars``, throughput (the first two
    /// columns marked ``ColumnView/throughput``), one panel over time per timeseries column
    /// marked ``ColumnView/resident``, the latency spectrum, and a sweep of the bars and
    /// table-marked ratio columns.
    public static func defaults(for columns: ResultColumns) -> [PlotView] {
        var views: [PlotView] = []
        let ratio = columns.summary.first { $0.unit == .ratio && $0.role != .identity }?.name
        if let rate = columns.columns(of: .timeseries, shownIn: .hitRate).first {
            views.append(.hitRate(axis: rate.description, rate: rate.name, metric: ratio ?? rate.name))
        }
        let bars = columns.columns(of: .summary, shownIn: .bars).first
        if let bars {
            views.append(
                .bars(
                    bars.name, title: "\(bars.name) per run", left: Series(bars.name, title: bars.name, label: bars.description),
                    columns: columns))
        }
        let rates = columns.columns(of: .summary, shownIn: .throughput)
        if rates.count >= 2 {
            let series = rates.prefix(2).map { Series($0.name, title: $0.name, label: $0.description) }
            views.append(.rates("throughput", title: "Per run", note: "", left: series[0], right: series[1], columns: columns))
        }
        let resident = columns.columns(of: .timeseries, shownIn: .resident)
        if !resident.isEmpty {
            views.append(
                .overTime(
                    "resident", title: "Over time",
                    panels: resident.map { Panel($0.name, label: $0.description, columns: [$0.name]) },
                    metric: ratio ?? bars?.name ?? resident[0].name, columns: columns))
        }
        if !columns.latency.isEmpty {
            views.append(.latency)
        }
        let swept = [ratio, bars?.name].compactMap { $0 }
        if !swept.isEmpty {
            views.append(
                .sweep(
                    swept.map { Panel($0, label: columns.column($0)?.description ?? $0, columns: [$0]) }, metric: swept[0], columns: columns
                ))
        }
        return views
    }
}
