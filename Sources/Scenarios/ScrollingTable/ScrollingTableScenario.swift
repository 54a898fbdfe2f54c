// The `scrolling-table` scenario kind: a table view with reusable cells scrolled by a script,
// its cells' controllers kept in a cache under test. Types and validation only; the driver
// that runs it lives elsewhere.

/// `kind: scrolling-table`. Top-level keys: `ScenarioHeader.keys` + `table`, `details`, `scroll`,
/// `cache`.
public struct ScrollingTableScenario: Codable, Equatable, Sendable {
    public var header: ScenarioHeader
    public var table: TableSpec
    /// The detail screens `push` and `present` steps open; required (non-empty) by those steps.
    public var details: [DetailSpec]
    public var scroll: [ScrollStep]
    public var cache: CacheSpec

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
    public static let keys = ["table", "details", "scroll", "cache"]

    public init(from decoder: Decoder) throws {
        try decoder.rejectUnknownKeys(allowed: ScenarioHeader.keys + Self.keys)
        header = try ScenarioHeader(from: decoder)
        let f = try Fields(sharedMapping: decoder)
        if header.kind != .scrollingTable {
            throw f.invalid("kind", "expected '\(ScenarioKind.scrollingTable.rawValue)' here, found '\(header.kind.rawValue)'")
        }

        table = try f.required("table")

        details = try f.optional("details") ?? ScenarioDefaults.details
        try Self.checkDetailTypes(details, cells: table.cells, fields: f)

        scroll = try f.required("scroll")
        try f.check("scroll", !scroll.isEmpty, "must have at least one step")

        cache = try f.required("cache")

        try header.expect.validate(
            policies: cache.policies, modes: cache.inUse, metrics: Self.summaryColumns, fields: f)

        // remove_from_cache must name a cell or detail type; push and present need details.
        let types = table.cells.map(\.type) + details.map(\.type)
        for (index, step) in scroll.enumerated() {
            let stepPath = f.path("scroll") + [AnyCodingKey(index: index)]
            switch step {
            case .removeFromCache(.cellType(let name)) where !types.contains(name):
                let (noun, lists) = details.isEmpty ? ("cell type", "table.cells") : ("type", "table.cells or details")
                throw SchemaViolation(
                    .invalid("unknown \(noun) '\(name)' (expected 'all' or a type from \(lists): \(types.joined(separator: ", ")))"),
                    at: stepPath + [AnyCodingKey(ScrollStep.Name.removeFromCache.rawValue)])
            case .push where details.isEmpty, .present where details.isEmpty:
                let name = if case .push = step { ScrollStep.Name.push } else { ScrollStep.Name.present }
                throw SchemaViolation(
                    .invalid("a \(name.rawValue) step opens a detail screen: list their types in a top-level 'details:' list"),
                    at: stepPath + [AnyCodingKey(name.rawValue)])
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

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try header.encodeFields(into: &container)
        try container.encode(table, for: "table")
        if !details.isEmpty { try container.encode(details, for: "details") }
        try container.encode(scroll, for: "scroll")
        try container.encode(cache, for: "cache")
    }
}

// MARK: - table

/// How rows are shown.
public enum Disclosure: String, CaseIterable, Codable, Sendable, SchemaChoice {
    /// Every section's rows are shown.
    case all
    /// Only the tapped section's rows are shown (a collapsible-sections table).
    case oneSection = "one_section"

    static var choiceNoun: String { "disclosure mode" }

    public init(from decoder: Decoder) throws {
        try self.init(decodingChoice: decoder)
    }
}

/// `table:` — the table's shape and its reusable views.
public struct TableSpec: Codable, Equatable, Sendable {
    /// In `ScenarioLimits.sections`.
    public var sections: Int
    public var rowsPerSection: RowsPerSection
    /// Points, > 0.
    public var viewportHeight: Double
    /// 60 or 120.
    public var refreshHz: Int
    public var disclosure: Disclosure
    public var header: SupplementaryViewSpec?
    public var footer: SupplementaryViewSpec?
    /// At least one; `type` names are unique.
    public var cells: [CellSpec]

    public init(
        sections: Int,
        rowsPerSection: RowsPerSection,
        viewportHeight: Double = ScenarioDefaults.viewportHeight,
        refreshHz: Int = ScenarioDefaults.refreshHz,
        disclosure: Disclosure = ScenarioDefaults.disclosure,
        header: SupplementaryViewSpec? = nil,
        footer: SupplementaryViewSpec? = nil,
        cells: [CellSpec]
    ) {
        self.sections = sections
        self.rowsPerSection = rowsPerSection
        self.viewportHeight = viewportHeight
        self.refreshHz = refreshHz
        self.disclosure = disclosure
        self.header = header
        self.footer = footer
        self.cells = cells
    }

    public static let refreshRates = [60, 120]

    static let keys = [
        "sections", "rows_per_section", "viewport_height", "refresh_hz",
        "disclosure", "header", "footer", "cells",
    ]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)

        sections = try f.required("sections")
        try f.check("sections", sections, in: ScenarioLimits.sections)

        rowsPerSection = try f.required("rows_per_section")
        let rows = sections * rowsPerSection.bounds.upperBound  // both bounded: no overflow
        try f.check(
            "rows_per_section", rows <= ScenarioLimits.maxTableRows,
            "gives up to \(rows) rows (sections × max); at most \(ScenarioLimits.maxTableRows)")

        viewportHeight = try f.optionalNumber("viewport_height") ?? ScenarioDefaults.viewportHeight
        try f.check("viewport_height", viewportHeight > 0, "must be > 0")

        refreshHz = try f.optional("refresh_hz") ?? ScenarioDefaults.refreshHz
        try f.check(
            "refresh_hz", Self.refreshRates.contains(refreshHz),
            "must be \(Self.refreshRates.map(String.init).joined(separator: " or "))")

        disclosure = try f.optional("disclosure") ?? ScenarioDefaults.disclosure
        header = try f.optional("header")
        footer = try f.optional("footer")

        cells = try f.required("cells")
        try f.check("cells", !cells.isEmpty, "must list at least one cell type")
        var firstIndex: [String: Int] = [:]
        for (index, cell) in cells.enumerated() {
            if let first = firstIndex[cell.type] {
                throw SchemaViolation(
                    .invalid("duplicate cell type '\(cell.type)' (already used by cells[\(first)])"),
                    at: f.path("cells") + [AnyCodingKey(index: index), AnyCodingKey("type")])
            }
            firstIndex[cell.type] = index
        }
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(sections, for: "sections")
        try container.encode(rowsPerSection, for: "rows_per_section")
        try container.encode(viewportHeight, for: "viewport_height")
        try container.encode(refreshHz, for: "refresh_hz")
        try container.encode(disclosure, for: "disclosure")
        try container.encodeIfPresent(header, for: "header")
        try container.encodeIfPresent(footer, for: "footer")
        try container.encode(cells, for: "cells")
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
public struct NibSpec: Codable, Equatable, Sendable {
    /// In `ScenarioLimits.nibViews`.
    public var views: Int
    /// > 0 and <= views
    public var depth: Int
    public var label: String

    public init(views: Int, depth: Int, label: String = ScenarioDefaults.nibLabel) {
        self.views = views
        self.depth = depth
        self.label = label
    }

    static let keys = ["views", "depth", "label"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        views = try f.required("views")
        try f.check("views", views, in: ScenarioLimits.nibViews)
        depth = try f.required("depth")
        try f.check("depth", depth > 0, "must be > 0")
        try f.check("depth", depth <= views, "must be <= views (\(views))")
        label = try f.optional("label") ?? ScenarioDefaults.nibLabel
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(views, for: "views")
        try container.encode(depth, for: "depth")
        try container.encode(label, for: "label")
    }
}

/// `table.header` / `table.footer`: a section header or footer view.
public struct SupplementaryViewSpec: Codable, Equatable, Sendable {
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

    static let keys = ["reuse_id", "height", "nib"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        reuseID = try f.required("reuse_id")
        try f.check("reuse_id", !reuseID.isEmpty, "must not be empty")
        height = try f.requiredNumber("height")
        try f.check("height", height > 0, "must be > 0")
        nib = try f.required("nib")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(reuseID, for: "reuse_id")
        try container.encode(height, for: "height")
        try container.encode(nib, for: "nib")
    }
}

/// `table.cells[i]`: one cell type; rows pick a type at random in proportion to `weight`.
public struct CellSpec: Codable, Equatable, Sendable {
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

    static let keys = ["type", "height", "weight", "nib"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        type = try f.controllerTypeName()
        height = try f.requiredNumber("height")
        try f.check("height", height > 0, "must be > 0")
        weight = try f.optionalNumber("weight") ?? ScenarioDefaults.cellWeight
        try f.check("weight", weight > 0, "must be > 0")
        nib = try f.required("nib")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, for: "type")
        try container.encode(height, for: "height")
        try container.encode(weight, for: "weight")
        try container.encode(nib, for: "nib")
    }
}

extension RowsPerSection: SchemaDescribed {
    static var schemaDescription: String { "an integer >= 0 or a [min, max] list of two integers" }
}

extension Fields {
    /// The `type` key of a cell or detail: a controller type's name, required, non-empty and not
    /// `all` (which `remove_from_cache` reserves).
    func controllerTypeName() throws -> String {
        let type: String = try required("type")
        try check("type", !type.isEmpty, "must not be empty")
        if type == CacheRemovalTarget.allKeyword {
            throw invalid("type", "'all' is reserved (remove_from_cache: all means every type)")
        }
        return type
    }
}
