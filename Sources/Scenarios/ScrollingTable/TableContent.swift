import Models

/// The table a scenario describes, drawn once from its seed: rows per section and each row's cell
/// type. Identical for every run of the scenario, whatever the policy.
struct TableContent: Equatable {
    /// Rows in each section.
    let rowCounts: [Int]
    /// For each section, the index into `table.cells` of each row's cell type.
    let rowTypes: [[Int]]

    init(spec: TableSpec, seed: UInt64) {
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
