import Models

/// The `sweep` block: run the scenario once per value of one numeric key, given by its path.
///
/// ```yaml
/// sweep: {key: cache.capacity, values: [4, 8, 16, 32]}
/// sweep: {key: table.cells[0].weight, from: 1, to: 5, step: 1}
/// ```
/// Every point runs every policy; summary rows carry `sweep_key` and `sweep_value`.
public struct SweepSpec: DeclaredMapping, Equatable, Sendable {
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

    public static var blank: SweepSpec { SweepSpec(key: "", values: []) }

    /// `values`, or `from`/`to`/`step` (written back as `values`), decide the points together, so
    /// one field reads all four keys.
    public static var schema: Schema<SweepSpec> {
        Schema([
            .required(
                "key", \.key,
                "The dotted path of the numeric key to sweep, with [i] for list items; or POLICY.PARAMETER (s3-fifo.small_ratio), one variant of the policy per value.",
                example: "cache.capacity", .must("must name a key, e.g. cache.capacity") { !$0.isEmpty }),
            .custom(
                [
                    .key(
                        "values", [Double].self, .optional("from, to and step give the points"),
                        "The points, in order; give values or from/to/step, not both.", example: "[4, 8, 16, 32]",
                        rules: ["must list at least one value", "must be finite numbers", "must not repeat a value"]),
                    .key("from", Double.self, .optional(nil), "The first point (with to and step).", example: "1"),
                    .key(
                        "to", Double.self, .optional(nil), "The last point, if a whole number of steps reaches it.",
                        example: "5", rules: ["must be >= from"]),
                    .key(
                        "step", Double.self, .optional(nil), "The distance between two points.", example: "1",
                        rules: ["must be > 0", "gives at most \(maximumPoints) points"]),
                ],
                decode: { spec, f in try spec.decodeValues(f) },
                encode: { spec, container in try container.encode(spec.values, for: "values") }),
            .rule("at most \(maximumPoints) points") { spec, f in
                try f.check(
                    "values", spec.values.count <= maximumPoints, "has \(spec.values.count) points; at most \(maximumPoints)")
            },
        ])
    }

    /// Reads `values`, or the points `from`, `to` and `step` give.
    private mutating func decodeValues(_ f: Fields) throws {
        let hasValues = try f.isPresent("values")
        let hasRange = try f.isPresent("from") || f.isPresent("to") || f.isPresent("step")
        if hasValues && hasRange {
            throw f.invalid("values", "give either values or from/to/step, not both")
        }
        if hasValues {
            values = try f.required("values", as: [Double].self)
            try f.check("values", !values.isEmpty, "must list at least one value")
            try f.check("values", values.allSatisfy(\.isFinite), "must be finite numbers")
            // Each point runs once: a repeated value would write two rows of one configuration.
            var first: [Double: Int] = [:]
            for (index, value) in values.enumerated() {
                if let earlier = first[value] {
                    throw SchemaViolation(
                        .invalid("value \(formatNumber(value)) is already at [\(earlier)]: each point runs once"),
                        at: f.path("values") + [AnyCodingKey(index: index)])
                }
                first[value] = index
            }
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
            values = (0..<Int(saturating: points)).map { from + Double($0) * step }
        }
    }

    /// The policy parameter the sweep varies, when its key is `POLICY.PARAMETER` (`s3-fifo.small_ratio`)
    /// of a registered eviction policy that declares that parameter; nil for a key path of the file.
    public var policyParameter: (policy: PolicyName, parameter: PolicyParameter)? {
        Self.policyParameter(of: key)
    }

    /// The policy parameter `key` names (`s3-fifo.small_ratio`), if it names one.
    public static func policyParameter(of key: String) -> (policy: PolicyName, parameter: PolicyParameter)? {
        let parts = key.split(separator: ".", omittingEmptySubsequences: false).map(String.init)
        guard parts.count == 2, !parts[0].contains("("), let descriptor = PolicyName(parts[0]).descriptor,
            let parameter = descriptor.parameter(named: parts[1])
        else { return nil }
        return (descriptor.name, parameter)
    }

    /// `12` for whole numbers, `0.25` otherwise: how a value is written into the file and the CSV.
    public static func text(_ value: Double) -> String {
        formatNumber(value)
    }
}
