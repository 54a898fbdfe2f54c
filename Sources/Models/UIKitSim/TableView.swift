/// One laid-out element of a table: a section header, a row, or a section footer.
public enum TableItem: Hashable, Sendable {
    case header(section: Int)
    case row(IndexPath)
    case footer(section: Int)
}

/// Supplies a ``TableView`` with its structure and the views for what becomes visible.
public protocol TableViewDataSource: AnyObject {
    func numberOfSections(in tableView: TableView) -> Int
    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int
    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double
    /// Height of the section's header; 0 means no header.
    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double
    /// Height of the section's footer; 0 means no footer.
    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double
    /// The view for an item that is becoming visible.
    func tableView(_ tableView: TableView, viewFor item: TableItem) -> View
    /// Called after an item's view scrolled off and was removed from the table.
    func tableView(_ tableView: TableView, didEndDisplaying view: View, for item: TableItem)
}

extension TableViewDataSource {
    public func tableView(_ tableView: TableView, didEndDisplaying view: View, for item: TableItem) {}
}

/// A simulated `UITableView`: lays out the headers, rows and footers that intersect its viewport
/// as subviews, and removes those that scroll off.
///
/// Layout is computed once per ``reloadData()``; ``layoutSubviews()`` then only diffs the visible
/// range, which is always contiguous in layout order. Items are added top to bottom and removed top
/// to bottom, so the order of data-source calls is deterministic.
public final class TableView: View {
    /// Supplies structure and views.
    @exclusivity(unchecked) public weak var dataSource: TableViewDataSource?
    /// The height of the visible area, in points.
    @exclusivity(unchecked) public var viewportHeight: Double
    /// The scroll position: the content y shown at the top of the viewport, clamped on layout.
    @exclusivity(unchecked) public var contentOffset: Double = 0

    @exclusivity(unchecked) private var items: [TableItem] = []
    @exclusivity(unchecked) private var origins: [Double] = []  // items.count + 1 entries; the last is the content height
    @exclusivity(unchecked) private var sectionStarts: [Int] = []  // index into items of each section's first item
    @exclusivity(unchecked) private var visibleRange: Range<Int> = 0..<0
    @exclusivity(unchecked) private var visibleViews: [View] = []
    @exclusivity(unchecked) private var scratch: [View] = []

    public init(viewportHeight: Double, width: Double = 375) {
        self.viewportHeight = viewportHeight
        super.init(frame: Rect(x: 0, y: 0, width: width, height: viewportHeight))
    }

    /// Total height of all sections.
    public var contentHeight: Double { origins.last ?? 0 }

    /// The largest offset that still fills the viewport.
    public var maximumOffset: Double { max(0, contentHeight - viewportHeight) }

    /// The items currently laid out, top to bottom.
    public var visibleItems: ArraySlice<TableItem> { items[visibleRange] }

    /// The views currently laid out, top to bottom.
    public var visibleItemViews: [View] { visibleViews }

    /// Number of items (headers, rows, footers) in the layout.
    public var itemCount: Int { items.count }

    /// The content y of a section's first item.
    public func offset(ofSection section: Int) -> Double {
        guard section >= 0, section < sectionStarts.count else { return 0 }
        return origins[sectionStarts[section]]
    }

    /// The content y of item number `index` in layout order.
    public func offset(ofItemAt index: Int) -> Double {
        origins[min(max(0, index), origins.count - 1)]
    }

    /// Removes every visible view and recomputes the layout from the data source.
    public func reloadData() {
        removeVisible(in: visibleRange)
        visibleRange = 0..<0
        visibleViews.removeAll(keepingCapacity: true)
        items.removeAll(keepingCapacity: true)
        origins.removeAll(keepingCapacity: true)
        sectionStarts.removeAll(keepingCapacity: true)
        guard let dataSource else {
            origins.append(0)
            return
        }
        var y = 0.0
        for section in 0..<dataSource.numberOfSections(in: self) {
            sectionStarts.append(items.count)
            let headerHeight = dataSource.tableView(self, heightForHeaderInSection: section)
            if headerHeight > 0 {
                items.append(.header(section: section))
                origins.append(y)
                y += headerHeight
            }
            for row in 0..<dataSource.tableView(self, numberOfRowsInSection: section) {
                let path = IndexPath(row: row, section: section)
                items.append(.row(path))
                origins.append(y)
                y += dataSource.tableView(self, heightForRowAt: path)
            }
            let footerHeight = dataSource.tableView(self, heightForFooterInSection: section)
            if footerHeight > 0 {
                items.append(.footer(section: section))
                origins.append(y)
                y += footerHeight
            }
        }
        origins.append(y)
    }

    /// Brings the laid-out views in line with the viewport: removes what scrolled off (top to
    /// bottom), then asks for views of what scrolled on (top to bottom).
    /// - Complexity: O(log *n* + *k*) for *n* items and *k* items entering or leaving.
    public func layoutSubviews() {
        contentOffset = min(max(0, contentOffset), maximumOffset)
        let wanted = rangeIntersecting(top: contentOffset, bottom: contentOffset + viewportHeight)
        if wanted == visibleRange { return }
        let keep = wanted.clamped(to: visibleRange)
        // Remove what left the viewport.
        if keep.isEmpty {
            removeVisible(in: visibleRange)
            visibleViews.removeAll(keepingCapacity: true)
        } else {
            let dropFront = keep.lowerBound - visibleRange.lowerBound
            let dropBack = visibleRange.upperBound - keep.upperBound
            removeVisible(in: visibleRange.lowerBound..<keep.lowerBound)
            removeVisible(in: keep.upperBound..<visibleRange.upperBound)
            visibleViews.removeLast(dropBack)
            visibleViews.removeFirst(dropFront)
        }
        // Add what entered it.
        guard let dataSource else {
            visibleRange = keep.isEmpty ? wanted.lowerBound..<wanted.lowerBound : keep
            return
        }
        // Build the new visible list in a reused buffer: steady scrolling allocates nothing here.
        scratch.removeAll(keepingCapacity: true)
        let frontRange = wanted.lowerBound..<(keep.isEmpty ? wanted.upperBound : keep.lowerBound)
        for index in frontRange {
            scratch.append(display(index, from: dataSource))
        }
        scratch.append(contentsOf: visibleViews)
        if !keep.isEmpty {
            for index in keep.upperBound..<wanted.upperBound {
                scratch.append(display(index, from: dataSource))
            }
        }
        swap(&scratch, &visibleViews)
        visibleRange = wanted
    }

    private func display(_ index: Int, from dataSource: TableViewDataSource) -> View {
        let view = dataSource.tableView(self, viewFor: items[index])
        view.frame = Rect(x: 0, y: origins[index], width: frame.width, height: origins[index + 1] - origins[index])
        addSubview(view)
        return view
    }

    private func removeVisible(in range: Range<Int>) {
        guard !range.isEmpty else { return }
        for index in range {
            let view = visibleViews[index - visibleRange.lowerBound]
            view.removeFromSuperview()
            dataSource?.tableView(self, didEndDisplaying: view, for: items[index])
        }
    }

    /// Items whose extent intersects `[top, bottom)`.
    private func rangeIntersecting(top: Double, bottom: Double) -> Range<Int> {
        guard !items.isEmpty, bottom > top else { return 0..<0 }
        // First item whose bottom edge is below `top`.
        var low = 0
        var high = items.count
        while low < high {
            let mid = (low + high) / 2
            if origins[mid + 1] <= top { low = mid + 1 } else { high = mid }
        }
        let first = low
        var last = first
        while last < items.count, origins[last] < bottom { last += 1 }
        return first..<last
    }
}
