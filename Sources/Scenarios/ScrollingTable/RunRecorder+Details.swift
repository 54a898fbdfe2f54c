import Models
import Report

// The summary columns of detail screens (`push` / `present` steps) and of the in-use conditions
// evictions found, kept apart from the table's own columns.
extension RunRecorder {
    /// Appended to ``summaryColumns``, in this order.
    static let detailColumns = [
        "details_pushed",
        "details_presented",
        "in_use_by_superview",
        "in_use_by_parent",
        "in_use_by_presenting",
        "in_use_by_navigation",
    ]

    /// Appends ``detailColumns`` to the summary row.
    func appendDetailColumns(to row: inout ResultRow, stats: ControllerCacheStatistics, details: DetailScreens) {
        row.append("details_pushed", .int(details.pushed))
        row.append("details_presented", .int(details.presented))
        row.append("in_use_by_superview", .int(stats.inUseBySuperview))
        row.append("in_use_by_parent", .int(stats.inUseByParent))
        row.append("in_use_by_presenting", .int(stats.inUseByPresenting))
        row.append("in_use_by_navigation", .int(stats.inUseByNavigation))
    }
}
