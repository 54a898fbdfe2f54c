// The `scrolling-table` scenario kind: a table view with reusable cells scrolled by a script,
// its cells' controllers kept in a cache under test. Types and validation only; the driver
// that runs it lives elsewhere.

/// `kind: scrolling-table`. Top-level keys: `ScenarioHeader.keys` + `table`, `details`, `scroll`,
/// `cache`.
public struct ScrollingTableScenario: DeclaredMapping, Equatable, Sendable {
    public var header: ScenarioHeader
    public var table: TableSpec
    /// The detail screens `push` and `present` steps open; required (non-empty) by those steps.
    public var details: [DetailSpec]
    public var scroll: [ScrollStep]
    public var cache: CacheSpec
    /// Named device costs (`device:`); nil when the file gives none.
    public var device: DeviceProfile?

    public init(
        header: ScenarioHeader, table: TableSpec, details: [DetailSpec] = ScenarioDefaults.details,
        scroll: [ScrollStep], cache: CacheSpec
    ) {
        self.header = header
        self.table = table
        self.details = details
        self.scroll = scroll
        self.cache = cache
    }

    /// This kind's own top-level keys (besides the header's).
    public static var keys: [String] { schema.keyNames.filter { !ScenarioHeader.keys.contains($0) } }

    public static var blank: Self {
        Self(header: .blank, table: .blank, scroll: [], cache: .blank)
    }

    public static var schema: Schema<Self> {
        Schema([
            .header(\.header, of: .scrollingTable),
            .required("table", \.table, "The table's shape and its reusable views."),
            .optional(
                "details", \.details, default: ScenarioDefaults.details, shown: "[]",
                "The detail screens that push and present steps open.", omitWhen: \.isEmpty,
                .check("types unique, and not a cell type's name") { details, scenario, f, _ in
                    try checkDetailTypes(details, cells: scenario.table.cells, fields: f)
                }),
            .required(
                "scroll", \.scroll, "The script: steps run in order, each for its own length.",
                .must("must have at least one step") { !$0.isEmpty }),
            .required("cache", \.cache, "The controller cache under test."),
            .device(\.device, kinds: deviceKinds),
            .deviceNames(\.device, kinds: deviceKinds, sized: { $0.deviceSizedNames }) { $0.deviceNames },
            .rule("expectations name runs and metrics of this scenario") { scenario, f in
                try scenario.header.expect.validate(
                    policies: scenario.cache.policies, modes: scenario.cache.inUse, metrics: summaryColumns, fields: f)
            },
            .rule("remove_from_cache and remove_controller name a cell or detail type; push and present need details") { scenario, f in
                try scenario.checkSteps(f)
            },
        ])
    }

    /// What a `device:` profile's names may be.
    static let deviceKinds = "cell type, detail type or header/footer reuse_id"

    /// The names a `device:` profile may price: cell and detail types, header and footer reuse ids.
    var deviceNames: [String] {
        table.cells.map(\.type) + details.map(\.type) + [table.header?.reuseID, table.footer?.reuseID].compactMap { $0 }
    }

    /// The names a `device:` profile may size (`bytes:`): the controllers the cache holds, cell
    /// and detail types.
    var deviceSizedNames: [String] {
        table.cells.map(\.type) + details.map(\.type)
    }

    /// remove_from_cache and remove_controller must name a cell or detail type; push and present
    /// need details.
    private func checkSteps(_ f: Fields) throws {
        let types = table.cells.map(\.type) + details.map(\.type)
        for (index, step) in scroll.enumerated() {
            let stepPath = f.path("scroll") + [AnyCodingKey(index: index)]
            switch step {
            case .removeFromCache(.cellType(let name)) where !types.contains(name):
                let (noun, lists) = details.isEmpty ? ("cell type", "table.cells") : ("type", "table.cells or details")
                throw SchemaViolation(
                    .invalid("unknown \(noun) '\(name)' (expected 'all' or a type from \(lists): \(types.joined(separator: ", ")))"),
                    at: stepPath + [AnyCodingKey(ScrollStep.union.formName(of: step) ?? "")])
            case .removeController(let name) where !types.contains(name):
                let (noun, lists) = details.isEmpty ? ("cell type", "table.cells") : ("type", "table.cells or details")
                throw SchemaViolation(
                    .invalid("unknown \(noun) '\(name)' (expected a type from \(lists): \(types.joined(separator: ", ")))"),
                    at: stepPath + [AnyCodingKey(ScrollStep.union.formName(of: step) ?? "")])
            case .push where details.isEmpty, .present where details.isEmpty:
                let name = ScrollStep.union.formName(of: step) ?? ""
                throw SchemaViolation(
                    .invalid("a \(name) step opens a detail screen: list their types in a top-level 'details:' list"),
                    at: stepPath + [AnyCodingKey(name)])
            default:
                break
            }
        }
    }

    /// Detail types must not repeat, nor reuse a cell type's name (one cache, one name each).
    private static func checkDetailTypes(_ details: [DetailSpec], cells: [CellSpec], fields f: Fields) throws {
        var firstUse: [String: String] = [:]
        for (index, cell) in cells.enumerated() { firstUse[cell.type] = "table.cells[\(index)]" }
        for (index, detail) in details.enumerated() {
            if let first = firstUse[detail.type] {
                throw SchemaViolation(
                    .invalid("duplicate type '\(detail.type)' (already used by \(first))"),
                    at: f.path("details") + [AnyCodingKey(index: index), AnyCodingKey("type")])
            }
            firstUse[detail.type] = "details[\(index)]"
        }
    }
}

// MARK: - table

/// How rows are shown.
public enum Disclosure: String, CaseIterable, Codable, Sendable, SchemaChoice {
    /// Every section's rows are shown.
    case all
    /// Only the tapped section's rows are shown (a collapsible-sections table).
    case oneSection = "one_section"
    /// Each section is expanded or collapsed on its own: a tap on a header toggles that section;
    /// `expanded` says which share of the sections starts expanded.
    case independent

    static var choiceNoun: String { "disclosure mode" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `table:` — the table's shape and its reusable views.
public struct TableSpec: DeclaredMapping, Equatable, Sendable {
    /// In `ScenarioLimits.sections`.
    public var sections: Int
    public var rowsPerSection: RowsPerSection
    /// Points, > 0.
    public var viewportHeight: Double
    /// 60 or 120.
    public var refreshHz: Int
    public var disclosure: Disclosure
    /// Under `disclosure: independent`: the share of sections expanded at the start, in [0, 1]
    /// (which ones: drawn with the seed); nil means every section.
    public var expanded: Double?
    public var header: SupplementaryViewSpec?
    public var footer: SupplementaryViewSpec?
    /// At least one; `type` names are unique.
    public var cells: [CellSpec]
    /// `rows:`: every section's rows in order (weights ignored); nil: rows drawn by weight, or
    /// from `layout`.
    public var rows: [LayoutItem]?
    /// `layout:`: every section's rows from a CSV file (weights ignored); nil: rows drawn by
    /// weight, or from `rows`.
    public var layout: LayoutFile?

    public init(
        sections: Int,
        rowsPerSection: RowsPerSection,
        viewportHeight: Double = ScenarioDefaults.viewportHeight,
        refreshHz: Int = ScenarioDefaults.refreshHz,
        disclosure: Disclosure = ScenarioDefaults.disclosure,
        header: SupplementaryViewSpec? = nil,
        footer: SupplementaryViewSpec? = nil,
        cells: [CellSpec],
        rows: [LayoutItem]? = nil
    ) {
        self.sections = sections
        self.rowsPerSection = rowsPerSection
        self.viewportHeight = viewportHeight
        self.refreshHz = refreshHz
        self.disclosure = disclosure
        self.header = header
        self.footer = footer
        self.cells = cells
        self.rows = rows
        if let rows { self.rowsPerSection = .fixed(LayoutItem.count(rows)) }
    }

    public static let refreshRates = [60, 120]

    public static var blank: TableSpec { TableSpec(sections: 0, rowsPerSection: .fixed(0), cells: []) }

    public static var schema: Schema<TableSpec> {
        Schema([
            .required("sections", \.sections, "How many sections the table has.", example: "4", .within(ScenarioLimits.sections)),
            .custom(
                [
                    .key(
                        "rows_per_section", RowsPerSection.self, .optional("required unless rows: or layout: gives the rows"),
                        "Rows in each section: a fixed count, or a [min, max] range drawn per section with the seed; each row's cell type drawn by weight.",
                        example: "[5, 40]",
                        rules: [
                            "gives at most \(ScenarioLimits.maxTableRows) rows (sections × max)",
                            "exactly one of rows_per_section, rows and layout",
                        ]),
                    .key(
                        "rows", [LayoutItem].self, .optional("rows drawn by weight (rows_per_section)"),
                        "Every section's rows in order, instead of rows_per_section: cell types, {type, height} for a row of its own height, {repeat: [rows], times} blocks (nested). Weights are ignored.",
                        example: "[hero, {repeat: [product, product, product, product, ad], times: 60}]",
                        rules: [
                            "must list at least one row", "times between \(LayoutItem.times.lowerBound) and \(LayoutItem.times.upperBound)",
                            "at most \(ScenarioLimits.rowsPerSection.upperBound) rows, sections × rows at most \(ScenarioLimits.maxTableRows)",
                            "each type is one of cells",
                        ]),
                    .key(
                        "layout", LayoutFile.self, .optional("rows drawn by weight (rows_per_section)"),
                        "Every section's rows in order from a CSV file (path relative to this file): a header type or type,height, then one line per row; an empty height keeps the type's. Weights are ignored. scenario.yaml carries the rows inline ({csv: text}).",
                        example: "layouts/product-grid.csv",
                        rules: [
                            "at least one row",
                            "at most \(ScenarioLimits.rowsPerSection.upperBound) rows, sections × rows at most \(ScenarioLimits.maxTableRows)",
                            "each type is one of cells", "each height > 0",
                        ]),
                ],
                decode: { table, f in try table.decodeRows(f) },
                encode: { table, container in
                    if let rows = table.rows {
                        try container.encode(rows, for: "rows")
                    } else if let layout = table.layout {
                        try container.encode(layout, for: "layout")
                    } else {
                        try container.encode(table.rowsPerSection, for: "rows_per_section")
                    }
                }),
            .optional(
                "viewport_height", \.viewportHeight, default: ScenarioDefaults.viewportHeight,
                "The visible height, in points.", .must("must be > 0") { $0 > 0 }),
            .optional(
                "refresh_hz", \.refreshHz, default: ScenarioDefaults.refreshHz, "Frames per second of the display.",
                .must("must be \(refreshRates.map(String.init).joined(separator: " or "))") { refreshRates.contains($0) }),
            .optional(
                "disclosure", \.disclosure, default: ScenarioDefaults.disclosure,
                "Which sections' rows are shown: all; only the tapped section's (one_section); or each section's own state, toggled by a tap (independent)."
            ),
            .optional(
                "expanded", \.expanded, absent: "every section starts expanded",
                "With disclosure independent: the share of sections expanded at the start; which ones is drawn with the seed.",
                example: "0.9", .must("must be a share between 0 and 1") { $0 >= 0 && $0 <= 1 }),
            .rule("expanded is given only with disclosure: independent") { table, f in
                if table.expanded != nil, table.disclosure != .independent {
                    throw f.invalid("expanded", "applies to disclosure: independent (this table's is \(table.disclosure.rawValue))")
                }
            },
            .optional("header", \.header, absent: "no section headers", "Each section's header view."),
            .optional("footer", \.footer, absent: "no section footers", "Each section's footer view."),
            .required(
                "cells", \.cells, "The cell types; without rows: or layout:, rows pick one at random in proportion to its weight.",
                .must("must list at least one cell type") { !$0.isEmpty },
                .check("type names unique") { cells, _, f, key in
                    var firstIndex: [String: Int] = [:]
                    for (index, cell) in cells.enumerated() {
                        if let first = firstIndex[cell.type] {
                            throw SchemaViolation(
                                .invalid("duplicate cell type '\(cell.type)' (already used by cells[\(first)])"),
                                at: f.path(key) + [AnyCodingKey(index: index), AnyCodingKey("type")])
                        }
                        firstIndex[cell.type] = index
                    }
                }),
            .rule("each row of rows or layout names a cell type of cells") { table, f in try table.checkLayoutTypes(f) },
        ])
    }

    /// Reads `rows_per_section`, `rows` or `layout` (exactly one): the rows of each section. With
    /// `rows` or `layout`, `rowsPerSection` is their count.
    private mutating func decodeRows(_ f: Fields) throws {
        let keys = ["rows_per_section", "rows", "layout"]
        let given = try keys.filter { try f.isPresent($0) }
        guard let first = given.first else { throw SchemaViolation.missingKey("rows_per_section", in: f.codingPath) }
        if given.count > 1 {
            throw SchemaViolation(
                .invalid("\(given[1]) and \(first) both give the rows; keep one"), at: f.path(given[1]), target: .key)
        }
        let maxRows = ScenarioLimits.rowsPerSection.upperBound
        func checkCount(_ key: String, _ count: Int) throws {
            try f.check(key, count <= maxRows, "gives \(count) rows per section; at most \(maxRows)")
            try f.check(
                key, sections * count <= ScenarioLimits.maxTableRows,  // both bounded: no overflow
                "gives \(sections * count) rows (sections × rows); at most \(ScenarioLimits.maxTableRows)")
        }
        rows = nil
        layout = nil
        switch first {
        case "rows":
            let items: [LayoutItem] = try f.required("rows")
            try f.check("rows", !items.isEmpty, "must list at least one row")
            let count = LayoutItem.count(items)
            try checkCount("rows", count)
            rows = items
            rowsPerSection = .fixed(count)
        case "layout":
            let file: LayoutFile = try f.required("layout")
            try checkCount("layout", file.rows.count)
            layout = file
            rowsPerSection = .fixed(file.rows.count)
        default:
            let counts: RowsPerSection = try f.required("rows_per_section")
            try f.check(
                "rows_per_section", sections * counts.bounds.upperBound <= ScenarioLimits.maxTableRows,  // both bounded: no overflow
                "gives up to \(sections * counts.bounds.upperBound) rows (sections × max); at most \(ScenarioLimits.maxTableRows)")
            rowsPerSection = counts
        }
    }
}

/// `rows_per_section:` — a fixed count (`20`) or an inclusive range (`[5, 40]`), drawn per
/// section with the scenario's seed.
public enum RowsPerSection: Codable, Equatable, Sendable {
    /// >= 0
    case fixed(Int)
    /// `0 <= lowerBound <= upperBound`
    case range(ClosedRange<Int>)

    /// The possible counts (`n...n` for a fixed count).
    public var bounds: ClosedRange<Int> {
        switch self {
        case .fixed(let count): count...count
        case .range(let range): range
        }
    }

    static let expectation = schemaDescription

    public init(from decoder: Decoder) throws {
        if var list = try? decoder.unkeyedContainer() {
            let count = list.count ?? 0
            guard count == 2 else {
                throw SchemaViolation(
                    .invalid("expected [min, max], found a list of \(count) entr\(count == 1 ? "y" : "ies")"),
                    at: decoder.codingPath)
            }
            func bound(_ index: Int) throws -> Int {
                do {
                    return try list.decode(Int.self)
                } catch DecodingError.typeMismatch {
                    throw SchemaViolation(.expected("an integer"), at: decoder.codingPath + [AnyCodingKey(index: index)])
                }
            }
            let min = try bound(0)
            let max = try bound(1)
            for (index, value) in [min, max].enumerated() where !ScenarioLimits.rowsPerSection.contains(value) {
                throw SchemaViolation(
                    .constraint(ScenarioLimits.rowsPerSection.requirement), at: decoder.codingPath + [AnyCodingKey(index: index)])
            }
            if min > max {
                throw SchemaViolation(.invalid("min must be <= max (found [\(min), \(max)])"), at: decoder.codingPath)
            }
            self = .range(min...max)
        } else {
            let container = try decoder.singleValueContainer()
            let count: Int
            do {
                if container.decodeNil() {
                    throw SchemaViolation(.expected(Self.expectation), at: decoder.codingPath)
                }
                count = try container.decode(Int.self)
            } catch DecodingError.typeMismatch {
                throw SchemaViolation(.expected(Self.expectation), at: decoder.codingPath)
            }
            try decoder.check(ScenarioLimits.rowsPerSection.contains(count), ScenarioLimits.rowsPerSection.requirement)
            self = .fixed(count)
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .fixed(let count):
            var container = encoder.singleValueContainer()
            try container.encode(count)
        case .range(let range):
            var container = encoder.unkeyedContainer()
            try container.encode(range.lowerBound)
            try container.encode(range.upperBound)
        }
    }
}

/// How a reusable view's nib is built: `views` subviews nested `depth` deep, one label. A nib of
/// more than one view is at least two levels deep, whatever `depth` says (see `NibDescription`).
public struct NibSpec: DeclaredMapping, Equatable, Sendable {
    /// In `ScenarioLimits.nibViews`.
    public var views: Int
    /// > 0 and <= views
    public var depth: Int
    public var label: String
    /// What instantiating a controller from this nib costs on a device, as measured there
    /// (Instruments): charged to the frame on the virtual clock beside the stand-in's measured
    /// time; it overrides the `device:` profile's cost of the type. Nil: the profile's cost, if
    /// any, else only the stand-in's time counts.
    public var cost: Seconds?
    /// What one controller of this nib holds on the device with its view tree, as measured there
    /// (Instruments' Allocations); it overrides the `device:` profile's size of the type. Cell and
    /// detail nibs only (the controller cache holds those). Nil: the profile's size, if any.
    public var bytes: Int?

    public init(views: Int, depth: Int, label: String = ScenarioDefaults.nibLabel, cost: Seconds? = nil, bytes: Int? = nil) {
        self.views = views
        self.depth = depth
        self.label = label
        self.cost = cost
        self.bytes = bytes
    }

    /// The largest `cost` accepted: 10 s.
    public static let maxCost = 10.0

    public static var blank: NibSpec { NibSpec(views: 0, depth: 0) }

    public static var schema: Schema<NibSpec> {
        Schema([
            .required("views", \.views, "How many views the nib's tree has.", example: "40", .within(ScenarioLimits.nibViews)),
            .required(
                "depth", \.depth, "How deep the views nest.", example: "4",
                .must("must be > 0") { $0 > 0 },
                .must("must be <= views", { depth, nib in depth <= nib.views }, message: { _, nib in "must be <= views (\(nib.views))" })),
            .optional("label", \.label, default: ScenarioDefaults.nibLabel, "The text of the nib's label."),
            .optional(
                "cost", \.cost, absent: "the device profile's cost of its name, if any; else only the stand-in's measured time counts",
                "What instantiating a controller from this nib costs on a device (measured there, e.g. with Instruments): charged to the frame beside the measured stand-in time, in the device_* columns. Overrides the device profile.",
                example: "2.4ms", .must("must be >= 0 and at most \(formatNumber(maxCost))s") { $0.value >= 0 && $0.value <= maxCost }),
            .deviceBytes(
                \.bytes, absent: "the device profile's size of its type, if any",
                "What one controller of this nib holds on the device with its view tree (Instruments' Allocations there), in the device_bytes_held_* columns; cell and detail nibs only. Overrides the device profile.",
                example: "180KB"),
        ])
    }
}

/// `table.header` / `table.footer`: a section header or footer view.
public struct SupplementaryViewSpec: DeclaredMapping, Equatable, Sendable {
    /// Non-empty.
    public var reuseID: String
    /// Points, > 0.
    public var height: Double
    public var nib: NibSpec

    public init(reuseID: String, height: Double, nib: NibSpec) {
        self.reuseID = reuseID
        self.height = height
        self.nib = nib
    }

    public static var blank: SupplementaryViewSpec { SupplementaryViewSpec(reuseID: "", height: 0, nib: .blank) }

    public static var schema: Schema<SupplementaryViewSpec> {
        Schema([
            .required("reuse_id", \.reuseID, "The view's reuse identifier.", example: "header", .must("must not be empty") { !$0.isEmpty }),
            .required("height", \.height, "Its height, in points.", example: "28", .must("must be > 0") { $0 > 0 }),
            .required("nib", \.nib, "How its nib is built."),
            .rule("its nib states no bytes: (a header or footer is not held by the controller cache)") { spec, f in
                guard spec.nib.bytes != nil else { return }
                throw SchemaViolation(
                    .invalid(
                        "a header or footer nib states no bytes: the controller cache, whose device bytes are counted, holds cell and detail controllers only"
                    ), at: f.path("nib") + [AnyCodingKey("bytes")], target: .key)
            },
        ])
    }
}

/// `table.cells[i]`: one cell type; rows pick a type at random in proportion to `weight`, unless
/// the table lays its rows out (`rows:`, `layout:`).
public struct CellSpec: DeclaredMapping, Equatable, Sendable {
    /// The reuse identifier; unique in the table, non-empty, not `all`.
    public var type: String
    /// Points, > 0.
    public var height: Double
    /// > 0
    public var weight: Double
    public var nib: NibSpec

    public init(type: String, height: Double, weight: Double = ScenarioDefaults.cellWeight, nib: NibSpec) {
        self.type = type
        self.height = height
        self.weight = weight
        self.nib = nib
    }

    public static var blank: CellSpec { CellSpec(type: "", height: 0, nib: .blank) }

    public static var schema: Schema<CellSpec> {
        Schema([
            .controllerType(\.type, "The cell's reuse identifier (and its controller type's name)."),
            .required("height", \.height, "Its height, in points.", example: "88", .must("must be > 0") { $0 > 0 }),
            .optional(
                "weight", \.weight, default: ScenarioDefaults.cellWeight,
                "Its share of the rows drawn by weight, relative to the others; ignored with rows: or layout:.",
                .must("must be > 0") { $0 > 0 }),
            .required("nib", \.nib, "How its nib is built."),
        ])
    }
}

extension RowsPerSection: SchemaDescribed {
    static var schemaDescription: String { "an integer >= 0 or a [min, max] list of two integers" }
}

extension SchemaField {
    /// The `type` key of a cell or detail: a controller type's name, required, non-empty and not
    /// `all` (which `remove_from_cache` reserves).
    static func controllerType(_ path: WritableKeyPath<Root, String>, _ summary: String) -> SchemaField {
        .required(
            "type", path, summary, example: "photo",
            .must("must not be empty") { !$0.isEmpty },
            .check("not 'all'") { type, _, f, key in
                if type == CacheRemovalTarget.allKeyword {
                    throw f.invalid(key, "'all' is reserved (remove_from_cache: all means every type)")
                }
            })
    }
}
