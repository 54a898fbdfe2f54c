// The `details:` list of a scrolling-table scenario and the `push` / `present` steps that open
// them.

/// `details[i]`: a detail screen a tapped row opens (a message, a profile...): one controller type
/// in the cache, picked by `weight` at each tap.
public struct DetailSpec: Codable, Equatable, Sendable {
    /// The controller type's name; unique across `details` and `table.cells`, non-empty, not `all`.
    public var type: String
    /// > 0
    public var weight: Double
    public var nib: NibSpec

    public init(type: String, weight: Double = ScenarioDefaults.detailWeight, nib: NibSpec) {
        self.type = type
        self.weight = weight
        self.nib = nib
    }

    static let keys = ["type", "weight", "nib"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        type = try f.controllerTypeName()
        weight = try f.optionalNumber("weight") ?? ScenarioDefaults.detailWeight
        try f.check("weight", weight > 0, "must be > 0")
        nib = try f.required("nib")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(type, for: "type")
        try container.encode(weight, for: "weight")
        try container.encode(nib, for: "nib")
    }
}

/// `push: {count: 4, dwell: 3s}` / `present: {...}` — `count` row taps, each asking the cache for a
/// detail controller (a type from `details`, by weight), pushing it on the navigation controller
/// (or presenting it modally), staying `dwell` on it, then popping (dismissing) it.
public struct OpenDetails: Codable, Equatable, Sendable {
    /// > 0
    public var count: Int
    /// > 0
    public var dwell: Seconds

    public init(count: Int, dwell: Seconds) {
        self.count = count
        self.dwell = dwell
    }

    static let keys = ["count", "dwell"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        count = try f.required("count")
        try f.check("count", count, in: ScenarioLimits.stepCount)
        dwell = try f.required("dwell")
        try f.check("dwell", dwell.value > 0, "must be > 0")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(count, for: "count")
        try container.encode(dwell, for: "dwell")
    }
}
