import Models

/// The table a scenario describes, drawn once from its seed: rows per section and each row's cell
/// type. Identical for every run of the scenario, whatever the policy. A table that lays its rows
/// out (`rows:`, `layout:`) draws nothing: every section has those rows, in order.
struct TableContent: Equatable {
    /// Rows in each section.
    let rowCounts: [Int]
    /// For each section, the index into `table.cells` of each row's cell type.
    let rowTypes: [[Int]]
    /// With a layout: each row's own height (the same in every section), nil where the row keeps
    /// its cell type's; empty for rows drawn by weight.
    let rowHeights: [Double?]

    init(spec: TableSpec, seed: UInt64) {
        if let layout = spec.layoutRows {
            let index = Dictionary(spec.cells.enumerated().map { ($1.type, $0) }, uniquingKeysWith: { first, _ in first })
            let types = layout.map { index[$0.type] ?? 0 }  // validated: every type is a cell's
            rowCounts = Array(repeating: layout.count, count: spec.sections)
            rowTypes = Array(repeating: types, count: spec.sections)
            rowHeights = layout.map(\.height)
            return
        }
        var generator = SeededGenerator(seed: seed).derived(0x7AB1E)
        let bounds = spec.rowsPerSection.bounds
        let weights = spec.cells.map(\.weight)
        let totalWeight = weights.reduce(0, +)
        var counts: [Int] = []
        var types: [[Int]] = []
        for _ in 0..<spec.sections {
            let count = bounds.lowerBound + generator.next(below: bounds.count)
            counts.append(count)
            types.append((0..<count).map { _ in Self.pick(weights: weights, total: totalWeight, using: &generator) })
        }
        rowCounts = counts
        rowTypes = types
        rowHeights = []
    }

    /// The height of `row` in `section`: its own with a layout that gives one, else its type's.
    func height(section: Int, row: Int, cells: [CellSpec]) -> Double {
        if row < rowHeights.count, let height = rowHeights[row] { return height }
        return cells[rowTypes[section][row]].height
    }

    /// A weighted choice: index *i* with probability `weights[i] / total`.
    static func pick(weights: [Double], total: Double, using generator: inout SeededGenerator) -> Int {
        guard weights.count > 1 else { return 0 }
        var draw = generator.nextUnit() * total
        for (index, weight) in weights.enumerated() {
            if draw < weight { return index }
            draw -= weight
        }
        return weights.count - 1
    }
}

/// A cell's controller: loads its nib, shows a row's text in its first label, and clears it when
/// it is about to be reused.
final class CellController: ViewController, HoldsCreationBytes {
    private(set) var shownRow: IndexPath?
    var creationBytes: UInt64 = 0

    /// Shows `row`: writes the row's text into the view tree's first label.
    func configure(row: IndexPath, text: String) {
        shownRow = row
        view.firstLabel?.text = text
    }

    override func willBeReused() {
        shownRow = nil
        viewIfLoaded?.firstLabel?.text = ""
    }

    required init() {
        super.init(nib: nil)
    }

    override init(nib: NibDescription?) {
        super.init(nib: nib)
    }
}

/// A detail screen's controller (`details:`), with the bytes its creation allocated.
final class DetailController: ViewController, HoldsCreationBytes {
    var creationBytes: UInt64 = 0

    required init() {
        super.init(nib: nil)
    }

    override init(nib: NibDescription?) {
        super.init(nib: nib)
    }
}
