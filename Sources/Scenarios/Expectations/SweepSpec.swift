/// The `sweep` block: run the scenario once per value of one numeric key, given by its path.
///
/// ```yaml
/// sweep: {key: cache.capacity, values: [4, 8, 16, 32]}
/// sweep: {key: table.cells[0].weight, from: 1, to: 5, step: 1}
/// ```
/// Every point runs every policy; summary rows carry `sweep_key` and `sweep_value`.
public struct SweepSpec: Codable, Equatable, Sendable {
    /// A dotted path to a numeric key of this file, with `[i]` for list items.
    public var key: String
    /// The points, in order.
    public var values: [Double]

    public init(key: String, values: [Double]) {
        self.key = key
        self.values = values
    }

    /// Sweeps longer than this are refused: a typo in `step` must not start a day-long study.
    public static let maximumPoints = 1000

    static let keys = ["key", "values", "from", "to", "step"]

    public init(from decoder: Decoder) throws {
        let f = try Fields(decoder, allowed: Self.keys)
        key = try f.required("key")
        try f.check("key", !key.isEmpty, "must name a key, e.g. cache.capacity")
        let hasValues = try f.isPresent("values")
        let hasRange = try f.isPresent("from") || f.isPresent("to") || f.isPresent("step")
        if hasValues && hasRange {
            throw f.invalid("values", "give either values or from/to/step, not both")
        }
        if hasValues {
            values = try f.required("values", as: [Double].self)
            try f.check("values", !values.isEmpty, "must list at least one value")
            try f.check("values", values.allSatisfy(\.isFinite), "must be finite numbers")
        } else {
            let from = try f.requiredNumber("from")
            let to = try f.requiredNumber("to")
            let step = try f.requiredNumber("step")
            try f.check("step", step > 0, "must be > 0")
            try f.check("to", to >= from, "must be >= from (\(formatNumber(from)))")
            // Counted as a Double first: a tiny step over a wide range overflows an Int.
            let points = ((to - from) / step + 1e-9).rounded(.down) + 1
            try f.check(
                "step", points.isFinite && points <= Double(Self.maximumPoints),
                "gives \(formatNumber(points)) points; at most \(Self.maximumPoints)")
            values = (0..<Int(points)).map { from + Double($0) * step }
        }
        try f.check("values", values.count <= Self.maximumPoints, "has \(values.count) points; at most \(Self.maximumPoints)")
    }

    public func encode(to encoder: Encoder) throws {
        var container = encoder.container(keyedBy: AnyCodingKey.self)
        try container.encode(key, for: "key")
        try container.encode(values, for: "values")
    }

    /// `12` for whole numbers, `0.25` otherwise: how a value is written into the file and the CSV.
    public static func text(_ value: Double) -> String {
        formatNumber(value)
    }
}
