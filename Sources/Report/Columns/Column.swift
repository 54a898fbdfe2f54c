/// One column of a result file, described where it is recorded: its name, unit, role,
/// direction, a one-line description, and the views that show it.
///
/// Every results directory carries its columns' descriptions in `columns.csv` (see
/// ``ResultColumns``), so `compare`, `merge`, the index pages and the plots learn what a column
/// means from the results, never from lists of names.
///
/// ```swift
/// static let hits = Column("hits", .count, .count, .higherIsBetter, "requests answered from the cache")
/// ```
public struct Column: Sendable, Equatable {
    /// The CSV header name (snake_case, with its unit where it has one: `latency_p99_ns`).
    public var name: String
    /// What one unit of a value is.
    public var unit: ColumnUnit
    /// Identity (names the run), count (deterministic) or measured (varies between runs).
    public var role: MetricRole
    /// Which way the column gets better (identity columns: neutral).
    public var direction: Direction
    /// One line saying what the column holds.
    public var description: String
    /// The tables and plots that show the column, beyond the CSV file.
    public var views: [ColumnView]

    /// A column description.
    public init(
        _ name: String, _ unit: ColumnUnit, _ role: MetricRole, _ direction: Direction, _ description: String,
        views: [ColumnView] = []
    ) {
        self.name = name
        self.unit = unit
        self.role = role
        self.direction = direction
        self.description = description
        self.views = views
    }

    /// An identity column: names the run or records one of its settings; never compared.
    public static func identity(_ name: String, _ unit: ColumnUnit, _ description: String, views: [ColumnView] = []) -> Column {
        Column(name, unit, .identity, .neutral, description, views: views)
    }

    /// A deterministic count (same file and seed give the same value).
    public static func count(
        _ name: String, _ direction: Direction, _ description: String, unit: ColumnUnit = .count, views: [ColumnView] = []
    ) -> Column {
        Column(name, unit, .count, direction, description, views: views)
    }

    /// A measured figure (varies between runs and machines; compared with a tolerance).
    public static func measured(
        _ name: String, _ unit: ColumnUnit, _ direction: Direction, _ description: String, views: [ColumnView] = []
    ) -> Column {
        Column(name, unit, .measured, direction, description, views: views)
    }

    /// The column shown in `more` views too.
    public func shown(in more: ColumnView...) -> Column {
        var copy = self
        copy.views += more
        return copy
    }
}

/// The unit of a column's values, as `columns.csv` writes it.
public enum ColumnUnit: String, Sendable, Equatable, CaseIterable {
    /// Free text (names, labels).
    case text
    /// `true` or `false`.
    case flag
    /// A whole number counting events or items.
    case count
    /// A fraction from 0 to 1.
    case ratio
    /// Seconds.
    case seconds = "s"
    /// Nanoseconds.
    case nanoseconds = "ns"
    /// Bytes.
    case bytes
    /// Events per second.
    case perSecond = "per_s"
    /// A number without a unit (a seed, an index, a swept value).
    case number
}

/// Where, beyond its CSV file, a column is shown. Report draws and tabulates from these, so a
/// kind chooses its plots and tables by marking its columns.
public enum ColumnView: String, Sendable, Equatable, CaseIterable {
    /// The stdout table after a run and the index page's summary excerpt (summary columns, in
    /// declaration order).
    case table
    /// The per-run bars of what a miss costs (`<column>.png`; one summary column per kind).
    case bars
    /// Hit rate over time (a timeseries column: the interval's hit rate).
    case hitRate = "hit_rate"
    /// Reads and writes per second per run and over time (`throughput.png`).
    case throughput
    /// What the model holds over time (`resident.png`).
    case resident
    /// The summary column plotted against a swept value (`sweep.png`).
    case sweep
    /// The summary column as a curve against the swept value, one line per policy
    /// (`curve.png`, by `curve.gp`): drawn instead of `sweep.png` (a trace's miss-ratio curve).
    case curve
}

extension Array where Element == Column {
    /// The columns, those called one of `names` shown in `view` too.
    public func showing(_ names: Set<String>, in view: ColumnView) -> [Column] {
        map { names.contains($0.name) ? $0.shown(in: view) : $0 }
    }
}
