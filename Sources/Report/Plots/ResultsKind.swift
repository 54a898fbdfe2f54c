/// The scenario kind of a results directory, recognised by the columns of its `summary.csv`
/// (the files carry no kind column).
enum ResultsKind: String, Equatable, Sendable {
    /// A scrolling table: `hit_rate`, `instantiations`, `cached_controllers`, ...
    case scrollingTable = "scrolling-table"
    /// A navigation session: `view_cache_hits`, `creations`, `resident_controllers`, ...
    case navigation = "navigation"

    /// The kind whose summary has these columns, or nil when none matches.
    init?(summaryHeader header: [String]) {
        if header.contains("view_cache_hits") {
            self = .navigation
        } else if header.contains("hit_rate") {
            self = .scrollingTable
        } else {
            return nil
        }
    }

    /// The summary column of the run's hit rate.
    var hitRateColumn: String {
        switch self {
        case .scrollingTable: "hit_rate"
        case .navigation: "view_cache_hit_rate"
        }
    }

    /// The summary column counting controllers created.
    var creationsColumn: String {
        switch self {
        case .scrollingTable: "instantiations"
        case .navigation: "creations"
        }
    }
}
