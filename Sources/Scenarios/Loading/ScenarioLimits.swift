/// The ranges a scenario file's numbers must fall in, beyond their own rules (> 0, <= views ...).
///
/// Each bound keeps a valid file runnable: durations fit every conversion they go through (to
/// nanoseconds in a `UInt64`, to frames in an `Int`), sizes fit in memory, and the events a run
/// schedules (timeseries samples, memory-pressure notifications) stay countable. The format
/// reference (`workbench keys`, docs/kinds/) quotes these numbers; so does each error.
public enum ScenarioLimits {
    /// The longest duration any key accepts, in seconds (about 31.7 years). Warm-up plus duration
    /// in nanoseconds (2e18) stays below `UInt64.max` (1.8e19), and in frames at 120 Hz (2.4e11)
    /// below `Int.max`.
    public static let maxSeconds: Double = 1e9
    /// The shortest duration other than 0 (1 ns): a time divided by it (2e9 / 1e-9 = 2e18) still
    /// fits in an `Int`.
    public static let minSeconds: Double = 1e-9
    /// At most this many timeseries samples per run ((warmup + duration) / sample_interval), and
    /// as many memory-pressure notifications per run, all entries together.
    public static let maxEventsPerRun = 1_000_000
    /// `table.sections`.
    public static let sections = 1...100_000
    /// Each bound of `table.rows_per_section`.
    public static let rowsPerSection = 0...100_000
    /// `sections` × the largest `rows_per_section`: the rows the table holds.
    public static let maxTableRows = 1_000_000
    /// A nib's `views` (each view is built for real whenever a view loads).
    public static let nibViews = 1...100_000
    /// A drawing view's `count` (instances on screen).
    public static let drawnViewCount = 1...1_000
    /// A saved-state payload's `entries` and `bytes`, and their product (bytes every intent carries).
    public static let stateEntries = 0...10_000
    public static let stateBytes = 0...65_536
    public static let maxStateBytesTotal = 1_048_576
    /// Repetition counts of script steps (`count`, `cycles`).
    public static let stepCount = 1...1_000_000
    /// `user.deep_links`: at most this many sources.
    public static let deepLinkSources = 100
    /// A parallel-readers thread's `operations` (closed loop): at some millions of operations
    /// per second, a run of at most a minute or so per thread; `--max-duration` does not shorten it.
    public static let operationsPerThread = 1...100_000_000
    /// The longest scenario `name` (it names a directory; file systems allow 255 bytes).
    public static let maxNameLength = 100
    /// `repeat` and `--repeat`: repetitions of each run (100 gives a median's confidence interval
    /// from the 40th to the 61st value; more only multiplies the time).
    public static let repetitions = 1...100
    /// Workload seeds per run (`seeds:`, `--seeds`).
    public static let seeds = 1...1000
    /// The YAML nodes (scalars, lists, mappings) a file may hold with every alias and merge key
    /// expanded, each alias counting as the whole node it names: about 25 times the largest
    /// shipped scenario (379), and still decoded in about a second by a debug build. Device
    /// profile files and `--set` values are bounded alike.
    public static let maxYAMLNodes = 10_000
    /// The levels of lists and mappings nested in one another, aliases and merge keys expanded
    /// (a scenario needs less than ten).
    public static let maxYAMLDepth = 64
}

extension ClosedRange where Bound == Int {
    /// `must be between 1 and 100000`.
    var requirement: String {
        "must be between \(lowerBound) and \(upperBound)"
    }
}

extension Fields {
    /// Throws `<path> must be between a and b (found x)` unless `range` holds `value`.
    func check(_ key: String, _ value: Int, in range: ClosedRange<Int>) throws {
        try check(key, range.contains(value), range.requirement)
    }
}
