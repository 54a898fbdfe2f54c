/// A loaded scenario, one case per `kind:`.
///
/// Adding a kind (navigation, parallel-readers, drawing ...): add a `ScenarioKind` case, a case
/// here with the kind's type (a `Codable` struct with a `header: ScenarioHeader` whose
/// `init(from:)` rejects keys outside `ScenarioHeader.keys` + its own), then fill the switch
/// arms below that the compiler asks for. Nothing in the loader changes.
public enum Scenario: Equatable, Sendable {
    case scrollingTable(ScrollingTableScenario)
    case navigation(NavigationScenario)
    case drawing(DrawingScenario)
    case parallelReaders(ParallelReadersScenario)

    public var header: ScenarioHeader {
        switch self {
        case .scrollingTable(let scenario): scenario.header
        case .navigation(let scenario): scenario.header
        case .drawing(let scenario): scenario.header
        case .parallelReaders(let scenario): scenario.header
        }
    }

    public var kind: ScenarioKind { header.kind }
}

extension Scenario: Codable {
    public init(from decoder: Decoder) throws {
        // Only `kind` is read here; the kind's type reads (and checks) the whole mapping.
        let kind = try Fields(sharedMapping: decoder).required("kind", as: ScenarioKind.self)
        switch kind {
        case .scrollingTable:
            self = .scrollingTable(try ScrollingTableScenario(from: decoder))
        case .navigation:
            self = .navigation(try NavigationScenario(from: decoder))
        case .drawing:
            self = .drawing(try DrawingScenario(from: decoder))
        case .parallelReaders:
            self = .parallelReaders(try ParallelReadersScenario(from: decoder))
        }
    }

    public func encode(to encoder: Encoder) throws {
        switch self {
        case .scrollingTable(let scenario):
            try scenario.encode(to: encoder)
        case .navigation(let scenario):
            try scenario.encode(to: encoder)
        case .drawing(let scenario):
            try scenario.encode(to: encoder)
        case .parallelReaders(let scenario):
            try scenario.encode(to: encoder)
        }
    }
}
