import Models
import Report

/// The table's data source: rows come from the ControllerCache (one `ControllerType` per cell
/// type), headers and footers from the reuse-identifier pool, each request timed and counted.
/// Every controller handed out is configured for what it shows: a row with its type's text, a
/// header or footer with its section's (see ``SupplementaryController``).
///
/// Under policy `none` nothing is reused: rows and headers are instantiated every time.
final class TableSource: TableViewDataSource {
    let spec: TableSpec
    let content: TableContent
    let cache: ControllerCache
    let pool: ReusePool
    let usesPool: Bool
    let cellTypes: [ControllerType]
    private let headerNib: NibDescription?
    private let footerNib: NibDescription?
    private let labelTexts: [String]
    /// Per section: the text its header and its footer show (made once, not per request).
    private let headerTexts: [String]
    private let footerTexts: [String]
    /// The stated device costs charged as controllers are instantiated.
    let deviceCosts: DeviceCostLedger
    /// The device cost of a header's and of a footer's instantiation (nib `cost:`, else the
    /// profile's cost of its reuse id), ns.
    private let headerCost: UInt64?
    private let footerCost: UInt64?

    /// The disclosed section under `disclosure: one_section` (-1: none yet).
    var disclosedSection = -1
    /// Under `disclosure: independent`: which sections are expanded.
    var expandedSections: [Bool] = []

    /// Latency of row requests (ControllerCache) and of header/footer requests (pool), ns.
    var rowLatency = LatencyRecorder()
    var supplementaryLatency = LatencyRecorder()
    /// Header/footer controllers instantiated (pool misses, or every request under `none`).
    var supplementaryInstantiations = 0
    /// Whether requests are being counted (past the warm-up).
    var recording = false

    init(
        spec: TableSpec, content: TableContent, cache: ControllerCache, pool: ReusePool, usesPool: Bool, seed: UInt64 = 0,
        deviceCosts: DeviceCostLedger = DeviceCostLedger(), device: DeviceProfile? = nil
    ) {
        self.spec = spec
        self.deviceCosts = deviceCosts
        self.content = content
        self.cache = cache
        self.pool = pool
        self.usesPool = usesPool
        cellTypes = spec.cells.map { cell in
            let nib = NibDescription(viewCount: cell.nib.views, depth: cell.nib.depth, labelText: cell.nib.label)
            let cost = DeviceProfile.resolve(cell.nib.cost, named: cell.type, in: device)?.nanoseconds
            return ControllerType(name: cell.type, recreationCost: cost.map { Double($0) }) { [deviceCosts] in
                CellController.measuredCreation(cost: cost, charging: deviceCosts) { CellController(nib: nib) }
            }
        }
        headerCost = spec.header.flatMap { DeviceProfile.resolve($0.nib.cost, named: $0.reuseID, in: device)?.nanoseconds }
        footerCost = spec.footer.flatMap { DeviceProfile.resolve($0.nib.cost, named: $0.reuseID, in: device)?.nanoseconds }
        labelTexts = spec.cells.map(\.nib.label)
        headerNib = spec.header.map { NibDescription(viewCount: $0.nib.views, depth: $0.nib.depth, labelText: $0.nib.label) }
        footerNib = spec.footer.map { NibDescription(viewCount: $0.nib.views, depth: $0.nib.depth, labelText: $0.nib.label) }
        let sections = content.rowCounts.indices
        headerTexts = sections.map { "\(spec.header?.nib.label ?? "Header") \($0)" }
        footerTexts = sections.map { "\(spec.footer?.nib.label ?? "Footer") \($0)" }
        if spec.disclosure == .independent {
            expandedSections = Self.initiallyExpanded(sections: content.rowCounts.count, share: spec.expanded ?? 1, seed: seed)
        }
    }

    /// `round(share × sections)` sections expanded, chosen by a seeded shuffle.
    static func initiallyExpanded(sections: Int, share: Double, seed: UInt64) -> [Bool] {
        var order = Array(0..<sections)
        var generator = SeededGenerator(seed: seed).derived(0xE4A1)
        order.shuffle(using: &generator)
        var expanded = Array(repeating: false, count: sections)
        for section in order.prefix(Int(saturating: (share * Double(sections)).rounded())) { expanded[section] = true }
        return expanded
    }

    func numberOfSections(in tableView: TableView) -> Int { content.rowCounts.count }

    func tableView(_ tableView: TableView, numberOfRowsInSection section: Int) -> Int {
        switch spec.disclosure {
        case .all: return content.rowCounts[section]
        case .oneSection: return section == disclosedSection ? content.rowCounts[section] : 0
        case .independent: return expandedSections[section] ? content.rowCounts[section] : 0
        }
    }

    func tableView(_ tableView: TableView, heightForRowAt indexPath: IndexPath) -> Double {
        content.height(section: indexPath.section, row: indexPath.row, cells: spec.cells)
    }

    func tableView(_ tableView: TableView, heightForHeaderInSection section: Int) -> Double {
        spec.header?.height ?? 0
    }

    func tableView(_ tableView: TableView, heightForFooterInSection section: Int) -> Double {
        spec.footer?.height ?? 0
    }

    func tableView(_ tableView: TableView, viewFor item: TableItem) -> View {
        switch item {
        case .row(let path):
            let type = content.rowTypes[path.section][path.row]
            let start = MonotonicClock.now()
            let controller = cache.controller(for: cellTypes[type])
            let view = controller.view
            (controller as? CellController)?.configure(row: path, text: labelTexts[type])
            if recording { InstructionCounter.excluding { rowLatency.record(nanoseconds: MonotonicClock.now() - start) } }
            return view
        case .header(let section):
            return supplementary(
                spec.header?.reuseID ?? "header", nib: headerNib, section: section, text: headerTexts[section],
                cost: headerCost)
        case .footer(let section):
            return supplementary(
                spec.footer?.reuseID ?? "footer", nib: footerNib, section: section, text: footerTexts[section],
                cost: footerCost)
        }
    }

    /// The flyweight seed's `viewForHeaderInSection`: dequeue, else instantiate and register; then
    /// configure it for `section` (timed with the request). An instantiation is charged its
    /// stated device cost (ns).
    private func supplementary(_ reuseIdentifier: String, nib: NibDescription?, section: Int, text: String, cost: UInt64?) -> View {
        let start = MonotonicClock.now()
        let controller: ViewController
        if usesPool, let reused = pool.dequeue(reuseIdentifier: reuseIdentifier) {
            controller = reused
        } else {
            controller = SupplementaryController(nib: nib)
            if let cost { deviceCosts.charge(cost) }
            if usesPool { pool.register(controller, reuseIdentifier: reuseIdentifier) }
            if recording { supplementaryInstantiations += 1 }
        }
        let view = controller.view
        (controller as? SupplementaryController)?.configure(section: section, text: text)
        if recording { InstructionCounter.excluding { supplementaryLatency.record(nanoseconds: MonotonicClock.now() - start) } }
        return view
    }
}

extension TableView: ScrollGeometry {
    var sectionCount: Int { (dataSource?.numberOfSections(in: self)) ?? 0 }
}
