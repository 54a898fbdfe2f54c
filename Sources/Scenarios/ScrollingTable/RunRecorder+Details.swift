import Models
import Report

// The summary columns of detail screens (`push` / `present` steps) and of the in-use conditions
// evictions found, kept apart from the table's own columns.
extension RunRecorder {
    /// The summary's last columns, in this order (declared here, appended below).
    static let detailColumns: [Column] = [
        .count("details_pushed", .neutral, "detail controllers pushed by push steps"),
        .count("details_presented", .neutral, "detail controllers presented by present steps"),
        .count(
            "in_use_by_superview", .neutral,
            "in-use controllers found in evicted entries whose view had a superview (rows, pushed details)"),
        .count("in_use_by_parent", .neutral, "in-use controllers found in evicted entries that had a parent controller"),
        .count(
            "in_use_by_presenting", .neutral,
            "in-use controllers found in evicted entries that were presented (present steps)"),
        .count(
            "in_use_by_navigation", .neutral,
            "in-use controllers found in evicted entries on a navigation stack (push steps)"),
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
